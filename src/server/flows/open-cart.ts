/**
 * A customer's cart in the operator's own shop: a held booking (channel online) made by the same
 * book-seats flow as the office's, and the cart's row written in its transaction. The cart is
 * written last, after the address's open carts are counted under a lock of that address: past the
 * limit the whole sale is undone, its seats with it.
 */
import type { Booking, NewBooking } from '../../shared/contract/bookings.js';
import type { RequestOrigin } from '../audit/audit-log.js';
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

export async function openCart(ctx: FlowContext, input: NewBooking, origin: RequestOrigin, cart: CartToOpen): Promise<Booking> {
  return bookSeats(ctx, { ...input, status: 'held', waitlist: false }, origin, (trx, booking) => ctx.carts.insertIn(trx, { ...cart, bookingId: booking.id, seats: booking.seats }), undefined, true);
}
