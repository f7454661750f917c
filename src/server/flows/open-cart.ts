/**
 * A customer's cart in the operator's own shop: a held booking (channel online) and the cart's row
 * written in its transaction, after the address's open carts are counted under a lock of that
 * address: past the limit the whole sale is undone, its seats with it.
 *
 * The departure is read once, outside the transaction, as the reseller's hold reads it (it says
 * whether the shop sells it and at what price); in the transaction one statement takes the seats
 * and writes the booking, its travellers and its history, the seats' change checking again that
 * the departure is open and has them. Whatever that statement cannot settle (lapsed holds to give
 * back first, or sold out) goes to the book-seats flow, which answers exactly why.
 */
import type { Booking, NewBooking } from '../../shared/contract/bookings.js';
import type { RequestOrigin } from '../audit/audit-log.js';
import { checkNewBooking, closedBecause, priceSale, seatsOf } from '../bookings/rules.js';
import { departureErrors } from '../departures/errors.js';
import { takeSeatsQuery } from '../departures/seats.js';
import { httpErrors } from '../http/errors.js';
import { bookSeats } from './book-seats.js';
import type { FlowContext } from './context.js';

export interface CartToOpen {
  /** SHA-256 of the cart's key. */
  hash: string;
  client: string;
  language: 'en' | 'de' | null;
  maxOpen: number;
  /** Seats the address's open carts may hold together, this one's included. */
  maxSeats: number;
}

/** The statement could not take the seats at once: the book-seats flow decides. */
class NotAtOnce extends Error {}

export const openCartErrors = {
  noSuchDeparture: () => httpErrors.notFound('No such departure.'),
  tooMany: (maxPax: number) => httpErrors.validation({ travellers: `must be at most ${maxPax} on this tour` }),
};

export async function openCart(ctx: FlowContext, input: NewBooking, origin: RequestOrigin, cart: CartToOpen): Promise<Booking> {
  checkNewBooking(input);
  const departure = await ctx.departures.forSale(ctx.db, input.departureId);
  // What the shop sells: a published tour sold online, a departure not cancelled; anything else is no departure to a customer.
  if (!departure || departure.tour_status !== 'published' || !departure.bookable_online || departure.status === 'cancelled') throw openCartErrors.noSuchDeparture();
  const seats = seatsOf(input.travellers);
  if (departure.max_pax !== null && input.travellers.length > departure.max_pax) throw openCartErrors.tooMany(departure.max_pax);
  const at = new Date(ctx.now());
  const closed = closedBecause(departure, at);
  if (closed) throw departureErrors.departureClosed(closed);
  const held = { ...input, status: 'held' as const, waitlist: false };
  const onBooked = (trx: Parameters<NonNullable<Parameters<typeof bookSeats>[3]>>[0], booking: Booking) => ctx.carts.insertIn(trx, { ...cart, bookingId: booking.id, seats: booking.seats });
  // A promo code is claimed under its row's lock, which the book-seats flow takes.
  if (input.promoCode !== undefined) return bookSeats(ctx, held, origin, onBooked, undefined, true);
  const extras = input.extras ?? [];
  const components = extras.length === 0 ? [] : await ctx.tours.componentsForSale(ctx.db, departure.tour_id, extras.map((extra) => extra.componentId));
  const price = priceSale(held, departure, components);
  try {
    return await ctx.db.transaction().execute(async (trx) => {
      const done = await ctx.bookings.insertWhenSeatsTaken(
        trx,
        { input: held, departure, tourCode: departure.tour_code, currency: departure.currency, status: 'held', seats, price, at, online: true },
        origin,
        {
          seatsTaken: takeSeatsQuery(trx, departure.id, seats, 'held', { at, requireOpen: true }).returningAll(),
          // A customer's booking has no creator among the users, and no reseller.
          joined: { tour_code: departure.tour_code, tour_title: departure.tour_title, time_zone: departure.time_zone, start_time: departure.start_time, reseller_name: null, created_by_name: null },
        },
      );
      if (!done) throw new NotAtOnce();
      // The seats first, as the book-seats flow takes them (sold out is said before a full address), then the address's room.
      await ctx.carts.checkRoomIn(trx, { seats, client: cart.client, maxOpen: cart.maxOpen, maxSeats: cart.maxSeats });
      await ctx.carts.writeIn(trx, { hash: cart.hash, bookingId: done.booking.id, client: cart.client, language: cart.language });
      return done.booking;
    });
  } catch (error) {
    if (!(error instanceof NotAtOnce)) throw error;
  }
  return bookSeats(ctx, held, origin, onBooked, undefined, true);
}
