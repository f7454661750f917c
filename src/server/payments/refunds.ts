/**
 * Card refunds through Stripe's Refunds API. A refund is asked for in the transaction that makes it
 * owed (a cancellation, a move to a cheaper date): rows are written against the booking's paid
 * links, newest first, up to what each has left. Stripe is asked after that transaction commits,
 * with the row's id as the idempotency key, so a refund asked again (an answer lost, the server
 * stopped) is the same refund. Stripe's answer and its `refund.*` events both settle a row through
 * claim(): whichever comes first records the refund on the booking, the other finds it settled.
 */
import { randomUUID } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import { auditOrigin, type AuditLog, type RequestOrigin } from '../audit/audit-log.js';
import { toMoney } from '../db/query-helpers.js';
import type { Database } from '../db/schema.js';
import type { CardPayments, RefundState } from './stripe.js';
import type { CardRefundStatus } from './tables.js';

/** Waits between askings of a refund Stripe did not answer: a minute, then longer, at most six hours. */
const RETRY_MS = [60_000, 5 * 60_000, 30 * 60_000, 2 * 3_600_000, 6 * 3_600_000];
/** After this many askings without an answer, the refund waits for staff (still `requested`, no next attempt). */
const MAX_ATTEMPTS = 12;

export interface RefundClaim {
  id: string;
  bookingId: string;
  amountMinor: number;
  stripeRefundId: string;
  /** What the row was before this state: a refund that had succeeded and then failed puts the money back. */
  was: CardRefundStatus;
  now: CardRefundStatus;
}

export interface CardRefund {
  id: string;
  amountMinor: number;
  currency: string;
  status: CardRefundStatus;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export class CardRefunds {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly now: () => number,
    private readonly audit: AuditLog,
    private readonly gateway: CardPayments | null,
  ) {}

  get configured(): boolean {
    return this.gateway !== null;
  }

  /**
   * Up to `amountMinor` back to the cards the booking was paid with, written in `trx` (asked of
   * Stripe once it commits: send()). The caller holds the booking's row. Answers the rows written
   * and how much of the amount they cover: the rest is paid back by the office.
   */
  async requestIn(trx: Kysely<Database>, booking: { id: string; reference: string; currency: string }, amountMinor: number, reason: 'cancelled' | 'changed', origin: RequestOrigin): Promise<{ ids: string[]; coveredMinor: number }> {
    if (amountMinor <= 0 || !this.gateway) return { ids: [], coveredMinor: 0 };
    const links = await trx
      .selectFrom('payment_links as l')
      .select([
        'l.id',
        'l.payment_intent',
        'l.currency',
        sql<string>`coalesce(l.paid_minor, l.amount_minor)`.as('paid'),
        sql<string>`coalesce((select sum(r.amount_minor) from card_refunds r where r.link_id = l.id and r.status <> 'failed'), 0)`.as('refunded'),
      ])
      .where('l.booking_id', '=', booking.id)
      .where('l.status', '=', 'paid')
      .where('l.payment_intent', 'is not', null)
      .where('l.currency', '=', booking.currency)
      .orderBy('l.paid_at', 'desc')
      .execute();
    const at = new Date(this.now());
    const ids: string[] = [];
    let left = amountMinor;
    for (const link of links) {
      const room = Number(link.paid) - Number(link.refunded);
      const amount = Math.min(room, left);
      if (amount <= 0) continue;
      const id = randomUUID();
      await trx
        .insertInto('card_refunds')
        .values({ id, booking_id: booking.id, link_id: link.id, payment_intent: link.payment_intent!, amount_minor: amount, currency: link.currency, reason, next_attempt_at: at, created_at: at, updated_at: at })
        .execute();
      ids.push(id);
      left -= amount;
      if (left === 0) break;
    }
    if (ids.length > 0) {
      await this.audit.record(
        { action: 'card_refund.requested', ...auditOrigin(origin), targetType: 'booking', targetId: booking.id, details: { reference: booking.reference, amountMinor: amountMinor - left, currency: booking.currency, reason } },
        trx,
      );
    }
    return { ids, coveredMinor: amountMinor - left };
  }

  /** Refunds still to ask of Stripe whose time has come (written by a transaction whose asking did not answer). */
  async due(limit = 20): Promise<string[]> {
    const rows = await this.db.selectFrom('card_refunds').select('id').where('status', '=', 'requested').where('next_attempt_at', '<=', new Date(this.now())).orderBy('next_attempt_at').limit(limit).execute();
    return rows.map((row) => row.id);
  }

  /**
   * Asks Stripe for one refund (again, with the same key, if it was asked before): Stripe's answer,
   * or null when it did not give one (the next attempt is set) or the refund is no longer to ask.
   * A refusal of the request itself (the payment cannot be refunded so much) is a failed refund.
   */
  async send(id: string): Promise<RefundState | null> {
    if (!this.gateway) return null;
    const row = await this.db.selectFrom('card_refunds').select(['id', 'booking_id', 'payment_intent', 'amount_minor', 'currency', 'attempts', 'status']).where('id', '=', id).executeTakeFirst();
    if (!row || row.status !== 'requested') return null;
    try {
      return await this.gateway.refund({ paymentIntent: row.payment_intent, amountMinor: toMoney(row.amount_minor)!, currency: row.currency, idempotencyKey: `refund:${row.id}`, metadata: { refundId: row.id, bookingId: row.booking_id } });
    } catch (error) {
      const refused = (error as { type?: string }).type === 'StripeInvalidRequestError';
      const attempts = row.attempts + 1;
      const wait = RETRY_MS[Math.min(attempts - 1, RETRY_MS.length - 1)]!;
      await this.db
        .updateTable('card_refunds')
        .set({ attempts, last_error: (error instanceof Error ? error.message : String(error)).slice(0, 500), next_attempt_at: attempts >= MAX_ATTEMPTS ? null : new Date(this.now() + wait), updated_at: new Date(this.now()) })
        .where('id', '=', id)
        .where('status', '=', 'requested')
        .execute();
      if (refused) return { refundId: '', status: 'failed', amountMinor: toMoney(row.amount_minor)!, metadata: { refundId: row.id } };
      throw error;
    }
  }

  /**
   * The state Stripe gave for a refund (its answer or an event), taken once in `trx`: null when the
   * refund is not one of ours, or is already in that state (a second answer or a copy of an event).
   */
  async claim(trx: Kysely<Database>, state: RefundState): Promise<RefundClaim | null> {
    const asked = state.metadata.refundId;
    const row = await trx
      .selectFrom('card_refunds')
      .select(['id', 'booking_id', 'amount_minor', 'status', 'stripe_refund_id'])
      .where((eb) =>
        asked && UUID.test(asked) ? eb('id', '=', asked) : state.refundId !== '' ? eb('stripe_refund_id', '=', state.refundId) : eb.val(false),
      )
      .forUpdate()
      .executeTakeFirst();
    if (!row) return null;
    if (state.refundId !== '' && row.stripe_refund_id !== null && row.stripe_refund_id !== state.refundId) return null;
    const now: CardRefundStatus = state.status === 'succeeded' ? 'succeeded' : state.status === 'failed' || state.status === 'canceled' ? 'failed' : 'pending';
    // A refund only moves forward: requested → pending → succeeded, or to failed (also after succeeding, when the card could not take it).
    const moves = row.status === 'requested' || (row.status === 'pending' && (now === 'succeeded' || now === 'failed')) || (row.status === 'succeeded' && now === 'failed');
    if (!moves) return null;
    await trx
      .updateTable('card_refunds')
      .set({ status: now, ...(state.refundId !== '' && { stripe_refund_id: state.refundId }), next_attempt_at: null, updated_at: new Date(this.now()) })
      .where('id', '=', row.id)
      .execute();
    return { id: row.id, bookingId: row.booking_id, amountMinor: toMoney(row.amount_minor)!, stripeRefundId: state.refundId || row.stripe_refund_id || '', was: row.status, now };
  }

  /** The refund recorded on the booking for a refund that succeeded. */
  async noteRecorded(trx: Kysely<Database>, id: string, paymentId: string): Promise<void> {
    await trx.updateTable('card_refunds').set({ payment_id: paymentId }).where('id', '=', id).execute();
  }

  /** A refund Stripe did not make (or made and then could not pay out): in the booking's history for staff. */
  async noteFailed(trx: Kysely<Database>, claim: RefundClaim, origin: RequestOrigin): Promise<void> {
    await this.audit.record(
      { action: 'card_refund.failed', ...auditOrigin(origin), targetType: 'booking', targetId: claim.bookingId, details: { amountMinor: claim.amountMinor, refundId: claim.stripeRefundId, afterSucceeding: claim.was === 'succeeded' } },
      trx,
    );
  }

  /** What of a booking's money is on its way back to cards (asked, or pending at Stripe), read in the caller's transaction. */
  async underwayIn(trx: Kysely<Database>, bookingId: string): Promise<number> {
    const row = await trx
      .selectFrom('card_refunds')
      .select(sql<string>`coalesce(sum(amount_minor), 0)`.as('sum'))
      .where('booking_id', '=', bookingId)
      .where('status', 'in', ['requested', 'pending'])
      .executeTakeFirstOrThrow();
    return Number(row.sum);
  }

  /** A booking's card refunds not yet settled (asked, or made and pending at Stripe). */
  async underway(bookingId: string): Promise<CardRefund[]> {
    const rows = await this.db
      .selectFrom('card_refunds')
      .select(['id', 'amount_minor', 'currency', 'status'])
      .where('booking_id', '=', bookingId)
      .where('status', 'in', ['requested', 'pending'])
      .orderBy('created_at')
      .execute();
    return rows.map((row) => ({ id: row.id, amountMinor: toMoney(row.amount_minor)!, currency: row.currency, status: row.status }));
  }
}
