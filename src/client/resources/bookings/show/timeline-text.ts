/** How a booking's history reads: a label for each action and the line of details under it. */
import type { Booking, TimelineEntry } from '../../../../shared/contract/bookings';
import { AUDIT_ACTION_LABELS } from '../../../../shared/types';
import { amendmentLines, counted, METHOD_LABELS, money } from '../booking-text';

export const TIMELINE_LABELS: Record<string, string> = {
  'booking.created': 'Booked',
  'booking.confirmed': 'Confirmed',
  'booking.cancelled': 'Cancelled',
  'booking.expired': 'Hold expired',
  'booking.updated': 'Amended',
  'payment.recorded': 'Payment recorded',
  'refund.recorded': 'Refund recorded',
  'payment_link.created': 'Payment link made',
  'payment_link.paid': 'Payment link paid',
};

/** An action's words in the history: the booking's own, else the audit log's, else its name. */
export function timelineLabel(action: string): string {
  return TIMELINE_LABELS[action] ?? (AUDIT_ACTION_LABELS as Record<string, string>)[action] ?? action;
}

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
    case 'payment_link.created':
      return `for ${amount ?? ''}${details.emailed ? ', e-mailed to the customer' : ''}`;
    case 'payment_link.paid':
      return `${amount ?? ''} by card`;
    case 'booking.updated':
      return amendmentLines(details).join('; ');
    default:
      return '';
  }
}
