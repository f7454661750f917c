/**
 * A card payment Stripe reports: the payments domain claims the link the Checkout Session was made
 * for (once: a repeated or concurrent event finds it paid and does nothing), the bookings domain
 * records the money on the booking, then the link notes its payment, all in one transaction; a
 * shop cart's booking is confirmed in it too (paid-cart.ts). The receipt is queued by the
 * payment's own row (the messages domain's trigger).
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { Payment } from '../../shared/contract/bookings.js';
import type { RequestOrigin } from '../audit/audit-log.js';
import { lockDepartureQuery, lockDepartureRowOf, moveSeatsQuery } from '../departures/seats.js';
import type { CompletedCheckout } from '../payments/stripe.js';
import type { FlowContext } from './context.js';
import { confirmPaidCart } from './paid-cart.js';

export async function recordCardPayment(ctx: FlowContext, checkout: CompletedCheckout, origin: RequestOrigin): Promise<Payment | null> {
  const atOnce = await payHeldCartAtOnce(ctx, checkout, origin);
  if (atOnce) return atOnce;
  return ctx.db.transaction().execute(async (trx) => {
    const link = await ctx.paymentLinks.claim(trx, checkout);
    if (!link) return null;
    // A shop cart's payment confirms its booking: the departure's row is locked before the
    // booking's, as every change of seats locks them.
    const cart = await ctx.carts.ofBooking(trx, link.bookingId);
    if (cart) await lockDepartureRowOf(trx, ctx.bookings.departureIdOf(link.bookingId));
    const amountMinor = checkout.amountMinor ?? link.amountMinor;
    const payment = await ctx.bookings.recordPaymentIn(trx, link.bookingId, { kind: 'payment', method: 'card', amountMinor, reference: checkout.paymentIntent || checkout.sessionId }, origin, { arrived: true });
    await ctx.paymentLinks.settle(trx, link, payment.id, amountMinor, checkout.paymentIntent, origin);
    if (cart) await confirmPaidCart(ctx, trx, cart.id, link.bookingId, origin);
    return payment;
  });
}

/** Rolls the one-statement attempt back: the general flow answers instead. */
class NotAtOnce extends Error {}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The common case of a shop sale, paid while its hold stands: one read of the booking, then one
 * statement (the link claimed, the payment recorded, the booking confirmed, its seats moved, the
 * cart marked paid, all audited), as the general flow below would write them, at a fraction of its
 * statements. Null, having written nothing, whenever that statement cannot settle it (not a cart's
 * event, the hold lapsed or changed since read, the link paid before or not ours): the general flow
 * then decides, and records the money whatever became of the hold.
 */
async function payHeldCartAtOnce(ctx: FlowContext, checkout: CompletedCheckout, origin: RequestOrigin): Promise<Payment | null> {
  const { bookingId, linkId, cartId } = checkout.metadata;
  const amountMinor = checkout.amountMinor;
  if (!cartId || !bookingId || !linkId || !UUID.test(bookingId) || !UUID.test(linkId) || amountMinor === null || amountMinor <= 0 || checkout.currency === '') return null;
  const read = await ctx.bookings.get(bookingId);
  const at = new Date(ctx.now());
  if (!read || read.status !== 'held' || read.holdExpiresAt === null || Date.parse(read.holdExpiresAt) <= at.getTime() || read.currency !== checkout.currency) return null;
  const paymentId = randomUUID();
  const reference = checkout.paymentIntent || checkout.sessionId;
  try {
    await ctx.db.transaction().execute(async (trx) => {
      // The departure's row first, as every change of seats locks it; the link's claim after it.
      const afterLock = sql<boolean>`exists (select 1 from locked)`;
      const done = await ctx.bookings.payAndConfirmAsRead(trx, read, { id: paymentId, amountMinor, reference }, origin, {
        at,
        departureLocked: lockDepartureQuery(trx, read.departureId),
        claimed: ctx.paymentLinks.claimQuery(trx, checkout, { id: linkId, bookingId }, paymentId, at, afterLock),
        seatsMoved: (when) => moveSeatsQuery(trx, read.departureId, read.seats, 'held', 'confirmed', at).where(when),
        alsoWritten: (when) => ctx.carts.paidQuery(trx, bookingId, at, when),
        alsoAudited: [ctx.paymentLinks.paidEntry({ id: linkId, currency: read.currency }, paymentId, amountMinor)],
      });
      if (!done) throw new NotAtOnce();
    });
  } catch (error) {
    if (error instanceof NotAtOnce) return null;
    throw error;
  }
  const when = at.toISOString();
  return { id: paymentId, bookingId, kind: 'payment', amountMinor, currency: read.currency, method: 'card', reference, giftCardId: null, receivedAt: when, recordedBy: origin.actorId, recordedByName: null, createdAt: when };
}
