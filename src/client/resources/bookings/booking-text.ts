/** How bookings read on screen: statuses, payment standing, money in the booking's currency, when it leaves in its zone. */
import type { Booking, BookingStatus, PaymentStatus } from '../../../shared/contract/bookings';
import { formatMinor } from '../../../shared/money';
import { formatDateTime } from '../../dates';
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
export const CHANNEL_LABELS = { direct: 'Direct', phone: 'Phone', email: 'E-mail', agent: 'Agent', walk_in: 'Walk-in', reseller: 'Reseller' } as const;
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
  return `held until ${formatDateTime(booking.holdExpiresAt)} (your time)`;
}

/** One Idempotency-Key per form: a double click, or a retry after a lost answer, books once. */
export function newIdempotencyKey(): string {
  return typeof crypto !== 'undefined' && 'randomUUID' in crypto ? crypto.randomUUID() : `${Date.now()}-${Math.random().toString(36).slice(2)}`;
}

const TRAVELLER_FIELDS: Record<string, string> = { dateOfBirth: 'birth date', notes: 'notes' };
const CONTACT_FIELDS: Record<string, string> = { name: 'Contact name', email: 'Contact e-mail', phone: 'Contact phone' };

/** A value in a change line: short, quoted when it is free text, "none" when empty. */
function shown(value: unknown, quoted = false): string {
  if (value === null || value === undefined || value === '') return 'none';
  const text = String(value);
  const short = text.length > 40 ? `${text.slice(0, 39)}…` : text;
  return quoted ? `“${short}”` : short;
}

/**
 * What an amendment changed, one line per field: "Traveller 2: Jan → Johann", "Contact e-mail:
 * a@example.com → b@example.com". Entries written before amendments listed their changes field by
 * field are read as well as they can be ("a traveller", "contact").
 */
export function amendmentLines(details: Record<string, unknown> | null | undefined): string[] {
  const changes = details?.changes;
  if (Array.isArray(changes)) {
    return changes.map((change: Record<string, unknown>) => {
      if (change.what === 'traveller') {
        const who = `Traveller ${String(change.traveller)}`;
        const field = TRAVELLER_FIELDS[String(change.field)];
        const quoted = change.field === 'notes';
        return field ? `${who}’s ${field}: ${shown(change.before, quoted)} → ${shown(change.after, quoted)}` : `${who}: ${shown(change.before)} → ${shown(change.after)}`;
      }
      if (change.what === 'contact') return `${CONTACT_FIELDS[String(change.field)] ?? 'Contact'}: ${shown(change.before)} → ${shown(change.after)}`;
      if (change.what === 'notes') return `Notes: ${shown(change.before, true)} → ${shown(change.after, true)}`;
      return String(change.what ?? '');
    });
  }
  const older = Object.keys(details ?? {}).filter((name) => name !== 'reference');
  const travellers = older.filter((name) => name.startsWith('traveller')).length;
  return [
    ...older.filter((name) => !name.startsWith('traveller')),
    ...(travellers > 0 ? [travellers === 1 ? 'a traveller' : `${travellers} travellers`] : []),
  ];
}

/** "1 seat", "3 seats": a count with its noun, singular or plural as English needs. */
export function counted(count: number, one: string, many = `${one}s`): string {
  return `${count} ${count === 1 ? one : many}`;
}

/** What a name the reseller has not given yet reads as. */
export const NAME_TO_COME = 'Name to come';

/** The lead's name, or "Name to come" on a reseller's booking whose contact is not given yet. */
export function leadText(booking: Pick<Booking, 'contact'>): string {
  return booking.contact.name.trim() === '' ? NAME_TO_COME : booking.contact.name;
}

/** A traveller's name, or "Name to come". */
export function travellerName(traveller: { firstName: string; lastName: string }): string {
  const name = `${traveller.firstName} ${traveller.lastName}`.trim();
  return name === '' ? NAME_TO_COME : name;
}

/** "Viator · ref VI-1001": who sold a reseller's booking, under its own reference. */
export function resellerText(booking: Pick<Booking, 'resellerName' | 'resellerReference'>): string {
  return [booking.resellerName ?? 'A reseller', booking.resellerReference ? `ref ${booking.resellerReference}` : null].filter(Boolean).join(' · ');
}
