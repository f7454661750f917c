/**
 * The booking rules that need no database: what a new booking must hold, when a departure still
 * sells, what a booking costs, and which status may become which. The flows (server/flows) apply
 * them between reading rows and writing them.
 */
import type { Booking, BookingStatus, CancelBooking, NewBooking } from '../../shared/contract/bookings.js';
import { priceBooking, type BookingPrice } from '../../shared/booking-price.js';
import type { PromoTerms } from '../../shared/contract/promo-codes.js';
import { findPricesFor, type PricingTerms } from '../../shared/pricing.js';
import { isCalendarDate } from '../../shared/local-time.js';
import { formatMinor } from '../../shared/money.js';
import { toMoney } from '../db/query-helpers.js';
import { httpErrors } from '../http/errors.js';

/** A booking's row as the flows lock it before a change. */
export interface LockedBooking {
  id: string;
  reference: string;
  departure_id: string;
  status: BookingStatus;
  hold_expires_at: Date | null;
  seats: number;
  currency: string;
  paid_minor: string | number;
  /** The promo code's terms it was sold with: a change is priced with them again. */
  promo_code: PromoTerms | null;
}

/** What a new booking reads of its departure, with its tour's terms. */
export interface DepartureForSale {
  id: string;
  tour_id: string;
  status: string;
  start_date: string;
  starts_at: Date;
  price_adult_minor: string | number | null;
  price_child_minor: string | number | null;
  price_infant_minor: string | number | null;
  /** What its price is found from (the departures domain reads it with the departure), and when. */
  pricing_terms: PricingTerms;
  priced_at: Date;
  single_supplement_minor: string | number | null;
  tour_status: string;
  currency: string;
  tour_code: string;
  booking_cutoff_hours: number;
  /** What a booking's answer shows of its tour and departure. */
  tour_title: string;
  time_zone: string;
  start_time: string;
}

/** A component a booking may add as an extra. */
export interface ComponentForSale {
  id: string;
  name: string;
  inclusion: 'included' | 'optional';
  price_minor: string | number | null;
}

/** A sale by a reseller over OCTO: who sells it, under which of its references, and its commission. */
/** What a reseller calls one traveller (its OCTO unit item): the uuid it chose and its own reference. */
export interface ResellerUnit {
  uuid: string | null;
  reference: string | null;
}

export interface ResellerSale {
  /** The product (tour) the reseller asked for: a departure of another is refused. */
  tourId: string;
  resellerId: string;
  resellerName: string;
  keyId: string;
  resellerReference: string | null;
  octoUuid: string;
  /** Made with a test key: the booking is a test (bookings.test_mode). */
  testMode: boolean;
  /** Hundredths of a percent. */
  commissionBp: number;
  /** The contact as the reseller gave it (its own fields), kept to answer them back. */
  contact: Record<string, unknown> | null;
}

/** A sale ready to be written: the flow has priced it and taken (or waitlisted) its seats. */
export interface PricedSale {
  input: NewBooking;
  departure: DepartureForSale;
  tourCode: string;
  currency: string;
  status: 'held' | 'confirmed' | 'waitlisted';
  seats: number;
  price: BookingPrice;
  at: Date;
  reseller?: ResellerSale;
  /** The operator's own shop sold it (a customer's cart). */
  online?: boolean;
  /** The promo code's row the price took, when it took one. */
  promoCodeId?: string;
}

/** A booking changed: its (maybe new) departure, its travellers as they are to be, priced again, and the seats they take. */
export interface ChangedSale {
  departure: DepartureForSale;
  travellers: (Omit<NewBooking['travellers'][number], 'dateOfBirth'> & { id?: string; dateOfBirth?: string | null })[];
  price: BookingPrice;
  seats: number;
  at: Date;
}

/** A cancellation's terms: the status it leaves, the fee kept and what is due back. */
export interface Cancellation {
  from: BookingStatus;
  feeMinor: number;
  refundDueMinor: number;
}

/** Travellers' birth dates that are not real dates (2026-02-30), by field. */
export function birthDateProblems(travellers: { dateOfBirth?: string | null }[]): Record<string, string> {
  const problems: Record<string, string> = {};
  travellers.forEach((traveller, index) => {
    if (traveller.dateOfBirth && !isCalendarDate(traveller.dateOfBirth)) problems[`travellers.${index}.dateOfBirth`] = 'must be a real date such as 1984-02-29';
  });
  return problems;
}

/** The seats a booking takes: adults and children (an infant sits on a lap). */
export function seatsOf(travellers: { category: string }[]): number {
  return travellers.filter((traveller) => traveller.category !== 'INFANT').length;
}

export function checkNewBooking(input: NewBooking): void {
  const problems = birthDateProblems(input.travellers);
  if (input.travellers.every((traveller) => traveller.category === 'INFANT')) problems.travellers = 'an infant travels with an adult or a child';
  const adults = input.travellers.filter((traveller) => traveller.category === 'ADULT').length;
  if ((input.singleRooms ?? 0) > adults) problems.singleRooms = `must not be more than the adults (${adults})`;
  const seen = new Set<string>();
  input.extras?.forEach((extra, index) => {
    if (seen.has(extra.componentId)) problems[`extras.${index}.componentId`] = 'is listed twice: give one line a larger quantity';
    seen.add(extra.componentId);
  });
  if (Object.keys(problems).length > 0) throw httpErrors.validation(problems);
}

/**
 * Why the departure takes no new booking now, or null when it does. `pastCutoff`: a staff member
 * allowed to (bookings.override_cutoff, with a reason) books between the cut-off and the start; a
 * departure that has started is closed to everyone.
 */
export function closedBecause(departure: { status: string; tour_status: string; starts_at: Date; booking_cutoff_hours: number }, at: Date, options: { pastCutoff?: boolean } = {}): string | null {
  if (departure.status === 'cancelled') return 'This departure is cancelled.';
  if (departure.status === 'closed') return 'This departure is closed to new bookings.';
  if (departure.tour_status !== 'published') return 'This tour is not published: its departures cannot be booked.';
  const cutoff = departure.starts_at.getTime() - departure.booking_cutoff_hours * 3_600_000;
  if (at.getTime() >= departure.starts_at.getTime()) return 'This departure has started.';
  if (at.getTime() >= cutoff && !options.pastCutoff) {
    return departure.booking_cutoff_hours > 0 ? `Bookings for this departure closed ${departure.booking_cutoff_hours} hours before it starts.` : 'This departure has started.';
  }
  return null;
}

/**
 * Prices from the departure and the components as they are now, kept on the booking: the rule the
 * new-booking form shows too (shared/booking-price.ts). 400 with every line that cannot be sold.
 */
export function priceSale(input: NewBooking, departure: DepartureForSale, components: ComponentForSale[], promo: PromoTerms | null = null): BookingPrice {
  // The price found now for these travellers: the departure's, its season's or its tour's, less the rule that applies (shared/pricing.ts).
  const found = findPricesFor(departure.pricing_terms, departure.starts_at.getTime(), departure.priced_at.getTime(), input.travellers);
  const price = priceBooking(
    input,
    {
      prices: found.prices,
      listPrices: found.listPrices,
      rule: found.rule,
      singleSupplementMinor: toMoney(departure.single_supplement_minor),
      promo,
    },
    components.map((component) => ({ id: component.id, name: component.name, inclusion: component.inclusion, priceMinor: toMoney(component.price_minor) })),
  );
  if (Object.keys(price.problems).length > 0) throw httpErrors.validation(price.problems);
  return price;
}

/** A held booking whose hold has lapsed is expired, whether or not the sweep has recorded it yet. */
export function effectiveStatus(booking: { status: Booking['status']; hold_expires_at: Date | null }, at: Date): Booking['status'] {
  return booking.status === 'held' && booking.hold_expires_at !== null && booking.hold_expires_at.getTime() <= at.getTime() ? 'expired' : booking.status;
}

/** The status a booking is confirmed from; 409 when it cannot be. */
export function confirmableFrom(booking: LockedBooking, at: Date): 'held' | 'waitlisted' {
  const status = effectiveStatus(booking, at);
  if (status === 'confirmed') throw httpErrors.conflict('This booking is confirmed already.');
  if (status === 'cancelled') throw httpErrors.conflict('This booking is cancelled: it cannot be confirmed.');
  if (status === 'expired') throw httpErrors.conflict('The hold on this booking has expired and its seats were freed: make a new booking.');
  return status;
}

/** The fee (at most what was paid) is kept, the rest of what was paid is due back; 409 when the booking cannot be cancelled. */
export function cancellation(booking: LockedBooking, input: CancelBooking, at: Date): Cancellation & { from: 'held' | 'confirmed' | 'waitlisted' } {
  const status = effectiveStatus(booking, at);
  if (status === 'cancelled') throw httpErrors.conflict('This booking is cancelled already.');
  if (status === 'expired') throw httpErrors.conflict('The hold on this booking has expired: its seats are free already.');
  const paid = toMoney(booking.paid_minor)!;
  const fee = input.feeMinor ?? 0;
  if (fee > paid) throw httpErrors.validation({ feeMinor: `must not be more than what was paid (${formatMinor(paid, booking.currency)})` });
  return { from: status, feeMinor: fee, refundDueMinor: paid - fee };
}

/** The status a booking is changed in (its seats stay held or confirmed); 409 when it cannot be changed. */
export function changeableFrom(booking: LockedBooking, at: Date): 'held' | 'confirmed' {
  const status = effectiveStatus(booking, at);
  if (status === 'cancelled') throw httpErrors.conflict('This booking is cancelled: it cannot be changed.');
  if (status === 'expired') throw httpErrors.conflict('The hold on this booking has expired and its seats were freed: make a new booking.');
  if (status === 'waitlisted') throw httpErrors.conflict('A waitlisted booking is confirmed or cancelled; it is not moved or changed.');
  return status;
}
