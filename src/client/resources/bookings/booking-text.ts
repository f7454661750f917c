/** How bookings read on screen: statuses, payment standing, money in the booking's currency, when it leaves in its zone. */
import type { Booking, BookingStatus, PaymentStatus } from '../../../shared/contract/bookings';
import { formatMinor } from '../../../shared/money';
import { departureWhen } from '../departures/departure-text';

export const BOOKING_STATUS_LABELS: Record<BookingStatus, string> = {
  held: 'Held',
  confirmed: 'Confirmed',
  waitlisted: 'Waitlisted',
  expired: 'Expired',
  cancelled: 'Cancelled',
};
export const BOOKING_STATUS_COLOURS: Record<BookingStatus, 'warning' | 'success' | 'info' | 'default' | 'error'> = {
  held: 'warning',
  confirmed: 'success',
  waitlisted: 'info',
  expired: 'default',
  cancelled: 'error',
};
export const PAYMENT_STATUS_LABELS: Record<PaymentStatus, string> = {
  unpaid: 'Unpaid',
  partially_paid: 'Part paid',
  paid: 'Paid',
  refund_due: 'Refund due',
  refunded: 'Refunded',
};
export const PAYMENT_STATUS_COLOURS: Record<PaymentStatus, 'default' | 'warning' | 'success' | 'error' | 'info'> = {
  unpaid: 'default',
  partially_paid: 'warning',
  paid: 'success',
  refund_due: 'error',
  refunded: 'info',
};
export const CHANNEL_LABELS = { direct: 'Direct', phone: 'Phone', email: 'E-mail', agent: 'Agent', walk_in: 'Walk-in' } as const;
export const METHOD_LABELS = { card: 'Card', bank_transfer: 'Bank transfer', cash: 'Cash', other: 'Other' } as const;
export const CATEGORY_LABELS = { ADULT: 'Adult', CHILD: 'Child', INFANT: 'Infant' } as const;

export function money(booking: Pick<Booking, 'currency'>, amountMinor: number): string {
  return formatMinor(amountMinor, booking.currency);
}

/** What the balance means, in words: "€1,200.00 due", "€300.00 to refund", "Settled". */
export function balanceText(booking: Pick<Booking, 'currency' | 'balanceMinor'>): string {
  if (booking.balanceMinor > 0) return `${money(booking, booking.balanceMinor)} due`;
  if (booking.balanceMinor < 0) return `${money(booking, -booking.balanceMinor)} to refund`;
  return 'Settled';
}

export function bookingWhen(booking: Pick<Booking, 'startDate' | 'startTime' | 'timeZone'>): string {
  return departureWhen(booking);
}

/** "2 adults, 1 child, 1 infant". */
export function travellersText(travellers: { category: keyof typeof CATEGORY_LABELS }[]): string {
  const counts = { ADULT: 0, CHILD: 0, INFANT: 0 };
  for (const traveller of travellers) counts[traveller.category] += 1;
  const parts: string[] = [];
  if (counts.ADULT) parts.push(`${counts.ADULT} ${counts.ADULT === 1 ? 'adult' : 'adults'}`);
  if (counts.CHILD) parts.push(`${counts.CHILD} ${counts.CHILD === 1 ? 'child' : 'children'}`);
  if (counts.INFANT) parts.push(`${counts.INFANT} ${counts.INFANT === 1 ? 'infant' : 'infants'}`);
  return parts.join(', ');
}

/** A hold's end in the viewer's own clock ("until 14:05"), since that is when they must act. */
export function holdText(booking: Pick<Booking, 'holdExpiresAt'>): string {
  if (!booking.holdExpiresAt) return '';
  const end = new Date(booking.holdExpiresAt);
  return `held until ${end.toLocaleString('en-GB', { day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit' })} (your time)`;
}

/** One Idempotency-Key per form: a double click, or a retry after a lost answer, books once. */
export function newIdempotencyKey(): string {
  return typeof crypto !== 'undefined' && 'randomUUID' in crypto ? crypto.randomUUID() : `${Date.now()}-${Math.random().toString(36).slice(2)}`;
}
