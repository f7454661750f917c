/**
 * How a price is found, in one pure function every channel uses: the office's departures and
 * booking form, the shop's availability and carts, the resellers' OCTO availability and bookings,
 * and the price quote. For a traveller of a category on a departure, booked at a moment:
 *
 * 1. the base (the list price): the departure's own price when staff set one for that departure;
 *    otherwise the price of the tour's season whose travel dates hold the departure's local start
 *    date; otherwise the tour's price;
 * 2. of the tour's active rules that apply, the one giving the largest discount (rules never add up):
 *    early bird (booked at least N days before the start), last minute (booked at most N hours
 *    before it), group (at least N paying travellers in the booking).
 *
 * Each step rounds the price it gives to the currency's minor unit, half away from zero. Amounts
 * are integers of minor units; a zero-decimal currency (ISK, JPY) has its whole unit as the minor
 * one, so the same integer rounding holds for every currency. A discount never takes a price below 0.
 */
import type { TravellerCategory } from './booking-price.js';

export type Prices = Record<TravellerCategory, number | null>;

export const PRICE_RULE_KINDS = ['early_bird', 'last_minute', 'group'] as const;
export type PriceRuleKind = (typeof PRICE_RULE_KINDS)[number];

export type PriceRule =
  | { kind: 'early_bird'; daysBefore: number; percent: number; active: boolean }
  | { kind: 'last_minute'; hoursBefore: number; percent: number; active: boolean }
  | { kind: 'group'; minTravellers: number; percent: number; active: boolean };

/** The field that holds each kind's threshold (the database keeps it as one `threshold` column). */
export const RULE_THRESHOLD = { early_bird: 'daysBefore', last_minute: 'hoursBefore', group: 'minTravellers' } as const satisfies Record<PriceRuleKind, string>;

/** A rule from its kind and threshold, as it is kept. */
export function priceRuleOf(kind: PriceRuleKind, threshold: number, percent: number, active: boolean): PriceRule {
  return { kind, [RULE_THRESHOLD[kind]]: threshold, percent, active } as PriceRule;
}

/** A rule's threshold: days before (early bird), hours before (last minute) or travellers (group). */
export function thresholdOf(rule: PriceRule): number {
  return (rule as unknown as Record<string, number>)[RULE_THRESHOLD[rule.kind]]!;
}

export interface Season {
  name: string;
  /** First and last local travel dates, inclusive (YYYY-MM-DD). */
  from: string;
  to: string;
  prices: Prices;
}

/** What a departure's price is found from. */
export interface PricingTerms {
  tourPrices: Prices;
  /** The departure's own prices, when staff set them for it; null: it follows its season or tour. */
  departurePrices: Prices | null;
  /** The tour's season holding the departure's local start date, if any. */
  season: { name: string; prices: Prices } | null;
  rules: readonly PriceRule[];
}

/** When, and for how many, the price is found. */
export interface PriceMoment {
  /** The departure's start, as an instant (ms). */
  startsAt: number;
  /** When the booking is (or would be) made, as an instant (ms). */
  bookedAt: number;
  /** Travellers of the booking whose list price is above 0 (the group rule counts them). */
  payingTravellers: number;
}

/** The rule a price was found with, as a booking keeps it. */
export interface AppliedRule {
  kind: PriceRuleKind;
  percent: number;
}

export interface FoundPrices {
  /** Where the list price came from. */
  basis: 'departure' | 'season' | 'tour';
  /** The season's name when the basis is a season. */
  season: string | null;
  /** Step 1: the list price of each category (null: not sold). */
  listPrices: Prices;
  /** The rule applied, if any. */
  rule: AppliedRule | null;
  /** The price charged for each category after the rule. */
  prices: Prices;
}

const CATEGORIES: readonly TravellerCategory[] = ['ADULT', 'CHILD', 'INFANT'];
const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;

/** `amount` less `percent` per cent, rounded half away from zero to a whole minor unit, never below 0. */
export function lessPercent(amount: number, percent: number): number {
  const hundredths = amount * (100 - percent);
  const whole = Math.trunc(hundredths / 100);
  const rest = hundredths - whole * 100;
  const rounded = Math.abs(rest) >= 50 ? whole + Math.sign(rest) : whole;
  return Math.max(0, rounded);
}

/** The season whose travel dates hold `date` (YYYY-MM-DD); seasons never overlap, so at most one does. */
export function seasonOn<S extends Pick<Season, 'from' | 'to'>>(seasons: readonly S[], date: string): S | null {
  return seasons.find((season) => season.from <= date && date <= season.to) ?? null;
}

/** Whether an active rule applies to a booking made at `moment`. */
export function ruleApplies(rule: PriceRule, moment: PriceMoment): boolean {
  if (!rule.active) return false;
  const ahead = moment.startsAt - moment.bookedAt;
  switch (rule.kind) {
    case 'early_bird':
      return ahead >= rule.daysBefore * DAY_MS;
    case 'last_minute':
      return ahead >= 0 && ahead <= rule.hoursBefore * HOUR_MS;
    case 'group':
      return moment.payingTravellers >= rule.minTravellers;
  }
}

/** Of the rules that apply, the one with the largest discount; on a tie, the first in PRICE_RULE_KINDS' order. */
export function bestRule(rules: readonly PriceRule[], moment: PriceMoment): AppliedRule | null {
  let best: AppliedRule | null = null;
  for (const kind of PRICE_RULE_KINDS) {
    for (const rule of rules) {
      if (rule.kind !== kind || !ruleApplies(rule, moment)) continue;
      if (best === null || rule.percent > best.percent) best = { kind: rule.kind, percent: rule.percent };
    }
  }
  return best;
}

/** The list price (step 1) of each category, and where it came from. */
export function listPricesOf(terms: PricingTerms): Pick<FoundPrices, 'basis' | 'season' | 'listPrices'> {
  if (terms.departurePrices) return { basis: 'departure', season: null, listPrices: { ...terms.departurePrices } };
  if (terms.season) return { basis: 'season', season: terms.season.name, listPrices: { ...terms.season.prices } };
  return { basis: 'tour', season: null, listPrices: { ...terms.tourPrices } };
}

/** The prices found for a booking at `moment`: list prices, the rule applied and the prices charged. */
export function findPrices(terms: PricingTerms, moment: PriceMoment): FoundPrices {
  const base = listPricesOf(terms);
  const rule = bestRule(terms.rules, moment);
  const prices = Object.fromEntries(
    CATEGORIES.map((category) => {
      const list = base.listPrices[category];
      return [category, list === null ? null : rule ? lessPercent(list, rule.percent) : list];
    }),
  ) as Prices;
  return { ...base, rule, prices };
}

/** Travellers whose list price is above 0, as the group rule counts them. */
export function payingTravellers(listPrices: Prices, travellers: readonly { category: TravellerCategory }[]): number {
  return travellers.filter((traveller) => (listPrices[traveller.category] ?? 0) > 0).length;
}

/** The prices found for a booking of these travellers at `bookedAt` (the group rule counts the paying ones). */
export function findPricesFor(terms: PricingTerms, startsAt: number, bookedAt: number, travellers: readonly { category: TravellerCategory }[]): FoundPrices {
  const { listPrices } = listPricesOf(terms);
  return findPrices(terms, { startsAt, bookedAt, payingTravellers: payingTravellers(listPrices, travellers) });
}

/** Where two seasons' travel dates overlap: the first pair found (by index), or null. */
export function overlappingSeasons(seasons: readonly Pick<Season, 'from' | 'to'>[]): [number, number] | null {
  const order = seasons.map((season, index) => ({ season, index })).sort((a, b) => (a.season.from < b.season.from ? -1 : a.season.from > b.season.from ? 1 : a.index - b.index));
  for (let i = 1; i < order.length; i++) {
    if (order[i]!.season.from <= order[i - 1]!.season.to) {
      const pair = [order[i - 1]!.index, order[i]!.index].sort((a, b) => a - b) as [number, number];
      return pair;
    }
  }
  return null;
}
