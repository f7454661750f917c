/**
 * Prices that move, over the API: a tour's seasons and rules set the price every channel shows and
 * every booking is made at (the departures list, the quote, a clerk's booking, the shop's
 * availability and cart); a departure staff priced keeps its own; a booking keeps what it was sold
 * at when the season or rule changes later; a change is priced by today's rules. Prices worked out
 * by hand. Runs on the embedded database and, with TEST_DATABASE_URL, on a PostgreSQL server.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Booking } from '../../src/shared/contract/bookings.js';
import type { Departure } from '../../src/shared/contract/departures.js';
import type { PriceQuote } from '../../src/shared/contract/pricing.js';
import type { Cart } from '../../src/shared/contract/shop.js';
import type { Tour } from '../../src/shared/contract/tours.js';
import { expectError } from '../helpers/assertions.js';
import { createBooking, createDeparture, createTour, viaInject } from '../helpers/api-builders.js';
import { createResellerWithKey } from '../helpers/octo.js';
import { as, createTestApp, createUser, login, type TestApp } from '../helpers/test-app.js';

const DAY = 86_400_000;
let t: TestApp;
let staff: ReturnType<typeof as>;
let product: ReturnType<typeof as>;

beforeAll(async () => {
  t = await createTestApp();
  t.clock.time = Date.parse('2027-03-01T12:00:00Z');
  const admin = await login(t.app, t.admin);
  staff = as(t.app, admin.accessToken);
  const user = await createUser(t.app, admin.accessToken, { email: 'product.pricing@example.test', roles: ['PRODUCT'] });
  product = as(t.app, (await login(t.app, user)).accessToken);
});
afterAll(async () => {
  await t?.close();
});

const summer = { name: 'Summer', from: '2027-06-01', to: '2027-08-31', prices: { ADULT: 150_000, CHILD: 75_000, INFANT: 0 } };
const put = (tour: Tour, what: 'seasons' | 'price-rules', payload: unknown, as = staff) => as({ method: 'PUT', url: `/api/tours/${tour.id}/${what}`, payload: payload as object });
const departureOn = (tour: Tour, startDate: string, extra: Record<string, unknown> = {}) => createDeparture(viaInject(staff), tour.id, { startDate, startTime: '09:00', capacity: 40, ...extra });
const quote = (tour: Tour, payload: Record<string, unknown>) => staff({ method: 'POST', url: `/api/tours/${tour.id}/price-quote`, payload });
const departureNow = async (id: string) => (await staff({ method: 'GET', url: `/api/departures/${id}` })).json<Departure>();

describe('seasons and rules', () => {
  it('are saved whole by pricing.manage only, read back in order, audited; two overlapping seasons are 400 naming both', async () => {
    const tour = await createTour(viaInject(staff), { code: 'PRICE-SEASONS' });
    expectError(await put(tour, 'seasons', [summer], product), 403, 'FORBIDDEN');
    const autumn = { name: 'Autumn', from: '2027-09-01', to: '2027-10-31', prices: { ADULT: 110_000, CHILD: null, INFANT: null } };
    const saved = await put(tour, 'seasons', [autumn, summer]);
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await staff({ method: 'GET', url: `/api/tours/${tour.id}/seasons` })).json()).toEqual([autumn, summer]);
    expect((await product({ method: 'GET', url: `/api/tours/${tour.id}/seasons` })).json()).toEqual([autumn, summer]);

    const overlapping = await put(tour, 'seasons', [summer, { ...autumn, from: '2027-08-31' }]);
    expectError(overlapping, 400, 'VALIDATION');
    expect(overlapping.json<{ errors: Record<string, string> }>().errors).toEqual({
      '1.from': 'overlaps the season “Summer” (2027-06-01 to 2027-08-31)',
      '0.to': 'overlaps the season “Autumn” (2027-08-31 to 2027-10-31)',
    });
    const backwards = await put(tour, 'seasons', [{ ...summer, from: '2027-09-01' }, { ...autumn, to: '2027-02-30' }]);
    expect(backwards.json<{ errors: Record<string, string> }>().errors).toEqual({ '0.to': 'must not be before the season’s first date', '1.to': 'must be a real date such as 2027-08-31' });
    // Nothing refused was kept.
    expect((await staff({ method: 'GET', url: `/api/tours/${tour.id}/seasons` })).json()).toEqual([autumn, summer]);
    const audit = (await staff({ method: 'GET', url: `/api/admin/audit?action=tour.seasons_saved` })).json<{ data: { targetId: string; details: { after: unknown[] } }[] }>();
    expect(audit.data.find((entry) => entry.targetId === tour.id)?.details.after).toEqual([autumn, summer]);
  });

  it('allow one active rule of each kind, a percent of 1 to 90', async () => {
    const tour = await createTour(viaInject(staff), { code: 'PRICE-RULES' });
    const rules = [
      { kind: 'early_bird', daysBefore: 60, percent: 10, active: true },
      { kind: 'early_bird', daysBefore: 120, percent: 15, active: false },
      { kind: 'last_minute', hoursBefore: 48, percent: 20, active: true },
      { kind: 'group', minTravellers: 6, percent: 12, active: true },
    ];
    expectError(await put(tour, 'price-rules', rules, product), 403, 'FORBIDDEN');
    const saved = await put(tour, 'price-rules', rules);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toEqual(rules);
    const twice = await put(tour, 'price-rules', [rules[0], { ...rules[1], active: true }]);
    expectError(twice, 400, 'VALIDATION');
    expect(twice.json<{ errors: Record<string, string> }>().errors).toEqual({ '1.active': 'must be false: only one early bird rule may be active' });
    expectError(await put(tour, 'price-rules', [{ ...rules[0], percent: 91 }]), 400, 'VALIDATION');
    expectError(await put(tour, 'price-rules', [{ ...rules[0], percent: 0 }]), 400, 'VALIDATION');
    expect((await staff({ method: 'GET', url: `/api/tours/${tour.id}/price-rules` })).json()).toEqual(rules);
  });
});

describe('the price found, on every channel', () => {
  let tour: Tour;
  beforeAll(async () => {
    tour = await createTour(viaInject(staff), { code: 'PRICE-FOUND', timeZone: 'Atlantic/Reykjavik', currency: 'EUR', status: 'published', bookableOnline: true, bookingCutoffHours: 0, prices: { ADULT: 100_000, CHILD: 50_000, INFANT: 0 } });
    expect((await put(tour, 'seasons', [summer])).statusCode).toBe(200);
    expect((await put(tour, 'price-rules', [{ kind: 'early_bird', daysBefore: 60, percent: 10, active: true }, { kind: 'group', minTravellers: 4, percent: 15, active: true }])).statusCode).toBe(200);
  });

  it('a departure follows its season, else its tour; one staff priced keeps its own until given back', async () => {
    // 1 March: 1 July is 122 days ahead (early bird), 1 April 31 days (none).
    const inSummer = await departureOn(tour, '2027-07-01');
    expect(inSummer.pricing).toEqual({
      own: false,
      basis: 'season',
      season: 'Summer',
      listPrices: summer.prices,
      rule: { kind: 'early_bird', percent: 10 },
      // The tour's active rules, so the booking form prices several travellers as the server does.
      rules: [
        { kind: 'early_bird', daysBefore: 60, percent: 10, active: true },
        { kind: 'group', minTravellers: 4, percent: 15, active: true },
      ],
    });
    expect(inSummer.prices).toEqual({ ADULT: 135_000, CHILD: 67_500, INFANT: 0 });
    const inApril = await departureOn(tour, '2027-04-01');
    expect(inApril.pricing).toMatchObject({ own: false, basis: 'tour', season: null, rule: null });
    expect(inApril.prices).toEqual({ ADULT: 100_000, CHILD: 50_000, INFANT: 0 });

    const priced = await departureOn(tour, '2027-07-02', { prices: { ADULT: 90_001, CHILD: null, INFANT: null } });
    expect(priced.pricing).toMatchObject({ own: true, basis: 'departure', listPrices: { ADULT: 90_001, CHILD: null, INFANT: null } });
    // 90,001 less 10 % = 81,000.9 → 81,001.
    expect(priced.prices).toEqual({ ADULT: 81_001, CHILD: null, INFANT: null });
    const given = await staff({ method: 'PATCH', url: `/api/departures/${priced.id}`, payload: { prices: null } });
    expect(given.statusCode, given.body).toBe(200);
    expect(given.json<Departure>().pricing).toMatchObject({ own: false, basis: 'season' });

    // The list shows the same prices, found with each departure.
    const list = (await staff({ method: 'GET', url: `/api/departures?tourId=${tour.id}&pageSize=100` })).json<{ data: Departure[] }>();
    expect(list.data.find((each) => each.id === inSummer.id)!.prices).toEqual(inSummer.prices);
    expect(list.data.find((each) => each.id === inApril.id)!.prices).toEqual(inApril.prices);
  });

  it('the quote, a clerk’s booking and the shop’s cart agree; the booking keeps what it was sold at', async () => {
    const departure = await departureOn(tour, '2027-07-10');
    const quoted = await quote(tour, { departureId: departure.id, travellers: { ADULT: 2, CHILD: 1 } });
    expect(quoted.statusCode, quoted.body).toBe(200);
    expect(quoted.json<PriceQuote>()).toMatchObject({
      basis: 'season',
      season: 'Summer',
      rule: { kind: 'early_bird', percent: 10 },
      lines: [
        { category: 'ADULT', quantity: 2, listPriceMinor: 150_000, unitPriceMinor: 135_000, discountMinor: 15_000, amountMinor: 270_000 },
        { category: 'CHILD', quantity: 1, listPriceMinor: 75_000, unitPriceMinor: 67_500, discountMinor: 7_500, amountMinor: 67_500 },
      ],
      listTotalMinor: 375_000,
      discountMinor: 37_500,
      totalMinor: 337_500,
    });
    // Four paying travellers: the group's 15 % is larger than the early bird's 10 %, and only it is given.
    const group = (await quote(tour, { departureId: departure.id, travellers: { ADULT: 3, CHILD: 1, INFANT: 1 } })).json<PriceQuote>();
    expect(group.rule).toEqual({ kind: 'group', percent: 15 });
    expect(group.totalMinor).toBe(3 * 127_500 + 63_750 + 0);
    // Booked 50 days before: no early bird, and three paying travellers are no group.
    const late = (await quote(tour, { departureId: departure.id, travellers: { ADULT: 3, INFANT: 1 }, bookedAt: new Date(Date.parse(departure.startsAt) - 50 * DAY).toISOString() })).json<PriceQuote>();
    expect(late).toMatchObject({ rule: null, totalMinor: 450_000 });

    const booking = await createBooking(viaInject(staff), departure.id, {
      status: 'confirmed',
      travellers: [
        { category: 'ADULT', firstName: 'Anna', lastName: 'Berg' },
        { category: 'ADULT', firstName: 'Bjorn', lastName: 'Berg' },
        { category: 'CHILD', firstName: 'Cato', lastName: 'Berg' },
      ],
    });
    expect(booking.totalMinor).toBe(337_500);
    expect(booking.travellers.map((each) => [each.listPriceMinor, each.unitPriceMinor])).toEqual([
      [150_000, 135_000],
      [150_000, 135_000],
      [75_000, 67_500],
    ]);
    expect(booking.pricing).toEqual({ rule: { kind: 'early_bird', percent: 10 }, promoCode: null, promoDiscountMinor: 0, discountMinor: 37_500 });

    // The shop's availability and a cart find the same price.
    const shop = (await t.app.inject({ method: 'GET', url: `/api/shop/tours/${tour.code}/availability?from=2027-07-10&to=2027-07-10` })).json<{ data: { departureId: string; prices: unknown }[] }>();
    expect(shop.data.find((each) => each.departureId === departure.id)?.prices).toEqual({ ADULT: 135_000, CHILD: 67_500, INFANT: 0 });
    // A reseller's OCTO availability: the season's list price as `original`, the early bird's price as `retail`.
    const { key } = await createResellerWithKey(staff, { commissionPercent: 10 });
    const octo = await t.app.inject({
      method: 'POST',
      url: '/api/octo/availability',
      headers: { authorization: `Bearer ${key}`, 'octo-capabilities': 'octo/pricing', 'content-type': 'application/json' },
      payload: { productId: tour.id, optionId: 'DEFAULT', availabilityIds: [departure.id] },
    });
    expect(octo.statusCode, octo.body).toBe(200);
    expect(octo.json<{ unitPricing: unknown[] }[]>()[0]!.unitPricing).toEqual([
      { unitId: 'adult', original: 150_000, retail: 135_000, net: 121_500, currency: 'EUR', currencyPrecision: 2, includedTaxes: [] },
      { unitId: 'child', original: 75_000, retail: 67_500, net: 60_750, currency: 'EUR', currencyPrecision: 2, includedTaxes: [] },
      { unitId: 'infant', original: 0, retail: 0, net: 0, currency: 'EUR', currencyPrecision: 2, includedTaxes: [] },
    ]);
    const cart = await t.app.inject({ method: 'POST', url: '/api/shop/carts', remoteAddress: '198.51.100.61', payload: { departureId: departure.id, travellers: { ADULT: 2, CHILD: 1 } } });
    expect(cart.statusCode, cart.body).toBe(201);
    expect(cart.json<Cart>()).toMatchObject({ totalMinor: 337_500, lines: [{ category: 'ADULT', quantity: 2, unitPriceMinor: 135_000 }, { category: 'CHILD', quantity: 1, unitPriceMinor: 67_500 }] });

    // Summer gets dearer and the early bird goes: the booking made keeps its prices.
    expect((await put(tour, 'seasons', [{ ...summer, prices: { ADULT: 200_000, CHILD: 90_000, INFANT: 0 } }])).statusCode).toBe(200);
    expect((await put(tour, 'price-rules', [])).statusCode).toBe(200);
    const kept = (await staff({ method: 'GET', url: `/api/bookings/${booking.id}` })).json<Booking>();
    expect(kept.totalMinor).toBe(337_500);
    expect(kept.pricing.discountMinor).toBe(37_500);
    expect((await departureNow(departure.id)).prices).toEqual({ ADULT: 200_000, CHILD: 90_000, INFANT: 0 });

    // A change is priced by today's season and rules, and keeps what it found.
    const changed = await staff({ method: 'POST', url: `/api/bookings/${booking.id}/change`, payload: { travellers: [...kept.travellers.map(({ id, category, firstName, lastName }) => ({ id, category, firstName, lastName }))] } });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json<Booking>()).toMatchObject({ totalMinor: 490_000, pricing: { rule: null, discountMinor: 0 } });

    // Put back for the other tests.
    expect((await put(tour, 'seasons', [summer])).statusCode).toBe(200);
    expect((await put(tour, 'price-rules', [{ kind: 'early_bird', daysBefore: 60, percent: 10, active: true }, { kind: 'group', minTravellers: 4, percent: 15, active: true }])).statusCode).toBe(200);
  });

  it('the shop’s tour list starts “from” the lowest adult price its departures’ availability shows', async () => {
    const availability = async (from: string, to: string) =>
      (await t.app.inject({ method: 'GET', url: `/api/shop/tours/${tour.code}/availability?from=${from}&to=${to}` })).json<{ data: { prices: { ADULT: number | null } }[] }>().data;
    const shown = [...(await availability('2027-03-02', '2027-06-01')), ...(await availability('2027-06-02', '2027-08-31'))].map((each) => each.prices.ADULT).filter((price): price is number => price !== null);
    expect(shown.length).toBeGreaterThan(3);
    const list = (await t.app.inject({ method: 'GET', url: '/api/shop/tours' })).json<{ data: { code: string; fromPriceMinor: number }[] }>().data;
    // The April departure at the tour's €1,000.00 (31 days ahead: no early bird) is the lowest.
    expect(list.find((each) => each.code === tour.code)?.fromPriceMinor).toBe(Math.min(...shown));
    expect(Math.min(...shown)).toBe(100_000);
  });

  it('the quote refuses what cannot be sold: no traveller, a category not sold, another tour’s departure', async () => {
    const departure = await departureOn(tour, '2027-07-20', { prices: { ADULT: 100_000, CHILD: null, INFANT: null } });
    expectError(await quote(tour, { departureId: departure.id, travellers: {} }), 400, 'VALIDATION');
    const child = await quote(tour, { departureId: departure.id, travellers: { ADULT: 1, CHILD: 1 } });
    expectError(child, 400, 'VALIDATION');
    expect(child.json<{ errors: Record<string, string> }>().errors).toEqual({ 'travellers.CHILD': 'child places are not sold on this departure' });
    const other = await createTour(viaInject(staff), { code: 'PRICE-OTHER' });
    expectError(await staff({ method: 'POST', url: `/api/tours/${other.id}/price-quote`, payload: { departureId: departure.id, travellers: { ADULT: 1 } } }), 404, 'NOT_FOUND');
  });

  it('rounds a krónur price half away from zero to a whole króna', async () => {
    const isk = await createTour(viaInject(staff), { code: 'PRICE-ISK', currency: 'ISK', prices: { ADULT: 189_999, CHILD: 99_995, INFANT: null } });
    expect((await put(isk, 'price-rules', [{ kind: 'early_bird', daysBefore: 30, percent: 15, active: true }])).statusCode).toBe(200);
    const departure = await departureOn(isk, '2027-05-01');
    // 189,999 × 0.85 = 161,499.15 → 161,499; 99,995 × 0.85 = 84,995.75 → 84,996.
    expect(departure.prices).toEqual({ ADULT: 161_499, CHILD: 84_996, INFANT: null });
  });
});
