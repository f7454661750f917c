/**
 * Payment links: making a card payment page for an amount of a booking (through CardPayments, the
 * Stripe Checkout gateway), listing a booking's links, and the two halves of a paid link that the
 * card-payment flow runs in its transaction: claiming the link once, then noting its payment.
 */
import { createHash, randomUUID } from 'node:crypto';
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Booking } from '../../shared/contract/bookings.js';
import { dueNowMinor, PAYMENT_LINK_HOURS, type NewPaymentLink, type PaymentLink } from '../../shared/contract/payment-links.js';
import { formatMinor } from '../../shared/money.js';
import { auditOrigin, type AuditEntry, type AuditLog, type RequestOrigin } from '../audit/audit-log.js';
import { toMoney } from '../db/query-helpers.js';
import type { Database } from '../db/schema.js';
import { AppError, httpErrors } from '../http/errors.js';
import type { CardPayments, CheckoutEvent, CheckoutSession, CompletedCheckout } from './stripe.js';

/** Stripe's clock and ours may differ a little: a session asked to live 24 hours less this is never refused as too long. */
const EXPIRY_MARGIN_MS = 5 * 60_000;

export const paymentErrors = {
  notConfigured: () =>
    new AppError(409, 'PAYMENTS_NOT_CONFIGURED', 'Card payments are not set up on this server (STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET): record the payment by hand instead.'),
  /** Stripe refused or could not be reached: its own words stay in the log (the cause), the caller hears that it failed. */
  unavailable: (cause: unknown) =>
    Object.assign(new AppError(503, 'UNAVAILABLE', 'Stripe did not make the payment page. Try again in a moment; if it goes on, the server log says why.'), { cause }),
};

export interface PreparedLink {
  id: string;
  amountMinor: number;
  session: CheckoutSession;
}

/** Where Stripe sends the customer back, how long the page lives, and what more it carries (a shop cart's checkout). */
export interface SessionOptions {
  successUrl: string;
  cancelUrl: string;
  expiresAt: Date;
  metadata: Record<string, string>;
}

export interface LinkClaim {
  id: string;
  bookingId: string;
  amountMinor: number;
  currency: string;
}

export class PaymentLinks {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly now: () => number,
    private readonly audit: AuditLog,
    private readonly gateway: CardPayments | null,
    private readonly publicUrl: string,
  ) {}

  get configured(): boolean {
    return this.gateway !== null;
  }

  async forBooking(bookingId: string): Promise<PaymentLink[]> {
    const rows = await this.db
      .selectFrom('payment_links as l')
      .leftJoin('users as u', 'u.id', 'l.created_by')
      .select(['l.id', 'l.booking_id', 'l.url', 'l.amount_minor', 'l.currency', 'l.status', 'l.expires_at', 'l.message_id', 'l.payment_id', 'l.created_at', 'u.full_name as created_by_name'])
      .where('l.booking_id', '=', bookingId)
      .orderBy('l.seq', 'desc')
      .execute();
    const at = this.now();
    return rows.map((row) => ({
      id: row.id,
      bookingId: row.booking_id,
      url: row.url,
      amountMinor: toMoney(row.amount_minor)!,
      currency: row.currency,
      status: row.status === 'paid' ? 'paid' : row.expires_at.getTime() <= at ? 'expired' : 'open',
      expiresAt: row.expires_at.toISOString(),
      emailed: row.message_id !== null,
      paymentId: row.payment_id,
      createdByName: row.created_by_name ?? null,
      createdAt: row.created_at.toISOString(),
    }));
  }

  /**
   * The first half of a link a clerk asks for, outside any transaction: the amount (the one given,
   * at most the balance; else the deposit while nothing is paid and the tour asks one; else the
   * balance) and the page Stripe makes for it. `store` keeps it.
   */
  async prepare(booking: Booking, input: NewPaymentLink, session?: SessionOptions): Promise<PreparedLink> {
    if (!this.gateway) throw paymentErrors.notConfigured();
    const amountMinor = this.amountFor(booking, input.amountMinor);
    if (input.email) {
      if (booking.resellerId !== null) throw httpErrors.conflict('The reseller speaks to the customers of its bookings: send the link to them yourself, or not at all.');
      if (booking.contact.email.trim() === '') throw httpErrors.conflict('The booking’s contact has no e-mail address: copy the link and hand it over another way.');
    }
    const id = randomUUID();
    return { id, amountMinor, session: await this.checkout(booking, id, amountMinor, `payment-link-${id}`, session) };
  }

  /**
   * A link of the booking still open for this very amount and payable until at least `until`: a
   * customer who asks for the payment page again (a second tab, a reload) gets the same page, and
   * cannot pay twice through two of them.
   */
  async openFor(bookingId: string, amountMinor: number, until: Date): Promise<{ id: string; url: string } | null> {
    const row = await this.db
      .selectFrom('payment_links')
      .select(['id', 'url'])
      .where('booking_id', '=', bookingId)
      .where('status', '=', 'open')
      .where('amount_minor', '=', amountMinor)
      .where('expires_at', '>=', until)
      .where('url', '<>', '')
      .orderBy('seq', 'desc')
      .executeTakeFirst();
    return row ?? null;
  }

  /** The booking a Checkout Session this server made is for, and whether another of its links is still payable; null for a session it did not make. */
  async ofSession(sessionId: string): Promise<{ bookingId: string; status: 'open' | 'paid'; otherOpen: boolean } | null> {
    const row = await this.db.selectFrom('payment_links').select(['booking_id', 'status']).where('session_id', '=', sessionId).executeTakeFirst();
    if (!row) return null;
    const other = await this.db
      .selectFrom('payment_links')
      .select('id')
      .where('booking_id', '=', row.booking_id)
      .where('session_id', '<>', sessionId)
      .where('status', '=', 'open')
      .where('expires_at', '>', new Date(this.now()))
      .executeTakeFirst();
    return { bookingId: row.booking_id, status: row.status === 'paid' ? 'paid' : 'open', otherOpen: other !== undefined };
  }

  /**
   * Ends at Stripe every page of the booking still payable (a customer gave their cart up: the
   * page in another tab must not take money for seats that went back), and records each as ended.
   * A page Stripe will not end (paid meanwhile, or Stripe unreachable) stays as it is: its paid
   * event, if one comes, is recorded as any other. Answers the pages that could not be ended.
   */
  async endOpenPages(bookingId: string): Promise<{ sessionId: string; error: unknown }[]> {
    if (!this.gateway) return [];
    const at = new Date(this.now());
    const open = await this.db
      .selectFrom('payment_links')
      .select(['id', 'session_id'])
      .where('booking_id', '=', bookingId)
      .where('status', '=', 'open')
      .where('expires_at', '>', at)
      .where('session_id', '<>', '')
      .execute();
    const failed: { sessionId: string; error: unknown }[] = [];
    for (const link of open) {
      try {
        await this.gateway.expireCheckout(link.session_id);
      } catch (error) {
        failed.push({ sessionId: link.session_id, error });
        continue;
      }
      await this.db.updateTable('payment_links').set({ expires_at: at }).where('id', '=', link.id).where('status', '=', 'open').execute();
    }
    return failed;
  }

  /**
   * A prepared link's row and its history's line (sent in `messageId`, or null: handed over by a
   * clerk or opened by the customer), as pieces: store() writes them, and a cart's checkout
   * composes them into its one statement.
   */
  storeQuery(db: Kysely<Database>, booking: Booking, link: PreparedLink, messageId: string | null, origin: RequestOrigin) {
    return {
      inserted: db
        .insertInto('payment_links')
        .values({
          id: link.id,
          booking_id: booking.id,
          amount_minor: link.amountMinor,
          currency: booking.currency,
          session_id: link.session.id,
          url: link.session.url,
          expires_at: link.session.expiresAt,
          message_id: messageId,
          created_by: origin.actorId,
          created_at: new Date(this.now()),
        })
        .returning('id'),
      entry: {
        action: 'payment_link.created',
        ...auditOrigin(origin),
        targetType: 'booking',
        targetId: booking.id,
        details: { reference: booking.reference, linkId: link.id, amountMinor: link.amountMinor, currency: booking.currency, emailed: messageId !== null },
      } satisfies AuditEntry,
    };
  }

  /** A prepared link kept, with the message it is sent in (null: the clerk hands it over), and audited. */
  async store(trx: Kysely<Database>, booking: Booking, link: PreparedLink, messageId: string | null, origin: RequestOrigin): Promise<void> {
    const { inserted, entry } = this.storeQuery(trx, booking, link, messageId, origin);
    await inserted.execute();
    await this.audit.record(entry, trx);
  }

  /**
   * The link a message carries, made once for that message however often its sending is tried:
   * the one made with it (a clerk's "send a payment link"), else a fresh one for the balance. Null
   * when card payments are not set up or nothing is owed.
   */
  async forMessage(booking: Booking, messageId: string): Promise<{ url: string; amountMinor: number } | null> {
    const made = await this.db.selectFrom('payment_links').select(['url', 'amount_minor']).where('message_id', '=', messageId).executeTakeFirst();
    if (made) return { url: made.url, amountMinor: toMoney(made.amount_minor)! };
    if (!this.gateway || booking.balanceMinor <= 0 || (booking.status !== 'held' && booking.status !== 'confirmed')) return null;
    // Stripe answers a repeated key with the session it made: a retry after a crash makes no second
    // one. The link's id comes from the message too, so that the session's metadata (written at the
    // first try) names the link this try stores.
    const id = linkIdOfMessage(messageId);
    const session = await this.checkout(booking, id, booking.balanceMinor, `message-${messageId}`);
    const at = new Date(this.now());
    await this.db
      .insertInto('payment_links')
      .values({ id, booking_id: booking.id, amount_minor: booking.balanceMinor, currency: booking.currency, session_id: session.id, url: session.url, expires_at: session.expiresAt, message_id: messageId, created_by: null, created_at: at })
      .onConflict((conflict) => conflict.doNothing())
      .execute();
    const kept = await this.db.selectFrom('payment_links').select(['url', 'amount_minor']).where('message_id', '=', messageId).executeTakeFirstOrThrow();
    return { url: kept.url, amountMinor: toMoney(kept.amount_minor)! };
  }

  /** The event of a signed payload (throws when the signature is not Stripe's, or too old or new); null: an event this product does nothing with. */
  checkoutEvent(payload: Buffer, signature: string): CheckoutEvent | null {
    if (!this.gateway) throw paymentErrors.notConfigured();
    return this.gateway.checkoutEvent(payload, signature, this.now());
  }

  /**
   * The link a paid Checkout Session pays, claimed in `trx` (its row locked and marked paid): null
   * when it was paid already, by this event before or by a copy of it at once (the copy waits for
   * the row, then finds it paid). A session this server made but never stored (it stopped between
   * Stripe's answer and its own write) is stored from the event when its metadata matches the
   * request written before the asking (checkout_requests): money that arrived is never lost. A
   * session someone else made (another system on the same Stripe account) matches neither and
   * records nothing, whatever booking its metadata names. An event whose own record of the booking
   * or link disagrees with the link's is refused; one that names neither is taken by its session alone.
   */
  async claim(trx: Kysely<Database>, checkout: CompletedCheckout): Promise<LinkClaim | null> {
    const { bookingId, linkId } = checkout.metadata;
    const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
    const at = new Date(this.now());
    if (bookingId && linkId && uuid.test(bookingId) && uuid.test(linkId) && checkout.amountMinor !== null) {
      // Only a session this server asked for: its request was written before the asking.
      await sql`
        insert into payment_links (id, booking_id, amount_minor, currency, session_id, url, expires_at, created_at)
        select r.link_id, r.booking_id, r.amount_minor, r.currency, ${checkout.sessionId}, '', ${at}, ${at}
        from checkout_requests r
        where r.link_id = ${linkId}::uuid and r.booking_id = ${bookingId}::uuid and r.amount_minor = ${checkout.amountMinor}
          and (${checkout.currency} = '' or r.currency = ${checkout.currency})
        on conflict do nothing`.execute(trx);
    }
    const claimed = await trx
      .updateTable('payment_links')
      .set({ status: 'paid', paid_at: at })
      .where('session_id', '=', checkout.sessionId)
      .where('status', '=', 'open')
      .returning(['id', 'booking_id', 'amount_minor', 'currency'])
      .executeTakeFirst();
    // Paid before, or a session this server never made (another system on the same Stripe account).
    if (!claimed) return null;
    if ((bookingId !== undefined && bookingId !== claimed.booking_id) || (linkId !== undefined && linkId !== claimed.id)) {
      throw httpErrors.validation({ metadata: 'names another booking or link than the session paid' });
    }
    if (checkout.currency !== '' && claimed.currency !== checkout.currency) throw httpErrors.validation({ currency: `is ${checkout.currency}, the link's is ${claimed.currency}` });
    return { id: claimed.id, bookingId: claimed.booking_id, amountMinor: toMoney(claimed.amount_minor)!, currency: claimed.currency };
  }

  /**
   * The claim of a paid event's link, as a statement another composes (a held cart's payment
   * confirmed in one statement): the link named by the event's metadata, still open, for the
   * amount and currency paid, marked paid with its payment. Answers a row when it claimed it; a
   * link paid before, or not this server's, answers none (the general claim() then decides).
   */
  claimQuery(db: Kysely<Database>, checkout: CompletedCheckout, link: { id: string; bookingId: string }, paymentId: string, at: Date, when: RawBuilder<boolean>) {
    return db
      .updateTable('payment_links')
      .set({ status: 'paid', paid_at: at, payment_id: paymentId, paid_minor: checkout.amountMinor, payment_intent: checkout.paymentIntent.startsWith('pi_') ? checkout.paymentIntent : null })
      .where('id', '=', link.id)
      .where('booking_id', '=', link.bookingId)
      .where('session_id', '=', checkout.sessionId)
      .where('status', '=', 'open')
      .where('amount_minor', '=', checkout.amountMinor ?? -1)
      .where('currency', '=', checkout.currency)
      .where(when)
      .returning('id');
  }

  /** What the audit log says of a link paid (the details settle() writes). */
  paidEntry(link: { id: string; currency: string }, paymentId: string, amountMinor: number): Pick<AuditEntry, 'action' | 'details'> {
    return { action: 'payment_link.paid', details: { linkId: link.id, paymentId, amountMinor, currency: link.currency } };
  }

  /** The payment a claimed link was paid with, noted on it and in the audit log. */
  async settle(trx: Kysely<Database>, link: LinkClaim, paymentId: string, amountMinor: number, paymentIntent: string, origin: RequestOrigin): Promise<void> {
    // The payment intent is what a refund of this payment names at Stripe (a session id is no payment intent).
    await trx
      .updateTable('payment_links')
      .set({ payment_id: paymentId, paid_minor: amountMinor, payment_intent: paymentIntent.startsWith('pi_') ? paymentIntent : null })
      .where('id', '=', link.id)
      .execute();
    await this.audit.record({ ...this.paidEntry(link, paymentId, amountMinor), ...auditOrigin(origin), targetType: 'booking', targetId: link.bookingId }, trx);
  }

  private amountFor(booking: Booking, asked: number | undefined): number {
    if (booking.status !== 'held' && booking.status !== 'confirmed') throw httpErrors.conflict(`This booking is ${booking.status}: it takes no payment.`);
    const balance = booking.balanceMinor;
    const money = (amount: number) => formatMinor(amount, booking.currency);
    if (balance <= 0) throw new AppError(409, 'PAYMENT_EXCEEDS_BALANCE', 'Nothing is owed on this booking.');
    if (asked !== undefined) {
      if (asked > balance) throw new AppError(409, 'PAYMENT_EXCEEDS_BALANCE', `The balance is ${money(balance)}: a link cannot ask for more than that.`);
      return asked;
    }
    return dueNowMinor(booking);
  }

  /**
   * A payment page for something that is not a booking (a gift card bought in the shop): the
   * caller has written its order before asking, and names it in the metadata, so that the paid
   * event is known as ours even if the server stops before it keeps the page. The same key asked
   * again answers the same page.
   */
  async pageFor(order: { reference: string; description: string; amountMinor: number; currency: string; email: string; idempotencyKey: string }, session: SessionOptions): Promise<CheckoutSession> {
    if (!this.gateway) throw paymentErrors.notConfigured();
    return this.gateway
      .createCheckout({ reference: order.reference, description: order.description, amountMinor: order.amountMinor, currency: order.currency, email: order.email, successUrl: session.successUrl, cancelUrl: session.cancelUrl, expiresAt: session.expiresAt, idempotencyKey: order.idempotencyKey, metadata: session.metadata })
      .catch((error: unknown) => {
        throw paymentErrors.unavailable(error);
      });
  }

  /** Requests a month old: every session they asked for has long expired, and Stripe has stopped retrying its events. */
  async forgetOldRequests(): Promise<void> {
    await this.db.deleteFrom('checkout_requests').where('created_at', '<', new Date(this.now() - 30 * 24 * 3_600_000)).execute();
  }

  private async checkout(booking: Booking, linkId: string, amountMinor: number, idempotencyKey: string, options?: SessionOptions) {
    // Written, and committed, before Stripe is asked: an event for the session is then known as ours
    // even if this server stops before it stores the link (claim()).
    await this.db
      .insertInto('checkout_requests')
      .values({ link_id: linkId, booking_id: booking.id, amount_minor: amountMinor, currency: booking.currency, created_at: new Date(this.now()) })
      .onConflict((conflict) => conflict.column('link_id').doNothing())
      .execute();
    const expiresAt = options?.expiresAt ?? new Date(this.now() + PAYMENT_LINK_HOURS * 3_600_000 - EXPIRY_MARGIN_MS);
    const back = (outcome: string) => `${this.publicUrl}/api/payments/return?outcome=${outcome}&reference=${encodeURIComponent(booking.reference)}`;
    return this.gateway!.createCheckout({
      bookingId: booking.id,
      linkId,
      reference: booking.reference,
      description: booking.tourTitle,
      amountMinor,
      currency: booking.currency,
      email: booking.contact.email.trim() || null,
      successUrl: options?.successUrl ?? back('paid'),
      cancelUrl: options?.cancelUrl ?? back('cancelled'),
      expiresAt,
      idempotencyKey,
      ...(options && { metadata: options.metadata }),
    }).catch((error: unknown) => {
      // Stripe's own words stay in the log; the clerk hears that the provider refused or could not be reached.
      throw paymentErrors.unavailable(error);
    });
  }
}

/** A message's payment link's id, the same at every try of its sending: a UUID (version 8) from the message's id. */
export function linkIdOfMessage(messageId: string): string {
  const hex = createHash('sha256').update(`payment-link:${messageId}`).digest('hex');
  const variant = ((parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-8${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}
