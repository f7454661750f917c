/**
 * A reseller's hold and its confirmation, each written by one statement: the departures' same
 * conditional change of seats and the bookings' same rows as the book-seats and confirm-booking
 * flows write, composed so that either all of it is written or none. A reseller books in two calls
 * (reserve, then confirm) where a clerk books in one; one statement each keeps a reseller's booking
 * about as cheap as a clerk's, and a departure's row is locked only for as long as one statement.
 *
 * Whatever the one statement cannot settle goes to the general flows, which answer exactly why:
 * seats not free (lapsed holds to give back first, or sold out), a departure that no longer sells,
 * a booking changed since it was read, a hold that has lapsed.
 */
import type { Booking, NewBooking } from '../../shared/contract/bookings.js';
import type { Departure } from '../../shared/contract/departures.js';
import type { RequestOrigin } from '../audit/audit-log.js';
import type { BookingAmendment } from '../bookings/repository.js';
import { checkNewBooking, closedBecause, priceSale, seatsOf, type ResellerSale } from '../bookings/rules.js';
import { departureFromJson } from '../departures/repository.js';
import { lockDepartureQuery, moveSeatsQuery, takeSeatsQuery } from '../departures/seats.js';
import { bookSeats } from './book-seats.js';
import { confirmBooking } from './confirm-booking.js';
import type { FlowContext } from './context.js';

/** A sale's answer: the booking, and its departure as the same statement left it (null when a general flow made the change). */
export interface ResellerSaleDone {
  booking: Booking;
  departure: Departure | null;
}

/** A reseller's hold (status held, no extras, no waitlist): one statement takes the seats and writes the booking, else the book-seats flow. */
export async function holdForReseller(ctx: FlowContext, input: NewBooking, origin: RequestOrigin, reseller: ResellerSale): Promise<ResellerSaleDone> {
  checkNewBooking(input);
  // A promo code is claimed under its row's lock, which the book-seats flow takes.
  const simple = input.status === 'held' && !input.waitlist && (input.extras ?? []).length === 0 && input.promoCode === undefined && origin.actorId === null;
  const departure = simple ? await ctx.departures.forSale(ctx.db, input.departureId) : undefined;
  const at = new Date(ctx.now());
  // Read outside any transaction, as the flow reads it inside one (neither locks it): the change of
  // seats checks again that the departure is open and has the seats.
  if (departure && departure.tour_id === reseller.tourId && !closedBecause(departure, at)) {
    const seats = seatsOf(input.travellers);
    const price = priceSale(input, departure, []);
    const done = await ctx.bookings.insertWhenSeatsTaken(
      ctx.db,
      { input, departure, tourCode: departure.tour_code, currency: departure.currency, status: 'held', seats, price, at, reseller },
      origin,
      {
        seatsTaken: takeSeatsQuery(ctx.db, departure.id, seats, 'held', { at, requireOpen: true }).returningAll(),
        // A reseller's booking has no creator among the users.
        joined: { tour_code: departure.tour_code, tour_title: departure.tour_title, time_zone: departure.time_zone, start_time: departure.start_time, reseller_name: reseller.resellerName, created_by_name: null },
        alsoRead: ctx.departures.departureWritten('taken'),
      },
    );
    if (done) return { booking: done.booking, departure: departureFromJson(done.also) };
  }
  return { booking: await bookSeats(ctx, input, origin, undefined, reseller), departure: null };
}

/**
 * A reseller confirms its own held booking (`read`, as it read it) with a contact and its
 * reference: one statement locks the departure's row, confirms the booking if it is still as read
 * and moves its seats from held to confirmed; else the confirm-booking flow. A reseller's own call
 * sends it no webhook, so none is written here.
 */
export async function confirmForReseller(ctx: FlowContext, read: Booking, amendment: BookingAmendment, origin: RequestOrigin): Promise<ResellerSaleDone> {
  return (await confirmHeldAsRead(ctx, read, amendment, origin)) ?? { booking: await confirmBooking(ctx, read.id, origin, amendment), departure: null };
}

/**
 * The one statement of confirmForReseller alone: null, having written nothing, when it cannot
 * settle the confirmation (the booking is not the caller's own hold as read, or names come with it).
 */
export async function confirmHeldAsRead(ctx: FlowContext, read: Booking, amendment: BookingAmendment, origin: RequestOrigin): Promise<ResellerSaleDone | null> {
  const ownCall = read.resellerId !== null && read.resellerId === origin.resellerId;
  if (!ownCall || read.status !== 'held' || amendment.travellers !== undefined || amendment.notes !== undefined) return null;
  const at = new Date(ctx.now());
  const done = await ctx.bookings.confirmAsRead(ctx.db, read, amendment, origin, {
    at,
    departureLocked: lockDepartureQuery(ctx.db, read.departureId),
    seatsMoved: (when) => moveSeatsQuery(ctx.db, read.departureId, read.seats, 'held', 'confirmed', at).where(when).returningAll(),
    alsoRead: ctx.departures.departureWritten('moved'),
  });
  return done ? { booking: done.booking, departure: departureFromJson(done.also) } : null;
}
