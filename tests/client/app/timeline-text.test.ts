/** A booking's history in the office's words: what a move changed, as the customer's own e-mail says it. */
import { describe, expect, it } from 'vitest';
import type { Booking, TimelineEntry } from '../../../src/shared/contract/bookings';
import { timelineDetail } from '../../../src/client/resources/bookings/show/timeline-text';

describe('the booking’s history', () => {
  it('says where a moved booking went and what it costs now; a card refund its amount', () => {
    const booking = { currency: 'EUR' } as Booking;
    const moved = { action: 'booking.changed', details: { departure: { before: '2027-01-08', after: '2027-01-13' }, totalMinor: { before: 20_000, after: 23_000 } } } as unknown as TimelineEntry;
    expect(timelineDetail(moved, booking)).toMatch(/^from .*8.*Jan.* 2027 to .*13.*Jan.* 2027; price €200\.00 → €230\.00$/);
    const refund = { action: 'card_refund.requested', details: { amountMinor: 3_000 } } as unknown as TimelineEntry;
    expect(timelineDetail(refund, booking)).toBe('€30.00');
  });
});
