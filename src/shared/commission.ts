/**
 * A reseller's commission and net rate. The commission is kept in hundredths of a percent (12.5 %
 * is 1250), so every figure is an exact integer of minor units: the commission on an amount is
 * rounded to the minor unit (half up), and the net is the amount less it. A booking's net is the
 * sum of its lines' nets, so what a reseller sees per unit adds up to what it owes.
 */
import type { BookingPrice } from './booking-price.js';

export function commissionOf(amountMinor: number, commissionBp: number): number {
  return Math.round((amountMinor * commissionBp) / 10_000);
}

export function netOf(amountMinor: number, commissionBp: number): number {
  return amountMinor - commissionOf(amountMinor, commissionBp);
}

/** What a reseller owes for a priced booking: each traveller's, extra's and single room's net, less the net of a code off the whole booking. */
export function bookingNetOf(price: Pick<BookingPrice, 'travellerPrices' | 'extras' | 'singleRooms' | 'supplementMinor'> & { bookingPromoMinor?: number }, commissionBp: number): number {
  let net = 0;
  for (const unit of price.travellerPrices) net += netOf(unit ?? 0, commissionBp);
  for (const extra of price.extras) net += netOf(extra.unitPriceMinor, commissionBp) * extra.quantity;
  net += netOf(price.supplementMinor, commissionBp) * price.singleRooms;
  net -= netOf(price.bookingPromoMinor ?? 0, commissionBp);
  return net;
}
