/**
 * Margins: a departure's revenue (held and confirmed bookings, a reseller's at its net) less its
 * components' costs by their basis (per traveller who takes a seat, per departure, per night;
 * optional ones for the quantities booked), and the report by departure over a range of dates,
 * sorted by margin, with totals per currency that are never added across currencies. Runs on the
 * embedded database and, with TEST_DATABASE_URL, on a PostgreSQL server.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DepartureMargin, Margins } from '../../src/shared/contract/reports.js';
import type { Tour, TourComponent } from '../../src/shared/contract/tours.js';
import { expectError } from '../helpers/assertions.js';
import { createComponent, createDeparture, createTour, viaInject } from '../helpers/api-builders.js';
import { createResellerWithKey, octoAs } from '../helpers/octo.js';
import { as, createTestApp, createUser, login, type TestApp } from '../helpers/test-app.js';

let t: TestApp;
let admin: ReturnType<typeof as>;
let tour: Tour;
let lodge: TourComponent;
let coach: TourComponent;
let kayak: TourComponent;
let museum: TourComponent;

beforeAll(async () => {
  t = await createTestApp();
  admin = as(t.app, (await login(t.app, t.admin)).accessToken);
  tour = await createTour(viaInject(admin), { status: 'published', currency: 'EUR', timeZone: 'Europe/Berlin', durationDays: 3, bookingCutoffHours: 0, prices: { ADULT: 100_000, CHILD: 50_000, INFANT: 0 } });
  lodge = await createComponent(viaInject(admin), tour.id, { kind: 'accommodation', name: 'Lodge', dayFrom: 1, dayTo: 2, inclusion: 'included', costMinor: 6_000, costBasis: 'per_night' });
  coach = await createComponent(viaInject(admin), tour.id, { kind: 'transport', name: 'Coach', dayFrom: 1, dayTo: 3, inclusion: 'included', costMinor: 90_000, costBasis: 'per_departure' });
  museum = await createComponent(viaInject(admin), tour.id, { kind: 'activity', name: 'Museum', dayFrom: 2, dayTo: 2, inclusion: 'included', costMinor: 1_500 });
  kayak = await createComponent(viaInject(admin), tour.id, { kind: 'activity', name: 'Kayak', dayFrom: 2, dayTo: 2, inclusion: 'optional', priceMinor: 3_000, costMinor: 1_000 });
});
afterAll(async () => t?.close());

const margin = async (departureId: string) => {
  const answer = await admin({ method: 'GET', url: `/api/departures/${departureId}/margin` });
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json<DepartureMargin>();
};
const people = (adults: number, children: number, infants: number) => [
  ...Array.from({ length: adults }, (_, i) => ({ category: 'ADULT', firstName: 'A', lastName: `L${i}` })),
  ...Array.from({ length: children }, (_, i) => ({ category: 'CHILD', firstName: 'C', lastName: `L${i}`, dateOfBirth: '2022-01-01' })),
  ...Array.from({ length: infants }, (_, i) => ({ category: 'INFANT', firstName: 'I', lastName: `L${i}`, dateOfBirth: '2031-06-01' })),
];
async function book(departureId: string, body: Record<string, unknown>) {
  const made = await admin({ method: 'POST', url: '/api/bookings', payload: { departureId, status: 'confirmed', contact: { name: 'M', email: 'm@example.test' }, ...body } });
  expect(made.statusCode, made.body).toBe(201);
  return made.json<{ id: string; totalMinor: number }>();
}

describe('a departure’s margin', () => {
  it('is its bookings’ revenue less each component’s cost by its basis, infants taking no seat and cancelled bookings not counted', async () => {
    const trip = await createDeparture(viaInject(admin), tour.id, { startDate: '2033-04-01', capacity: 40 });
    // 2 adults + 1 child + 1 infant with two kayaks, and 1 adult held; a cancelled one counts for nothing.
    const family = await book(trip.id, { travellers: people(2, 1, 1), extras: [{ componentId: kayak.id, quantity: 2 }] });
    const held = await book(trip.id, { status: 'held', travellers: people(1, 0, 0) });
    const gone = await book(trip.id, { travellers: people(3, 0, 0), extras: [{ componentId: kayak.id, quantity: 3 }] });
    expect((await admin({ method: 'POST', url: `/api/bookings/${gone.id}/cancel`, payload: { reason: 'Ill' } })).statusCode).toBe(200);
    const answer = await margin(trip.id);
    // Seats: 4 (2 adults, 1 child, 1 adult held). Lodge: 4 × 2 nights × 60.00; coach: 900.00 once; museum 4 × 15.00; kayaks 2 × 10.00.
    expect(answer.lines).toEqual([
      { componentId: lodge.id, name: 'Lodge', basis: 'per_night', units: 8, costMinor: 48_000 },
      { componentId: coach.id, name: 'Coach', basis: 'per_departure', units: 1, costMinor: 90_000 },
      { componentId: museum.id, name: 'Museum', basis: 'per_traveller', units: 4, costMinor: 6_000 },
      { componentId: kayak.id, name: 'Kayak', basis: 'per_traveller', units: 2, costMinor: 2_000 },
    ]);
    const revenue = family.totalMinor + held.totalMinor;
    expect(answer).toMatchObject({ departureId: trip.id, currency: 'EUR', revenueMinor: revenue, costMinor: 146_000, marginMinor: revenue - 146_000 });
    expect(answer.marginPercent).toBeCloseTo(Math.round(((revenue - 146_000) * 1000) / revenue) / 10, 5);
  });

  it('counts a reseller’s booking at its net (its commission is not the operator’s revenue)', async () => {
    const trip = await createDeparture(viaInject(admin), tour.id, { startDate: '2033-04-05', capacity: 40 });
    const { key } = await createResellerWithKey(admin, { commissionPercent: 20 });
    const octo = octoAs(t.app, key);
    const reserved = await octo('POST', '/bookings', { productId: tour.id, optionId: 'DEFAULT', availabilityId: trip.id, unitItems: [{ unitId: 'adult' }] });
    expect(reserved.statusCode, reserved.body).toBe(200);
    const answer = await margin(trip.id);
    // 1,000.00 retail less 20 %: 800.00; costs for one seat: lodge 120.00, coach 900.00, museum 15.00.
    expect(answer).toMatchObject({ revenueMinor: 80_000, costMinor: 12_000 + 90_000 + 1_500, marginMinor: 80_000 - 103_500 });
    expectError(await admin({ method: 'GET', url: '/api/departures/00000000-0000-4000-8000-000000000000/margin' }), 404, 'NOT_FOUND');
  });
});

describe('the margins report', () => {
  it('ranks the departures of a range by margin, with totals per currency never added across currencies', async () => {
    const usd = await createTour(viaInject(admin), { status: 'published', currency: 'USD', timeZone: 'America/New_York', durationDays: 1, bookingCutoffHours: 0, prices: { ADULT: 20_000, CHILD: null, INFANT: null } });
    await createComponent(viaInject(admin), usd.id, { kind: 'guide', name: 'Guide', dayFrom: 1, dayTo: 1, inclusion: 'included', costMinor: 10_000, costBasis: 'per_departure' });
    const empty = await createDeparture(viaInject(admin), usd.id, { startDate: '2033-05-01', capacity: 10 });
    const busy = await createDeparture(viaInject(admin), usd.id, { startDate: '2033-05-02', capacity: 10 });
    await book(busy.id, { travellers: people(3, 0, 0) });
    const eur = await createDeparture(viaInject(admin), tour.id, { startDate: '2033-05-03', capacity: 10 });
    await book(eur.id, { travellers: people(2, 0, 0) });
    const cancelled = await createDeparture(viaInject(admin), usd.id, { startDate: '2033-05-04', capacity: 10 });
    expect((await admin({ method: 'POST', url: `/api/departures/${cancelled.id}/cancel`, payload: { reason: 'x' } })).statusCode).toBe(200);
    const report = async (query: string) => {
      const answer = await admin({ method: 'GET', url: `/api/reports/margins?from=2033-05-01&to=2033-05-31&${query}` });
      expect(answer.statusCode, answer.body).toBe(200);
      return answer.json<Margins>();
    };
    const byMargin = await report('sort=marginMinor&order=DESC');
    // Within each currency: an amount in euros is never ranked against one in dollars.
    expect(byMargin.data.map((row) => [row.departureId, row.currency, row.marginMinor])).toEqual([
      [eur.id, 'EUR', 200_000 - (2 * 12_000 + 90_000 + 2 * 1_500)],
      [busy.id, 'USD', 60_000 - 10_000],
      [empty.id, 'USD', -10_000],
    ]);
    expect(byMargin.total).toBe(3);
    expect(byMargin.totals).toEqual([
      { currency: 'EUR', departures: 1, revenueMinor: 200_000, costMinor: 117_000, marginMinor: 83_000 },
      { currency: 'USD', departures: 2, revenueMinor: 60_000, costMinor: 20_000, marginMinor: 40_000 },
    ]);
    // By percent: no revenue last.
    expect((await report('sort=marginPercent&order=DESC')).data.map((row) => [row.departureId, row.marginPercent])).toEqual([
      [busy.id, 83.3],
      [eur.id, 41.5],
      [empty.id, null],
    ]);
    expect((await report('currency=USD&pageSize=1&page=2&sort=startDate')).data.map((row) => row.departureId)).toEqual([busy.id]);
    expectError(await admin({ method: 'GET', url: '/api/reports/margins?from=2033-05-01&to=2035-05-01' }), 400, 'VALIDATION');
    expectError(await admin({ method: 'GET', url: '/api/reports/margins?from=2033-05-31&to=2033-05-01' }), 400, 'VALIDATION');
  });

  it('needs reports.read (a GUIDE sees no margins)', async () => {
    const email = `guide.${Math.random().toString(36).slice(2, 8)}@example.test`;
    await createUser(t.app, (await login(t.app, t.admin)).accessToken, { email, roles: ['GUIDE'] });
    const guide = as(t.app, (await login(t.app, { email, password: 'a-long-enough-password' })).accessToken);
    expectError(await guide({ method: 'GET', url: '/api/reports/margins?from=2033-05-01&to=2033-05-31' }), 403, 'FORBIDDEN');
    const trip = await createDeparture(viaInject(admin), tour.id, { startDate: '2033-06-01', capacity: 10 });
    expectError(await guide({ method: 'GET', url: `/api/departures/${trip.id}/margin` }), 403, 'FORBIDDEN');
  });
});
