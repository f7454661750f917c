/**
 * Carts: a customer's held booking and the secret key their browser holds to it. The key is 256
 * random bits; only its SHA-256 is stored. A cart is written in the transaction that takes its
 * seats (the open-cart flow), after the address's open carts are counted under a lock of that
 * address, so that two requests at once from one address cannot both pass the limit.
 */
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { sql, type Kysely, type RawBuilder, type Selectable } from 'kysely';
import type { Cart } from '../../shared/contract/shop.js';
import { CART_RULES } from '../../shared/contract/shop.js';
import type { Booking } from '../../shared/contract/bookings.js';
import type { Database } from '../db/schema.js';
import { AppError } from '../http/errors.js';
import type { ShopCartsTable } from './tables.js';

export type CartRow = Selectable<Pick<ShopCartsTable, 'id' | 'booking_id' | 'client' | 'language' | 'extensions' | 'marketing_consent'>> & {
  created_at: Date;
  checkout_at: Date | null;
  paid_at: Date | null;
  released_at: Date | null;
};

/** A wait as a customer reads it: whole minutes, rounded up (Retry-After keeps the seconds). */
const minutesOf = (seconds: number) => Math.max(1, Math.ceil(seconds / 60));

export const cartErrors = {
  tooManyOpen: (retryAfter: number) =>
    new AppError(429, 'RATE_LIMITED', `Too many carts are holding seats from your address: finish or release one, or try again in ${minutesOf(retryAfter)} min.`, undefined, { 'retry-after': String(retryAfter) }),
  tooManySeats: (retryAfter: number, max: number) =>
    new AppError(
      429,
      'RATE_LIMITED',
      `Carts from your address are holding too many seats (at most ${max} at once): finish or release one, or try again in ${minutesOf(retryAfter)} min. A larger group books with the office.`,
      undefined,
      { 'retry-after': String(retryAfter) },
    ),
  tooMany: (retryAfter: number) => new AppError(429, 'RATE_LIMITED', `Too many carts from your address this hour: try again in ${minutesOf(retryAfter)} min.`, undefined, { 'retry-after': String(retryAfter) }),
  notFound: () => new AppError(404, 'NOT_FOUND', 'No such cart.'),
  notOpen: (status: string) =>
    new AppError(409, 'CONFLICT', status === 'expired' ? 'This cart has expired and its seats were released: start again.' : status === 'paid' ? 'This cart is paid: it cannot change.' : 'This cart was released: start again.'),
  noExtensionLeft: () => new AppError(409, 'CONFLICT', 'This cart cannot be extended again.'),
  paymentsNotConfigured: () => new AppError(409, 'PAYMENTS_NOT_CONFIGURED', 'Card payments are not set up for this shop: please book with the office by phone or e-mail.'),
};

/** What a cart is read with (CartRow), by its key or by its booking. */
const CART_COLUMNS = ['id', 'booking_id', 'client', 'language', 'extensions', 'marketing_consent', 'created_at', 'checkout_at', 'paid_at', 'released_at'] as const;

/** A cart's key as the customer holds it, and what is stored of it. */
export function newCartKey(): { key: string; hash: string } {
  const key = randomBytes(32).toString('base64url');
  return { key, hash: hashOf(key) };
}

function hashOf(key: string): string {
  return createHash('sha256').update(key).digest('base64url');
}

/** A key as a browser could hold it (43 base64url characters): anything else is no cart, without a look in the database. */
function looksLikeKey(key: string): boolean {
  return key.length === CART_RULES.idLength && /^[A-Za-z0-9_-]+$/.test(key);
}

export class ShopCarts {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly now: () => number,
  ) {}

  /**
   * Writes the cart of a booking just made, in its transaction. The address's open carts are
   * counted under a lock of the address (held to the commit): past `maxOpen`, 429 and the whole
   * sale is undone, its seats with it.
   */
  async insertIn(
    trx: Kysely<Database>,
    cart: { hash: string; bookingId: string; seats: number; client: string; language: 'en' | 'de' | null; maxOpen: number; maxSeats: number },
  ): Promise<void> {
    await this.checkRoomIn(trx, cart);
    await this.writeIn(trx, cart);
  }

  /**
   * The address's open carts counted under a lock of the address (held to the commit), this one's
   * seats with them: past `maxOpen` or `maxSeats`, 429 (the caller's transaction is undone).
   */
  async checkRoomIn(trx: Kysely<Database>, cart: { seats: number; client: string; maxOpen: number; maxSeats: number }): Promise<void> {
    const at = new Date(this.now());
    await sql`select pg_advisory_xact_lock(hashtextextended(${`shop-cart:${cart.client}`}, 0))`.execute(trx);
    const open = await this.openOf(trx, cart.client, at);
    const retryAfter = Math.max(1, Math.ceil(((open.firstEnds?.getTime() ?? at.getTime() + 60_000) - at.getTime()) / 1000));
    if (open.count >= cart.maxOpen) throw cartErrors.tooManyOpen(retryAfter);
    if (open.seats + cart.seats > cart.maxSeats) throw cartErrors.tooManySeats(retryAfter, cart.maxSeats);
  }

  /** The cart's row, written in the transaction of its booking (after checkRoomIn). */
  async writeIn(trx: Kysely<Database>, cart: { hash: string; bookingId: string; client: string; language: 'en' | 'de' | null }): Promise<void> {
    await trx
      .insertInto('shop_carts')
      .values({ id: randomUUID(), key_hash: cart.hash, booking_id: cart.bookingId, client: cart.client, language: cart.language, created_at: new Date(this.now()) })
      .execute();
  }

  /** The address's carts whose seats are still held, their seats, and when the first of them ends. */
  private async openOf(db: Kysely<Database>, client: string, at: Date): Promise<{ count: number; seats: number; firstEnds: Date | null }> {
    const row = await db
      .selectFrom('shop_carts as c')
      .innerJoin('bookings as b', 'b.id', 'c.booking_id')
      .select([sql<number>`count(*)::int`.as('count'), sql<number>`coalesce(sum(b.seats), 0)::int`.as('seats'), sql<Date | null>`min(b.hold_expires_at)`.as('first_ends')])
      .where('c.client', '=', client)
      .where('c.released_at', 'is', null)
      .where('b.status', '=', 'held')
      .where('b.hold_expires_at', '>', at)
      .executeTakeFirstOrThrow();
    return { count: row.count, seats: row.seats, firstEnds: row.first_ends === null ? null : new Date(row.first_ends) };
  }

  /** The cart a key opens, or null (a key that cannot be one is not looked up). */
  async byKey(key: string): Promise<CartRow | null> {
    if (!looksLikeKey(key)) return null;
    const row = await this.db
      .selectFrom('shop_carts')
      .select(CART_COLUMNS)
      .where('key_hash', '=', hashOf(key))
      .executeTakeFirst();
    return row ?? null;
  }

  /** One more extension, when the cart has one left: false otherwise (also when another request took the last one at once). */
  async takeExtension(id: string): Promise<boolean> {
    const row = await this.db.updateTable('shop_carts').set({ extensions: sql`extensions + 1` }).where('id', '=', id).where('extensions', '<', CART_RULES.maxExtensions).returning('id').executeTakeFirst();
    return row !== undefined;
  }

  /** Gives back an extension whose hold could not be extended (it had lapsed meanwhile). */
  async giveBackExtension(id: string): Promise<void> {
    await this.db.updateTable('shop_carts').set({ extensions: sql`greatest(extensions - 1, 0)` }).where('id', '=', id).execute();
  }

  /** The cart a booking is, locked until the transaction ends (a paid event and a release do not cross); null for a booking that is no cart. */
  async ofBooking(trx: Kysely<Database>, bookingId: string): Promise<CartRow | null> {
    const row = await trx
      .selectFrom('shop_carts')
      .select(CART_COLUMNS)
      .where('booking_id', '=', bookingId)
      .forUpdate()
      .executeTakeFirst();
    return row ?? null;
  }

  /** The customer went to the payment page, as a piece of a statement another composes (the first time counts, for the funnel). */
  checkoutQuery(db: Kysely<Database>, id: string, at: Date) {
    return db.updateTable('shop_carts').set({ checkout_at: at }).where('id', '=', id).where('checkout_at', 'is', null);
  }

  /** The customer went to the payment page (the first time counts, for the funnel). */
  async markCheckout(trx: Kysely<Database>, id: string, at: Date): Promise<void> {
    await trx.updateTable('shop_carts').set({ checkout_at: at }).where('id', '=', id).where('checkout_at', 'is', null).execute();
  }

  /** The cart of a booking marked paid, as a statement another composes (when `when` holds). */
  paidQuery(db: Kysely<Database>, bookingId: string, at: Date, when: RawBuilder<boolean>) {
    return db.updateTable('shop_carts').set({ paid_at: at }).where('booking_id', '=', bookingId).where('paid_at', 'is', null).where(when);
  }

  async markPaid(trx: Kysely<Database>, id: string, at: Date): Promise<void> {
    await trx.updateTable('shop_carts').set({ paid_at: at }).where('id', '=', id).where('paid_at', 'is', null).execute();
  }

  async markReleased(trx: Kysely<Database>, id: string, at: Date): Promise<void> {
    await trx.updateTable('shop_carts').set({ released_at: at }).where('id', '=', id).where('released_at', 'is', null).execute();
  }

  /** What the customer said with their contact: their consent to news, their language. */
  async setCustomerChoices(id: string, choices: { marketingConsent?: boolean; language?: 'en' | 'de' }): Promise<void> {
    const set = { ...(choices.marketingConsent !== undefined && { marketing_consent: choices.marketingConsent }), ...(choices.language !== undefined && { language: choices.language }) };
    if (Object.keys(set).length > 0) await this.db.updateTable('shop_carts').set(set).where('id', '=', id).execute();
  }
}

/** What a cart's key answers: its booking as the customer sees it, nothing of the office's. */
export function cartAnswer(key: string, cart: CartRow, booking: Booking, at: number): Cart {
  // Confirmed is paid whatever happened to the hold before (paid on a page left open after giving it up, with its seats still free).
  const status = booking.status === 'confirmed'
    ? 'paid'
    : cart.released_at !== null || booking.status === 'cancelled'
      ? 'released'
      : booking.status === 'held' && booking.holdExpiresAt !== null && Date.parse(booking.holdExpiresAt) > at
        ? 'open'
        : 'expired';
  const lines: Cart['lines'] = [];
  for (const traveller of booking.travellers) {
    const line = lines.find((candidate) => candidate.category === traveller.category && candidate.unitPriceMinor === traveller.unitPriceMinor);
    if (line) line.quantity += 1;
    else lines.push({ category: traveller.category, quantity: 1, unitPriceMinor: traveller.unitPriceMinor });
  }
  return {
    cartId: key,
    status,
    expiresAt: booking.holdExpiresAt ?? booking.updatedAt,
    extensionsLeft: Math.max(0, CART_RULES.maxExtensions - cart.extensions),
    reference: booking.reference,
    tourCode: booking.tourCode,
    tourTitle: booking.tourTitle,
    departure: { departureId: booking.departureId, date: booking.startDate, startTime: booking.startTime, startsAt: booking.startsAt, timeZone: booking.timeZone },
    lines,
    extras: booking.extras.map((extra) => ({ componentId: extra.componentId, name: extra.name, quantity: extra.quantity, unitPriceMinor: extra.unitPriceMinor })),
    currency: booking.currency,
    promoCode: booking.pricing.promoCode,
    discountMinor: booking.pricing.discountMinor,
    promoDiscountMinor: booking.pricing.promoDiscountMinor,
    totalMinor: booking.totalMinor,
    depositMinor: booking.depositMinor,
    paidMinor: booking.paidMinor,
    balanceMinor: booking.balanceMinor,
    balanceDueDate: booking.balanceDueDate,
    contact: booking.contact.email.trim() === '' ? null : booking.contact,
    travellers: booking.travellers.map((traveller) => ({ category: traveller.category, firstName: traveller.firstName, lastName: traveller.lastName })),
    manageUrl: null,
  };
}
