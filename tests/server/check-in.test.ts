/**
 * Check-in on the day: a booking's voucher code checks in every traveller, chosen travellers are
 * checked in or marked as no-shows, only for a confirmed booking and only from the first day of its
 * departure to its last day (in the tour's zone); a forged or guessed code checks nobody in and
 * guessing is cut off like passwords; the GUIDE role checks in and is refused money. Runs on the
 * embedded database and, with TEST_DATABASE_URL, on a PostgreSQL server.
 */
import { zBooking } from '@octocloud/types';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Departure } from '../../src/shared/contract/departures.js';
import { createResellerWithKey, octoAs } from '../helpers/octo.js';
import type { Booking, CheckInBooking } from '../../src/shared/contract/bookings.js';
import type { Tour } from '../../src/shared/contract/tours.js';
import { expectError } from '../helpers/assertions.js';
import { createDeparture, createTour, viaInject } from '../helpers/api-builders.js';
import { as, createTestApp, createUser, login, type TestApp } from '../helpers/test-app.js';

let t: TestApp;
let admin: ReturnType<typeof as>;
let guide: ReturnType<typeof as>;
let tour: Tour;
const run = Math.random().toString(36).slice(2, 8);
const DAY = 24 * 3_600_000;

beforeAll(async () => {
  // 2032-03-09 12:00 UTC is 2032-03-10 01:00 in Auckland: the first day of the tour below (two days), whose departures start at 09:00 local.
  t = await createTestApp();
  t.clock.time = Date.parse('2032-03-09T12:00:00Z');
  admin = as(t.app, (await login(t.app, t.admin)).accessToken);
  tour = await createTour(viaInject(admin), { status: 'published', timeZone: 'Pacific/Auckland', durationDays: 2, bookingCutoffHours: 0, prices: { ADULT: 10_000, CHILD: 5_000, INFANT: 0 } });
  guide = await signInAs('GUIDE');
});
afterAll(async () => t?.close());

async function signInAs(role: string) {
  const email = `${role.toLowerCase()}.${run}.${Math.random().toString(36).slice(2, 6)}@example.test`;
  await createUser(t.app, (await login(t.app, t.admin)).accessToken, { email, roles: [role] });
  return as(t.app, (await login(t.app, { email, password: 'a-long-enough-password' })).accessToken);
}
let minute = 0;
async function book(startDate: string, status: 'confirmed' | 'held' = 'confirmed'): Promise<Booking> {
  // A departure of its own each time (one a minute from 09:00).
  minute += 1;
  const startTime = `${String(9 + Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`;
  const departure = await createDeparture(viaInject(admin), tour.id, { startDate, startTime, capacity: 20 });
  const made = await admin({
    method: 'POST',
    url: '/api/bookings',
    payload: { departureId: departure.id, status, contact: { name: 'Ana', email: `ana.${run}@example.test` }, travellers: [{ category: 'ADULT', firstName: 'Ana', lastName: 'Ruiz' }, { category: 'ADULT', firstName: 'Luis', lastName: 'Ruiz' }, { category: 'CHILD', firstName: 'Sol', lastName: 'Ruiz', dateOfBirth: '2025-01-01' }] },
  });
  expect(made.statusCode, made.body).toBe(201);
  return made.json<Booking>();
}

describe('check-in', () => {
  it('by the voucher’s code checks in the whole booking, as typed with spaces, dashes or lower case; again changes nothing', async () => {
    const booking = await book('2032-03-10');
    expect(booking.checkInCode).toMatch(/^[0-9A-HJKMNP-TV-Z]{13}$/);
    const typed = `${booking.checkInCode.slice(0, 4).toLowerCase()}-${booking.checkInCode.slice(4, 8)} ${booking.checkInCode.slice(8)}`;
    const first = await guide({ method: 'POST', url: '/api/check-in', payload: { code: typed } });
    expect(first.statusCode, first.body).toBe(200);
    const seen = first.json<CheckInBooking>();
    expect(seen).toMatchObject({ id: booking.id, reference: booking.reference, status: 'confirmed', contactName: 'Ana' });
    expect(seen.travellers.every((one) => one.checkedInAt !== null && !one.noShow)).toBe(true);
    // No money in what a guide sees.
    expect(JSON.stringify(seen)).not.toMatch(/Minor|paid|balance/i);
    t.clock.advance(60_000);
    const again = (await guide({ method: 'POST', url: '/api/check-in', payload: { code: booking.checkInCode } })).json<CheckInBooking>();
    expect(again.travellers.map((one) => one.checkedInAt)).toEqual(seen.travellers.map((one) => one.checkedInAt));
    const full = (await admin({ method: 'GET', url: `/api/bookings/${booking.id}` })).json<Booking>();
    expect(full.travellers.every((one) => one.checkedInAt !== null)).toBe(true);
    const log = (await admin({ method: 'GET', url: `/api/admin/audit?targetId=${booking.id}` })).json<{ data: { action: string }[] }>();
    expect(log.data.filter((entry) => entry.action === 'booking.checked_in')).toHaveLength(1);
  });

  it('of chosen travellers, or marking them as no-shows', async () => {
    const booking = await book('2032-03-10');
    const [ana, luis, sol] = booking.travellers;
    const one = await guide({ method: 'POST', url: `/api/bookings/${booking.id}/check-in`, payload: { travellerIds: [ana.id] } });
    expect(one.statusCode, one.body).toBe(200);
    const noShow = (await guide({ method: 'POST', url: `/api/bookings/${booking.id}/check-in`, payload: { travellerIds: [luis.id], noShow: true } })).json<CheckInBooking>();
    expect(noShow.travellers.map((person) => [person.firstName, person.checkedInAt !== null, person.noShow])).toEqual([
      ['Ana', true, false],
      ['Luis', false, true],
      ['Sol', false, false],
    ]);
    // Luis turns up after all.
    const late = (await guide({ method: 'POST', url: `/api/bookings/${booking.id}/check-in`, payload: { travellerIds: [luis.id, sol.id] } })).json<CheckInBooking>();
    expect(late.travellers.every((person) => person.checkedInAt !== null && !person.noShow)).toBe(true);
    const other = await book('2032-03-10');
    expectError(await guide({ method: 'POST', url: `/api/bookings/${booking.id}/check-in`, payload: { travellerIds: [other.travellers[0].id] } }), 400, 'VALIDATION');
    expectError(await guide({ method: 'POST', url: `/api/bookings/00000000-0000-4000-8000-000000000000/check-in`, payload: { travellerIds: [ana.id] } }), 404, 'NOT_FOUND');
  });

  it('shows on the departure and its manifest, and a reseller’s booking whose travellers all came reads REDEEMED over OCTO', async () => {
    const booking = await book('2032-03-10');
    const [ana, luis] = booking.travellers;
    await guide({ method: 'POST', url: `/api/bookings/${booking.id}/check-in`, payload: { travellerIds: [ana.id] } });
    await guide({ method: 'POST', url: `/api/bookings/${booking.id}/check-in`, payload: { travellerIds: [luis.id], noShow: true } });
    expect((await admin({ method: 'GET', url: `/api/departures/${booking.departureId}` })).json<Departure>().checkedIn).toBe(1);
    const manifest = (await admin({ method: 'GET', url: `/api/departures/${booking.departureId}/manifest.csv` })).body.replace(/^\uFEFF/, '').trim().split('\n');
    expect(manifest[0].split(',').at(-1)).toBe('checked_in');
    const byName = Object.fromEntries(manifest.slice(1).map((line) => [line.split(',')[3], line.split(',').at(-1)]));
    expect(byName.Ana).toMatch(/^2032-03-09T/);
    expect(byName.Luis).toBe('no-show');
    expect(byName.Sol).toBe('');

    const departure = await createDeparture(viaInject(admin), tour.id, { startDate: '2032-03-10', startTime: '17:00', capacity: 5 });
    const { key } = await createResellerWithKey(admin);
    const octo = octoAs(t.app, key);
    const reserved = await octo('POST', '/bookings', { productId: tour.id, optionId: 'DEFAULT', availabilityId: departure.id, unitItems: [{ unitId: 'adult' }, { unitId: 'adult' }] });
    expect(reserved.statusCode, reserved.body).toBe(200);
    const uuid = reserved.json<{ uuid: string }>().uuid;
    const confirmed = await octo('POST', `/bookings/${uuid}/confirm`, { contact: { fullName: 'Kai Lund', firstName: 'Kai', lastName: 'Lund', emailAddress: `kai.${run}@example.test` } });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const code = zBooking.parse(confirmed.json()).voucher!.deliveryOptions.find((option) => option.deliveryFormat === 'QRCODE')!.deliveryValue;
    expect(zBooking.parse(confirmed.json()).status).toBe('CONFIRMED');
    expect((await guide({ method: 'POST', url: '/api/check-in', payload: { code } })).statusCode).toBe(200);
    const redeemed = zBooking.parse((await octo('GET', `/bookings/${uuid}`)).json());
    expect(redeemed.status).toBe('REDEEMED');
    expect(redeemed.utcRedeemedAt).not.toBeNull();
    expect(redeemed.unitItems.map((item) => item.status)).toEqual(['REDEEMED', 'REDEEMED']);
    expect(redeemed.cancellable).toBe(false);
  });

  it('only for a confirmed booking, from its departure’s first day to its last in the tour’s zone', async () => {
    const held = await book('2032-03-10', 'held');
    expectError(await guide({ method: 'POST', url: '/api/check-in', payload: { code: held.checkInCode } }), 409, 'CONFLICT');
    // It is 10 March, 01:00 in Auckland: a voucher for the 11th, shown a day early, is not checked in yet.
    const tomorrow = await book('2032-03-11');
    const early = await guide({ method: 'POST', url: '/api/check-in', payload: { code: tomorrow.checkInCode } });
    expectError(early, 409, 'CONFLICT');
    expect(early.json().message).toBe('Check-in opens on the departure’s first day.');
    const soon = await book('2032-03-10');
    expect((await guide({ method: 'POST', url: '/api/check-in', payload: { code: soon.checkInCode } })).statusCode).toBe(200);
    const last = await book('2032-03-10');
    // On 11 March at 23:00 local the 10 March departure's last day, the 11th, is ending: still open; a day after, closed.
    t.clock.advance(46 * 3_600_000);
    admin = as(t.app, (await login(t.app, t.admin)).accessToken);
    guide = await signInAs('GUIDE');
    expect((await guide({ method: 'POST', url: '/api/check-in', payload: { code: last.checkInCode } })).statusCode).toBe(200);
    t.clock.advance(DAY);
    admin = as(t.app, (await login(t.app, t.admin)).accessToken);
    guide = await signInAs('GUIDE');
    expectError(await guide({ method: 'POST', url: `/api/bookings/${last.id}/check-in`, payload: { travellerIds: [last.travellers[0].id] } }), 409, 'CONFLICT');
  });

  it('never by a forged or guessed code, and guessing is cut off like passwords', async () => {
    const guesser = await signInAs('GUIDE');
    expectError(await guesser({ method: 'POST', url: '/api/check-in', payload: { code: 'not a code at all' } }), 404, 'NOT_FOUND');
    for (let i = 0; i < 9; i++) expectError(await guesser({ method: 'POST', url: '/api/check-in', payload: { code: `ABCDEFGHJKM${String(i).padStart(2, '0')}` } }), 404, 'NOT_FOUND');
    // The eleventh attempt is refused even with a real code, until the window ends.
    const real = await book('2033-01-01');
    const refused = await guesser({ method: 'POST', url: '/api/check-in', payload: { code: real.checkInCode } });
    expectError(refused, 429, 'RATE_LIMITED');
    expect(Number(refused.headers['retry-after'] ?? 1)).toBeGreaterThan(0);
    expect((await admin({ method: 'GET', url: `/api/bookings/${real.id}` })).json<Booking>().travellers.every((one) => one.checkedInAt === null)).toBe(true);
  });

  it('needs checkin.create; a GUIDE is refused the routes that take or report money', async () => {
    const sales = await signInAs('STAFF');
    expectError(await sales({ method: 'POST', url: '/api/check-in', payload: { code: 'ABCDEFGHJKMNP' } }), 403, 'FORBIDDEN');
    const booking = await book('2033-01-02');
    for (const [method, url, payload] of [
      ['POST', `/api/bookings/${booking.id}/payments`, { kind: 'payment', amountMinor: 100, method: 'cash' }],
      ['GET', '/api/reports/summary', undefined],
      ['GET', '/api/reports/monthly?year=2032', undefined],
      ['POST', `/api/bookings/${booking.id}/payment-links`, { amountMinor: 100 }],
      ['GET', '/api/customers', undefined],
      ['GET', `/api/bookings/${booking.id}/payments`, undefined],
      ['GET', `/api/bookings/${booking.id}/payment-links`, undefined],
      ['GET', `/api/bookings/${booking.id}/cancellation-quote`, undefined],
      ['GET', `/api/bookings/${booking.id}/timeline`, undefined],
      ['GET', `/api/bookings/${booking.id}/messages`, undefined],
      ['GET', `/api/bookings/${booking.id}/voucher.pdf`, undefined],
      ['GET', '/api/bookings.csv', undefined],
      ['GET', `/api/departures/${booking.departureId}/margin`, undefined],
      ['GET', '/api/reports/margins?from=2033-01-01&to=2033-01-31', undefined],
      ['GET', '/api/bookings?balanceDue=true', undefined],
      ['GET', '/api/bookings?overdue=true', undefined],
      ['GET', '/api/bookings?paymentStatus=unpaid', undefined],
      ['GET', '/api/bookings?sort=totalMinor', undefined],
      ['GET', `/api/tours/${tour.id}`, undefined],
    ] as const) {
      expectError(await guide({ method, url, ...(payload && { payload }) }), 403, 'FORBIDDEN');
    }
    // The same routes answer a role that sees money.
    expect((await admin({ method: 'GET', url: `/api/bookings/${booking.id}/payments` })).statusCode).toBe(200);
  });

  it('a GUIDE reads bookings and departures without money, and the manifest it needs', async () => {
    const booking = await book('2033-01-03');
    const money = ['paymentStatus', 'totalMinor', 'paidMinor', 'refundedMinor', 'balanceMinor', 'depositMinor', 'balanceDueDate', 'overdue', 'singleSupplementMinor', 'netMinor', 'resellerCommissionPercent'];
    const one = await guide({ method: 'GET', url: `/api/bookings/${booking.id}` });
    expect(one.statusCode, one.body).toBe(200);
    const seen = one.json<Record<string, unknown> & { travellers: Record<string, unknown>[] }>();
    expect(seen).toMatchObject({ id: booking.id, reference: booking.reference, contact: booking.contact });
    for (const field of money) expect(seen, field).not.toHaveProperty(field);
    // The office's own notes stay in the office; the notes for the guide are the guide's.
    expect(seen).not.toHaveProperty('notes');
    expect(seen).toHaveProperty('guideNotes');
    expect(seen.travellers.map((traveller) => traveller.firstName)).toEqual(['Ana', 'Luis', 'Sol']);
    for (const traveller of seen.travellers) expect(traveller).not.toHaveProperty('unitPriceMinor');
    const listed = (await guide({ method: 'GET', url: `/api/bookings?departureId=${booking.departureId}` })).json<{ data: Record<string, unknown>[] }>();
    expect(listed.data.map((one) => one.id)).toEqual([booking.id]);
    for (const field of money) expect(listed.data[0], field).not.toHaveProperty(field);
    expect(JSON.stringify(listed)).not.toMatch(/Minor/);
    const departure = (await guide({ method: 'GET', url: `/api/departures/${booking.departureId}` })).json<Record<string, unknown>>();
    expect(departure).toMatchObject({ id: booking.departureId, seatsConfirmed: 3 });
    expect(departure).not.toHaveProperty('prices');
    expect(departure).not.toHaveProperty('singleSupplementMinor');
    const departures = (await guide({ method: 'GET', url: `/api/departures?tourId=${tour.id}&from=2033-01-03&to=2033-01-03` })).json<{ data: Record<string, unknown>[] }>();
    expect(departures.data.length).toBeGreaterThan(0);
    expect(JSON.stringify(departures)).not.toMatch(/Minor|prices/);
    // Staff who see money still get it all.
    expect((await admin({ method: 'GET', url: `/api/bookings/${booking.id}` })).json<Booking>().totalMinor).toBe(25_000);
    expect((await admin({ method: 'GET', url: `/api/departures/${booking.departureId}` })).json<Departure>().prices.ADULT).toBe(10_000);
    const manifest = await guide({ method: 'GET', url: `/api/departures/${booking.departureId}/manifest.csv` });
    expect(manifest.statusCode).toBe(200);
    expect(manifest.body).toContain('Ruiz');
  });

  it('lists a departure’s confirmed bookings to check in from, by lead name, with no money', async () => {
    const booking = await book('2033-01-04');
    const held = await admin({
      method: 'POST',
      url: '/api/bookings',
      payload: { departureId: booking.departureId, status: 'held', contact: { name: 'Bea', email: `bea.${run}@example.test` }, travellers: [{ category: 'ADULT', firstName: 'Bea', lastName: 'Held' }] },
    });
    expect(held.statusCode, held.body).toBe(201);
    const answer = await guide({ method: 'GET', url: `/api/departures/${booking.departureId}/check-in` });
    expect(answer.statusCode, answer.body).toBe(200);
    const { data } = answer.json<{ data: CheckInBooking[] }>();
    expect(data.map((one) => [one.reference, one.travellers.length])).toEqual([[booking.reference, 3]]);
    expect(JSON.stringify(data)).not.toMatch(/Minor/);
    expectError(await guide({ method: 'GET', url: '/api/departures/00000000-0000-4000-8000-000000000000/check-in' }), 404, 'NOT_FOUND');
    expectError(await (await signInAs('STAFF'))({ method: 'GET', url: `/api/departures/${booking.departureId}/check-in` }), 403, 'FORBIDDEN');
  });
});
