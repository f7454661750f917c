/**
 * Promo codes over the API: staff make and change them (pricing.manage, audited); a booking on any
 * channel carries one, taken off after the tour's rule with each step rounded; a code that does not
 * apply is 400 PROMO_CODE_INVALID with its reason and nothing is booked; its uses count the
 * bookings holding it, a cancellation gives one back, and bookings racing for the last uses never
 * take more than maxUses. Prices worked out by hand. Runs on the embedded database and, with
 * TEST_DATABASE_URL, on a PostgreSQL server (where the race is a real one).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Booking } from '../../src/shared/contract/bookings.js';
import type { Departure } from '../../src/shared/contract/departures.js';
import type { PriceQuote } from '../../src/shared/contract/pricing.js';
import type { PromoCode } from '../../src/shared/contract/promo-codes.js';
import type { Cart } from '../../src/shared/contract/shop.js';
import type { Tour } from '../../src/shared/contract/tours.js';
import { expectError } from '../helpers/assertions.js';
import { createDeparture, createTour, viaInject } from '../helpers/api-builders.js';
import { createResellerWithKey, octoAs } from '../helpers/octo.js';
import { as, createTestApp, createUser, login, type TestApp } from '../helpers/test-app.js';

let t: TestApp;
let staff: ReturnType<typeof as>;
let product: ReturnType<typeof as>;
let tour: Tour;

beforeAll(async () => {
  t = await createTestApp();
  t.clock.time = Date.parse('2027-03-01T12:00:00Z');
  const admin = await login(t.app, t.admin);
  staff = as(t.app, admin.accessToken);
  const user = await createUser(t.app, admin.accessToken, { email: 'product.promo@example.test', roles: ['PRODUCT'] });
  product = as(t.app, (await login(t.app, user)).accessToken);
  tour = await createTour(viaInject(staff), { code: 'PROMO-TOUR', timeZone: 'Europe/Berlin', currency: 'EUR', status: 'published', bookableOnline: true, bookingCutoffHours: 0, prices: { ADULT: 100_000, CHILD: 50_000, INFANT: 0 } });
  // Booked 1 March for July: the early bird's 10 % applies before any code.
  const rules = await staff({ method: 'PUT', url: `/api/tours/${tour.id}/price-rules`, payload: [{ kind: 'early_bird', daysBefore: 60, percent: 10, active: true }] });
  expect(rules.statusCode, rules.body).toBe(200);
});
afterAll(async () => {
  await t?.close();
});

const makeCode = async (payload: Record<string, unknown>) => {
  const made = await staff({ method: 'POST', url: '/api/promo-codes', payload });
  expect(made.statusCode, made.body).toBe(201);
  return made.json<PromoCode>();
};
const departureOn = (startDate: string, extra: Record<string, unknown> = {}) => createDeparture(viaInject(staff), tour.id, { startDate, startTime: '09:00', capacity: 60, ...extra });
const adults = (count: number) => Array.from({ length: count }, (_, index) => ({ category: 'ADULT' as const, firstName: `A${index}`, lastName: 'Lind' }));
const book = (departure: Departure, payload: Record<string, unknown>) =>
  staff({ method: 'POST', url: '/api/bookings', payload: { departureId: departure.id, contact: { name: 'Lin Lind', email: 'lin@example.test' }, travellers: adults(2), ...payload } });
const seatsOf = async (departure: Departure) => (await staff({ method: 'GET', url: `/api/departures/${departure.id}` })).json<Departure>();
const codeNow = async (code: PromoCode) => (await staff({ method: 'GET', url: `/api/promo-codes/${code.id}` })).json<PromoCode>();

describe('the promo codes resource', () => {
  it('is kept by pricing.manage only, unique in any case, audited when made, changed and deactivated', async () => {
    const payload = { code: 'Spring-24', kind: 'percent', value: 10, appliesTo: 'traveller' };
    expectError(await product({ method: 'POST', url: '/api/promo-codes', payload }), 403, 'FORBIDDEN');
    expectError(await product({ method: 'GET', url: '/api/promo-codes' }), 403, 'FORBIDDEN');
    const made = await makeCode(payload);
    expect(made).toMatchObject({ code: 'Spring-24', kind: 'percent', value: 10, currency: null, appliesTo: 'traveller', tourIds: null, channels: ['office', 'online', 'reseller'], active: true, uses: 0, given: [], maxUses: null });
    const again = await staff({ method: 'POST', url: '/api/promo-codes', payload: { ...payload, code: 'SPRING-24' } });
    expectError(again, 400, 'VALIDATION');
    expect(again.json<{ errors: Record<string, string> }>().errors).toEqual({ code: 'is taken by another promo code (codes are the same in any case)' });
    expectError(await staff({ method: 'POST', url: '/api/promo-codes', payload: { ...payload, code: 'NO SPACES' } }), 400, 'VALIDATION');
    expectError(await staff({ method: 'POST', url: '/api/promo-codes', payload: { ...payload, code: 'ABC' } }), 400, 'VALIDATION');

    const noCurrency = await staff({ method: 'POST', url: '/api/promo-codes', payload: { code: 'FIFTY-OFF', kind: 'amount', value: 5_000 } });
    expect(noCurrency.json<{ errors: Record<string, string> }>().errors).toEqual({ currency: 'is required for an amount' });
    const iskTour = await createTour(viaInject(staff), { code: 'PROMO-ISK', currency: 'ISK' });
    const wrongTour = await staff({ method: 'POST', url: '/api/promo-codes', payload: { code: 'FIFTY-OFF', kind: 'amount', value: 5_000, currency: 'EUR', tourIds: [tour.id, iskTour.id] } });
    expect(wrongTour.json<{ errors: Record<string, string> }>().errors).toEqual({ 'tourIds.1': 'is priced in ISK, not in the code’s EUR' });
    const overHundred = await staff({ method: 'POST', url: '/api/promo-codes', payload: { code: 'ALL-FREE', kind: 'percent', value: 101 } });
    expect(overHundred.json<{ errors: Record<string, string> }>().errors).toEqual({ value: 'must be at most 100 for a percent' });

    const changed = await staff({ method: 'PATCH', url: `/api/promo-codes/${made.id}`, payload: { value: 12, maxUses: 50 } });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json<PromoCode>()).toMatchObject({ value: 12, maxUses: 50 });
    const off = await staff({ method: 'PATCH', url: `/api/promo-codes/${made.id}`, payload: { active: false } });
    expect(off.json<PromoCode>().active).toBe(false);

    const actions = async (action: string) => (await staff({ method: 'GET', url: `/api/admin/audit?action=${action}` })).json<{ data: { targetId: string; details: Record<string, unknown> }[] }>().data.filter((entry) => entry.targetId === made.id);
    expect(await actions('promo_code.created')).toHaveLength(1);
    expect((await actions('promo_code.changed'))[0]?.details).toMatchObject({ code: 'Spring-24', before: { value: 10, maxUses: null }, after: { value: 12, maxUses: 50 } });
    expect(await actions('promo_code.deactivated')).toHaveLength(1);

    const found = (await staff({ method: 'GET', url: '/api/promo-codes?q=spring' })).json<{ data: PromoCode[]; total: number }>();
    expect(found.data.map((code) => code.id)).toEqual([made.id]);
    expectError(await staff({ method: 'GET', url: '/api/promo-codes/00000000-0000-4000-8000-000000000000' }), 404, 'NOT_FOUND');
  });
});

describe('a booking with a code', () => {
  it('takes a code per traveller off each price after the rule, each step rounded; a booking keeps it', async () => {
    const code = await makeCode({ code: 'TRAV-7', kind: 'percent', value: 7, appliesTo: 'traveller' });
    const departure = await departureOn('2027-07-01');
    const discounts = async () => (await staff({ method: 'GET', url: '/api/reports/summary' })).json<{ discounts: { currency: string; amountMinor: number; promoCodesMinor: number }[] }>().discounts.find((row) => row.currency === 'EUR') ?? { amountMinor: 0, promoCodesMinor: 0 };
    const before = await discounts();
    // 100,000 less the early bird's 10 % = 90,000; less 7 % = 83,700. A child: 45,000 → 41,850. An infant stays 0.
    const made = await book(departure, { promoCode: 'trav-7', travellers: [...adults(2), { category: 'CHILD', firstName: 'C', lastName: 'Lind' }, { category: 'INFANT', firstName: 'I', lastName: 'Lind' }] });
    expect(made.statusCode, made.body).toBe(201);
    const booking = made.json<Booking>();
    expect(booking.travellers.map((each) => [each.listPriceMinor, each.unitPriceMinor])).toEqual([
      [100_000, 83_700],
      [100_000, 83_700],
      [50_000, 41_850],
      [0, 0],
    ]);
    expect(booking.totalMinor).toBe(209_250);
    // The code gave 6,300 + 6,300 + 3,150; rule and code gave 250,000 − 209,250.
    expect(booking.pricing).toEqual({ rule: { kind: 'early_bird', percent: 10 }, promoCode: 'TRAV-7', promoDiscountMinor: 15_750, discountMinor: 40_750 });
    // The summary counts what was given in the last 30 days, and the codes' part of it.
    const after = await discounts();
    expect([after.amountMinor - before.amountMinor, after.promoCodesMinor - before.promoCodesMinor]).toEqual([40_750, 15_750]);

    // The code changes later: the booking keeps what it was sold at, and a change of it is priced with the terms it was sold with.
    expect((await staff({ method: 'PATCH', url: `/api/promo-codes/${code.id}`, payload: { value: 50 } })).statusCode).toBe(200);
    expect((await staff({ method: 'GET', url: `/api/bookings/${booking.id}` })).json<Booking>().totalMinor).toBe(209_250);
    const fewer = await staff({ method: 'POST', url: `/api/bookings/${booking.id}/change`, payload: { travellers: booking.travellers.slice(0, 3).map(({ id, category }) => ({ id, category })) } });
    expect(fewer.statusCode, fewer.body).toBe(200);
    expect(fewer.json<Booking>()).toMatchObject({ totalMinor: 209_250, pricing: { promoCode: 'TRAV-7', promoDiscountMinor: 15_750 } });
    const now = await codeNow(code);
    expect(now).toMatchObject({ uses: 1, given: [{ currency: 'EUR', amountMinor: 15_750 }] });
    const bookings = (await staff({ method: 'GET', url: `/api/promo-codes/${code.id}/bookings` })).json<{ data: { reference: string; promoDiscountMinor: number }[]; total: number }>();
    expect(bookings).toMatchObject({ total: 1, data: [{ reference: booking.reference, promoDiscountMinor: 15_750 }] });
  });

  it('takes a code per booking off the whole amount once; an amount never below 0; the quote agrees', async () => {
    await makeCode({ code: 'BOOK-15', kind: 'percent', value: 15, appliesTo: 'booking' });
    await makeCode({ code: 'FIFTY-EUR', kind: 'amount', value: 5_000, currency: 'EUR', appliesTo: 'booking' });
    await makeCode({ code: 'HUGE-EUR', kind: 'amount', value: 10_000_000, currency: 'EUR', appliesTo: 'traveller' });
    const departure = await departureOn('2027-07-02');
    // Three adults at 90,000 = 270,000; 15 % of it = 40,500.
    const percent = (await book(departure, { promoCode: 'BOOK-15', travellers: adults(3) })).json<Booking>();
    expect(percent).toMatchObject({ totalMinor: 229_500, pricing: { promoCode: 'BOOK-15', promoDiscountMinor: 40_500, discountMinor: 70_500 } });
    // Travellers keep the rule's price: the code is one line off the booking.
    expect(percent.travellers.map((each) => each.unitPriceMinor)).toEqual([90_000, 90_000, 90_000]);
    const amount = (await book(departure, { promoCode: 'fifty-eur' })).json<Booking>();
    expect(amount).toMatchObject({ totalMinor: 175_000, pricing: { promoDiscountMinor: 5_000 } });
    const huge = (await book(departure, { promoCode: 'HUGE-EUR' })).json<Booking>();
    expect(huge).toMatchObject({ totalMinor: 0, pricing: { promoDiscountMinor: 180_000, discountMinor: 200_000 } });

    const quoted = await staff({ method: 'POST', url: `/api/tours/${tour.id}/price-quote`, payload: { departureId: departure.id, travellers: { ADULT: 3 }, promoCode: 'book-15' } });
    expect(quoted.statusCode, quoted.body).toBe(200);
    expect(quoted.json<PriceQuote>()).toMatchObject({
      rule: { kind: 'early_bird', percent: 10 },
      promoCode: { code: 'BOOK-15', kind: 'percent', value: 15, appliesTo: 'booking', currency: null },
      lines: [{ category: 'ADULT', quantity: 3, listPriceMinor: 100_000, unitPriceMinor: 90_000, amountMinor: 270_000 }],
      listTotalMinor: 300_000,
      promoDiscountMinor: 40_500,
      discountMinor: 70_500,
      totalMinor: 229_500,
    });
  });

  it('comes after the largest rule, never with two rules: a group of four gets the group rate, not the early bird on top, then the code', async () => {
    const groupTour = await createTour(viaInject(staff), { code: 'PROMO-GROUP', timeZone: 'Europe/Berlin', currency: 'EUR', status: 'published', bookingCutoffHours: 0, prices: { ADULT: 100_000, CHILD: null, INFANT: null } });
    const rules = await staff({ method: 'PUT', url: `/api/tours/${groupTour.id}/price-rules`, payload: [{ kind: 'early_bird', daysBefore: 60, percent: 10, active: true }, { kind: 'group', minTravellers: 4, percent: 15, active: true }] });
    expect(rules.statusCode, rules.body).toBe(200);
    await makeCode({ code: 'GROUP-5', kind: 'percent', value: 5, appliesTo: 'traveller', minTravellers: 3 });
    const departure = await createDeparture(viaInject(staff), groupTour.id, { startDate: '2027-07-09', startTime: '09:00', capacity: 60 });
    // Four adults: the group's 15 % (not 10 % + 15 %): 85,000 each; the code's 5 % of that: 80,750.
    const group = (await book(departure, { promoCode: 'group-5', travellers: adults(4) })).json<Booking>();
    expect(group.travellers.map((each) => each.unitPriceMinor)).toEqual([80_750, 80_750, 80_750, 80_750]);
    expect(group).toMatchObject({ totalMinor: 323_000, pricing: { rule: { kind: 'group', percent: 15 }, promoCode: 'GROUP-5', promoDiscountMinor: 17_000, discountMinor: 77_000 } });
    // Three: the early bird's 10 %, then the code: 85,500 each.
    const three = (await book(departure, { promoCode: 'GROUP-5', travellers: adults(3) })).json<Booking>();
    expect(three).toMatchObject({ totalMinor: 256_500, pricing: { rule: { kind: 'early_bird', percent: 10 }, promoDiscountMinor: 13_500 } });
    // Two: too few for the code.
    const two = await book(departure, { promoCode: 'GROUP-5', travellers: adults(2) });
    expectError(two, 400, 'PROMO_CODE_INVALID');
    expect(two.json<{ reason: string }>().reason).toBe('too_few_travellers');
  });

  it('is refused with the reason when the code does not apply, and nothing is booked', async () => {
    const other = await createTour(viaInject(staff), { code: 'PROMO-OTHER', status: 'published', currency: 'EUR' });
    const iskTour = await createTour(viaInject(staff), { code: 'PROMO-ISK-2', status: 'published', currency: 'ISK', bookingCutoffHours: 0 });
    await makeCode({ code: 'OFF-NOW', kind: 'percent', value: 5, active: false });
    await makeCode({ code: 'LATER-ON', kind: 'percent', value: 5, bookingFrom: '2027-03-02' });
    await makeCode({ code: 'GONE-BY', kind: 'percent', value: 5, bookingTo: '2027-02-28' });
    await makeCode({ code: 'OTHER-TOUR', kind: 'percent', value: 5, tourIds: [other.id] });
    await makeCode({ code: 'EURO-ONLY', kind: 'amount', value: 500, currency: 'EUR' });
    await makeCode({ code: 'AUGUST', kind: 'percent', value: 5, travelFrom: '2027-08-01', travelTo: '2027-08-31' });
    await makeCode({ code: 'WEB-ONLY', kind: 'percent', value: 5, channels: ['online'] });
    await makeCode({ code: 'FAMILY-4', kind: 'percent', value: 5, minTravellers: 4 });
    const departure = await departureOn('2027-07-03', { capacity: 10 });
    const iskDeparture = await createDeparture(viaInject(staff), iskTour.id, { startDate: '2027-07-03', startTime: '09:00', capacity: 10 });
    const cases: [string, string, string, Departure?][] = [
      ['NO-SUCH', 'unknown', 'There is no such promo code.'],
      ['OFF-NOW', 'inactive', 'This promo code is no longer valid.'],
      ['LATER-ON', 'not_started', 'This promo code is not valid yet.'],
      ['GONE-BY', 'expired', 'This promo code has expired.'],
      ['OTHER-TOUR', 'not_for_tour', 'This promo code is not for this tour.'],
      ['EURO-ONLY', 'not_for_currency', 'This promo code is for tours priced in EUR.', iskDeparture],
      ['AUGUST', 'not_for_dates', 'This promo code is not for travel on this date.'],
      ['WEB-ONLY', 'not_for_channel', 'This promo code cannot be used here.'],
      ['FAMILY-4', 'too_few_travellers', 'This promo code is for bookings of at least 4 travellers.'],
    ];
    for (const [code, reason, message, on] of cases) {
      const refused = await book(on ?? departure, { promoCode: code });
      expect(refused.statusCode, `${code}: ${refused.body}`).toBe(400);
      expect(refused.json()).toEqual({ code: 'PROMO_CODE_INVALID', message, reason });
    }
    expect(await seatsOf(departure)).toMatchObject({ seatsHeld: 0, seatsConfirmed: 0 });
    // In German for a caller asking for it.
    const german = await staff({ method: 'POST', url: '/api/bookings', headers: { 'accept-language': 'de' }, payload: { departureId: departure.id, contact: { name: 'Lin Lind', email: 'lin@example.test' }, travellers: adults(1), promoCode: 'GONE-BY' } });
    expect(german.json()).toMatchObject({ code: 'PROMO_CODE_INVALID', message: 'Dieser Aktionscode ist abgelaufen.', reason: 'expired' });
    // The quote says the same.
    const quoted = await staff({ method: 'POST', url: `/api/tours/${tour.id}/price-quote`, payload: { departureId: departure.id, travellers: { ADULT: 2 }, promoCode: 'AUGUST' } });
    expect(quoted.json()).toMatchObject({ code: 'PROMO_CODE_INVALID', reason: 'not_for_dates' });
  });
});

describe('a code’s uses', () => {
  it('count the bookings holding it: a cancelled one gives its use back, a used-up code is refused', async () => {
    const code = await makeCode({ code: 'TWICE', kind: 'percent', value: 10, maxUses: 2 });
    const departure = await departureOn('2027-07-04');
    const first = (await book(departure, { promoCode: 'TWICE' })).json<Booking>();
    expect((await book(departure, { promoCode: 'TWICE', status: 'confirmed' })).statusCode).toBe(201);
    const third = await book(departure, { promoCode: 'TWICE' });
    expect(third.json()).toMatchObject({ code: 'PROMO_CODE_INVALID', reason: 'used_up', message: 'This promo code has been used up.' });
    expect((await codeNow(code)).uses).toBe(2);
    expect((await staff({ method: 'POST', url: `/api/bookings/${first.id}/cancel`, payload: { reason: 'Changed plans' } })).statusCode).toBe(200);
    expect((await codeNow(code)).uses).toBe(1);
    expect((await book(departure, { promoCode: 'TWICE' })).statusCode).toBe(201);
    // A hold that lapses gives its use back too.
    const lapsing = await makeCode({ code: 'ONCE-HELD', kind: 'percent', value: 10, maxUses: 1 });
    expect((await book(departure, { promoCode: 'ONCE-HELD', holdMinutes: 5 })).statusCode).toBe(201);
    expect((await book(departure, { promoCode: 'ONCE-HELD' })).json()).toMatchObject({ reason: 'used_up' });
    t.clock.time += 6 * 60_000;
    expect((await codeNow(lapsing)).uses).toBe(0);
    expect((await book(departure, { promoCode: 'ONCE-HELD' })).statusCode).toBe(201);
  });

  it('are never more than maxUses when 20 bookings race for a code of 5', async () => {
    const code = await makeCode({ code: 'RACE-FIVE', kind: 'percent', value: 20, maxUses: 5 });
    const departure = await departureOn('2027-07-05', { capacity: 100 });
    const answers = await Promise.all(Array.from({ length: 20 }, () => book(departure, { promoCode: 'RACE-FIVE', travellers: adults(1) })));
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status === 201)).toHaveLength(5);
    expect(answers.filter((answer) => answer.statusCode !== 201).map((answer) => answer.json<{ reason: string }>().reason)).toEqual(Array(15).fill('used_up'));
    expect((await codeNow(code)).uses).toBe(5);
    expect(await seatsOf(departure)).toMatchObject({ seatsHeld: 5 });
  });
});

describe('the shop and the resellers', () => {
  it('a shop cart takes a code for the online channel; a code for the office only is refused there and holds no seats', async () => {
    await makeCode({ code: 'WEB-TEN', kind: 'percent', value: 10, appliesTo: 'traveller', channels: ['online'] });
    await makeCode({ code: 'DESK-ONLY', kind: 'percent', value: 10, channels: ['office'] });
    const departure = await departureOn('2027-07-06');
    const cart = await t.app.inject({ method: 'POST', url: '/api/shop/carts', remoteAddress: '198.51.100.71', payload: { departureId: departure.id, travellers: { ADULT: 2 }, promoCode: 'web-ten' } });
    expect(cart.statusCode, cart.body).toBe(201);
    // 90,000 less 10 % = 81,000 each.
    expect(cart.json<Cart>()).toMatchObject({ promoCode: 'WEB-TEN', promoDiscountMinor: 18_000, discountMinor: 38_000, totalMinor: 162_000, lines: [{ category: 'ADULT', quantity: 2, unitPriceMinor: 81_000 }] });
    const refused = await t.app.inject({ method: 'POST', url: '/api/shop/carts', remoteAddress: '198.51.100.71', payload: { departureId: departure.id, travellers: { ADULT: 2 }, promoCode: 'DESK-ONLY' } });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ code: 'PROMO_CODE_INVALID', reason: 'not_for_channel' });
    expect(await seatsOf(departure)).toMatchObject({ seatsHeld: 2 });
  });

  it('a reseller’s reservation takes a code for resellers, and OCTO says why one does not apply', async () => {
    await makeCode({ code: 'PARTNER-5', kind: 'amount', value: 5_000, currency: 'EUR', appliesTo: 'traveller', channels: ['reseller'] });
    const departure = await departureOn('2027-07-07');
    const { key } = await createResellerWithKey(staff);
    const octo = octoAs(t.app, key);
    const held = await octo('POST', '/bookings', { productId: tour.id, optionId: 'DEFAULT', availabilityId: departure.id, unitItems: [{ unitId: 'adult' }, { unitId: 'adult' }], promoCode: 'partner-5' }, { pricing: true });
    expect(held.statusCode, held.body).toBe(200);
    // 90,000 less 5,000 each.
    expect(held.json<{ pricing: { retail: number } }>().pricing.retail).toBe(170_000);
    const refused = await octo('POST', '/bookings', { productId: tour.id, optionId: 'DEFAULT', availabilityId: departure.id, unitItems: [{ unitId: 'adult' }], promoCode: 'WEB-TEN' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ error: 'PROMO_CODE_INVALID', errorMessage: 'This promo code cannot be used here.', reason: 'not_for_channel' });
  });
});
