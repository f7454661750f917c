/**
 * The bench's rows in bulk (src/server/db/bulk-rows.ts) read back through the product as the API
 * answers them: users who sign in and list by role, tours in every status, departures with their
 * seats, and bookings with references of the product's alphabet that the lists, a booking's page
 * and the dashboard's totals all count. A schema change that breaks the bench's seeding fails here.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REFERENCE_ALPHABET, REFERENCE_LENGTH } from '../../src/shared/contract/booking-rules.js';
import { createHash } from 'node:crypto';
import { bookingCatalogueSql, bookingsSql, DAY_SHEET_DATE, dayOfTourSql, MAINTAIN_SQL, octoCatalogueSql, resourceScheduleSql, toursSql, usersSql } from '../../src/server/db/bulk-rows.js';
import { as, createTestApp, login, type TestApp } from '../helpers/test-app.js';

let t: TestApp;
let admin: ReturnType<typeof as>;

async function run(statements: string[]) {
  for (const statement of statements) await sql.raw(statement).execute(t.app.db);
  await sql.raw(MAINTAIN_SQL).execute(t.app.db);
}

beforeAll(async () => {
  t = await createTestApp();
  admin = as(t.app, (await login(t.app, t.admin)).accessToken);
}, 60_000);
afterAll(async () => t?.close());

describe('rows in bulk', () => {
  it('users: one in ten an administrator, the rest staff, each signing in with the given user’s password', async () => {
    await run(usersSql(20, 0, t.admin.email));
    await run(usersSql(10, 20, t.admin.email));
    const staff = (await admin({ method: 'GET', url: '/api/admin/auth/user?page=1&pageSize=25&role=STAFF' })).json<{ total: number }>();
    const admins = (await admin({ method: 'GET', url: '/api/admin/auth/user?page=1&pageSize=25&role=ADMIN' })).json<{ total: number }>();
    expect(staff.total).toBe(27);
    expect(admins.total).toBe(3 + 1); // bench-10, -20, -30 and the first administrator
    expect((await login(t.app, { email: 'bench-7@example.com', password: t.admin.password })).accessToken).toMatch(/\./);
  });

  it('tours: in the three statuses, listed with their prices', async () => {
    await run(toursSql(9, 0));
    const all = (await admin({ method: 'GET', url: '/api/tours?page=1&pageSize=25&q=BENCH-' })).json<{ total: number; data: { status: string; prices: { ADULT: number } }[] }>();
    expect(all.total).toBe(9);
    expect(new Set(all.data.map((tour) => tour.status))).toEqual(new Set(['draft', 'published', 'archived']));
    expect(all.data.every((tour) => tour.prices.ADULT > 100_000)).toBe(true);
  });

  it('bookings: on the catalogue’s 500 departures, in five statuses, found by reference and counted by the dashboard', async () => {
    await run(bookingCatalogueSql());
    await run(bookingsSql(40, 0));
    await run(bookingsSql(10, 40));
    const departures = (await admin({ method: 'GET', url: '/api/departures?page=1&pageSize=1&from=2028-01-01&to=2028-12-31' })).json<{ total: number }>();
    expect(departures.total).toBe(500);
    const list = (await admin({ method: 'GET', url: '/api/bookings?page=1&pageSize=100' })).json<{ total: number; data: { id: string; reference: string; status: string; totalMinor: number }[] }>();
    expect(list.total).toBe(50);
    expect(new Set(list.data.map((booking) => booking.status))).toEqual(new Set(['confirmed', 'held', 'cancelled', 'waitlisted']));
    const pattern = new RegExp(`^[${REFERENCE_ALPHABET}]{${REFERENCE_LENGTH}}$`);
    expect(list.data.every((booking) => pattern.test(booking.reference))).toBe(true);
    expect(new Set(list.data.map((booking) => booking.reference)).size).toBe(50);
    const one = await admin({ method: 'GET', url: `/api/bookings/${list.data[0].reference}` });
    expect(one.statusCode, one.body).toBe(200);
    const confirmed = (await admin({ method: 'GET', url: '/api/bookings?page=1&pageSize=1&status=confirmed' })).json<{ total: number }>();
    expect(confirmed.total).toBe(20);
    // Made in the last seconds by the database's clock: the dashboard counts those not cancelled.
    t.clock.time = Date.now();
    admin = as(t.app, (await login(t.app, t.admin)).accessToken);
    const summary = (await admin({ method: 'GET', url: '/api/reports/summary' })).json<{ bookings: { last30Days: number } }>();
    expect(summary.bookings.last30Days).toBe(40);
    // Each booking's customer, counted as the database counts those it makes.
    const customers = (await admin({ method: 'GET', url: '/api/customers?page=1&pageSize=1&q=bench guest' })).json<{ total: number }>();
    expect(customers.total).toBe(50);
    const guest = (await admin({ method: 'GET', url: `/api/bookings/${list.data[0].reference}` })).json<{ customerId: string; status: string }>();
    const customer = (await admin({ method: 'GET', url: `/api/customers/${guest.customerId}` })).json<{ bookingCount: number; lastBookingAt: string | null }>();
    expect(customer.bookingCount).toBe(guest.status === 'cancelled' ? 0 : 1);
    expect(customer.lastBookingAt).not.toBeNull();
    // Their confirmations went out when they were made: none is left queued for a server to send.
    const messages = (await admin({ method: 'GET', url: `/api/bookings/${list.data.find((booking) => booking.status === 'confirmed')!.id}/messages` })).json<{ data: { kind: string; status: string }[] }>().data;
    expect(messages).toMatchObject([{ kind: 'booking_confirmed', status: 'sent' }]);
    expect(await t.app.messages.sendDue()).toBe(0);
  });

  it('the OCTO catalogue: its tours offered to its reseller’s key, their departures a day apart', async () => {
    const key = 'rsk_bench-key-for-the-bulk-rows-test';
    await run(octoCatalogueSql(createHash('sha256').update(key).digest('hex'), { small: 5, big: 20, fill: 1 }));
    const products = await t.app.inject({ method: 'GET', url: '/api/octo/products', headers: { authorization: `Bearer ${key}` } });
    expect(products.statusCode, products.body).toBe(200);
    const octo = products.json<{ id: string; reference: string }[]>().filter((product) => product.reference.startsWith('OCTO-'));
    expect(octo.map((product) => product.reference).sort()).toEqual(['OCTO-BIG', 'OCTO-FILL-1', 'OCTO-SMALL']);
    const small = octo.find((product) => product.reference === 'OCTO-SMALL')!;
    const calendar = await t.app.inject({ method: 'POST', url: '/api/octo/availability/calendar', headers: { authorization: `Bearer ${key}` }, payload: { productId: small.id, optionId: 'DEFAULT', localDateStart: '2028-01-01', localDateEnd: '2028-01-07' } });
    expect(calendar.json<{ status: string }[]>().map((day) => day.status)).toEqual(['AVAILABLE', 'AVAILABLE', 'AVAILABLE', 'AVAILABLE', 'AVAILABLE', 'CLOSED', 'CLOSED']);
  });
  it('the day of the tour: 200 departures on the day sheet’s date with their travellers, meals, suppliers and margins', async () => {
    await run(dayOfTourSql(400));
    const answer = await admin({ method: 'GET', url: `/api/operations/day?date=${DAY_SHEET_DATE}` });
    expect(answer.statusCode, answer.body).toBe(200);
    const sheet = answer.json<{ departures: { departureId: string; dayTitle: string; travellers: { ADULT: number; CHILD: number }; meals: { dinner: number }; components: { name: string; supplier: string; quantity: number }[] }[] }>();
    expect(sheet.departures).toHaveLength(200);
    // Bookings 1 to 199 on the first departures of tours 2 to 200; tour 1's went to later dates.
    expect(sheet.departures.reduce((sum, one) => sum + one.travellers.ADULT, 0)).toBe(199);
    expect(sheet.departures.reduce((sum, one) => sum + one.travellers.CHILD, 0)).toBe(199);
    const booked = sheet.departures.find((one) => one.travellers.ADULT === 1)!;
    expect(booked).toMatchObject({ dayTitle: 'Arrival', meals: { dinner: 2 } });
    expect(booked.components.map((one) => [one.name, one.quantity])).toEqual([
      ['Lodge', 2],
      ['Coach', 1],
    ]);
    const margin = (await admin({ method: 'GET', url: `/api/departures/${booked.departureId}/margin` })).json<{ revenueMinor: number; costMinor: number }>();
    expect(margin).toMatchObject({ revenueMinor: 150_000, costMinor: 2 * 6_000 + 90_000 });
    const departure = (await admin({ method: 'GET', url: `/api/departures/${booked.departureId}` })).json<{ seatsConfirmed: number }>();
    expect(departure.seatsConfirmed).toBe(2);
  });

  it('a resource’s schedule: two guides on a daily tour, whose busy days are refused and whose free day is not', async () => {
    await run(resourceScheduleSql(3, 10));
    const guides = (await admin({ method: 'GET', url: '/api/resources?q=bench%20guide&sort=name' })).json<{ data: { id: string; name: string }[] }>().data;
    const big = guides.find((one) => one.name === 'Bench guide big')!;
    const schedule = (await admin({ method: 'GET', url: `/api/resources/${big.id}/schedule?from=2030-01-01&to=2030-01-31` })).json<{ data: { startDate: string }[] }>();
    expect(schedule.data.map((one) => one.startDate)).toEqual(Array.from({ length: 10 }, (_, k) => `2030-01-${String(k + 1).padStart(2, '0')}`));
    const departures = (await admin({ method: 'GET', url: '/api/departures?from=2030-01-06&to=2030-01-11&pageSize=10&sort=startsAt&order=ASC' })).json<{ data: { id: string; startDate: string }[] }>().data;
    const busy = await admin({ method: 'POST', url: `/api/departures/${departures[0]!.id}/assignments`, payload: { resourceId: big.id } });
    expect(busy.statusCode, busy.body).toBe(409);
    expect(busy.json<{ code: string }>().code).toBe('RESOURCE_CONFLICT');
    const free = departures.find((one) => one.startDate === '2030-01-11')!;
    expect((await admin({ method: 'POST', url: `/api/departures/${free.id}/assignments`, payload: { resourceId: big.id } })).statusCode).toBe(201);
  });
});
