/**
 * What a booking costs, in one pure function both sides use: the server prices the booking it
 * writes with it, the new-booking form shows the same lines while they are typed. Amounts are
 * integers of minor units. A traveller's category the departure does not sell, single rooms it
 * does not offer, or an extra that is not an optional component of the tour is a problem (by the
 * field the API names); the server refuses the booking with them, the form keeps them out of the total.
 */
import type { PromoTerms } from './contract/promo-codes.js';
import { TRAVELLER_CATEGORIES } from './contract/tour-rules.js';
import { lessPercent } from './pricing.js';

export type TravellerCategory = (typeof TRAVELLER_CATEGORIES)[number];

/** What the departure sells at now: its price per category (null: not sold) and single supplement. */
export interface DepartureTerms {
  prices: Record<TravellerCategory, number | null>;
  singleSupplementMinor: number | null;
  /** The list prices `prices` were found from, and the rule that took them there (shared/pricing.ts); the prices themselves when left out. */
  listPrices?: Record<TravellerCategory, number | null>;
  rule?: { kind: 'early_bird' | 'last_minute' | 'group'; percent: number } | null;
  /** The booking's promo code, taken off after the rule (a code per traveller off each price, a code per booking off the whole amount). */
  promo?: PromoTerms | null;
}

/** A component of the tour, as an extra may be sold from it. */
export interface ExtraTerms {
  id: string;
  name: string;
  inclusion: 'included' | 'optional';
  priceMinor: number | null;
}

export interface PriceRequest {
  travellers: { category: TravellerCategory }[];
  extras?: { componentId: string; quantity: number }[];
  singleRooms?: number;
}

export type PriceLine =
  | { kind: 'travellers'; category: TravellerCategory; quantity: number; unitPriceMinor: number; amountMinor: number }
  | { kind: 'extra'; componentId: string; name: string; quantity: number; unitPriceMinor: number; amountMinor: number }
  | { kind: 'singleRooms'; quantity: number; unitPriceMinor: number; amountMinor: number }
  /** A code off the whole booking: one line of minus what it gives. */
  | { kind: 'promo'; code: string; quantity: 1; unitPriceMinor: number; amountMinor: number };

export interface BookingPrice {
  /** Each traveller's price, in the request's order (null: the category is not sold). */
  travellerPrices: (number | null)[];
  /** Each traveller's list price, before the rule (the same as travellerPrices when none applied). */
  travellerListPrices: (number | null)[];
  /** The rule the travellers' prices were found with. */
  rule: { kind: 'early_bird' | 'last_minute' | 'group'; percent: number } | null;
  /** The promo code the booking carries, as its terms were when it was sold, or null. */
  promo: PromoTerms | null;
  /** What the code gave: off the travellers' prices (a code per traveller) or off the whole amount (a code per booking). */
  promoDiscountMinor: number;
  /** A code per booking's part of promoDiscountMinor: the promo line's amount, positive (0 for a code per traveller). */
  bookingPromoMinor: number;
  /** What the rule and the code gave in all: the travellers' list prices less their charged prices, and a code off the whole booking. */
  discountMinor: number;
  /** The extras as sold: the component's name and price now, kept on the booking. */
  extras: { componentId: string; name: string; quantity: number; unitPriceMinor: number }[];
  singleRooms: number;
  /** The supplement per single room (0 when none is sold). */
  supplementMinor: number;
  /** The lines of the summary: travellers by category, each extra, single rooms. */
  lines: PriceLine[];
  totalMinor: number;
  /** What cannot be sold, by the field the API names; empty when the booking can be. */
  problems: Record<string, string>;
}

/** A price less a code per traveller: a percent rounded half away from zero, an amount never below 0. */
export function lessPromo(priceMinor: number, promo: Pick<PromoTerms, 'kind' | 'value'>): number {
  return promo.kind === 'percent' ? lessPercent(priceMinor, promo.value) : Math.max(0, priceMinor - promo.value);
}

export function priceBooking(request: PriceRequest, departure: DepartureTerms, components: ExtraTerms[]): BookingPrice {
  const problems: Record<string, string> = {};
  const promo = departure.promo ?? null;
  // Each category's charged price: the price found (after the rule), less a code per traveller.
  const charged = (category: TravellerCategory): number | null => {
    const price = departure.prices[category];
    return price !== null && promo?.appliesTo === 'traveller' ? lessPromo(price, promo) : price;
  };
  const travellerPrices = request.travellers.map((traveller, index) => {
    const price = charged(traveller.category);
    if (price === null) problems[`travellers.${index}.category`] = `${traveller.category.toLowerCase()} places are not sold on this departure`;
    return price;
  });
  const lines: PriceLine[] = [];
  for (const category of TRAVELLER_CATEGORIES) {
    const quantity = request.travellers.filter((traveller) => traveller.category === category).length;
    const unitPriceMinor = charged(category);
    if (quantity > 0 && unitPriceMinor !== null) lines.push({ kind: 'travellers', category, quantity, unitPriceMinor, amountMinor: quantity * unitPriceMinor });
  }

  // Problems in the order the form's fields come: travellers, single rooms, extras.
  const singleRooms = request.singleRooms ?? 0;
  const supplement = departure.singleSupplementMinor;
  if (singleRooms > 0 && supplement === null) problems.singleRooms = 'single rooms are not sold on this departure';

  const byId = new Map(components.map((component) => [component.id, component]));
  const extras: BookingPrice['extras'] = [];
  (request.extras ?? []).forEach((extra, index) => {
    const component = byId.get(extra.componentId);
    if (!component) problems[`extras.${index}.componentId`] = 'must be a component of this tour';
    else if (component.inclusion !== 'optional') problems[`extras.${index}.componentId`] = `${component.name} is included in the tour, not an extra`;
    else {
      const unitPriceMinor = component.priceMinor ?? 0;
      extras.push({ componentId: component.id, name: component.name, quantity: extra.quantity, unitPriceMinor });
      if (extra.quantity > 0 && component.priceMinor !== null) {
        lines.push({ kind: 'extra', componentId: component.id, name: component.name, quantity: extra.quantity, unitPriceMinor, amountMinor: extra.quantity * unitPriceMinor });
      }
    }
  });

  if (singleRooms > 0 && supplement !== null) lines.push({ kind: 'singleRooms', quantity: singleRooms, unitPriceMinor: supplement, amountMinor: singleRooms * supplement });

  // A code per booking comes off the whole amount, once, after everything else; never below 0.
  const subtotal = lines.reduce((sum, line) => sum + line.amountMinor, 0);
  const bookingPromoMinor = promo?.appliesTo === 'booking' ? (promo.kind === 'percent' ? subtotal - lessPercent(subtotal, promo.value) : Math.min(promo.value, subtotal)) : 0;
  if (promo && bookingPromoMinor > 0) lines.push({ kind: 'promo', code: promo.code, quantity: 1, unitPriceMinor: -bookingPromoMinor, amountMinor: -bookingPromoMinor });
  const totalMinor = subtotal - bookingPromoMinor;
  if (!Number.isSafeInteger(subtotal) && Object.keys(problems).length === 0) problems.travellers = 'the total is beyond what can be stored';
  const listed = departure.listPrices ?? departure.prices;
  const travellerListPrices = request.travellers.map((traveller) => listed[traveller.category]);
  const offEach = (price: number | null, from: number | null) => Math.max(0, (from ?? 0) - (price ?? 0));
  const travellerDiscount = travellerPrices.reduce<number>((sum, price, index) => sum + offEach(price, travellerListPrices[index] ?? null), 0);
  const travellerPromo = promo?.appliesTo === 'traveller' ? request.travellers.reduce((sum, traveller) => sum + offEach(charged(traveller.category), departure.prices[traveller.category]), 0) : 0;
  return {
    travellerPrices,
    travellerListPrices,
    rule: departure.rule ?? null,
    promo,
    promoDiscountMinor: travellerPromo + bookingPromoMinor,
    bookingPromoMinor,
    discountMinor: travellerDiscount + bookingPromoMinor,
    extras,
    singleRooms,
    supplementMinor: supplement ?? 0,
    lines,
    totalMinor,
    problems,
  };
}
