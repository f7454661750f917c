/**
 * The price finder (shared/pricing.ts) over generated cases: the list price comes from the
 * departure, else its season, else the tour; of the rules that apply only the largest discount is
 * given (never two at once); each step rounds half away from zero; no price goes below 0; a
 * booking's total is the sum of its lines. And the cases worked out by hand that the contract names.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { priceBooking } from '../../src/shared/booking-price.js';
import { bestRule, findPrices, findPricesFor, lessPercent, overlappingSeasons, seasonOn, type PriceRule, type Prices, type PricingTerms } from '../../src/shared/pricing.js';

const DAY = 86_400_000;
const HOUR = 3_600_000;
const START = Date.parse('2027-07-01T08:00:00Z');

const money = fc.integer({ min: 0, max: 10_000_000_000 });
const prices: fc.Arbitrary<Prices> = fc.record({ ADULT: fc.option(money, { nil: null }), CHILD: fc.option(money, { nil: null }), INFANT: fc.option(money, { nil: null }) });
const percent = fc.integer({ min: 1, max: 90 });
const rule: fc.Arbitrary<PriceRule> = fc.oneof(
  fc.record({ kind: fc.constant('early_bird' as const), daysBefore: fc.integer({ min: 1, max: 400 }), percent, active: fc.boolean() }),
  fc.record({ kind: fc.constant('last_minute' as const), hoursBefore: fc.integer({ min: 1, max: 240 }), percent, active: fc.boolean() }),
  fc.record({ kind: fc.constant('group' as const), minTravellers: fc.integer({ min: 2, max: 30 }), percent, active: fc.boolean() }),
);
const terms: fc.Arbitrary<PricingTerms> = fc.record({
  tourPrices: prices,
  departurePrices: fc.option(prices, { nil: null }),
  season: fc.option(fc.record({ name: fc.constant('High season'), prices }), { nil: null }),
  rules: fc.array(rule, { maxLength: 4 }),
});
const moment = fc.record({ startsAt: fc.constant(START), bookedAt: fc.integer({ min: START - 500 * DAY, max: START }), payingTravellers: fc.integer({ min: 0, max: 40 }) });

/** Half away from zero, by exact integer arithmetic on hundredths (the reference the finder must match). */
const reference = (amount: number, off: number) => {
  const hundredths = BigInt(amount) * BigInt(100 - off);
  const whole = hundredths / 100n;
  return Number(hundredths % 100n >= 50n ? whole + 1n : whole);
};

describe('the price finder, over generated cases', () => {
  it('takes the list price from the departure, else its season, else the tour', () => {
    fc.assert(
      fc.property(terms, moment, (t, m) => {
        const found = findPrices(t, m);
        expect(found.listPrices).toEqual(t.departurePrices ?? t.season?.prices ?? t.tourPrices);
        expect(found.basis).toBe(t.departurePrices ? 'departure' : t.season ? 'season' : 'tour');
      }),
    );
  });

  it('gives at most one rule, the largest discount of those that apply, never more than it, never below 0', () => {
    fc.assert(
      fc.property(terms, moment, (t, m) => {
        const found = findPrices(t, m);
        const ahead = m.startsAt - m.bookedAt;
        const applying = t.rules.filter(
          (r) =>
            r.active &&
            (r.kind === 'early_bird' ? ahead >= r.daysBefore * DAY : r.kind === 'last_minute' ? ahead <= r.hoursBefore * HOUR : m.payingTravellers >= r.minTravellers),
        );
        const largest = Math.max(0, ...applying.map((r) => r.percent));
        expect(found.rule?.percent ?? 0).toBe(largest);
        for (const category of ['ADULT', 'CHILD', 'INFANT'] as const) {
          const list = found.listPrices[category];
          const charged = found.prices[category];
          if (list === null) expect(charged).toBeNull();
          else {
            expect(charged).toBe(found.rule ? reference(list, found.rule.percent) : list);
            expect(charged!).toBeGreaterThanOrEqual(0);
            expect(charged!).toBeLessThanOrEqual(list);
            expect(Number.isSafeInteger(charged)).toBe(true);
          }
        }
      }),
    );
  });

  it('a booking priced from what it finds totals the sum of its lines, never negative', () => {
    const traveller = fc.record({ category: fc.constantFrom('ADULT' as const, 'CHILD' as const, 'INFANT' as const) });
    fc.assert(
      fc.property(terms, fc.integer({ min: START - 500 * DAY, max: START }), fc.array(traveller, { minLength: 1, maxLength: 30 }), (t, bookedAt, travellers) => {
        const found = findPricesFor(t, START, bookedAt, travellers);
        const price = priceBooking({ travellers }, { prices: found.prices, singleSupplementMinor: null }, []);
        expect(price.totalMinor).toBe(price.lines.reduce((sum, line) => sum + line.amountMinor, 0));
        expect(price.totalMinor).toBeGreaterThanOrEqual(0);
        // The group rule counted the travellers paying something at list price.
        const paying = travellers.filter((each) => (found.listPrices[each.category] ?? 0) > 0).length;
        if (found.rule?.kind === 'group') expect(t.rules.some((r) => r.kind === 'group' && r.active && r.minTravellers <= paying && r.percent === found.rule!.percent)).toBe(true);
      }),
    );
  });
});

describe('the price finder, by hand', () => {
  const tour: Prices = { ADULT: 100_000, CHILD: 50_000, INFANT: null };
  const rules: PriceRule[] = [
    { kind: 'early_bird', daysBefore: 60, percent: 10, active: true },
    { kind: 'last_minute', hoursBefore: 48, percent: 20, active: true },
    { kind: 'group', minTravellers: 6, percent: 15, active: true },
  ];

  it('a season holding the start date sets the list price; a departure priced by staff wins over it', () => {
    const summer = { name: 'Summer', prices: { ADULT: 120_000, CHILD: 60_000, INFANT: 0 } };
    const moment = { startsAt: START, bookedAt: START - 10 * DAY, payingTravellers: 1 };
    expect(findPrices({ tourPrices: tour, departurePrices: null, season: summer, rules: [] }, moment)).toMatchObject({ basis: 'season', season: 'Summer', prices: summer.prices });
    expect(findPrices({ tourPrices: tour, departurePrices: { ADULT: 90_000, CHILD: null, INFANT: null }, season: summer, rules: [] }, moment).prices).toEqual({ ADULT: 90_000, CHILD: null, INFANT: null });
    expect(findPrices({ tourPrices: tour, departurePrices: null, season: null, rules: [] }, moment).prices).toEqual(tour);
  });

  it('early bird from exactly 60 days before, last minute from 48 hours before, the group from 6 paying travellers; the largest wins', () => {
    const at = (bookedAt: number, payingTravellers = 1) => bestRule(rules, { startsAt: START, bookedAt, payingTravellers });
    expect(at(START - 60 * DAY)).toEqual({ kind: 'early_bird', percent: 10 });
    expect(at(START - 60 * DAY + 1)).toBeNull();
    expect(at(START - 48 * HOUR)).toEqual({ kind: 'last_minute', percent: 20 });
    expect(at(START - 48 * HOUR - 1)).toBeNull();
    expect(at(START - 90 * DAY, 6)).toEqual({ kind: 'group', percent: 15 });
    expect(at(START - 90 * DAY, 5)).toEqual({ kind: 'early_bird', percent: 10 });
    expect(at(START - HOUR, 8)).toEqual({ kind: 'last_minute', percent: 20 });
    expect(bestRule(rules.map((r) => ({ ...r, active: false })), { startsAt: START, bookedAt: START - HOUR, payingTravellers: 8 })).toBeNull();
  });

  it('rounds each step half away from zero to a whole minor unit', () => {
    expect(lessPercent(15, 10)).toBe(14); // 13.5 → 14
    expect(lessPercent(25, 10)).toBe(23); // 22.5 → 23
    expect(lessPercent(5, 90)).toBe(1); // 0.5 → 1
    expect(lessPercent(4, 90)).toBe(0); // 0.4 → 0
    expect(lessPercent(0, 50)).toBe(0);
    expect(lessPercent(189_999, 15)).toBe(161_499); // ISK 161,499.15 → 161,499
  });

  it('finds the season of a date and names two seasons that overlap', () => {
    const seasons = [
      { from: '2027-06-01', to: '2027-08-31' },
      { from: '2027-12-15', to: '2028-01-10' },
      { from: '2027-09-01', to: '2027-10-15' },
    ];
    expect(seasonOn(seasons, '2027-08-31')).toBe(seasons[0]);
    expect(seasonOn(seasons, '2027-09-01')).toBe(seasons[2]);
    expect(seasonOn(seasons, '2027-11-01')).toBeNull();
    expect(overlappingSeasons(seasons)).toBeNull();
    expect(overlappingSeasons([...seasons, { from: '2027-10-15', to: '2027-10-20' }])).toEqual([2, 3]);
    expect(overlappingSeasons([{ from: '2027-01-01', to: '2027-12-31' }, { from: '2027-03-01', to: '2027-03-02' }])).toEqual([0, 1]);
  });
});
