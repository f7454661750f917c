/** Cancel a booking: its seats are given back exactly once, in the transaction that records the cancellation. */
import type { Kysely } from 'kysely';
import type { Booking, CancelBooking } from '../../shared/contract/bookings.js';
import type { Database } from '../db/schema.js';
import type { RequestOrigin } from '../audit/audit-log.js';
import { cancellation } from '../bookings/rules.js';
import { lockDepartureRowOf, moveSeats } from '../departures/seats.js';
import type { FlowContext } from './context.js';

export async function cancelBooking(ctx: FlowContext, id: string, input: CancelBooking, origin: RequestOrigin): Promise<Booking> {
  return ctx.db.transaction().execute((trx) => cancelWithin(ctx, trx, id, input, origin));
}

/** The cancellation in the caller's transaction (a customer's own cancellation asks for its card refunds in it too). */
export async function cancelWithin(ctx: FlowContext, trx: Kysely<Database>, id: string, input: CancelBooking, origin: RequestOrigin): Promise<Booking> {
  const at = new Date(ctx.now());
  // The departure's row first, found from the booking in the same statement; no row: no such booking (404).
  if (!(await lockDepartureRowOf(trx, ctx.bookings.departureIdOf(id)))) await ctx.bookings.departureOf(trx, id);
  const booking = await ctx.bookings.lockForChange(trx, id);
  const terms = cancellation(booking, input, at);
  await moveSeats(trx, booking.departure_id, booking.seats, terms.from, null, at);
  const cancelled = await ctx.bookings.markCancelled(trx, booking, terms, input, at, origin);
  await ctx.webhooks.enqueue(trx, [cancelled], origin);
  return cancelled;
}
