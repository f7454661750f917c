/**
 * A reseller's test key, as an integrator trying the API before selling would use it: its
 * bookings say `testMode: true`, hold their seats as a sale would (a sold-out answer is the real
 * one), count in none of the business's figures (dashboard, monthly report, customers, the
 * reseller's statement), take no payment, are invisible to the live key (and the live bookings
 * to the test key), bring nobody to the guide's passenger list, say TEST on their voucher, and are
 * deleted together from the office, which frees their seats.
 * Runs on the embedded database and, with TEST_DATABASE_URL, on a PostgreSQL server.
 */
import { zBooking } from '@octocloud/types';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Booking } from '../../src/shared/contract/bookings.js';
import type { GuideManifest } from '../../src/shared/contract/manifests.js';
import type { Departure } from '../../src/shared/contract/departures.js';
import type { CreatedApiKey, Reseller } from '../../src/shared/contract/resellers.js';
import type { Tour } from '../../src/shared/contract/tours.js';
import { expectError } from '../helpers/assertions.js';
import { createDeparture, createTour, viaInject } from '../helpers/api-builders.js';
import { aRole } from '../helpers/builders.js';
import { createResellerWithKey, expectOctoError, octoAs, type OctoCaller } from '../helpers/octo.js';
import { as, createTestApp, createUser, login, type TestApp } from '../helpers/test-app.js';

let t: TestApp;
let staff: ReturnType<typeof as>;
let reseller: Reseller;
let live: OctoCaller;
let test: OctoCaller;
let tour: Tour;

beforeAll(async () => {
  t = await createTestApp({ env: { OCTO_RATE_LIMIT: '100000' } });
  staff = as(t.app, (await login(t.app, t.admin)).accessToken);
  tour = await createTour(viaInject(staff), { status: 'published', timeZone: 'Europe/Vienna', currency: 'EUR', durationDays: 1, bookingCutoffHours: 0, prices: { ADULT: 12_000, CHILD: 6_000, INFANT: null } });
  const made = await createResellerWithKey(staff, { commissionPercent: 10 });
  reseller = made.reseller;
  live = octoAs(t.app, made.key);
  const testKey = await staff({ method: 'POST', url: `/api/resellers/${reseller.id}/api-keys`, payload: { name: 'Sandbox', testMode: true } });
  expect(testKey.statusCode, testKey.body).toBe(201);
  expect(testKey.json<CreatedApiKey>()).toMatchObject({ name: 'Sandbox', testMode: true });
  test = octoAs(t.app, testKey.json<CreatedApiKey>().key);
});
afterAll(async () => t?.close());

let dayOffset = 0;
async function departure(capacity: number): Promise<Departure> {
  dayOffset += 1;
  const date = new Date(t.clock.time + (30 + dayOffset) * 86_400_000).toISOString().slice(0, 10);
  return createDeparture(viaInject(staff), tour.id, { startDate: date, startTime: '10:00', capacity });
}

async function seatsOf(departureId: string) {
  const { seatsHeld, seatsConfirmed, seatsAvailable } = (await staff({ method: 'GET', url: `/api/departures/${departureId}` })).json<Departure>();
  return { seatsHeld, seatsConfirmed, seatsAvailable };
}

/** A booking reserved and confirmed by `caller` on `on` for `adults`. */
async function sold(caller: OctoCaller, on: Departure, adults: number, name: string) {
  const reserved = await caller('POST', '/bookings', { productId: tour.id, optionId: 'DEFAULT', availabilityId: on.id, unitItems: Array.from({ length: adults }, () => ({ unitId: 'adult' })) });
  expect(reserved.statusCode, reserved.body).toBe(200);
  const uuid = zBooking.parse(reserved.json()).uuid;
  const confirmed = await caller('POST', `/bookings/${uuid}/confirm`, { contact: { fullName: name, firstName: name.split(' ')[0], lastName: name.split(' ')[1], emailAddress: `${name.split(' ')[0].toLowerCase()}@example.at` } });
  expect(confirmed.statusCode, confirmed.body).toBe(200);
  return zBooking.parse(confirmed.json());
}

/** What the business's figures say: the dashboard's bookings and money, the months, the customers, the reseller's statement and its count of sales. */
async function figures(month: string) {
  const summary = (await staff({ method: 'GET', url: '/api/reports/summary' })).json<{ bookings: unknown; travellers: unknown; money: unknown }>();
  const monthly = (await staff({ method: 'GET', url: `/api/reports/monthly?year=${month.slice(0, 4)}&basis=departure` })).json<unknown>();
  const customers = (await staff({ method: 'GET', url: '/api/customers' })).json<{ total: number }>().total;
  const statement = (await staff({ method: 'GET', url: `/api/resellers/${reseller.id}/statement.csv?month=${month}` })).body;
  const margin = async (id: string) => (await staff({ method: 'GET', url: `/api/departures/${id}/margin` })).json<unknown>();
  const sold = (await staff({ method: 'GET', url: `/api/resellers/${reseller.id}` })).json<Reseller>().bookingCount;
  return { bookings: summary.bookings, travellers: summary.travellers, money: summary.money, monthly, customers, statement, sold, margin };
}

describe('a reseller’s test key', () => {
  it('makes bookings marked as tests that hold seats like a sale and count in no figure of the business', async () => {
    const on = await departure(5);
    await sold(live, on, 1, 'Lena Huber');
    const month = on.startDate.slice(0, 7);
    const before = await figures(month);
    const marginBefore = await before.margin(on.id);

    const tried = await sold(test, on, 3, 'Test Integrator');
    expect(tried.testMode).toBe(true);
    expect(tried.status).toBe('CONFIRMED');
    // Its seats are taken as a sale's: the integrator meets the real sold-out answer.
    expect(await seatsOf(on.id)).toEqual({ seatsHeld: 0, seatsConfirmed: 4, seatsAvailable: 1 });
    const tooMany = await test('POST', '/bookings', { productId: tour.id, optionId: 'DEFAULT', availabilityId: on.id, unitItems: [{ unitId: 'adult' }, { unitId: 'adult' }] });
    expect(tooMany.statusCode).toBe(400);
    const office = (await staff({ method: 'GET', url: `/api/bookings/${tried.id}` })).json<Booking>();
    expect(office).toMatchObject({ testMode: true, channel: 'reseller', customerId: null });

    const after = await figures(month);
    expect({ ...after, margin: null }).toEqual({ ...before, margin: null });
    expect(await after.margin(on.id)).toEqual(marginBefore);

    // It brings nobody: the guide's passenger list and its meals count the sale alone.
    const manifest = (await staff({ method: 'GET', url: `/api/departures/${on.id}/manifest` })).json<GuideManifest>();
    expect({ travellers: manifest.travellers, parties: manifest.parties.length }).toEqual({ travellers: { ADULT: 1, CHILD: 0, INFANT: 0 }, parties: 1 });
    // Its voucher says it is a test.
    const pdf = (await staff({ method: 'GET', url: `/api/bookings/${tried.id}/voucher.pdf` })).rawPayload;
    const page = await (await getDocument({ data: new Uint8Array(pdf), useSystemFonts: false, isEvalSupported: false }).promise).getPage(1);
    expect((await page.getTextContent()).items.map((item) => ('str' in item ? item.str : '')).join('')).toContain('TEST BOOKING: NOT VALID FOR TRAVEL');

    // A test takes no money.
    const payment = await staff({ method: 'POST', url: `/api/bookings/${tried.id}/payments`, payload: { kind: 'payment', amountMinor: 1_000, method: 'cash' } });
    expectError(payment, 409, 'CONFLICT');
    expect(payment.json().message).toBe('This is a reseller’s test booking: it takes no payment.');
  });

  it('reads only test bookings, and the live key only live ones', async () => {
    const on = await departure(10);
    const real = await sold(live, on, 1, 'Anna Gruber');
    const tried = await sold(test, on, 1, 'Test Person');
    expect(real.testMode).toBe(false);
    expectOctoError(await live('GET', `/bookings/${tried.uuid}`), 400, 'INVALID_BOOKING_UUID');
    expectOctoError(await test('GET', `/bookings/${real.uuid}`), 400, 'INVALID_BOOKING_UUID');
    expectOctoError(await test('POST', `/bookings/${real.uuid}/cancel`, { reason: 'Trying' }), 400, 'INVALID_BOOKING_UUID');
    expect((await live('GET', `/bookings?supplierReference=${tried.supplierReference}`)).json()).toEqual([]);
    expect((await test('GET', `/bookings?supplierReference=${tried.supplierReference}`)).json<unknown[]>()).toHaveLength(1);
    expect(zBooking.parse((await test('GET', `/bookings/${tried.uuid}`)).json()).testMode).toBe(true);
    // A uuid the live key used, reserved again with the test key: said plainly, and no booking made.
    const again = await test('POST', '/bookings', { uuid: real.uuid, productId: tour.id, optionId: 'DEFAULT', availabilityId: on.id, unitItems: [{ unitId: 'adult' }] });
    expectOctoError(again, 400, 'BAD_REQUEST');
    expect(again.json<{ errorMessage: string }>().errorMessage).toBe('This uuid belongs to a booking made with your other key (live or test): send a new uuid.');
    expect(await seatsOf(on.id)).toMatchObject({ seatsHeld: 0, seatsConfirmed: 2 });
  });

  it('are deleted together from the office, which frees their seats and leaves the live bookings and the figures as they were', async () => {
    const on = await departure(6);
    const real = await sold(live, on, 2, 'Max Bauer');
    const before = await figures(on.startDate.slice(0, 7));
    await sold(test, on, 2, 'Test One');
    const held = await test('POST', '/bookings', { productId: tour.id, optionId: 'DEFAULT', availabilityId: on.id, unitItems: [{ unitId: 'adult' }] });
    expect(held.statusCode, held.body).toBe(200);
    expect(await seatsOf(on.id)).toEqual({ seatsHeld: 1, seatsConfirmed: 4, seatsAvailable: 1 });

    // Someone who may only read resellers may not delete.
    const role = aRole({ permissions: ['resellers.read'] });
    expect((await staff({ method: 'POST', url: '/api/admin/auth/role', payload: role })).statusCode).toBe(201);
    const reader = await createUser(t.app, (await login(t.app, t.admin)).accessToken, { email: `reader-${Date.now()}@example.test`, roles: [role.name] });
    expectError(await as(t.app, (await login(t.app, reader)).accessToken)({ method: 'DELETE', url: `/api/resellers/${reseller.id}/test-bookings` }), 403, 'FORBIDDEN');
    expectError(await staff({ method: 'DELETE', url: `/api/resellers/${crypto.randomUUID()}/test-bookings` }), 404, 'NOT_FOUND');

    // The reseller's page says how many there are before they go, beside its sales, which leave them out.
    const counted = (await staff({ method: 'GET', url: `/api/resellers/${reseller.id}` })).json<Reseller>();
    const deleted = await staff({ method: 'DELETE', url: `/api/resellers/${reseller.id}/test-bookings` });
    expect(deleted.statusCode, deleted.body).toBe(200);
    // The tests of this file's earlier departures go too: every test of the reseller.
    expect(deleted.json<{ deleted: number }>().deleted).toBeGreaterThanOrEqual(4);
    expect(counted.testBookingCount).toBe(deleted.json<{ deleted: number }>().deleted);
    expect((await staff({ method: 'GET', url: `/api/resellers/${reseller.id}` })).json<Reseller>()).toMatchObject({ testBookingCount: 0, bookingCount: counted.bookingCount });
    expect(await seatsOf(on.id)).toEqual({ seatsHeld: 0, seatsConfirmed: 2, seatsAvailable: 4 });
    expect((await staff({ method: 'GET', url: `/api/bookings/${real.id}` })).json<Booking>()).toMatchObject({ status: 'confirmed', testMode: false });
    expectOctoError(await test('GET', `/bookings/${zBooking.parse(held.json()).uuid}`), 400, 'INVALID_BOOKING_UUID');
    const after = await figures(on.startDate.slice(0, 7));
    expect({ ...after, margin: null }).toEqual({ ...before, margin: null });
    const list = (await staff({ method: 'GET', url: `/api/bookings?resellerId=${reseller.id}&pageSize=100` })).json<{ data: Booking[] }>();
    expect(list.data.filter((booking) => booking.testMode)).toEqual([]);
    expect((await staff({ method: 'DELETE', url: `/api/resellers/${reseller.id}/test-bookings` })).json()).toEqual({ deleted: 0 });
    const audit = (await staff({ method: 'GET', url: `/api/admin/audit?action=reseller.test_bookings_deleted` })).json<{ data: { targetId: string }[] }>();
    expect(audit.data.map((entry) => entry.targetId)).toContain(reseller.id);
  });
});
