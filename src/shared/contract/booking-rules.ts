/** Bookings' and payments' constants and limits, apart from the schemas so the browser takes them without the schema builder. */
export const BOOKING_STATUSES = ['held', 'confirmed', 'waitlisted', 'expired', 'cancelled'] as const;
export const PAYMENT_STATUSES = ['unpaid', 'partially_paid', 'paid', 'refund_due', 'refunded'] as const;
export const BOOKING_CHANNELS = ['direct', 'phone', 'email', 'agent', 'walk_in', 'reseller', 'online'] as const;
/** The channels staff record a booking under; 'reseller' is set by the OCTO API alone, 'online' by the operator's own shop. */
export const STAFF_BOOKING_CHANNELS = ['direct', 'phone', 'email', 'agent', 'walk_in'] as const;
export const BOOKING_SORT_FIELDS = ['createdAt', 'startsAt', 'reference', 'totalMinor', 'balanceMinor'] as const;
export const PAYMENT_KINDS = ['payment', 'refund'] as const;
export const PAYMENT_METHODS = ['card', 'bank_transfer', 'cash', 'other', 'gift_card'] as const;

/** Statuses a booking is still active in: it holds seats or waits for them. */
export const ACTIVE_BOOKING_STATUSES = ['held', 'confirmed', 'waitlisted'] as const;

/**
 * The state machine: held → confirmed | expired | cancelled; waitlisted → confirmed |
 * cancelled; confirmed → cancelled. Nothing leaves cancelled or expired.
 */
export const BOOKING_TRANSITIONS: Record<(typeof BOOKING_STATUSES)[number], readonly (typeof BOOKING_STATUSES)[number][]> = {
  held: ['confirmed', 'expired', 'cancelled'],
  waitlisted: ['confirmed', 'cancelled'],
  confirmed: ['cancelled'],
  expired: [],
  cancelled: [],
};

/** Readable on the phone: no 0/O or 1/I to confuse. */
export const REFERENCE_ALPHABET = '23456789ABCDEFGHJKLMNPQRSTUVWXYZ';
export const REFERENCE_LENGTH = 8;

export const BOOKING_RULES = {
  travellers: { minItems: 1, maxItems: 50 },
  extras: { maxItems: 50 },
  quantity: { minimum: 1, maximum: 1000 },
  holdMinutes: { minimum: 1, maximum: 10_080, default: 60 },
  name: { minLength: 1, maxLength: 200, pattern: '\\S' },
  email: { maxLength: 254 },
  phone: { maxLength: 40 },
  notes: { maxLength: 2000 },
  cutoffReason: { minLength: 3, maxLength: 500 },
  pickup: { maxLength: 300 },
  guideNotes: { maxLength: 2000 },
  reason: { minLength: 1, maxLength: 500, pattern: '\\S' },
  idempotencyKey: { minLength: 1, maxLength: 255 },
  paymentReference: { maxLength: 200 },
  /** How long an Idempotency-Key is kept (at least 24 hours: a client that retries the next day still gets the first answer). */
  idempotencyKeepMs: 24 * 60 * 60 * 1000,
  /** A key still "in flight" after this long belongs to a request that died with its server; another may take it over. */
  idempotencyAbandonedMs: 60 * 1000,
} as const;

type Status = (typeof BOOKING_STATUSES)[number];
type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/**
 * The balance and payment status of a booking: the same rules as the database's
 * generated columns (migration 0010), for a hold that has lapsed but is not yet recorded as
 * expired, and for the screens. Active: total − paid. Cancelled or expired: fee − paid
 * (negative: owed to the customer).
 */
export function paymentStanding(booking: { status: Status; totalMinor: number; paidMinor: number; refundedMinor: number; feeMinor: number | null }): {
  balanceMinor: number;
  paymentStatus: PaymentStatus;
} {
  const fee = booking.feeMinor ?? 0;
  if (booking.status === 'cancelled' || booking.status === 'expired') {
    const paymentStatus: PaymentStatus =
      booking.paidMinor > fee ? 'refund_due' : booking.refundedMinor > 0 ? 'refunded' : booking.paidMinor === 0 ? 'unpaid' : 'paid';
    return { balanceMinor: fee - booking.paidMinor, paymentStatus };
  }
  const paymentStatus: PaymentStatus = booking.paidMinor <= 0 ? 'unpaid' : booking.paidMinor < booking.totalMinor ? 'partially_paid' : 'paid';
  return { balanceMinor: booking.totalMinor - booking.paidMinor, paymentStatus };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * What an address's booking part holds: a booking's id, or its reference as staff type or read it
 * aloud (any case, spaces around). A reference is eight letters and digits of REFERENCE_ALPHABET.
 */
export function bookingKey(value: string): { id: string } | { reference: string } | null {
  const text = value.trim();
  if (UUID.test(text)) return { id: text.toLowerCase() };
  const reference = text.toUpperCase();
  if (reference.length === REFERENCE_LENGTH && [...reference].every((character) => REFERENCE_ALPHABET.includes(character))) return { reference };
  return null;
}
