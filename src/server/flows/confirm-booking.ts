/**
 * Confirm a booking: a held one's seats move from held to confirmed; a waitlisted one is
 * confirmed only if its seats are free now. The departure's row is locked before the booking's.
 */
import type { Booking } from '../../shared/contract/bookings.js';
import type { RequestOrigin } from '../audit/audit-log.js';
import type { BookingAmendment } from '../bookings/repository.js';
import { confirmableFrom } from '../bookings/rules.js';
import { departureErrors } from '../departures/errors.js';
import { freeSeats, lockDepartureRow, lockDepartureRowOf, moveSeats } from '../departures/seats.js';
import type { FlowContext } from './context.js';
import { takeSeatsFreeingLapsed } from './seats.js';

/** `amendment`: what to write on the booking in the same transaction (a reseller confirms with the contact and names). */
export async function confirmBooking(ctx: FlowContext, id: string, origin: RequestOrigin, amendment?: BookingAmendment): Promise<Booking> {
  return ctx.db.transaction().execute(async (trx) => {
    const at = new Date(ctx.now());
    // The departure's row first, found from the booking in the same statement; no row: no such booking (404).
    if (!(await lockDepartureRowOf(trx, ctx.bookings.departureIdOf(id)))) await ctx.bookings.departureOf(trx, id);
    const booking = await ctx.bookings.lockForChange(trx, id);
    const from = confirmableFrom(booking, at);
    if (amendment) await ctx.bookings.amend(trx, id, amendment, origin);
    if (from === 'held') {
      await moveSeats(trx, booking.departure_id, booking.seats, 'held', 'confirmed', at);
    } else if (!(await takeSeatsFreeingLapsed(ctx, trx, booking.departure_id, booking.seats, 'confirmed', { at, from: 'waitlisted', requireOpen: false }))) {
      const departure = await lockDepartureRow(trx, booking.departure_id);
      if (departure.status === 'cancelled') throw departureErrors.departureClosed('This departure is cancelled.');
      throw departureErrors.soldOut(freeSeats(departure));
    }
    const confirmed = await ctx.bookings.markConfirmed(trx, booking, from, at, origin);
    await ctx.webhooks.enqueue(trx, [confirmed], origin);
    return confirmed;
  });
}
