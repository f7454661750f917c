/** How bookings read on screen: statuses, payment standing, money in the booking's currency, when it leaves in its zone. */
import { BOOKING_CHANNELS, BOOKING_STATUSES, PAYMENT_STATUSES, type Booking, type BookingStatus, type PaymentStatus } from '../../../shared/contract/bookings';
import { labelsIn, t } from '../../i18n';
import { formatMinor } from '../../../shared/money';
import { formatDateTime } from '../../dates';
import { departureWhen } from '../departures/departure-text';

export const BOOKING_STATUS_LABELS = labelsIn<BookingStatus>('bookings.status', BOOKING_STATUSES);
export const BOOKING_STATUS_COLOURS: Record<BookingStatus, 'warning' | 'success' | 'info' | 'default' | 'error'> = {
  held: 'warning',
  confirmed: 'success',
  waitlisted: 'info',
  expired: 'default',
  cancelled: 'error',
};
export const PAYMENT_STATUS_LABELS = labelsIn<PaymentStatus>('bookings.payment_status', PAYMENT_STATUSES);
export const PAYMENT_STATUS_COLOURS: Record<PaymentStatus, 'default' | 'warning' | 'success' | 'error' | 'info'> = {
  unpaid: 'default',
  partially_paid: 'warning',
  paid: 'success',
  refund_due: 'error',
  refunded: 'info',
};
export const CHANNEL_LABELS = labelsIn('bookings.channel', BOOKING_CHANNELS);
export const METHOD_LABELS = labelsIn('bookings.method', ['card', 'bank_transfer', 'cash', 'other', 'gift_card'] as const);
export const CATEGORY_LABELS = labelsIn('traveller.category', ['ADULT', 'CHILD', 'INFANT'] as const);

export function money(booking: Pick<Booking, 'currency'>, amountMinor: number): string {
  return formatMinor(amountMinor, booking.currency);
}

/** What the balance means, in words: "€1,200.00 due", "€300.00 to refund", "Settled". */
export function balanceText(booking: Pick<Booking, 'currency' | 'balanceMinor'> & Partial<Pick<Booking, 'resellerId' | 'resellerOwesMinor'>>): string {
  // A reseller's booking: the reseller owes the net; its customer owes nothing.
  if (booking.resellerId) return booking.resellerOwesMinor ? t('bookings.reseller_owes', { money: money(booking, booking.resellerOwesMinor) }) : t('bookings.settled');
  if (booking.balanceMinor > 0) return t('bookings.due', { money: money(booking, booking.balanceMinor) });
  if (booking.balanceMinor < 0) return t('bookings.to_refund', { money: money(booking, -booking.balanceMinor) });
  return t('bookings.settled');
}

export function bookingWhen(booking: Pick<Booking, 'startDate' | 'startTime' | 'timeZone'>): string {
  return departureWhen(booking);
}

/** "2 adults, 1 child, 1 infant". */
export function travellersText(travellers: { category: keyof typeof CATEGORY_LABELS }[]): string {
  const counts = { ADULT: 0, CHILD: 0, INFANT: 0 };
  for (const traveller of travellers) counts[traveller.category] += 1;
  const parts: string[] = [];
  if (counts.ADULT) parts.push(t('bookings.adults', { smart_count: counts.ADULT }));
  if (counts.CHILD) parts.push(t('bookings.children', { smart_count: counts.CHILD }));
  if (counts.INFANT) parts.push(t('bookings.infants', { smart_count: counts.INFANT }));
  return parts.join(', ');
}

/** A hold's end in the viewer's own clock ("until 14:05"), since that is when they must act. */
export function holdText(booking: Pick<Booking, 'holdExpiresAt'>): string {
  if (!booking.holdExpiresAt) return '';
  return t('bookings.held_until', { time: formatDateTime(booking.holdExpiresAt) });
}

/** One Idempotency-Key per form: a double click, or a retry after a lost answer, books once. */
export function newIdempotencyKey(): string {
  return typeof crypto !== 'undefined' && 'randomUUID' in crypto ? crypto.randomUUID() : `${Date.now()}-${Math.random().toString(36).slice(2)}`;
}

const TRAVELLER_FIELDS = ['dateOfBirth', 'notes'];
const CONTACT_FIELDS = ['name', 'email', 'phone'];

/** A value in a change line: short, quoted when it is free text, "none" when empty. */
function shown(value: unknown, quoted = false): string {
  if (value === null || value === undefined || value === '') return t('bookings.none');
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
        const who = t('bookings.traveller_n', { n: String(change.traveller) });
        const quoted = change.field === 'notes';
        return TRAVELLER_FIELDS.includes(String(change.field))
          ? `${t(`bookings.traveller_field.${String(change.field)}`, { who })}: ${shown(change.before, quoted)} → ${shown(change.after, quoted)}`
          : `${who}: ${shown(change.before)} → ${shown(change.after)}`;
      }
      if (change.what === 'contact') return `${CONTACT_FIELDS.includes(String(change.field)) ? t(`bookings.contact_field.${String(change.field)}`) : t('bookings.contact')}: ${shown(change.before)} → ${shown(change.after)}`;
      if (change.what === 'notes') return `${t('bookings.notes')}: ${shown(change.before, true)} → ${shown(change.after, true)}`;
      if (change.what === 'pickup') return `${t('bookings.pickup')}: ${shown(change.before, true)} → ${shown(change.after, true)}`;
      if (change.what === 'guideNotes') return `${t('bookings.guide_notes')}: ${shown(change.before, true)} → ${shown(change.after, true)}`;
      return String(change.what ?? '');
    });
  }
  const older = Object.keys(details ?? {}).filter((name) => name !== 'reference');
  const travellers = older.filter((name) => name.startsWith('traveller')).length;
  return [
    ...older.filter((name) => !name.startsWith('traveller')),
    ...(travellers > 0 ? [t('bookings.a_traveller', { smart_count: travellers })] : []),
  ];
}


/** The lead's name, or "Name to come" on a reseller's booking whose contact is not given yet. */
export function leadText(booking: Pick<Booking, 'contact'>): string {
  return booking.contact.name.trim() === '' ? t('bookings.name_to_come') : booking.contact.name;
}

/** A traveller's name, or "Name to come". */
export function travellerName(traveller: { firstName: string; lastName: string }): string {
  const name = `${traveller.firstName} ${traveller.lastName}`.trim();
  return name === '' ? t('bookings.name_to_come') : name;
}

/** "Viator · ref VI-1001": who sold a reseller's booking, under its own reference. */
export function resellerText(booking: Pick<Booking, 'resellerName' | 'resellerReference'>): string {
  return [booking.resellerName ?? t('bookings.a_reseller'), booking.resellerReference ? t('bookings.ref', { reference: booking.resellerReference }) : null].filter(Boolean).join(' · ');
}
