/** The audit log's Target column names what was changed as staff know it. */
import { afterAll, describe, expect, test } from 'vitest';
import { loadLanguage } from '../../../src/client/i18n';
import { applyLanguage } from '../../../src/client/i18n/language';
import { auditActor, auditTarget } from '../../../src/client/resources/audit/audit-text';

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

  describe('who acted, when it was no user, in the reader’s language', () => {
    afterAll(() => applyLanguage('en'));
    const reseller = { actorEmail: null, actorLabel: 'Reseller Viator (Europe) (key bo_live_ab…)' };
    const retention = { actorEmail: null, actorLabel: 'Retention (24 months)' };

    test('in English as the server wrote it; a user by e-mail; nobody said so', () => {
      expect(auditActor(reseller)).toBe('Reseller Viator (Europe) (key bo_live_ab…)');
      expect(auditActor(retention)).toBe('Retention (24 months)');
      expect(auditActor({ actorEmail: 'sam@agency.example', actorLabel: null })).toBe('sam@agency.example');
      expect(auditActor({ actorEmail: null, actorLabel: null })).toBe('(nobody signed in)');
    });

    test('in German, the reseller and the retention named in German; Stripe as it is', async () => {
      await loadLanguage('de');
      applyLanguage('de');
      expect(auditActor(reseller)).toBe('Vertriebspartner Viator (Europe) (Schlüssel bo_live_ab…)');
      expect(auditActor(retention)).toBe('Aufbewahrungsfrist (24 Monate)');
      expect(auditActor({ actorEmail: null, actorLabel: 'Retention (1 months)' })).toBe('Aufbewahrungsfrist (1 Monat)');
      expect(auditActor({ actorEmail: null, actorLabel: 'Stripe' })).toBe('Stripe');
    });
  });
});
