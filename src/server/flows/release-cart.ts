/**
 * A customer gives up their cart: its hold ends now, recorded as expired like any lapsed hold (no
 * cancellation message: nothing was bought), its seats go back to the departure at once, and the
 * cart is marked released, all in one transaction under the departure's row lock.
 */
import type { RequestOrigin } from '../audit/audit-log.js';
import { lockDepartureRow } from '../departures/seats.js';
import type { FlowContext } from './context.js';
import { releaseLapsedHolds } from './seats.js';

export async function releaseCart(ctx: FlowContext, cart: { id: string; bookingId: string; departureId: string }, origin: RequestOrigin): Promise<void> {
  await ctx.db.transaction().execute(async (trx) => {
    const at = new Date(ctx.now());
    await lockDepartureRow(trx, cart.departureId);
    if (await ctx.bookings.endHold(trx, cart.bookingId, at, origin)) await releaseLapsedHolds(ctx, trx, cart.departureId, at);
    await ctx.carts.markReleased(trx, cart.id, at);
  });
}
