/** The audit log's Target column names what was changed as staff know it. */
import { describe, expect, test } from 'vitest';
import { auditTarget } from '../../../src/client/resources/audit/audit-text';

describe('the audit log names what an entry was about', () => {
  test('a booking by its reference, whatever was done to it', () => {
    expect(auditTarget({ action: 'booking.created', targetType: 'booking', details: { reference: 'DHVTKD29', tourCode: 'POR-DOURO-6' } })).toBe('booking DHVTKD29');
    expect(auditTarget({ action: 'refund.recorded', targetType: 'booking', details: { reference: 'DHVTKD29', amountMinor: 500 } })).toBe('booking DHVTKD29');
  });

  test('a tour by its code, with the component, day or picture the change was to', () => {
    expect(auditTarget({ action: 'tour.created', targetType: 'tour', details: { code: 'ICE-RING-8', title: 'Iceland Ring Road' } })).toBe('tour ICE-RING-8');
    expect(auditTarget({ action: 'tour.component_added', targetType: 'tour', details: { code: 'NOR-FJORD-5', name: 'Fjord ferry' } })).toBe('tour NOR-FJORD-5 · Fjord ferry');
    expect(auditTarget({ action: 'tour.day_saved', targetType: 'tour', details: { code: 'NOR-FJORD-5', dayNumber: 3, title: 'Geiranger' } })).toBe('tour NOR-FJORD-5 · day 3');
    expect(auditTarget({ action: 'tour.media_added', targetType: 'tour', details: { code: 'NOR-FJORD-5', alt: 'Ferry at dawn' } })).toBe('tour NOR-FJORD-5 · Ferry at dawn');
  });

  test('a departure by its tour and local date; departures scheduled in bulk by their range', () => {
    expect(auditTarget({ action: 'departure.created', targetType: 'departure', details: { tourCode: 'ICE-RING-8', startDate: '2027-04-03' } })).toBe('departure ICE-RING-8 2027-04-03');
    expect(auditTarget({ action: 'departure.cancelled', targetType: 'departure', details: { startDate: '2027-04-03', reason: 'Storm' } })).toBe('departure 2027-04-03');
    expect(auditTarget({ action: 'departure.bulk_created', targetType: 'tour', details: { tourCode: 'ICE-RING-8', from: '2027-04-01', to: '2027-10-31' } })).toBe('departures ICE-RING-8 2027-04-01 to 2027-10-31');
  });

  test('users by e-mail, roles by name or permission, and the kind of target when nothing names it', () => {
    expect(auditTarget({ action: 'user.created', targetType: 'user', details: { email: 'sam@agency.example' } })).toBe('sam@agency.example');
    expect(auditTarget({ action: 'role.permission_granted', targetType: 'role', details: { permission: 'reports.read' } })).toBe('reports.read');
    expect(auditTarget({ action: 'login.success', targetType: 'session', details: null })).toBe('session');
    expect(auditTarget({ action: 'logout', targetType: null, details: {} })).toBe('');
  });
});
