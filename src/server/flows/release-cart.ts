/**
 * A customer gives up their cart: its hold ends now, recorded as expired like any lapsed hold (no
 * cancellation message: nothing was bought), its seats go back to the departure at once, and the
 * cart is marked released, all in one transaction under the departure's row lock.
 */
import type { RequestOrigin } from '../audit/audit-log.js';
import { lockDepartureRow, lockDepartureRowOf } from '../departures/seats.js';
import type { FlowContext } from './context.js';
import { releaseLapsedHolds } from './seats.js';

/**
 * A cart's Checkout Session expired unpaid: its hold is released at once, unless the cart is paid
 * or another of its payment pages is still payable. Answers whether it was released.
 */
export async function releaseCartOfSession(ctx: FlowContext, sessionId: string, origin: RequestOrigin): Promise<boolean> {
  const session = await ctx.paymentLinks.ofSession(sessionId);
  if (!session || session.status === 'paid' || session.otherOpen) return false;
  return ctx.db.transaction().execute(async (trx) => {
    const at = new Date(ctx.now());
    if (!(await lockDepartureRowOf(trx, ctx.bookings.departureIdOf(session.bookingId)))) return false;
    const cart = await ctx.carts.ofBooking(trx, session.bookingId);
    if (!cart || cart.paid_at !== null || cart.released_at !== null) return false;
    const departureId = (await ctx.bookings.departureOf(trx, session.bookingId));
    if (await ctx.bookings.endHold(trx, session.bookingId, at, origin)) await releaseLapsedHolds(ctx, trx, departureId, at);
    await ctx.carts.markReleased(trx, cart.id, at);
    return true;
  });
}

export async function releaseCart(ctx: FlowContext, cart: { id: string; bookingId: string; departureId: string }, origin: RequestOrigin): Promise<void> {
  await ctx.db.transaction().execute(async (trx) => {
    const at = new Date(ctx.now());
    await lockDepartureRow(trx, cart.departureId);
    if (await ctx.bookings.endHold(trx, cart.bookingId, at, origin)) await releaseLapsedHolds(ctx, trx, cart.departureId, at);
    await ctx.carts.markReleased(trx, cart.id, at);
  });
}
