/** How a booking's history reads: a label for each action and the line of details under it. */
import type { Booking, TimelineEntry } from '../../../../shared/contract/bookings';
import { amendmentLines, counted, METHOD_LABELS, money } from '../booking-text';

export const TIMELINE_LABELS: Record<string, string> = {
  'booking.created': 'Booked',
  'booking.confirmed': 'Confirmed',
  'booking.cancelled': 'Cancelled',
  'booking.expired': 'Hold expired',
  'booking.updated': 'Amended',
  'payment.recorded': 'Payment recorded',
  'refund.recorded': 'Refund recorded',
};

export function timelineDetail(entry: TimelineEntry, booking: Booking): string {
  const details = entry.details ?? {};
  const amount = typeof details.amountMinor === 'number' ? money(booking, details.amountMinor) : null;
  switch (entry.action) {
    case 'booking.created':
      return `as ${String(details.status ?? '')}, ${counted(Number(details.seats ?? 0), 'seat')}, ${typeof details.totalMinor === 'number' ? money(booking, details.totalMinor) : ''}`;
    case 'booking.cancelled':
      return details.departureCancelled ? `with the departure: ${String(details.reason ?? '')}` : `${String(details.reason ?? '')}${typeof details.feeMinor === 'number' && details.feeMinor > 0 ? `; fee ${money(booking, details.feeMinor)}` : ''}`;
    case 'payment.recorded':
    case 'refund.recorded':
      return `${amount ?? ''} by ${METHOD_LABELS[details.method as keyof typeof METHOD_LABELS] ?? String(details.method ?? '')}`;
    case 'booking.updated':
      return amendmentLines(details).join('; ');
    default:
      return '';
  }
}
