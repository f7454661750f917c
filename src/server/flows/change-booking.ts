/**
 * Change a booking: move it to another departure (of the same tour or another), and/or change its
 * travellers (add, remove, change their categories). The price is taken again from the departure
 * and the components as they are now; the reference, payments and history stay. In one
 * transaction, seats are given back on the old departure and taken on the new one by the same
 * conditional change as any sale, or nothing changes: without seats the booking stays exactly as
 * it was. Departures' rows are locked in the order of their ids, then the booking's row, so two
 * changes in opposite directions cannot deadlock.
 */
import type { Booking } from '../../shared/contract/bookings.js';
import type { RequestOrigin } from '../audit/audit-log.js';
import { changeableFrom, checkNewBooking, closedBecause, priceSale, seatsOf, type ChangedSale } from '../bookings/rules.js';
import { departureErrors } from '../departures/errors.js';
import { freeSeats, lockDepartureRow, moveSeats } from '../departures/seats.js';
import { toMoney } from '../db/query-helpers.js';
import { httpErrors } from '../http/errors.js';
import type { FlowContext } from './context.js';
import { takeSeatsFreeingLapsed } from './seats.js';

export interface BookingChangeRequest {
  /** Another departure to move the booking to. */
  departureId?: string;
  /** The travellers as they are to be, in order; an `id` keeps that traveller (and their names unless given). */
  travellers?: ChangedSale['travellers'];
}

export async function changeBooking(ctx: FlowContext, id: string, change: BookingChangeRequest, origin: RequestOrigin): Promise<Booking> {
  return ctx.db.transaction().execute(async (trx) => {
    const at = new Date(ctx.now());
    const fromDepartureId = await ctx.bookings.departureOf(trx, id);
    const toDepartureId = change.departureId ?? fromDepartureId;
    for (const departureId of [...new Set([fromDepartureId, toDepartureId])].sort()) await lockDepartureRow(trx, departureId);
    const booking = await ctx.bookings.lockForChange(trx, id);
    const state = changeableFrom(booking, at);
    const lines = await ctx.bookings.linesForChange(trx, id);

    const travellers = change.travellers ?? lines.travellers;
    const known = new Map(lines.travellers.map((traveller) => [traveller.id, traveller]));
    const problems: Record<string, string> = {};
    travellers.forEach((traveller, index) => {
      if (traveller.id !== undefined && !known.has(traveller.id)) problems[`travellers.${index}.id`] = 'must be a traveller of this booking';
    });
    if (Object.keys(problems).length > 0) throw httpErrors.validation(problems);
    const singleRooms = Math.min(lines.singleRooms, travellers.filter((traveller) => traveller.category === 'ADULT').length);
    const request = { departureId: toDepartureId, contact: { name: '-', email: '-' }, travellers, extras: lines.extras, singleRooms };
    checkNewBooking(request);

    const departure = await ctx.departures.forSale(trx, toDepartureId);
    if (!departure) throw httpErrors.validation({ departureId: 'must be an existing departure' });
    const seats = seatsOf(travellers);
    const moving = toDepartureId !== fromDepartureId;
    // A departure that no longer sells takes no new seats: neither a booking moved onto it nor more travellers.
    if (moving || seats > booking.seats) {
      const closed = closedBecause(departure, at);
      if (closed) throw departureErrors.departureClosed(closed);
    }
    // Money stays in one currency: a booking with money taken moves only to a tour sold in the same one.
    if (departure.currency !== booking.currency && toMoney(booking.paid_minor) !== 0) {
      throw httpErrors.validation({ departureId: `is sold in ${departure.currency}, and this booking has payments in ${booking.currency}: refund them first, or cancel and book again` });
    }
    const components = await ctx.tours.componentsForSale(trx, departure.tour_id, lines.extras.map((extra) => extra.componentId));
    const price = priceSale(request, departure, components);

    if (moving) {
      await moveSeats(trx, fromDepartureId, booking.seats, state, null, at);
      if (!(await takeSeatsFreeingLapsed(ctx, trx, toDepartureId, seats, state, { at, requireOpen: true }))) {
        throw departureErrors.soldOut(freeSeats(await lockDepartureRow(trx, toDepartureId)));
      }
    } else if (seats > booking.seats) {
      if (!(await takeSeatsFreeingLapsed(ctx, trx, toDepartureId, seats - booking.seats, state, { at, requireOpen: true }))) {
        throw departureErrors.soldOut(freeSeats(await lockDepartureRow(trx, toDepartureId)));
      }
    } else if (seats < booking.seats) {
      await moveSeats(trx, toDepartureId, booking.seats - seats, state, null, at);
    }
    const changed = await ctx.bookings.rewrite(trx, booking, { departure, travellers, price, seats, at }, origin);
    await ctx.webhooks.enqueue(trx, [changed], origin);
    return changed;
  });
}
