/**
 * Bookings and payments: seats sold exactly once under any
 * concurrency, prices kept as sold, the state machine, holds that lapse, cancellation with a fee,
 * derived payment status and balance, Idempotency-Key, amendments and the audit trail. Runs on the
 * embedded database and, with TEST_DATABASE_URL, on a PostgreSQL server (real concurrency there).
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Booking, Payment } from '../../src/shared/contract/bookings.js';
import type { Departure } from '../../src/shared/contract/departures.js';
import type { Tour, TourComponent } from '../../src/shared/contract/tours.js';
import { expectError } from '../helpers/assertions.js';
import { aComponent, aTour } from '../helpers/builders.js';
import { createDeparture, createTour, viaInject } from '../helpers/api-builders.js';
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

const MINUTE = 60_000;
const family = [
  { category: 'ADULT', firstName: 'Þórður', lastName: 'Jónsson' },
  { category: 'ADULT', firstName: 'Anna', lastName: 'Łódź-Nowak' },
  { category: 'CHILD', firstName: 'Kai', lastName: 'Jónsson', dateOfBirth: '2016-05-04' },
  { category: 'INFANT', firstName: 'Ída', lastName: 'Jónsson', dateOfBirth: '2026-01-15' },
];
const contact = { name: 'Þórður Jónsson', email: 'thordur@example.is', phone: '+354 555 1234' };

/** A published tour whose bookings close a day before departure. */
const publishedTour = (overrides: Parameters<typeof aTour>[0] = {}) => createTour(viaInject(admin), { status: 'published', bookingCutoffHours: 24, ...overrides });

async function addComponent(tour: Tour, overrides: Parameters<typeof aComponent>[0] = {}): Promise<TourComponent> {
  const response = await admin({ method: 'POST', url: `/api/tours/${tour.id}/components`, payload: aComponent(overrides) });
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

let dayOffset = 0;
/** A departure some weeks ahead (each its own date), open, on a published tour. */
async function departureOf(tour: Tour, body: Record<string, unknown> = {}): Promise<Departure> {
  dayOffset += 1;
  const date = new Date(t.clock.time + (30 + dayOffset) * 86_400_000).toISOString().slice(0, 10);
  return createDeparture(viaInject(admin), tour.id, { startDate: date, startTime: '09:00', capacity: 10, ...body });
}

function book(client: ReturnType<typeof as>, body: Record<string, unknown>, key?: string) {
  return client({ method: 'POST', url: '/api/bookings', payload: { contact, ...body }, headers: key !== undefined ? { 'idempotency-key': key } : {} });
}

/** Moves the clock and signs in again (the access token of an hour ago has expired). */
async function at(time: number) {
  t.clock.time = time;
  adminToken = (await login(t.app, t.admin)).accessToken;
  admin = as(t.app, adminToken);
}

async function booked(body: Record<string, unknown>): Promise<Booking> {
  const response = await book(admin, body);
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

async function departure(id: string): Promise<Departure> {
  return (await admin({ method: 'GET', url: `/api/departures/${id}` })).json();
}

async function pay(bookingId: string, body: Record<string, unknown>, key?: string) {
  return admin({ method: 'POST', url: `/api/bookings/${bookingId}/payments`, payload: { method: 'card', ...body }, headers: key ? { 'idempotency-key': key } : {} });
}

async function bookingOf(id: string): Promise<Booking> {
  return (await admin({ method: 'GET', url: `/api/bookings/${id}` })).json();
}

/** The departure's counters equal the seats of its bookings, by status (the invariant every test ends on). */
async function expectCountersMatch(departureId: string) {
  const db = t.database.handle.db;
  const { rows } = await sql<{ held: number; confirmed: number; waitlisted: number; seats_held: number; seats_confirmed: number; dw: number; capacity: number }>`
    select coalesce(sum(b.seats) filter (where b.status = 'held'), 0)::int as held,
           coalesce(sum(b.seats) filter (where b.status = 'confirmed'), 0)::int as confirmed,
           coalesce(sum(b.seats) filter (where b.status = 'waitlisted'), 0)::int as waitlisted,
           d.seats_held, d.seats_confirmed, d.waitlisted as dw, d.capacity
      from departures d left join bookings b on b.departure_id = d.id
     where d.id = ${departureId} group by d.id`.execute(db);
  const row = rows[0];
  expect({ held: row.seats_held, confirmed: row.seats_confirmed, waitlisted: row.dw }).toEqual({ held: row.held, confirmed: row.confirmed, waitlisted: row.waitlisted });
  expect(row.seats_held + row.seats_confirmed).toBeLessThanOrEqual(row.capacity);
}

describe('booking seats', () => {
  test('a booking copies the departure’s prices and the extras’ prices, totals integer lines, and takes seats for adults and children only', async () => {
    const tour = await publishedTour({ prices: { ADULT: 129_900, CHILD: 99_900, INFANT: 0 }, singleSupplementMinor: 35_000 });
    const kayak = await addComponent(tour, { kind: 'activity', name: 'Glacier kayak', inclusion: 'optional', priceMinor: 12_950, dayFrom: 2, dayTo: 2 });
    const dep = await departureOf(tour);
    const booking = await booked({ departureId: dep.id, travellers: family, extras: [{ componentId: kayak.id, quantity: 3 }], singleRooms: 1, channel: 'phone', notes: 'Vegetarian' });
    expect(booking).toMatchObject({
      departureId: dep.id,
      tourId: tour.id,
      tourCode: tour.code,
      status: 'held',
      paymentStatus: 'unpaid',
      currency: 'EUR',
      seats: 3,
      totalMinor: 2 * 129_900 + 99_900 + 0 + 3 * 12_950 + 35_000,
      paidMinor: 0,
      balanceMinor: 2 * 129_900 + 99_900 + 3 * 12_950 + 35_000,
      singleRooms: 1,
      singleSupplementMinor: 35_000,
      channel: 'phone',
      notes: 'Vegetarian',
      startDate: dep.startDate,
      startTime: '09:00',
      timeZone: tour.timeZone,
      startsAt: dep.startsAt,
      cancellation: null,
      confirmedAt: null,
      contact,
      extras: [{ componentId: kayak.id, name: 'Glacier kayak', quantity: 3, unitPriceMinor: 12_950 }],
    });
    expect(booking.reference).toMatch(/^[2-9A-HJ-NP-Z]{8}$/);
    expect(booking.travellers.map((traveller) => [traveller.firstName, traveller.category, traveller.unitPriceMinor])).toEqual([
      ['Þórður', 'ADULT', 129_900],
      ['Anna', 'ADULT', 129_900],
      ['Kai', 'CHILD', 99_900],
      ['Ída', 'INFANT', 0],
    ]);
    expect(new Date(booking.holdExpiresAt!).getTime() - new Date(booking.createdAt).getTime()).toBe(60 * MINUTE);
    expect(await departure(dep.id)).toMatchObject({ seatsHeld: 3, seatsConfirmed: 0, seatsAvailable: 7 });

    // A later price change never alters it.
    await admin({ method: 'PATCH', url: `/api/departures/${dep.id}`, payload: { prices: { ADULT: 199_900, CHILD: 1, INFANT: 0 }, singleSupplementMinor: 99_000 } });
    expect((await bookingOf(booking.id)).totalMinor).toBe(booking.totalMinor);

    // The audit log has it, with its actor.
    const audit = (await admin({ method: 'GET', url: `/api/admin/audit?targetId=${booking.id}` })).json<{ data: { action: string; actorId: string }[] }>();
    expect(audit.data.map((entry) => entry.action)).toEqual(['booking.created']);
    await expectCountersMatch(dep.id);
  });

  test('totals in ISK (no minor unit) and KWD (three decimals) are sums of integer lines', async () => {
    const isk = await publishedTour({ currency: 'ISK', prices: { ADULT: 189_000, CHILD: 94_500, INFANT: null }, singleSupplementMinor: 45_000 });
    const b1 = await booked({ departureId: (await departureOf(isk)).id, travellers: family.slice(0, 3), singleRooms: 2 });
    expect(b1).toMatchObject({ currency: 'ISK', totalMinor: 189_000 * 2 + 94_500 + 2 * 45_000 });
    const kwd = await publishedTour({ currency: 'KWD', prices: { ADULT: 345_125, CHILD: 172_563, INFANT: null }, singleSupplementMinor: null });
    const b2 = await booked({ departureId: (await departureOf(kwd)).id, travellers: family.slice(0, 3), status: 'confirmed' });
    expect(b2).toMatchObject({ currency: 'KWD', totalMinor: 862_813, status: 'confirmed' });
    expect((await pay(b2.id, { kind: 'payment', amountMinor: 862_813 })).statusCode).toBe(201);
    expect(await bookingOf(b2.id)).toMatchObject({ paidMinor: 862_813, balanceMinor: 0, paymentStatus: 'paid' });
  });

  test('what the departure does not sell, and bookings that cannot be, are refused with the field named', async () => {
    const tour = await publishedTour({ prices: { ADULT: 50_000, CHILD: null, INFANT: null }, singleSupplementMinor: null });
    const included = await addComponent(tour, { inclusion: 'included' });
    const other = await addComponent(await publishedTour(), { inclusion: 'optional', priceMinor: 100 });
    const dep = await departureOf(tour);
    const cases: [Record<string, unknown>, string][] = [
      [{ travellers: [family[0], family[2]] }, 'travellers.1.category'],
      [{ travellers: [family[0]], singleRooms: 1 }, 'singleRooms'],
      [{ travellers: [family[0]], singleRooms: 2 }, 'singleRooms'],
      [{ travellers: [family[3]] }, 'travellers'],
      [{ travellers: [family[0]], extras: [{ componentId: included.id, quantity: 1 }] }, 'extras.0.componentId'],
      [{ travellers: [family[0]], extras: [{ componentId: other.id, quantity: 1 }] }, 'extras.0.componentId'],
      [{ travellers: [{ ...family[0], dateOfBirth: '1990-02-30' }] }, 'travellers.0.dateOfBirth'],
      [{ travellers: [family[0]], holdMinutes: 0 }, 'holdMinutes'],
      [{ travellers: [family[0]], holdMinutes: 10_081 }, 'holdMinutes'],
      [{ travellers: [family[0]], status: 'waitlisted' }, 'status'],
      [{ travellers: [] }, 'travellers'],
      [{ travellers: Array.from({ length: 51 }, () => family[0]) }, 'travellers'],
      [{ travellers: [{ ...family[0], category: 'SENIOR' }] }, 'travellers.0.category'],
      [{ travellers: [family[0]], channel: 'fax' }, 'channel'],
    ];
    for (const [body, field] of cases) {
      const response = await book(admin, { departureId: dep.id, ...body });
      expectError(response, 400, 'VALIDATION');
      expect(Object.keys(response.json().errors), JSON.stringify(body)).toContain(field);
    }
    expectError(await book(admin, { departureId: '00000000-0000-4000-8000-000000000000', travellers: [family[0]] }), 400, 'VALIDATION');
    expect(await departure(dep.id)).toMatchObject({ seatsHeld: 0, seatsConfirmed: 0 });
  });

  test('a closed or cancelled departure, an unpublished tour and a passed cut-off are 409 DEPARTURE_CLOSED', async () => {
    const tour = await publishedTour({ bookingCutoffHours: 48 });
    const closed = await departureOf(tour, { status: 'closed' });
    expectError(await book(admin, { departureId: closed.id, travellers: [family[0]] }), 409, 'DEPARTURE_CLOSED');
    const cancelled = await departureOf(tour);
    await admin({ method: 'POST', url: `/api/departures/${cancelled.id}/cancel`, payload: { reason: 'Volcano' } });
    expectError(await book(admin, { departureId: cancelled.id, travellers: [family[0]] }), 409, 'DEPARTURE_CLOSED');
    const draft = await publishedTour({ status: 'draft' });
    expectError(await book(admin, { departureId: (await departureOf(draft)).id, travellers: [family[0]] }), 409, 'DEPARTURE_CLOSED');

    const soon = await departureOf(tour);
    const cutoff = new Date(soon.startsAt).getTime() - 48 * 3_600_000;
    const saved = t.clock.time;
    try {
      await at(cutoff - 1000);
      expect((await book(admin, { departureId: soon.id, travellers: [family[0]] })).statusCode).toBe(201);
      t.clock.time = cutoff;
      const late = await book(admin, { departureId: soon.id, travellers: [family[0]] });
      expectError(late, 409, 'DEPARTURE_CLOSED');
      expect(late.json().message).toContain('48 hours');
    } finally {
      await at(saved);
    }
  });

  test('past the cut-off: only with bookings.override_cutoff and a reason, audited; a started departure stays closed to everyone', async () => {
    const tour = await publishedTour({ bookingCutoffHours: 48 });
    const soon = await departureOf(tour, { capacity: 5 });
    const made = await admin({ method: 'POST', url: '/api/admin/auth/role', payload: { name: `LATE_DESK_${Date.now()}`, permissions: ['bookings.read', 'bookings.create', 'bookings.override_cutoff'] } });
    expect(made.statusCode, made.body).toBe(201);
    const lateDesk = await createUser(t.app, adminToken, { email: `late-desk-${Date.now()}@example.test`, roles: [made.json<{ name: string }>().name] });
    const clerk = await createUser(t.app, adminToken, { email: `clerk-cutoff-${Date.now()}@example.test`, roles: ['SALES'] });
    const saved = t.clock.time;
    try {
      await at(new Date(soon.startsAt).getTime() - 24 * 3_600_000);
      const asLateDesk = as(t.app, (await login(t.app, lateDesk)).accessToken);
      const asClerk = as(t.app, (await login(t.app, clerk)).accessToken);
      const override = { cutoffOverride: { reason: 'Guide confirmed two spare seats by phone' } };
      expectError(await book(asClerk, { departureId: soon.id, travellers: [family[0]] }), 409, 'DEPARTURE_CLOSED');
      expectError(await book(asClerk, { departureId: soon.id, travellers: [family[0]], ...override }), 403, 'FORBIDDEN');
      expectError(await book(asLateDesk, { departureId: soon.id, travellers: [family[0]], cutoffOverride: { reason: '   ' } }), 400, 'VALIDATION');
      expectError(await book(asLateDesk, { departureId: soon.id, travellers: [family[0]] }), 409, 'DEPARTURE_CLOSED');

      const late = await book(asLateDesk, { departureId: soon.id, travellers: [family[0]], ...override });
      expect(late.statusCode, late.body).toBe(201);
      const booking = late.json<Booking>();
      const audit = (await admin({ method: 'GET', url: `/api/admin/audit?action=booking.cutoff_overridden&targetId=${booking.id}` })).json<{ data: { details: Record<string, unknown> }[] }>();
      expect(audit.data).toHaveLength(1);
      expect(audit.data[0]!.details).toMatchObject({ reference: booking.reference, reason: 'Guide confirmed two spare seats by phone', cutoffHours: 48 });
      // An administrator holds every permission.
      expect((await book(admin, { departureId: soon.id, travellers: [family[1]], ...override })).statusCode).toBe(201);

      await at(new Date(soon.startsAt).getTime() + 60_000);
      const started = await book(admin, { departureId: soon.id, travellers: [family[0]], ...override });
      expectError(started, 409, 'DEPARTURE_CLOSED');
      expect(started.json().message).toBe('This departure has started.');
      await expectCountersMatch(soon.id);
    } finally {
      await at(saved);
    }
  });

  test('without enough seats: 409 SOLD_OUT with what is free, or a waitlisted booking that takes no seat', async () => {
    const dep = await departureOf(await publishedTour(), { capacity: 3 });
    await booked({ departureId: dep.id, travellers: family.slice(0, 2), status: 'confirmed' });
    const refused = await book(admin, { departureId: dep.id, travellers: family.slice(0, 3) });
    expectError(refused, 409, 'SOLD_OUT');
    expect(refused.json().available).toBe(1);
    const waiting = await booked({ departureId: dep.id, travellers: family.slice(0, 3), waitlist: true });
    expect(waiting).toMatchObject({ status: 'waitlisted', holdExpiresAt: null, seats: 3 });
    expect(await departure(dep.id)).toMatchObject({ seatsConfirmed: 2, seatsAvailable: 1, waitlisted: 3 });
    // Its seats are not free: confirming it is SOLD_OUT, and nothing changes.
    const notYet = await admin({ method: 'POST', url: `/api/bookings/${waiting.id}/confirm` });
    expectError(notYet, 409, 'SOLD_OUT');
    expect(notYet.json().available).toBe(1);
    // A booking that fits is not put on the waitlist.
    expect((await booked({ departureId: dep.id, travellers: [family[0]], waitlist: true })).status).toBe('held');
    await expectCountersMatch(dep.id);
  });

  test('many clerks booking the last seats at once: exactly capacity is sold, the rest are SOLD_OUT', async () => {
    const dep = await departureOf(await publishedTour(), { capacity: 7 });
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, index) => book(admin, { departureId: dep.id, travellers: index % 3 === 0 ? family.slice(0, 2) : [family[0]], status: index % 2 ? 'confirmed' : 'held' })),
    );
    const created = answers.filter((answer) => answer.statusCode === 201).map((answer) => answer.json<Booking>());
    for (const answer of answers.filter((a) => a.statusCode !== 201)) expectError(answer, 409, 'SOLD_OUT');
    const sold = created.reduce((sum, booking) => sum + booking.seats, 0);
    expect(sold).toBeLessThanOrEqual(7);
    expect(sold).toBeGreaterThanOrEqual(6); // a pair may not fit in the last seat
    const after = await departure(dep.id);
    expect(after.seatsHeld + after.seatsConfirmed).toBe(sold);
    await expectCountersMatch(dep.id);
  });
});

describe('the state machine', () => {
  test('a held booking is confirmed; confirming twice, or confirming a cancelled one, is 409', async () => {
    const dep = await departureOf(await publishedTour());
    const booking = await booked({ departureId: dep.id, travellers: family });
    const confirmed = await admin({ method: 'POST', url: `/api/bookings/${booking.id}/confirm` });
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toMatchObject({ status: 'confirmed', holdExpiresAt: null });
    expect(confirmed.json().confirmedAt).not.toBeNull();
    expect(await departure(dep.id)).toMatchObject({ seatsHeld: 0, seatsConfirmed: 3 });
    expectError(await admin({ method: 'POST', url: `/api/bookings/${booking.id}/confirm` }), 409, 'CONFLICT');
    await admin({ method: 'POST', url: `/api/bookings/${booking.id}/cancel`, payload: { reason: 'Changed plans' } });
    expectError(await admin({ method: 'POST', url: `/api/bookings/${booking.id}/confirm` }), 409, 'CONFLICT');
    await expectCountersMatch(dep.id);
  });

  test('a lapsed hold reads as expired at once and frees its seats; the sweep records it once, however many run', async () => {
    const dep = await departureOf(await publishedTour(), { capacity: 4 });
    const hold = await booked({ departureId: dep.id, travellers: family, holdMinutes: 30 });
    const saved = t.clock.time;
    try {
      await at(saved + 30 * MINUTE);
      expect(await bookingOf(hold.id)).toMatchObject({ status: 'expired', paymentStatus: 'unpaid' });
      expect(await departure(dep.id)).toMatchObject({ seatsHeld: 0, seatsAvailable: 4 });
      const expiredList = (await admin({ method: 'GET', url: `/api/bookings?departureId=${dep.id}&status=expired` })).json();
      expect(expiredList.data.map((b: Booking) => b.id)).toEqual([hold.id]);
      const heldList = (await admin({ method: 'GET', url: `/api/bookings?tourId=${dep.tourId}&status=held` })).json();
      expect(heldList).toEqual({ data: [], total: 0 });
      // Nothing leaves expired.
      expectError(await admin({ method: 'POST', url: `/api/bookings/${hold.id}/confirm` }), 409, 'CONFLICT');
      expectError(await admin({ method: 'POST', url: `/api/bookings/${hold.id}/cancel`, payload: { reason: 'x' } }), 409, 'CONFLICT');
      expectError(await pay(hold.id, { kind: 'payment', amountMinor: 100 }), 409, 'CONFLICT');

      const swept = await Promise.all([t.app.flows.expireLapsedHolds(), t.app.flows.expireLapsedHolds(), t.app.flows.expireLapsedHolds()]);
      expect(swept.reduce((a, b) => a + b, 0)).toBe(1);
      expect(await t.app.flows.expireLapsedHolds()).toBe(0);
      await expectCountersMatch(dep.id);
      const audit = (await admin({ method: 'GET', url: `/api/admin/audit?targetId=${hold.id}` })).json<{ data: { action: string }[] }>();
      expect(audit.data.map((entry) => entry.action).sort()).toEqual(['booking.created', 'booking.expired']);
    } finally {
      await at(saved);
    }
  });

  test('a new booking takes the seats of a lapsed hold the sweep has not reached yet, and frees them once', async () => {
    const dep = await departureOf(await publishedTour(), { capacity: 3 });
    const hold = await booked({ departureId: dep.id, travellers: family, holdMinutes: 5 });
    const saved = t.clock.time;
    try {
      await at(saved + 6 * MINUTE);
      const next = await booked({ departureId: dep.id, travellers: family.slice(0, 3), status: 'confirmed' });
      expect(next.status).toBe('confirmed');
      expect((await bookingOf(hold.id)).status).toBe('expired');
      expect(await t.app.flows.expireLapsedHolds()).toBe(0);
      expect(await departure(dep.id)).toMatchObject({ seatsHeld: 0, seatsConfirmed: 3, seatsAvailable: 0 });
      await expectCountersMatch(dep.id);
    } finally {
      await at(saved);
    }
  });

  test('a cancel racing a confirm: whichever comes first, the seats are released once and the counters stay true', async () => {
    const dep = await departureOf(await publishedTour(), { capacity: 20 });
    for (let round = 0; round < 5; round += 1) {
      const booking = await booked({ departureId: dep.id, travellers: family.slice(0, 2) });
      const [confirm, cancel] = await Promise.all([
        admin({ method: 'POST', url: `/api/bookings/${booking.id}/confirm` }),
        admin({ method: 'POST', url: `/api/bookings/${booking.id}/cancel`, payload: { reason: 'Race' } }),
      ]);
      expect(cancel.statusCode).toBe(200);
      expect([200, 409]).toContain(confirm.statusCode);
      expect((await bookingOf(booking.id)).status).toBe('cancelled');
    }
    expect(await departure(dep.id)).toMatchObject({ seatsHeld: 0, seatsConfirmed: 0, seatsAvailable: 20 });
    await expectCountersMatch(dep.id);
  });
});

describe('cancellation, payments and refunds', () => {
  test('a deposit, a confirm, a cancel with a fee, the refund of the rest', async () => {
    const dep = await departureOf(await publishedTour({ prices: { ADULT: 100_000, CHILD: 50_000, INFANT: 0 } }));
    const booking = await booked({ departureId: dep.id, travellers: family.slice(0, 3) });
    expect(booking.totalMinor).toBe(250_000);
    const deposit = await pay(booking.id, { kind: 'payment', amountMinor: 75_000, method: 'bank_transfer', reference: 'IS-4411' });
    expect(deposit.statusCode).toBe(201);
    expect(deposit.json<Payment>()).toMatchObject({ kind: 'payment', amountMinor: 75_000, currency: 'EUR', method: 'bank_transfer', reference: 'IS-4411', bookingId: booking.id });
    expect(await bookingOf(booking.id)).toMatchObject({ paidMinor: 75_000, balanceMinor: 175_000, paymentStatus: 'partially_paid' });
    expectError(await pay(booking.id, { kind: 'payment', amountMinor: 175_001 }), 409, 'PAYMENT_EXCEEDS_BALANCE');
    expectError(await pay(booking.id, { kind: 'refund', amountMinor: 75_001 }), 409, 'REFUND_EXCEEDS_PAID');
    expectError(await pay(booking.id, { kind: 'payment', amountMinor: 0 }), 400, 'VALIDATION');
    expectError(await pay(booking.id, { kind: 'payment', amountMinor: 10.5 }), 400, 'VALIDATION');
    expectError(await pay(booking.id, { kind: 'payment', amountMinor: 100, receivedAt: new Date(t.clock.time + 86_400_000).toISOString() }), 400, 'VALIDATION');
    await admin({ method: 'POST', url: `/api/bookings/${booking.id}/confirm` });

    expectError(await admin({ method: 'POST', url: `/api/bookings/${booking.id}/cancel`, payload: { reason: 'Ill', feeMinor: 75_001 } }), 400, 'VALIDATION');
    const cancelled = await admin({ method: 'POST', url: `/api/bookings/${booking.id}/cancel`, payload: { reason: 'Ill', feeMinor: 25_000 } });
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json()).toMatchObject({ status: 'cancelled', paymentStatus: 'refund_due', paidMinor: 75_000, balanceMinor: -50_000, cancellation: { reason: 'Ill', feeMinor: 25_000 } });
    expectError(await admin({ method: 'POST', url: `/api/bookings/${booking.id}/cancel`, payload: { reason: 'Again' } }), 409, 'CONFLICT');
    expect(await departure(dep.id)).toMatchObject({ seatsConfirmed: 0, seatsHeld: 0 });

    expectError(await pay(booking.id, { kind: 'payment', amountMinor: 1 }), 409, 'PAYMENT_EXCEEDS_BALANCE');
    expectError(await pay(booking.id, { kind: 'refund', amountMinor: 50_001 }), 409, 'REFUND_EXCEEDS_PAID');
    t.clock.time += 1000;
    expect((await pay(booking.id, { kind: 'refund', amountMinor: 50_000 })).statusCode).toBe(201);
    expect(await bookingOf(booking.id)).toMatchObject({ paidMinor: 25_000, refundedMinor: 50_000, balanceMinor: 0, paymentStatus: 'refunded' });
    const payments = (await admin({ method: 'GET', url: `/api/bookings/${booking.id}/payments` })).json<{ data: Payment[] }>().data;
    expect(payments.map((p) => [p.kind, p.amountMinor])).toEqual([
      ['payment', 75_000],
      ['refund', 50_000],
    ]);
    // No route changes or deletes a payment.
    for (const method of ['PATCH', 'PUT', 'DELETE'] as const) {
      expect((await admin({ method, url: `/api/bookings/${booking.id}/payments/${payments[0].id}`, payload: method === 'DELETE' ? undefined : { amountMinor: 1 } })).statusCode).toBe(404);
    }
    const actions = (await admin({ method: 'GET', url: `/api/admin/audit?targetId=${booking.id}` })).json<{ data: { action: string }[] }>().data.map((e) => e.action);
    expect(actions.sort()).toEqual(['booking.cancelled', 'booking.confirmed', 'booking.created', 'payment.recorded', 'refund.recorded']);
    // The booking's own timeline says the same, in order, to whoever may read the booking.
    const timeline = (await admin({ method: 'GET', url: `/api/bookings/${booking.id}/timeline` })).json<{ data: { action: string; actorName: string; details: Record<string, unknown> }[] }>().data;
    expect(timeline.map((entry) => entry.action)).toEqual(['booking.created', 'payment.recorded', 'booking.confirmed', 'booking.cancelled', 'refund.recorded']);
    expect(timeline[3].details).toMatchObject({ reason: 'Ill', feeMinor: 25_000, refundDueMinor: 50_000 });
    expect(timeline[0].actorName).toBeTruthy();
  });

  test('a contact e-mail typed with spaces around it is the address, trimmed; a customer’s and a user’s likewise', async () => {
    const dep = await departureOf(await publishedTour());
    const made = await booked({ departureId: dep.id, contact: { name: 'Anna Spaces', email: '  anna.spaces@example.com \t' }, travellers: [family[0]] });
    expect(made.contact.email).toBe('anna.spaces@example.com');
    const customer = await admin({ method: 'PATCH', url: `/api/customers/${made.customerId}`, payload: { email: ' anna.s@example.com ' } });
    expect(customer.statusCode, customer.body).toBe(200);
    expect(customer.json().email).toBe('anna.s@example.com');
    const user = await admin({ method: 'POST', url: '/api/admin/auth/signup', payload: { email: ' cleo.spaces@example.com', fullName: 'Cleo Spaces', password: 'a long enough passphrase 7', roles: ['STAFF'] } });
    expect(user.statusCode, user.body).toBe(201);
    expect(user.json().email).toBe('cleo.spaces@example.com');
    // Spaces inside it are still no address.
    expectError(await book(admin, { departureId: dep.id, contact: { name: 'Dan', email: 'dan @example.com' }, travellers: [family[0]] }), 400, 'VALIDATION');
  });

  test('a booking made without a channel is direct and names the clerk who made it', async () => {
    const dep = await departureOf(await publishedTour());
    const made = await booked({ departureId: dep.id, travellers: [family[0]] });
    const adminId = (JSON.parse(Buffer.from(adminToken.split('.')[1], 'base64url').toString('utf8')) as { userId: string }).userId;
    expect(adminId).toMatch(/^[0-9a-f-]{36}$/);
    expect(made).toMatchObject({ channel: 'direct', createdBy: adminId });
    expect(await bookingOf(made.id)).toMatchObject({ channel: 'direct', createdBy: adminId });
  });

  test('an expired hold that had been paid takes no more payments but can be refunded what it paid', async () => {
    const dep = await departureOf(await publishedTour(), { capacity: 4 });
    const hold = await booked({ departureId: dep.id, travellers: [family[0]], holdMinutes: 30 });
    expect((await pay(hold.id, { kind: 'payment', amountMinor: 30_000 })).statusCode).toBe(201);
    const saved = t.clock.time;
    try {
      await at(saved + 31 * MINUTE);
      expect(await bookingOf(hold.id)).toMatchObject({ status: 'expired', paymentStatus: 'refund_due', balanceMinor: -30_000 });
      expectError(await pay(hold.id, { kind: 'payment', amountMinor: 100 }), 409, 'CONFLICT');
      expectError(await pay(hold.id, { kind: 'refund', amountMinor: 30_001 }), 409, 'REFUND_EXCEEDS_PAID');
      expect((await pay(hold.id, { kind: 'refund', amountMinor: 30_000 })).statusCode).toBe(201);
      expect(await bookingOf(hold.id)).toMatchObject({ status: 'expired', paidMinor: 0, balanceMinor: 0, paymentStatus: 'refunded' });
    } finally {
      await at(saved);
    }
  });

  test('paid in full; a cancelled booking that paid nothing owes nothing', async () => {
    const dep = await departureOf(await publishedTour({ prices: { ADULT: 10_000, CHILD: null, INFANT: null } }));
    const booking = await booked({ departureId: dep.id, travellers: [family[0]], status: 'confirmed' });
    await pay(booking.id, { kind: 'payment', amountMinor: 10_000, method: 'cash' });
    expect(await bookingOf(booking.id)).toMatchObject({ paymentStatus: 'paid', balanceMinor: 0 });
    const unpaid = await booked({ departureId: dep.id, travellers: [family[0]] });
    const cancelled = (await admin({ method: 'POST', url: `/api/bookings/${unpaid.id}/cancel`, payload: { reason: 'No show' } })).json<Booking>();
    expect(cancelled).toMatchObject({ paymentStatus: 'unpaid', balanceMinor: 0, cancellation: { feeMinor: 0 } });
  });

  test('cancelling a departure cancels its bookings with its reason and no fee; what was paid is due back', async () => {
    const tour = await publishedTour();
    const dep = await departureOf(tour, { capacity: 2 });
    const a = await booked({ departureId: dep.id, travellers: [family[0]], status: 'confirmed' });
    await pay(a.id, { kind: 'payment', amountMinor: 40_000 });
    const b = await booked({ departureId: dep.id, travellers: [family[1]] });
    const c = await booked({ departureId: dep.id, travellers: family.slice(0, 2), waitlist: true });
    const cancelled = await admin({ method: 'POST', url: `/api/departures/${dep.id}/cancel`, payload: { reason: 'Road closed by flooding' } });
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json()).toMatchObject({ status: 'cancelled', seatsHeld: 0, seatsConfirmed: 0, waitlisted: 0 });
    for (const id of [a.id, b.id, c.id]) expect((await bookingOf(id)).cancellation).toMatchObject({ reason: 'Road closed by flooding', feeMinor: 0 });
    expect(await bookingOf(a.id)).toMatchObject({ status: 'cancelled', paymentStatus: 'refund_due', balanceMinor: -40_000 });
    await expectCountersMatch(dep.id);
    // History is kept: the departure cannot be deleted now.
    expectError(await admin({ method: 'DELETE', url: `/api/departures/${dep.id}` }), 409, 'CONFLICT');
  });

  test('a component a booking took as an extra cannot be deleted', async () => {
    const tour = await publishedTour();
    const kayak = await addComponent(tour, { inclusion: 'optional', priceMinor: 5_000 });
    await booked({ departureId: (await departureOf(tour)).id, travellers: [family[0]], extras: [{ componentId: kayak.id, quantity: 1 }] });
    expectError(await admin({ method: 'DELETE', url: `/api/tours/${tour.id}/components/${kayak.id}` }), 409, 'CONFLICT');
  });
});

describe('Idempotency-Key', () => {
  test('the same key and body answer the same booking again; another body is 422; a refused request leaves the key free', async () => {
    const dep = await departureOf(await publishedTour(), { capacity: 2 });
    const body = { departureId: dep.id, travellers: [family[0]] };
    const first = await book(admin, body, 'form-1');
    const again = await book(admin, { travellers: [family[0]], departureId: dep.id }, 'form-1');
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(201);
    expect(again.json()).toEqual(first.json());
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect((await departure(dep.id)).seatsHeld).toBe(1);
    expectError(await book(admin, { ...body, notes: 'different' }, 'form-1'), 422, 'IDEMPOTENCY_KEY_REUSED');

    expectError(await book(admin, { departureId: dep.id, travellers: family.slice(0, 3) }, 'form-2'), 409, 'SOLD_OUT');
    expect((await book(admin, { departureId: dep.id, travellers: [family[1]] }, 'form-2')).statusCode).toBe(201);
    expectError(await book(admin, body, ''), 400, 'VALIDATION');
    expectError(await book(admin, body, 'k'.repeat(256)), 400, 'VALIDATION');
  });

  test('the same key sent many times at once makes one booking; the others are replays or 409 while it is in flight', async () => {
    const dep = await departureOf(await publishedTour(), { capacity: 10 });
    const answers = await Promise.all(Array.from({ length: 8 }, () => book(admin, { departureId: dep.id, travellers: [family[0]] }, 'double-click')));
    const created = answers.filter((answer) => answer.statusCode === 201);
    for (const answer of answers.filter((a) => a.statusCode !== 201)) expectError(answer, 409, 'CONFLICT');
    expect(created.length).toBeGreaterThanOrEqual(1);
    expect(new Set(created.map((answer) => answer.json<Booking>().id)).size).toBe(1);
    expect((await departure(dep.id)).seatsHeld).toBe(1);
  });

  test('keys belong to their user, are kept 24 hours, and work the same for payments', async () => {
    const dep = await departureOf(await publishedTour(), { capacity: 10 });
    const sales = await createUser(t.app, adminToken, { email: `sales-${Date.now()}@example.test`, roles: ['SALES'] });
    const clerk = as(t.app, (await login(t.app, sales)).accessToken);
    const mine = await book(admin, { departureId: dep.id, travellers: [family[0]] }, 'shared-key');
    const theirs = await book(clerk, { departureId: dep.id, travellers: [family[0]] }, 'shared-key');
    expect(theirs.json().id).not.toBe(mine.json().id);

    const saved = t.clock.time;
    try {
      await at(saved + 24 * 3_600_000 + 1000);
      const later = await book(admin, { departureId: dep.id, travellers: [family[0]], status: 'confirmed' }, 'shared-key');
      expect(later.statusCode).toBe(201);
      expect(later.json().id).not.toBe(mine.json().id);
      expect(await t.app.idempotencyKeys.purgeExpired()).toBeGreaterThanOrEqual(1); // the clerk's among them
      // The admin's key was taken afresh: it is kept, and replays its new booking.
      const replay = await book(admin, { departureId: dep.id, travellers: [family[0]], status: 'confirmed' }, 'shared-key');
      expect(replay.json().id).toBe(later.json().id);
    } finally {
      await at(saved);
    }

    const booking = mine.json<Booking>();
    const p1 = await pay(booking.id, { kind: 'payment', amountMinor: 1_000 }, 'pay-1');
    const p2 = await pay(booking.id, { kind: 'payment', amountMinor: 1_000 }, 'pay-1');
    expect(p2.json()).toEqual(p1.json());
    expectError(await pay(booking.id, { kind: 'payment', amountMinor: 2_000 }, 'pay-1'), 422, 'IDEMPOTENCY_KEY_REUSED');
    expect((await bookingOf(booking.id)).paidMinor).toBe(1_000);
  });
});

describe('amendments', () => {
  test('names, birth dates, notes and the contact change; the number and categories of travellers do not', async () => {
    const dep = await departureOf(await publishedTour());
    const booking = await booked({ departureId: dep.id, travellers: family });
    const [first] = booking.travellers;
    const patched = await admin({
      method: 'PATCH',
      url: `/api/bookings/${booking.id}`,
      payload: { contact: { name: 'Guðrún Jónsdóttir', email: 'gudrun@example.is' }, notes: 'Arrives late', travellers: [{ id: first.id, firstName: 'Thordur', dateOfBirth: '1980-02-29' }] },
    });
    expect(patched.statusCode, patched.body).toBe(200);
    expect(patched.json()).toMatchObject({ contact: { name: 'Guðrún Jónsdóttir', email: 'gudrun@example.is', phone: null }, notes: 'Arrives late', totalMinor: booking.totalMinor });
    expect(patched.json().travellers[0]).toMatchObject({ id: first.id, firstName: 'Thordur', lastName: 'Jónsson', dateOfBirth: '1980-02-29', category: 'ADULT' });
    expectError(await admin({ method: 'PATCH', url: `/api/bookings/${booking.id}`, payload: { travellers: [{ id: first.id, category: 'CHILD' }] } }), 400, 'VALIDATION');
    expectError(await admin({ method: 'PATCH', url: `/api/bookings/${booking.id}`, payload: { travellers: [{ id: dep.id, firstName: 'X' }] } }), 400, 'VALIDATION');
    expectError(await admin({ method: 'PATCH', url: `/api/bookings/${booking.id}`, payload: { departureId: dep.id } }), 400, 'VALIDATION');
    // The search follows the new names.
    const found = (await admin({ method: 'GET', url: '/api/bookings?q=GUÐRÚN' })).json();
    expect(found.data.map((b: Booking) => b.id)).toContain(booking.id);
    const audit = (await admin({ method: 'GET', url: `/api/admin/audit?targetId=${booking.id}&action=booking.updated` })).json<{ data: { details: Record<string, unknown> }[] }>();
    expect(audit.data).toHaveLength(1);
  });

  test('only what changed is recorded: the form sending every field back with one name changed gives one line', async () => {
    const dep = await departureOf(await publishedTour());
    const booking = await booked({ departureId: dep.id, travellers: family });
    // As the amend form sends it: the contact, the notes and every traveller, with one first name changed.
    const everything = (firstNameOf: (name: string) => string) => ({
      contact: { name: contact.name, email: contact.email, phone: contact.phone },
      notes: '',
      travellers: booking.travellers.map((traveller) => ({ id: traveller.id, firstName: firstNameOf(traveller.firstName), lastName: traveller.lastName, dateOfBirth: traveller.dateOfBirth, notes: '' })),
    });
    const renamed = await admin({ method: 'PATCH', url: `/api/bookings/${booking.id}`, payload: everything((name) => (name === 'Anna' ? 'Anja' : name)) });
    expect(renamed.statusCode, renamed.body).toBe(200);
    const entries = async () =>
      (await admin({ method: 'GET', url: `/api/admin/audit?targetId=${booking.id}&action=booking.updated` })).json<{ data: { details: { changes?: unknown[] } }[] }>().data;
    const [entry] = await entries();
    expect(entry.details.changes).toEqual([{ what: 'traveller', traveller: 2, field: 'firstName', before: 'Anna', after: 'Anja' }]);
    // Sent again unchanged: nothing is written, and the history gains no empty entry.
    const again = await admin({ method: 'PATCH', url: `/api/bookings/${booking.id}`, payload: everything((name) => (name === 'Anna' ? 'Anja' : name)) });
    expect(again.statusCode).toBe(200);
    expect(await entries()).toHaveLength(1);
    // A changed e-mail is recorded with what it was, and nothing about the name that stayed.
    await admin({ method: 'PATCH', url: `/api/bookings/${booking.id}`, payload: { contact: { name: contact.name, email: 'new@example.is', phone: contact.phone } } });
    const all = await entries();
    expect(all).toHaveLength(2);
    expect(all.map((one) => one.details.changes)).toContainEqual([{ what: 'contact', field: 'email', before: contact.email, after: 'new@example.is' }]);
  });
});

describe('a booking by its reference', () => {
  test('GET /api/bookings/{reference} finds it in any case; an unknown reference is 404 “No booking …”', async () => {
    const booking = await booked({ departureId: (await departureOf(await publishedTour())).id, travellers: family.slice(0, 1) });
    for (const key of [booking.reference, booking.reference.toLowerCase(), ` ${booking.reference} `]) {
      const found = await admin({ method: 'GET', url: `/api/bookings/${encodeURIComponent(key)}` });
      expect(found.statusCode, key).toBe(200);
      expect(found.json<Booking>().id).toBe(booking.id);
    }
    const missing = await admin({ method: 'GET', url: '/api/bookings/ZZZZ2222' });
    expectError(missing, 404, 'NOT_FOUND');
    expect(missing.json().message).toBe('No booking ZZZZ2222.');
    // Neither an id nor a reference: not echoed.
    const odd = await admin({ method: 'GET', url: `/api/bookings/${encodeURIComponent('<b>hi</b>')}` });
    expectError(odd, 404, 'NOT_FOUND');
    expect(odd.body).not.toContain('<b>');
  });
});

describe('the bookings list', () => {
  test('filters, searches by reference in any case, sorts, and its totals agree with a count', async () => {
    const tour = await publishedTour({ prices: { ADULT: 1_000, CHILD: 500, INFANT: 0 } });
    const dep1 = await departureOf(tour, { capacity: 50 });
    const dep2 = await departureOf(tour, { capacity: 50 });
    const made: Booking[] = [];
    for (let index = 0; index < 6; index += 1) {
      made.push(await booked({ departureId: index < 4 ? dep1.id : dep2.id, travellers: family.slice(0, 1 + (index % 3)), status: index % 2 ? 'confirmed' : 'held' }));
    }
    await pay(made[1].id, { kind: 'payment', amountMinor: 2_000 });
    await admin({ method: 'POST', url: `/api/bookings/${made[2].id}/cancel`, payload: { reason: 'x' } });
    const list = async (query: string) => (await admin({ method: 'GET', url: `/api/bookings?pageSize=100&${query}` })).json<{ data: Booking[]; total: number }>();

    const byTour = await list(`tourId=${tour.id}`);
    expect(byTour.total).toBe(6);
    expect((await list(`tourId=${tour.id}&status=confirmed`)).data.map((b) => b.id).sort()).toEqual([made[1].id, made[3].id, made[5].id].sort());
    expect((await list(`tourId=${tour.id}&status=confirmed`)).total).toBe(3);
    expect((await list(`tourId=${tour.id}&status=held`)).total).toBe(2);
    expect((await list(`departureId=${dep2.id}`)).data.map((b) => b.id).sort()).toEqual([made[4].id, made[5].id].sort());
    expect((await list(`tourId=${tour.id}&paymentStatus=paid`)).data.map((b) => b.id)).toEqual([made[1].id]);
    expect((await list(`tourId=${tour.id}&balanceDue=true`)).total).toBe(4);
    expect((await list(`from=${dep2.startDate}&to=${dep2.startDate}&tourId=${tour.id}`)).total).toBe(2);
    expect((await list(`q=${made[0].reference.toLowerCase()}`)).data.map((b) => b.id)).toEqual([made[0].id]);
    const sorted = await list(`tourId=${tour.id}&sort=totalMinor&order=DESC`);
    expect(sorted.data.map((b) => b.totalMinor)).toEqual([...sorted.data.map((b) => b.totalMinor)].sort((a, b) => b - a));
    // The other sorts, each in both directions.
    const inOrder = (values: (string | number)[], order: 'ASC' | 'DESC') => [...values].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0) * (order === 'ASC' ? 1 : -1));
    for (const order of ['ASC', 'DESC'] as const) {
      const byStart = (await list(`tourId=${tour.id}&sort=startsAt&order=${order}`)).data.map((b) => b.startsAt);
      expect(byStart).toEqual(inOrder(byStart, order));
      expect(new Set(byStart).size).toBe(2);
      const byReference = (await list(`tourId=${tour.id}&sort=reference&order=${order}`)).data.map((b) => b.reference);
      expect(byReference).toEqual(inOrder(byReference, order));
      const byBalance = (await list(`tourId=${tour.id}&sort=balanceMinor&order=${order}`)).data.map((b) => b.balanceMinor);
      expect(byBalance).toEqual(inOrder(byBalance, order));
      expect(new Set(byBalance).size).toBeGreaterThan(2);
    }
    // A traveller's name finds the booking too (not only the reference and the contact).
    const lastTraveller = made[5].travellers.at(-1)!;
    const byTraveller = await list(`tourId=${tour.id}&q=${encodeURIComponent(lastTraveller.firstName.toUpperCase())}`);
    expect(byTraveller.data.map((b) => b.id)).toContain(made[5].id);
    expect(byTraveller.data.every((b) => b.travellers.some((x) => x.firstName === lastTraveller.firstName) || b.contact.name.includes(lastTraveller.firstName))).toBe(true);
    const other = await booked({ departureId: dep2.id, contact: { name: 'Zoë Contact', email: 'zoe@example.com' }, travellers: [{ category: 'ADULT', firstName: 'Quentin', lastName: 'Wanderley' }] });
    expect((await list(`q=wanderley`)).data.map((b) => b.id)).toEqual([other.id]);
    expectError(await admin({ method: 'GET', url: '/api/bookings?from=2027-02-30' }), 400, 'VALIDATION');
    expectError(await admin({ method: 'GET', url: '/api/bookings?bookedFrom=2027-02-30' }), 400, 'VALIDATION');

    // Kept totals equal a count of the rows, for every status and payment status.
    const db = t.database.handle.db;
    for (const status of ['held', 'confirmed', 'waitlisted', 'expired', 'cancelled']) {
      const { rows } = await sql<{ n: number }>`select count(*)::int as n from bookings where status = ${status}`.execute(db);
      expect((await list(`status=${status}`)).total, status).toBe(rows[0].n);
    }
    for (const status of ['unpaid', 'partially_paid', 'paid', 'refund_due', 'refunded']) {
      const { rows } = await sql<{ n: number }>`select count(*)::int as n from bookings where payment_status = ${status}`.execute(db);
      expect((await list(`paymentStatus=${status}`)).total, status).toBe(rows[0].n);
    }
  });
});

describe('permissions', () => {
  test('product staff read bookings but do not sell; finance takes payments but does not book or cancel', async () => {
    const dep = await departureOf(await publishedTour());
    const booking = await booked({ departureId: dep.id, travellers: [family[0]] });
    const product = as(t.app, (await login(t.app, await createUser(t.app, adminToken, { email: `product-${Date.now()}@example.test`, roles: ['PRODUCT'] }))).accessToken);
    const finance = as(t.app, (await login(t.app, await createUser(t.app, adminToken, { email: `finance-${Date.now()}@example.test`, roles: ['FINANCE'] }))).accessToken);
    expect((await product({ method: 'GET', url: `/api/bookings/${booking.id}` })).statusCode).toBe(200);
    expectError(await book(product, { departureId: dep.id, travellers: [family[0]] }), 403, 'FORBIDDEN');
    expectError(await product({ method: 'POST', url: `/api/bookings/${booking.id}/payments`, payload: { kind: 'payment', amountMinor: 1, method: 'cash' } }), 403, 'FORBIDDEN');
    expect((await finance({ method: 'POST', url: `/api/bookings/${booking.id}/payments`, payload: { kind: 'payment', amountMinor: 1, method: 'cash' } })).statusCode).toBe(201);
    expectError(await finance({ method: 'POST', url: `/api/bookings/${booking.id}/cancel`, payload: { reason: 'x' } }), 403, 'FORBIDDEN');
    expectError(await finance({ method: 'POST', url: `/api/bookings/${booking.id}/confirm` }), 403, 'FORBIDDEN');
    expectError(await finance({ method: 'PATCH', url: `/api/bookings/${booking.id}`, payload: { notes: 'x' } }), 403, 'FORBIDDEN');
    expectError(await t.app.inject({ method: 'GET', url: '/api/bookings' }), 403, 'TOKEN_MISSING');
  });
});

describe('“booked on”: the days of the business’s time zone, as the dashboard counts them', () => {
  test('bookedFrom and bookedTo find the bookings made on those days in BUSINESS_TIME_ZONE, not in UTC', async () => {
    const auckland = await createTestApp({ env: { BUSINESS_TIME_ZONE: 'Pacific/Auckland' } });
    try {
      const start = Date.parse('2026-11-25T09:00:00Z'); // 22:00 on 25 November in Auckland
      auckland.clock.time = start;
      let client = as(auckland.app, (await login(auckland.app, auckland.admin)).accessToken);
      const tour = (await client({ method: 'POST', url: '/api/tours', payload: aTour({ status: 'published' }) })).json<Tour>();
      const dep = (await client({ method: 'POST', url: '/api/departures', payload: { tourId: tour.id, startDate: '2027-03-01', startTime: '09:00', capacity: 10 } })).json<Departure>();
      const make = async () => (await client({ method: 'POST', url: '/api/bookings', payload: { departureId: dep.id, contact, travellers: family.slice(0, 1) } })).json<Booking>();
      const lateEvening = await make(); // 25 Nov in Auckland (and in UTC)
      auckland.clock.time = start + 3 * 3_600_000; // 01:00 on 26 November in Auckland, still the 25th in UTC
      client = as(auckland.app, (await login(auckland.app, auckland.admin)).accessToken);
      const afterMidnight = await make();
      const list = async (query: string) => (await client({ method: 'GET', url: `/api/bookings?pageSize=100&tourId=${tour.id}&${query}` })).json<{ data: Booking[] }>().data.map((b) => b.id);
      expect(await list('bookedFrom=2026-11-25&bookedTo=2026-11-25')).toEqual([lateEvening.id]);
      expect(await list('bookedFrom=2026-11-26')).toEqual([afterMidnight.id]);
      expect((await list('bookedTo=2026-11-26')).sort()).toEqual([lateEvening.id, afterMidnight.id].sort());
      expect(await list('bookedFrom=2026-11-27')).toEqual([]);
      // The export finds the same.
      const csv = await client({ method: 'GET', url: `/api/bookings.csv?tourId=${tour.id}&bookedFrom=2026-11-26` });
      expect(csv.body).toContain(afterMidnight.reference);
      expect(csv.body).not.toContain(lateEvening.reference);
    } finally {
      await auckland.close();
    }
  });
});
