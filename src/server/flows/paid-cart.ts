/**
 * A shop cart's card payment has been recorded (in the card-payment flow's transaction, the
 * departure's row locked first): the booking is confirmed. Paid after its hold lapsed, it is
 * confirmed as if on time when its seats are still free; when they were sold meanwhile, the money
 * stays recorded and the booking is cancelled with all of it due back (the customer is told by
 * the cancellation message, and staff see it among the refunds due). Money that arrived is never lost.
 */
import type { Kysely } from 'kysely';
import type { RequestOrigin } from '../audit/audit-log.js';
import { toMoney } from '../db/query-helpers.js';
import type { Database } from '../db/schema.js';
import { moveSeats } from '../departures/seats.js';
import type { FlowContext } from './context.js';
import { takeSeatsFreeingLapsed } from './seats.js';

export const SOLD_WHILE_PAYING = 'Paid after the hold had lapsed and its seats were sold: everything paid is to be refunded.';

export async function confirmPaidCart(ctx: FlowContext, trx: Kysely<Database>, cartId: string, bookingId: string, origin: RequestOrigin): Promise<void> {
  const at = new Date(ctx.now());
  const booking = await ctx.bookings.lockForChange(trx, bookingId);
  if (booking.status === 'held') {
    // Its seats still count as held on the departure (lapsed or not: the sweep has not freed them).
    await moveSeats(trx, booking.departure_id, booking.seats, 'held', 'confirmed', at);
    await ctx.bookings.markConfirmed(trx, booking, 'held', at, origin);
  } else if (booking.status === 'expired') {
    if (await takeSeatsFreeingLapsed(ctx, trx, booking.departure_id, booking.seats, 'confirmed', { at, requireOpen: true })) {
      await ctx.bookings.markConfirmed(trx, booking, 'expired', at, origin);
    } else {
      const paid = toMoney(booking.paid_minor)!;
      await ctx.bookings.markCancelled(trx, booking, { from: 'expired', feeMinor: 0, refundDueMinor: paid }, { reason: SOLD_WHILE_PAYING }, at, origin);
    }
  }
  // Confirmed or cancelled already (paid twice, or by staff): the payment is recorded, nothing more to do.
  await ctx.carts.markPaid(trx, cartId, at);
}
