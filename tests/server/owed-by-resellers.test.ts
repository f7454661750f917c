/**
 * A reseller's booking is owed by the reseller at net, not by its customer at retail: the booking
 * answers what the reseller owes and is never overdue, the bookings list's "balance due" leaves it
 * out, the dashboard's outstanding counts customers' balances only and shows "owed by resellers" at
 * net, which a payment from the reseller settles. Runs on the embedded database and, with
 * TEST_DATABASE_URL, on a PostgreSQL server.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Booking } from '../../src/shared/contract/bookings.js';
import type { Departure } from '../../src/shared/contract/departures.js';
import type { Tour } from '../../src/shared/contract/tours.js';
import { createDeparture, createTour, viaInject } from '../helpers/api-builders.js';
import { createResellerWithKey, octoAs } from '../helpers/octo.js';
import { as, createTestApp, login, type TestApp } from '../helpers/test-app.js';

let t: TestApp;
let admin: ReturnType<typeof as>;
let tour: Tour;
let departure: Departure;
const DAY = 86_400_000;

beforeAll(async () => {
  t = await createTestApp();
  admin = as(t.app, (await login(t.app, t.admin)).accessToken);
  // A currency of its own, so the dashboard's row holds only this test's bookings.
  tour = await createTour(viaInject(admin), { status: 'published', currency: 'CHF', bookingCutoffHours: 0, depositPercent: 20, balanceDueDays: 30, prices: { ADULT: 10_000, CHILD: null, INFANT: null } });
  departure = await createDeparture(viaInject(admin), tour.id, { startDate: new Date(t.clock.time + 10 * DAY).toISOString().slice(0, 10), capacity: 20 });
});
afterAll(async () => t?.close());

type MoneyRow = { currency: string; outstandingMinor: number; outstandingConfirmedMinor: number; outstandingHeldMinor: number; owedByResellersMinor: number };
const chf = async () => (await admin({ method: 'GET', url: '/api/reports/summary' })).json<{ money: MoneyRow[] }>().money.find((row) => row.currency === 'CHF');

describe('a reseller’s booking', () => {
  it('is owed by the reseller at net, never by its customer, on the booking, the list and the dashboard', async () => {
    // A direct booking: its customer owes the retail balance.
    const direct = await admin({ method: 'POST', url: '/api/bookings', payload: { departureId: departure.id, status: 'confirmed', contact: { name: 'Direct Dora', email: 'dora@example.test' }, travellers: [{ category: 'ADULT', firstName: 'Dora', lastName: 'Direct' }] } });
    expect(direct.statusCode, direct.body).toBe(201);
    expect(direct.json<Booking>().resellerOwesMinor).toBeNull();

    const { key } = await createResellerWithKey(admin, { commissionPercent: 20 });
    const octo = octoAs(t.app, key);
    const held = (await octo('POST', '/bookings', { productId: tour.id, optionId: 'DEFAULT', availabilityId: departure.id, unitItems: [{ unitId: 'adult' }, { unitId: 'adult' }] })).json<{ uuid: string; supplierReference: string }>();
    // Held by the reseller: owed by nobody yet, and not counted in what customers owe.
    expect((await chf())!).toMatchObject({ outstandingMinor: 10_000, outstandingHeldMinor: 0, owedByResellersMinor: 0 });
    expect((await octo('POST', `/bookings/${held.uuid}/confirm`, { contact: { fullName: 'Resold Rita', firstName: 'Resold', lastName: 'Rita', emailAddress: 'rita@example.test' } })).statusCode).toBe(200);

    const resold = (await admin({ method: 'GET', url: `/api/bookings?q=${held.supplierReference}` })).json<{ data: Booking[] }>().data[0]!;
    expect(resold).toMatchObject({ totalMinor: 20_000, netMinor: 16_000, resellerOwesMinor: 16_000, overdue: false });
    const due = (await admin({ method: 'GET', url: `/api/bookings?balanceDue=true&departureId=${departure.id}` })).json<{ data: Booking[] }>().data.map((one) => one.id);
    expect(due).toEqual([direct.json<Booking>().id]);
    const notDue = (await admin({ method: 'GET', url: `/api/bookings?balanceDue=false&departureId=${departure.id}` })).json<{ data: Booking[] }>().data.map((one) => one.id);
    expect(notDue).toEqual([resold.id]);
    expect((await chf())!).toMatchObject({ outstandingMinor: 10_000, outstandingConfirmedMinor: 10_000, outstandingHeldMinor: 0, owedByResellersMinor: 16_000 });

    // Past the balance's day: the direct booking is overdue, the reseller's never.
    t.clock.time += 9 * DAY;
    admin = as(t.app, (await login(t.app, t.admin)).accessToken);
    const overdue = (await admin({ method: 'GET', url: `/api/bookings?overdue=true&departureId=${departure.id}` })).json<{ data: Booking[] }>().data.map((one) => one.id);
    expect(overdue).toEqual([direct.json<Booking>().id]);

    // The reseller pays what it owes: settled, and the dashboard's figure with it.
    const paid = await admin({ method: 'POST', url: `/api/bookings/${resold.id}/payments`, payload: { kind: 'payment', amountMinor: 16_000, method: 'bank_transfer' } });
    expect(paid.statusCode, paid.body).toBe(201);
    expect((await admin({ method: 'GET', url: `/api/bookings/${resold.id}` })).json<Booking>().resellerOwesMinor).toBe(0);
    expect((await chf())!).toMatchObject({ outstandingMinor: 10_000, owedByResellersMinor: 0 });
  });
});
