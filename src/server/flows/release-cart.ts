/**
 * A customer gives up their cart, or its payment page expires unpaid: its hold ends now, recorded
 * as expired like any lapsed hold (no cancellation message: nothing was bought), its seats go back
 * to the departure at once, and the cart is marked released, all in one transaction under the
 * departure's row lock. A customer who gives up also ends, after the commit, the cart's payment
 * pages still open at Stripe: a page left in another tab cannot take money for seats given back.
 */
import type { Kysely } from 'kysely';
import type { RequestOrigin } from '../audit/audit-log.js';
import type { Database } from '../db/schema.js';
import { lockDepartureRow, lockDepartureRowOf } from '../departures/seats.js';
import type { FlowContext } from './context.js';
import { releaseLapsedHolds } from './seats.js';

/** The release itself; the caller holds the departure's row lock. */
async function releaseIn(ctx: FlowContext, trx: Kysely<Database>, cart: { id: string; bookingId: string; departureId: string }, origin: RequestOrigin): Promise<void> {
  const at = new Date(ctx.now());
  if (await ctx.bookings.endHold(trx, cart.bookingId, at, origin)) await releaseLapsedHolds(ctx, trx, cart.departureId, at);
  await ctx.carts.markReleased(trx, cart.id, at);
}

/**
 * A cart's Checkout Session expired unpaid: its hold is released at once, unless the cart is paid
 * or another of its payment pages is still payable. Answers whether it was released.
 */
export async function releaseCartOfSession(ctx: FlowContext, sessionId: string, origin: RequestOrigin): Promise<boolean> {
  const session = await ctx.paymentLinks.ofSession(sessionId);
  if (!session || session.status === 'paid' || session.otherOpen) return false;
  return ctx.db.transaction().execute(async (trx) => {
    const departure = await lockDepartureRowOf(trx, ctx.bookings.departureIdOf(session.bookingId));
    if (!departure) return false;
    const cart = await ctx.carts.ofBooking(trx, session.bookingId);
    if (!cart || cart.paid_at !== null || cart.released_at !== null) return false;
    await releaseIn(ctx, trx, { id: cart.id, bookingId: session.bookingId, departureId: departure.id }, origin);
    return true;
  });
}

/** Answers the payment pages Stripe did not end (paid meanwhile, or Stripe unreachable): their events, if any come, are recorded as any other. */
export async function releaseCart(ctx: FlowContext, cart: { id: string; bookingId: string; departureId: string }, origin: RequestOrigin): Promise<{ sessionId: string; error: unknown }[]> {
  await ctx.db.transaction().execute(async (trx) => {
    await lockDepartureRow(trx, cart.departureId);
    await releaseIn(ctx, trx, cart, origin);
  });
  return ctx.paymentLinks.endOpenPages(cart.bookingId);
}
