/** Departures: local dates and times in the tour's zone, bulk scheduling, capacity, status, history kept. */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Departure } from '../../src/shared/contract/departures.js';
import type { Tour } from '../../src/shared/contract/tours.js';
import { expectError } from '../helpers/assertions.js';
import { aTour, aUser } from '../helpers/builders.js';
import { createTour, viaInject } from '../helpers/api-builders.js';
import { as, createTestApp, createUser, login, type TestApp } from '../helpers/test-app.js';

let t: TestApp;
let admin: ReturnType<typeof as>;
let adminToken: string;

beforeAll(async () => {
  t = await createTestApp();
  adminToken = (await login(t.app, t.admin)).accessToken;
  admin = as(t.app, adminToken);
});
afterAll(async () => t?.close());

/** A published tour in Berlin's time (its clocks change in March and October). */
const berlinTour = (overrides: Parameters<typeof aTour>[0] = {}) => createTour(viaInject(admin), { timeZone: 'Europe/Berlin', status: 'published', ...overrides });

async function schedule(body: Record<string, unknown>): Promise<Departure> {
  const response = await admin({ method: 'POST', url: '/api/departures', payload: { capacity: 16, startTime: '09:00', ...body } });
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

/** Seats taken as bookings will take them (bookings come next): straight in the database. */
async function takeSeats(id: string, held: number, confirmed: number) {
  await sql`update departures set seats_held = ${held}, seats_confirmed = ${confirmed} where id = ${id}`.execute(t.database.handle.db);
}

describe('a departure', () => {
  test('is entered as a local date and time in the tour’s zone; the instant, the end date and the tour’s prices come with it', async () => {
    const tour = await berlinTour({ durationDays: 5, minPax: 4, prices: { ADULT: 129_900, CHILD: 99_900, INFANT: null }, singleSupplementMinor: 35_000 });
    const departure = await schedule({ tourId: tour.id, startDate: '2027-07-03', startTime: '09:30' });
    expect(departure).toMatchObject({
      tourId: tour.id,
      tourCode: tour.code,
      startDate: '2027-07-03',
      startTime: '09:30',
      timeZone: 'Europe/Berlin',
      startsAt: '2027-07-03T07:30:00.000Z',
      endDate: '2027-07-07',
      capacity: 16,
      seatsHeld: 0,
      seatsConfirmed: 0,
      seatsAvailable: 16,
      waitlisted: 0,
      minPax: 4,
      guaranteed: false,
      status: 'open',
      prices: { ADULT: 129_900, CHILD: 99_900, INFANT: null },
      singleSupplementMinor: 35_000,
      bookingCutoffHours: 48,
      cancelReason: null,
    });
    expect((await admin({ method: 'GET', url: `/api/departures/${departure.id}` })).json()).toEqual(departure);
  });

  test('a time the clocks skip is refused on startTime; one they repeat takes the earlier instant (Europe/Berlin, 2027)', async () => {
    const tour = await berlinTour();
    const skipped = await admin({ method: 'POST', url: '/api/departures', payload: { tourId: tour.id, startDate: '2027-03-28', startTime: '02:30', capacity: 10 } });
    expectError(skipped, 400, 'VALIDATION');
    expect(skipped.json().errors.startTime).toMatch(/does not exist on 2027-03-28 in Europe\/Berlin/);
    const repeated = await schedule({ tourId: tour.id, startDate: '2027-10-31', startTime: '02:30' });
    expect(repeated.startsAt).toBe('2027-10-31T00:30:00.000Z');
    // The same local time in another zone is another instant.
    const reykjavik = await berlinTour({ timeZone: 'Atlantic/Reykjavik' });
    expect((await schedule({ tourId: reykjavik.id, startDate: '2027-10-31', startTime: '02:30' })).startsAt).toBe('2027-10-31T02:30:00.000Z');
  });

  test('a date that is not on the calendar, an unknown tour, a capacity out of range or a bad time is 400; the same date and time twice is 409', async () => {
    const tour = await berlinTour();
    for (const [payload, field] of [
      [{ tourId: tour.id, startDate: '2027-02-30', startTime: '09:00', capacity: 10 }, 'startDate'],
      [{ tourId: '00000000-0000-4000-8000-000000000000', startDate: '2027-06-01', startTime: '09:00', capacity: 10 }, 'tourId'],
      [{ tourId: tour.id, startDate: '2027-06-01', startTime: '24:00', capacity: 10 }, 'startTime'],
      [{ tourId: tour.id, startDate: '2027-06-01', startTime: '9:00', capacity: 10 }, 'startTime'],
      [{ tourId: tour.id, startDate: '2027-06-01', startTime: '09:00', capacity: 0 }, 'capacity'],
      [{ tourId: tour.id, startDate: '2027-06-01', startTime: '09:00', capacity: 10_001 }, 'capacity'],
      [{ tourId: tour.id, startDate: '2027-06-01', startTime: '09:00', capacity: 10, prices: { ADULT: 1.5, CHILD: null, INFANT: null } }, 'prices'],
    ] as const) {
      const response = await admin({ method: 'POST', url: '/api/departures', payload });
      expectError(response, 400, 'VALIDATION');
      expect(Object.keys(response.json().errors ?? {}).join(' '), JSON.stringify(payload)).toContain(field);
    }
    await schedule({ tourId: tour.id, startDate: '2027-06-01', startTime: '09:00' });
    expectError(await admin({ method: 'POST', url: '/api/departures', payload: { tourId: tour.id, startDate: '2027-06-01', startTime: '09:00', capacity: 12 } }), 409, 'CONFLICT');
    // Another time the same day is another departure.
    await schedule({ tourId: tour.id, startDate: '2027-06-01', startTime: '14:00' });
  });

  test('per-departure prices and supplement; capacity never below the seats taken; the database refuses an oversold row whatever writes it', async () => {
    const tour = await berlinTour({ prices: { ADULT: 100_000, CHILD: null, INFANT: null } });
    const peak = await schedule({ tourId: tour.id, startDate: '2027-08-07', prices: { ADULT: 125_000, CHILD: null, INFANT: null }, singleSupplementMinor: 40_000 });
    expect(peak).toMatchObject({ prices: { ADULT: 125_000 }, singleSupplementMinor: 40_000 });
    await takeSeats(peak.id, 3, 5);
    const read = (await admin({ method: 'GET', url: `/api/departures/${peak.id}` })).json<Departure>();
    expect(read).toMatchObject({ seatsHeld: 3, seatsConfirmed: 5, seatsAvailable: 8 });
    const refused = await admin({ method: 'PATCH', url: `/api/departures/${peak.id}`, payload: { capacity: 7 } });
    expectError(refused, 409, 'CONFLICT');
    expect(refused.json().message).toMatch(/8 seats are taken/);
    expect((await admin({ method: 'PATCH', url: `/api/departures/${peak.id}`, payload: { capacity: 8 } })).json()).toMatchObject({ capacity: 8, seatsAvailable: 0 });
    await expect(sql`update departures set seats_confirmed = 6 where id = ${peak.id}`.execute(t.database.handle.db)).rejects.toThrow(/departures_not_oversold/);
    // A tour whose minimum is reached is guaranteed.
    await takeSeats(peak.id, 0, 8);
    expect((await admin({ method: 'GET', url: `/api/departures/${peak.id}` })).json()).toMatchObject({ guaranteed: true });
  });

  test('moving a departure re-derives its instant in the tour’s zone; closing stops new bookings; a cancelled one keeps its reason and changes no more', async () => {
    const tour = await berlinTour();
    const departure = await schedule({ tourId: tour.id, startDate: '2027-01-09', startTime: '08:00' });
    expect(departure.startsAt).toBe('2027-01-09T07:00:00.000Z');
    const moved = (await admin({ method: 'PATCH', url: `/api/departures/${departure.id}`, payload: { startDate: '2027-07-10' } })).json<Departure>();
    expect(moved).toMatchObject({ startDate: '2027-07-10', startTime: '08:00', startsAt: '2027-07-10T06:00:00.000Z' });
    expectError(await admin({ method: 'PATCH', url: `/api/departures/${departure.id}`, payload: { startDate: '2027-03-28', startTime: '02:15' } }), 400, 'VALIDATION');
    expect((await admin({ method: 'PATCH', url: `/api/departures/${departure.id}`, payload: { status: 'closed' } })).json()).toMatchObject({ status: 'closed' });
    expectError(await admin({ method: 'PATCH', url: `/api/departures/${departure.id}`, payload: { status: 'cancelled' } }), 400, 'VALIDATION');

    const cancelled = await admin({ method: 'POST', url: `/api/departures/${departure.id}/cancel`, payload: { reason: 'Storm warning for the whole week' } });
    expect(cancelled.json()).toMatchObject({ status: 'cancelled', cancelReason: 'Storm warning for the whole week' });
    expectError(await admin({ method: 'POST', url: `/api/departures/${departure.id}/cancel`, payload: { reason: 'Again' } }), 409, 'CONFLICT');
    expectError(await admin({ method: 'PATCH', url: `/api/departures/${departure.id}`, payload: { status: 'open' } }), 409, 'CONFLICT');
    expectError(await admin({ method: 'POST', url: `/api/departures/${departure.id}/cancel`, payload: { reason: '  ' } }), 400, 'VALIDATION');
  });

  test('one that would have started already is refused, created or moved there; one later today is scheduled; a bulk run skips the passed dates', async () => {
    const tour = await berlinTour();
    const local = (ms: number) => new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Berlin', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).formatToParts(new Date(ms));
    const parts = (ms: number) => Object.fromEntries(local(ms).map((part) => [part.type, part.value]));
    const hourAgo = parts(t.clock.time - 3_600_000);
    const inTwoHours = parts(t.clock.time + 2 * 3_600_000);
    const yesterday = parts(t.clock.time - 86_400_000);
    const twoDaysAgo = parts(t.clock.time - 2 * 86_400_000);
    for (const [date, time] of [[`${yesterday.year}-${yesterday.month}-${yesterday.day}`, '09:00'], [`${hourAgo.year}-${hourAgo.month}-${hourAgo.day}`, `${hourAgo.hour}:${hourAgo.minute}`]]) {
      const refused = await admin({ method: 'POST', url: '/api/departures', payload: { tourId: tour.id, startDate: date, startTime: time, capacity: 10 } });
      expectError(refused, 400, 'VALIDATION');
      expect(refused.json().errors).toEqual({ startDate: 'is in the past: this departure would have started already' });
    }
    const later = await schedule({ tourId: tour.id, startDate: `${inTwoHours.year}-${inTwoHours.month}-${inTwoHours.day}`, startTime: `${inTwoHours.hour}:${inTwoHours.minute}` });
    expectError(await admin({ method: 'PATCH', url: `/api/departures/${later.id}`, payload: { startDate: `${yesterday.year}-${yesterday.month}-${yesterday.day}` } }), 400, 'VALIDATION');
    // Its capacity still changes (its moment does not move).
    expect((await admin({ method: 'PATCH', url: `/api/departures/${later.id}`, payload: { capacity: 12 } })).statusCode).toBe(200);
    const week = await admin({ method: 'POST', url: '/api/departures/bulk', payload: { tourId: tour.id, from: `${twoDaysAgo.year}-${twoDaysAgo.month}-${twoDaysAgo.day}`, to: `${yesterday.year}-${yesterday.month}-${yesterday.day}`, weekdays: [1, 2, 3, 4, 5, 6, 7], startTime: '09:00', capacity: 10 } });
    expect(week.statusCode, week.body).toBe(201);
    expect(week.json()).toMatchObject({ data: [], skipped: [`${twoDaysAgo.year}-${twoDaysAgo.month}-${twoDaysAgo.day}`, `${yesterday.year}-${yesterday.month}-${yesterday.day}`] });
  });

  test('one nobody has booked can be deleted; one with bookings is kept (409: cancel it)', async () => {
    const tour = await berlinTour();
    const [free, booked] = [await schedule({ tourId: tour.id, startDate: '2027-05-01' }), await schedule({ tourId: tour.id, startDate: '2027-05-08' })];
    await takeSeats(booked.id, 1, 0);
    expectError(await admin({ method: 'DELETE', url: `/api/departures/${booked.id}` }), 409, 'CONFLICT');
    expect((await admin({ method: 'DELETE', url: `/api/departures/${free.id}` })).json()).toEqual({ id: free.id });
    expectError(await admin({ method: 'GET', url: `/api/departures/${free.id}` }), 404, 'NOT_FOUND');
  });
});

describe('scheduling in bulk', () => {
  test('Saturdays for a season: one departure per Saturday; a second run skips them all; dates whose time the clocks skip are skipped', async () => {
    const tour = await berlinTour();
    const season = { tourId: tour.id, from: '2027-04-01', to: '2027-10-31', weekdays: [6], startTime: '08:00', capacity: 20 };
    const first = await admin({ method: 'POST', url: '/api/departures/bulk', payload: season });
    expect(first.statusCode, first.body).toBe(201);
    const { data, skipped } = first.json<{ data: Departure[]; skipped: string[] }>();
    expect(data).toHaveLength(31);
    expect(skipped).toEqual([]);
    expect(data[0]).toMatchObject({ startDate: '2027-04-03', startsAt: '2027-04-03T06:00:00.000Z' });
    expect(data.at(-1)).toMatchObject({ startDate: '2027-10-30', startsAt: '2027-10-30T06:00:00.000Z' });
    expect(new Set(data.map((departure) => new Date(`${departure.startDate}T00:00:00Z`).getUTCDay()))).toEqual(new Set([6]));

    const again = (await admin({ method: 'POST', url: '/api/departures/bulk', payload: season })).json<{ data: Departure[]; skipped: string[] }>();
    expect(again.data).toEqual([]);
    expect(again.skipped).toHaveLength(31);

    // Sundays in March at 02:30: the 28th has no 02:30 in Berlin.
    const march = (await admin({ method: 'POST', url: '/api/departures/bulk', payload: { ...season, from: '2027-03-01', to: '2027-03-31', weekdays: [7], startTime: '02:30' } })).json();
    expect(march.data.map((departure: Departure) => departure.startDate)).toEqual(['2027-03-07', '2027-03-14', '2027-03-21']);
    expect(march.skipped).toEqual(['2027-03-28']);
  });

  test('a range over 366 days, backwards, or an unknown weekday is 400, and nothing is created', async () => {
    const tour = await berlinTour();
    const base = { tourId: tour.id, weekdays: [1], startTime: '08:00', capacity: 10 };
    for (const payload of [
      { ...base, from: '2027-01-01', to: '2028-01-02' },
      { ...base, from: '2027-06-01', to: '2027-05-01' },
      { ...base, from: '2027-06-01', to: '2027-06-30', weekdays: [0] },
      { ...base, from: '2027-06-01', to: '2027-06-30', weekdays: [1, 1] },
      { ...base, from: '2027-06-31', to: '2027-07-30' },
    ]) {
      expectError(await admin({ method: 'POST', url: '/api/departures/bulk', payload }), 400, 'VALIDATION');
    }
    expect((await admin({ method: 'GET', url: `/api/departures?tourId=${tour.id}` })).json().total).toBe(0);
  });
});

describe('the list', () => {
  test('filters by tour, local dates, status and free seats, sorts by start, and counts exactly', async () => {
    const tour = await berlinTour();
    const other = await berlinTour();
    const made = [];
    for (const date of ['2027-06-05', '2027-06-12', '2027-06-19', '2027-06-26']) made.push(await schedule({ tourId: tour.id, startDate: date }));
    await schedule({ tourId: other.id, startDate: '2027-06-12' });
    await takeSeats(made[1].id, 6, 10); // full
    await admin({ method: 'POST', url: `/api/departures/${made[3].id}/cancel`, payload: { reason: 'Too few travellers' } });

    const list = async (query: string) => (await admin({ method: 'GET', url: `/api/departures?${query}` })).json<{ data: Departure[]; total: number }>();
    const all = await list(`tourId=${tour.id}`);
    expect(all.total).toBe(4);
    expect(all.data.map((departure) => departure.startDate)).toEqual(['2027-06-05', '2027-06-12', '2027-06-19', '2027-06-26']);
    expect((await list(`tourId=${tour.id}&sort=startsAt&order=DESC`)).data[0].startDate).toBe('2027-06-26');
    const window = await list(`tourId=${tour.id}&from=2027-06-12&to=2027-06-19`);
    expect([window.total, window.data.map((departure) => departure.startDate)]).toEqual([2, ['2027-06-12', '2027-06-19']]);
    const withSeats = await list(`tourId=${tour.id}&hasSeats=true`);
    expect(withSeats.data.map((departure) => departure.startDate)).toEqual(['2027-06-05', '2027-06-19', '2027-06-26']);
    expect((await list(`tourId=${tour.id}&status=cancelled`)).data.map((departure) => departure.startDate)).toEqual(['2027-06-26']);
    const everywhere = await list('from=2027-06-12&to=2027-06-12&pageSize=100');
    expect(everywhere.data.map((departure) => departure.tourId)).toEqual(expect.arrayContaining([tour.id, other.id]));
    expect(new Set(everywhere.data.map((departure) => departure.startDate))).toEqual(new Set(['2027-06-12']));
    // The kept counts agree with the rows.
    const { rows } = await sql<{ n: number }>`select count(*)::int as n from departures`.execute(t.database.handle.db);
    expect((await list('')).total).toBe(rows[0].n);
    expectError(await admin({ method: 'GET', url: '/api/departures?from=2027-13-01' }), 400, 'VALIDATION');
  });
});

describe('the tour and its departures', () => {
  test('the tour counts its departures and names the next one not cancelled; with departures it cannot be deleted nor change zone', async () => {
    const tour = await berlinTour();
    expect(tour).toMatchObject({ departureCount: 0, nextDepartureAt: null });
    const later = await schedule({ tourId: tour.id, startDate: '2027-09-04' });
    const sooner = await schedule({ tourId: tour.id, startDate: '2027-08-07' });
    let read = (await admin({ method: 'GET', url: `/api/tours/${tour.id}` })).json<Tour>();
    expect(read).toMatchObject({ departureCount: 2, nextDepartureAt: sooner.startsAt });
    await admin({ method: 'POST', url: `/api/departures/${sooner.id}/cancel`, payload: { reason: 'Guide ill' } });
    read = (await admin({ method: 'GET', url: `/api/tours/${tour.id}` })).json<Tour>();
    expect(read).toMatchObject({ departureCount: 2, nextDepartureAt: later.startsAt });
    const listed = (await admin({ method: 'GET', url: `/api/tours?q=${tour.code}` })).json<{ data: Tour[] }>().data[0];
    expect(listed).toMatchObject({ departureCount: 2, nextDepartureAt: later.startsAt });

    expectError(await admin({ method: 'DELETE', url: `/api/tours/${tour.id}` }), 409, 'CONFLICT');
    expectError(await admin({ method: 'PATCH', url: `/api/tours/${tour.id}`, payload: { timeZone: 'Europe/Lisbon' } }), 409, 'CONFLICT');
    expect((await admin({ method: 'PATCH', url: `/api/tours/${tour.id}`, payload: { status: 'archived' } })).json()).toMatchObject({ status: 'archived' });
  });
});

describe('who may do what', () => {
  test('SALES and FINANCE see departures but schedule, change, cancel and delete none; PRODUCT may; every change is audited', async () => {
    const tour = await berlinTour();
    const departure = await schedule({ tourId: tour.id, startDate: '2027-06-05' });
    for (const role of ['SALES', 'FINANCE']) {
      const who = await createUser(t.app, adminToken, aUser({ roles: [role] }));
      const caller = as(t.app, (await login(t.app, who)).accessToken);
      expect((await caller({ method: 'GET', url: `/api/departures/${departure.id}` })).statusCode).toBe(200);
      expect((await caller({ method: 'GET', url: '/api/departures' })).statusCode).toBe(200);
      expectError(await caller({ method: 'POST', url: '/api/departures', payload: { tourId: tour.id, startDate: '2027-06-06', startTime: '09:00', capacity: 5 } }), 403, 'FORBIDDEN');
      expectError(await caller({ method: 'POST', url: '/api/departures/bulk', payload: { tourId: tour.id, from: '2027-06-01', to: '2027-06-30', weekdays: [1], startTime: '09:00', capacity: 5 } }), 403, 'FORBIDDEN');
      expectError(await caller({ method: 'PATCH', url: `/api/departures/${departure.id}`, payload: { capacity: 5 } }), 403, 'FORBIDDEN');
      expectError(await caller({ method: 'POST', url: `/api/departures/${departure.id}/cancel`, payload: { reason: 'x' } }), 403, 'FORBIDDEN');
      expectError(await caller({ method: 'DELETE', url: `/api/departures/${departure.id}` }), 403, 'FORBIDDEN');
    }
    const planner = await createUser(t.app, adminToken, aUser({ roles: ['PRODUCT'] }));
    const product = as(t.app, (await login(t.app, planner)).accessToken);
    expect((await product({ method: 'PATCH', url: `/api/departures/${departure.id}`, payload: { capacity: 12 } })).statusCode).toBe(200);
    const entries = (await admin({ method: 'GET', url: `/api/admin/audit?targetId=${departure.id}&pageSize=100` })).json().data as { action: string; actorId: string; details: Record<string, unknown> }[];
    expect(entries.map((entry) => entry.action).sort()).toEqual(['departure.created', 'departure.updated']);
    expect(entries.find((entry) => entry.action === 'departure.updated')).toMatchObject({ actorId: planner.id, details: { capacity: 12 } });
  });
});
