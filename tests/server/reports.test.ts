/**
 * The dashboard's reports: the totals the database keeps
 * equal a full recount after a random mix of bookings, confirmations, cancellations with fees,
 * lapsed holds, payments and refunds in two currencies, counted in a business time zone far from
 * UTC; the summary and the monthly report equal what the bookings and payments API adds up to,
 * lapsed holds the sweep has not reached included; a change of BUSINESS_TIME_ZONE recounts.
 * Runs on the embedded database and, with TEST_DATABASE_URL, on a PostgreSQL server.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Booking, Payment } from '../../src/shared/contract/bookings.js';
import type { Departure } from '../../src/shared/contract/departures.js';
import { UPCOMING_DAYS, UPCOMING_DEPARTURES_LIMIT, type MonthlyReport, type ReportSummary } from '../../src/shared/contract/reports.js';
import type { Tour } from '../../src/shared/contract/tours.js';
import { addDays } from '../../src/shared/local-time.js';
import { dateIn } from '../../src/server/reports/repository.js';
import { expectError } from '../helpers/assertions.js';
import { aTour } from '../helpers/builders.js';
import { as, createTestApp, createUser, login, type TestApp } from '../helpers/test-app.js';

const ZONE = 'Pacific/Auckland';
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

let t: TestApp;
let admin: ReturnType<typeof as>;

beforeAll(async () => {
  t = await createTestApp({ env: { BUSINESS_TIME_ZONE: ZONE } });
  admin = as(t.app, (await login(t.app, t.admin)).accessToken);
});
afterAll(async () => t?.close());

/** Moves the clock and signs in again (the access token of hours ago has expired). */
async function advance(ms: number) {
  t.clock.advance(ms);
  admin = as(t.app, (await login(t.app, t.admin)).accessToken);
}

/** A small seeded generator: the same mix on every run and both engines. */
function random(seed: number) {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let x = Math.imul(state ^ (state >>> 15), 1 | state);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) / 4_294_967_296;
  };
}

async function created<T>(request: Promise<{ statusCode: number; body: string; json: () => unknown }>, status = 201): Promise<T> {
  const response = await request;
  expect(response.statusCode, response.body).toBe(status);
  return response.json() as T;
}

async function allBookings(): Promise<Booking[]> {
  const rows: Booking[] = [];
  for (let page = 1; ; page += 1) {
    const answer = (await admin({ method: 'GET', url: `/api/bookings?page=${page}&pageSize=100&sort=createdAt&order=ASC` })).json() as { data: Booking[]; total: number };
    rows.push(...answer.data);
    if (rows.length >= answer.total || answer.data.length === 0) return rows;
  }
}

async function paymentsOf(bookings: Booking[]): Promise<Payment[]> {
  const all: Payment[] = [];
  for (const booking of bookings) all.push(...((await admin({ method: 'GET', url: `/api/bookings/${booking.id}/payments` })).json() as { data: Payment[] }).data);
  return all;
}

type Sums = Record<string, number>;
const add = (sums: Sums, key: string, value: number) => (sums[key] = (sums[key] ?? 0) + value);
const nonZero = (sums: Sums) => Object.fromEntries(Object.entries(sums).filter(([, value]) => value !== 0));
const ACTIVE = ['held', 'confirmed', 'waitlisted'];

/** What the kept tables should hold, recounted from every row of bookings and payments (JavaScript's own time zone rules, not the database's). */
async function recount(zone: string) {
  const bookings = await sql<{ status: string; channel: string; created_at: Date; starts_at: Date; currency: string; total_minor: string; balance_minor: string; travellers: number }>`
    select b.status, b.channel, b.created_at, b.starts_at, b.currency, b.total_minor::text, b.balance_minor::text,
           (select count(*)::int from booking_travellers t where t.booking_id = b.id) as travellers
    from bookings b`.execute(t.app.db);
  const payments = await sql<{ kind: string; amount_minor: string; currency: string; received_at: Date }>`select kind, amount_minor::text, currency, received_at from payments`.execute(t.app.db);
  const days: Sums = {};
  const months: Sums = {};
  const collected: Sums = {};
  const balances: Sums = {};
  const online: Sums = {};
  for (const b of bookings.rows) {
    const balance = Number(b.balance_minor);
    if (b.channel === 'online' && b.status === 'confirmed') add(online, dateIn(zone, new Date(b.created_at)), 1);
    if (ACTIVE.includes(b.status)) {
      const day = dateIn(zone, new Date(b.created_at));
      for (const [key, value] of [['bookings', 1], ['travellers', b.travellers], ['booked', Number(b.total_minor)]] as const) {
        add(days, `${day} ${b.currency} ${key}`, value);
        add(months, `booking ${day.slice(0, 7)} ${b.currency} ${key}`, value);
        add(months, `departure ${dateIn(zone, new Date(b.starts_at)).slice(0, 7)} ${b.currency} ${key}`, value);
      }
      if (balance > 0) add(balances, `${b.currency} outstanding`, balance);
      if (balance > 0 && b.status !== 'confirmed') add(balances, `${b.currency} unconfirmed`, balance);
    } else if (balance < 0) add(balances, `${b.currency} refundDue`, -balance);
  }
  for (const p of payments.rows) add(collected, `${dateIn(zone, new Date(p.received_at))} ${p.currency}`, (p.kind === 'refund' ? -1 : 1) * Number(p.amount_minor));
  return { days: nonZero(days), months: nonZero(months), collected: nonZero(collected), balances: nonZero(balances), online: nonZero(online) };
}

/** The kept tables, in the recount's shape. */
async function kept() {
  const db = t.app.db;
  const days: Sums = {};
  const months: Sums = {};
  const collected: Sums = {};
  const balances: Sums = {};
  for (const r of await db.selectFrom('report_days').select([sql<string>`day::text`.as('day'), 'currency', 'bookings', 'travellers', 'booked_minor']).execute()) {
    add(days, `${r.day} ${r.currency} bookings`, Number(r.bookings));
    add(days, `${r.day} ${r.currency} travellers`, Number(r.travellers));
    add(days, `${r.day} ${r.currency} booked`, Number(r.booked_minor));
  }
  for (const r of await db.selectFrom('report_months').select(['basis', sql<string>`to_char(month, 'YYYY-MM')`.as('month'), 'currency', 'bookings', 'travellers', 'booked_minor']).execute()) {
    add(months, `${r.basis} ${r.month} ${r.currency} bookings`, Number(r.bookings));
    add(months, `${r.basis} ${r.month} ${r.currency} travellers`, Number(r.travellers));
    add(months, `${r.basis} ${r.month} ${r.currency} booked`, Number(r.booked_minor));
  }
  for (const r of await db.selectFrom('report_collected').select([sql<string>`day::text`.as('day'), 'currency', 'collected_minor']).execute()) {
    add(collected, `${r.day} ${r.currency}`, Number(r.collected_minor));
  }
  for (const r of await db.selectFrom('report_balances').selectAll().execute()) {
    add(balances, `${r.currency} outstanding`, Number(r.outstanding_minor));
    add(balances, `${r.currency} refundDue`, Number(r.refund_due_minor));
  }
  for (const r of await db.selectFrom('report_unconfirmed').selectAll().execute()) add(balances, `${r.currency} unconfirmed`, Number(r.outstanding_minor));
  const online: Sums = {};
  for (const r of await db.selectFrom('report_online_days').select([sql<string>`day::text`.as('day'), 'bookings']).execute()) add(online, r.day, Number(r.bookings));
  return { days: nonZero(days), months: nonZero(months), collected: nonZero(collected), balances: nonZero(balances), online: nonZero(online) };
}

/** The summary as the bookings and payments API add up (the balance and payment status rules, read literally). */
function expectedSummary(bookings: Booking[], payments: Payment[], now: number) {
  const today = dateIn(ZONE, new Date(now));
  const within = (instant: string, days: number) => {
    const day = dateIn(ZONE, new Date(instant));
    return day <= today && day >= addDays(today, 1 - days);
  };
  const active = bookings.filter((b) => ACTIVE.includes(b.status));
  const money: Record<string, { bookedLast30DaysMinor: number; collectedLast30DaysMinor: number; outstandingMinor: number; outstandingConfirmedMinor: number; outstandingHeldMinor: number; refundDueMinor: number }> = {};
  const of = (currency: string) =>
    (money[currency] ??= { bookedLast30DaysMinor: 0, collectedLast30DaysMinor: 0, outstandingMinor: 0, outstandingConfirmedMinor: 0, outstandingHeldMinor: 0, refundDueMinor: 0 });
  for (const b of active.filter((b) => within(b.createdAt, 30))) of(b.currency).bookedLast30DaysMinor += b.totalMinor;
  for (const p of payments.filter((p) => within(p.receivedAt, 30))) of(p.currency).collectedLast30DaysMinor += p.kind === 'refund' ? -p.amountMinor : p.amountMinor;
  for (const b of active.filter((b) => b.balanceMinor > 0)) {
    of(b.currency).outstandingMinor += b.balanceMinor;
    // Confirmed and not confirmed yet (held or waiting) apart: only the first is surely owed.
    if (b.status === 'confirmed') of(b.currency).outstandingConfirmedMinor += b.balanceMinor;
    else of(b.currency).outstandingHeldMinor += b.balanceMinor;
  }
  for (const b of bookings.filter((b) => !ACTIVE.includes(b.status) && b.balanceMinor < 0)) of(b.currency).refundDueMinor -= b.balanceMinor;
  const due = bookings.filter((b) => b.balanceMinor > 0 && b.startDate >= today && b.startDate <= addDays(today, 13));
  const sumOf = (rows: Booking[]) => {
    const sums: Record<string, number> = {};
    for (const b of rows) sums[b.currency] = (sums[b.currency] ?? 0) + b.balanceMinor;
    return Object.entries(sums)
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([currency, amountMinor]) => ({ currency, amountMinor }));
  };
  const dueConfirmed = due.filter((b) => b.status === 'confirmed');
  const onlineConfirmed = bookings.filter((b) => b.channel === 'online' && b.status === 'confirmed');
  const dueHeld = due.filter((b) => b.status === 'held' || b.status === 'waitlisted');
  return {
    timeZone: ZONE,
    bookings: {
      today: active.filter((b) => within(b.createdAt, 1)).length,
      last7Days: active.filter((b) => within(b.createdAt, 7)).length,
      last30Days: active.filter((b) => within(b.createdAt, 30)).length,
      online: {
        today: onlineConfirmed.filter((b) => within(b.createdAt, 1)).length,
        last7Days: onlineConfirmed.filter((b) => within(b.createdAt, 7)).length,
        last30Days: onlineConfirmed.filter((b) => within(b.createdAt, 30)).length,
      },
    },
    travellers: { last30Days: active.filter((b) => within(b.createdAt, 30)).reduce((sum, b) => sum + b.travellers.length, 0) },
    money: Object.entries(money)
      .filter(([, m]) => Object.values(m).some((value) => value !== 0))
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([currency, m]) => ({ currency, ...m })),
    balancesDueNext14Days: {
      count: due.length,
      money: sumOf(due),
      confirmed: { count: dueConfirmed.length, money: sumOf(dueConfirmed) },
      held: { count: dueHeld.length, money: sumOf(dueHeld) },
    },
  };
}

function expectedMonthly(bookings: Booking[], year: number, basis: 'booking' | 'departure') {
  const rows: Record<string, { month: string; currency: string; bookings: number; travellers: number; bookedMinor: number }> = {};
  for (const b of bookings.filter((b) => ACTIVE.includes(b.status))) {
    const month = dateIn(ZONE, new Date(basis === 'booking' ? b.createdAt : b.startsAt)).slice(0, 7);
    if (month < `${year - 1}-01` || month > `${year}-12`) continue;
    const row = (rows[`${month} ${b.currency}`] ??= { month, currency: b.currency, bookings: 0, travellers: 0, bookedMinor: 0 });
    row.bookings += 1;
    row.travellers += b.travellers.length;
    row.bookedMinor += b.totalMinor;
  }
  return Object.values(rows).sort((a, b) => a.month.localeCompare(b.month) || a.currency.localeCompare(b.currency));
}

async function expectReportsToMatchTheApi() {
  const bookings = await allBookings();
  const payments = await paymentsOf(bookings);
  const summary = (await admin({ method: 'GET', url: '/api/reports/summary' })).json() as ReportSummary;
  expect(summary).toMatchObject(expectedSummary(bookings, payments, t.clock.time));
  const year = Number(dateIn(ZONE, new Date(t.clock.time)).slice(0, 4));
  for (const basis of ['booking', 'departure'] as const) {
    for (const y of [year, year + 1]) {
      const monthly = (await admin({ method: 'GET', url: `/api/reports/monthly?year=${y}&basis=${basis}` })).json() as MonthlyReport;
      expect(monthly.data, `${basis} ${y}`).toEqual(expectedMonthly(bookings, y, basis));
    }
  }
  return { summary, bookings };
}

describe('kept totals', () => {
  const tours: Tour[] = [];
  const departures: Departure[] = [];

  beforeAll(async () => {
    tours.push(await created<Tour>(admin({ method: 'POST', url: '/api/tours', payload: aTour({ status: 'published', bookingCutoffHours: 0, currency: 'EUR', minPax: 3 }) })));
    tours.push(
      await created<Tour>(
        admin({ method: 'POST', url: '/api/tours', payload: aTour({ status: 'published', bookingCutoffHours: 0, currency: 'ISK', prices: { ADULT: 189_000, CHILD: 94_500, INFANT: 0 }, singleSupplementMinor: 40_000 }) }),
      ),
    );
    // Departures from 2 to 80 days ahead, small enough to sell out and waitlist.
    for (const [i, days] of [2, 6, 12, 25, 45, 80].entries()) {
      const startDate = new Date(t.clock.time + days * DAY).toISOString().slice(0, 10);
      departures.push(await created<Departure>(admin({ method: 'POST', url: '/api/departures', payload: { tourId: tours[i % 2].id, startDate, startTime: '23:30', capacity: 6 } })));
    }
  });

  test('equal a full recount after a random mix of bookings, cancellations, expiries, payments and refunds, and the reports equal what the API adds up to', async () => {
    const next = random(20261124);
    const pick = <T>(items: T[]): T => items[Math.floor(next() * items.length)];
    const live: Booking[] = [];
    const categories = ['ADULT', 'ADULT', 'CHILD', 'INFANT'];
    for (let step = 0; step < 90; step += 1) {
      const roll = next();
      if (roll < 0.45 || live.length === 0) {
        const count = 1 + Math.floor(next() * 3);
        const travellers = Array.from({ length: count }, (_, k) => ({ category: k === 0 ? 'ADULT' : pick(categories), firstName: `Guest${step}`, lastName: `Mix${k}` }));
        const status = next() < 0.5 ? 'held' : 'confirmed';
        const response = await admin({
          method: 'POST',
          url: '/api/bookings',
          payload: { departureId: pick(departures).id, contact: { name: `Guest ${step}`, email: `g${step}@example.com` }, travellers, status, holdMinutes: 30 + Math.floor(next() * 600), waitlist: next() < 0.5 },
        });
        expect([201, 409], response.body).toContain(response.statusCode);
        if (response.statusCode === 201) live.push(response.json() as Booking);
      } else {
        const booking = (await admin({ method: 'GET', url: `/api/bookings/${pick(live).id}` })).json() as Booking;
        const action = next();
        if (action < 0.4 && booking.balanceMinor > 0 && ACTIVE.includes(booking.status)) {
          const amountMinor = next() < 0.5 ? booking.balanceMinor : Math.max(1, Math.floor(booking.balanceMinor * next()));
          const receivedAt = new Date(t.clock.time - Math.floor(next() * 40) * DAY).toISOString();
          await created(admin({ method: 'POST', url: `/api/bookings/${booking.id}/payments`, payload: { kind: 'payment', amountMinor, method: 'card', receivedAt } }));
        } else if (action < 0.55 && booking.status !== 'cancelled' && booking.status !== 'expired' && (booking.paidMinor > 0 || next() < 0.3)) {
          const feeMinor = Math.floor(booking.paidMinor * next());
          await created(admin({ method: 'POST', url: `/api/bookings/${booking.id}/cancel`, payload: { reason: 'Changed plans', feeMinor } }), 200);
        } else if (action < 0.65 && booking.paymentStatus === 'refund_due') {
          const amountMinor = Math.max(1, Math.floor(-booking.balanceMinor * (next() < 0.5 ? 1 : next())));
          await created(admin({ method: 'POST', url: `/api/bookings/${booking.id}/payments`, payload: { kind: 'refund', amountMinor, method: 'bank_transfer' } }));
        } else if (action < 0.8 && (booking.status === 'held' || booking.status === 'waitlisted')) {
          const response = await admin({ method: 'POST', url: `/api/bookings/${booking.id}/confirm` });
          expect([200, 409], response.body).toContain(response.statusCode);
        }
      }
      if (next() < 0.25) {
        await advance(Math.floor(next() * 14 * HOUR));
        if (next() < 0.5) await t.app.flows.expireLapsedHolds();
      }
    }
    await t.app.flows.expireLapsedHolds();
    // And one hold still running, on a departure of its own.
    const startDate = new Date(t.clock.time + 20 * DAY).toISOString().slice(0, 10);
    const fresh = await created<Departure>(admin({ method: 'POST', url: '/api/departures', payload: { tourId: tours[0].id, startDate, startTime: '10:00', capacity: 6 } }));
    await created(admin({ method: 'POST', url: '/api/bookings', payload: { departureId: fresh.id, contact: { name: 'On hold', email: 'hold@example.com' }, travellers: [{ category: 'ADULT', firstName: 'Holm', lastName: 'Held' }], status: 'held' } }));

    const recounted = await recount(ZONE);
    expect(Object.keys(recounted.days).length).toBeGreaterThan(6);
    expect(Object.keys(recounted.collected).length).toBeGreaterThan(3);
    expect(Object.keys(recounted.balances)).toEqual(expect.arrayContaining(['EUR outstanding', 'ISK outstanding']));
    expect(Object.keys(recounted.balances).some((key) => key.endsWith('refundDue'))).toBe(true);
    expect(await kept()).toEqual(recounted);

    const { summary, bookings } = await expectReportsToMatchTheApi();
    expect(summary.money.map((m) => m.currency)).toEqual(['EUR', 'ISK']);
    expect(new Set(bookings.map((b) => b.status))).toEqual(new Set(['held', 'confirmed', 'waitlisted', 'cancelled', 'expired']));
  });

  test('a hold that lapsed before the sweep is out of the reports at once, and out of the kept totals once the sweep records it', async () => {
    const startDate = new Date(t.clock.time + 9 * DAY).toISOString().slice(0, 10);
    const departure = await created<Departure>(admin({ method: 'POST', url: '/api/departures', payload: { tourId: tours[1].id, startDate, startTime: '08:00', capacity: 4 } }));
    const held = await created<Booking>(
      admin({ method: 'POST', url: '/api/bookings', payload: { departureId: departure.id, contact: { name: 'Late payer', email: 'late@example.com' }, travellers: [{ category: 'ADULT', firstName: 'Lia', lastName: 'Late' }], status: 'held', holdMinutes: 5 } }),
    );
    await created(admin({ method: 'POST', url: `/api/bookings/${held.id}/payments`, payload: { kind: 'payment', amountMinor: 100, method: 'cash' } }));
    const before = (await admin({ method: 'GET', url: '/api/reports/summary' })).json() as ReportSummary;
    await advance(10 * 60_000);
    const { summary } = await expectReportsToMatchTheApi(); // the row still says held: the reports take it away themselves
    const isk = (s: ReportSummary) => s.money.find((m) => m.currency === 'ISK')!;
    expect(isk(summary).outstandingMinor).toBe(isk(before).outstandingMinor - (held.totalMinor - 100));
    expect(isk(summary).refundDueMinor).toBe(isk(before).refundDueMinor + 100);
    expect(await t.app.flows.expireLapsedHolds()).toBe(1);
    expect(await kept()).toEqual(await recount(ZONE));
    await expectReportsToMatchTheApi();
  });

  test('count the shop’s bookings once confirmed: booked to pay later counts, an open or given-up cart does not, a cancelled one no more', async () => {
    await created(admin({ method: 'PATCH', url: `/api/tours/${tours[0].id}`, payload: { bookableOnline: true } }), 200);
    const settings = (await admin({ method: 'GET', url: '/api/shop-settings' })).json() as { holdMinutes: number; showSeatsBelow: number };
    await created(admin({ method: 'PUT', url: '/api/shop-settings', payload: { enabled: true, holdMinutes: settings.holdMinutes, payLater: true, embedOrigins: [], showSeatsBelow: settings.showSeatsBelow } }), 200);
    const summary = async () => ((await admin({ method: 'GET', url: '/api/reports/summary' })).json() as ReportSummary).bookings.online;
    const before = await summary();
    const startDate = new Date(t.clock.time + 30 * DAY).toISOString().slice(0, 10);
    const departure = await created<Departure>(admin({ method: 'POST', url: '/api/departures', payload: { tourId: tours[0].id, startDate, startTime: '10:00', capacity: 12 } }));
    const shop = (method: 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) => t.app.inject({ method, url, remoteAddress: '203.0.113.77', ...(payload && { payload }) });
    const cart = async () => (await shop('POST', '/api/shop/carts', { departureId: departure.id, travellers: { ADULT: 1 } })).json() as { cartId: string; reference: string };
    const booked = await cart();
    await shop('PATCH', `/api/shop/carts/${booked.cartId}`, { contact: { name: 'Oda Online', email: 'oda@example.com' }, travellers: [{ category: 'ADULT', firstName: 'Oda', lastName: 'Online' }] });
    expect((await shop('POST', `/api/shop/carts/${booked.cartId}/checkout`, { pay: 'later' })).statusCode).toBe(200);
    await cart(); // still open
    expect((await shop('DELETE', `/api/shop/carts/${(await cart()).cartId}`)).statusCode).toBe(204);
    expect(await summary()).toEqual({ today: before.today + 1, last7Days: before.last7Days + 1, last30Days: before.last30Days + 1 });
    expect(await kept()).toEqual(await recount(ZONE));

    const id = ((await admin({ method: 'GET', url: `/api/bookings?q=${booked.reference}` })).json() as { data: Booking[] }).data[0]!.id;
    await created(admin({ method: 'POST', url: `/api/bookings/${id}/cancel`, payload: { reason: 'Changed plans', feeMinor: 0 } }), 200);
    expect(await summary()).toEqual(before);
    expect(await kept()).toEqual(await recount(ZONE));
    await expectReportsToMatchTheApi();
  });

  test('a change of the business time zone recounts every total in the new zone, once', async () => {
    await sql`select report_rebuild('UTC')`.execute(t.app.db);
    const utc = await recount('UTC');
    expect(await kept()).toEqual(utc);
    expect(utc).not.toEqual(await recount(ZONE));
    expect(await t.app.reports.useTimeZone()).toBe(true);
    expect(await t.app.reports.useTimeZone()).toBe(false);
    expect(await kept()).toEqual(await recount(ZONE));
  });

  test('upcoming departures are the next 14 days’, soonest first, with their seats, whether they are guaranteed and whether a guide leads them', async () => {
    const summary = (await admin({ method: 'GET', url: '/api/reports/summary' })).json() as ReportSummary;
    const listed = ((await admin({ method: 'GET', url: '/api/departures?pageSize=100&sort=startsAt&order=ASC' })).json() as { data: Departure[] }).data;
    const expected = listed
      .filter((d) => d.status !== 'cancelled' && Date.parse(d.startsAt) >= t.clock.time && Date.parse(d.startsAt) < t.clock.time + 14 * DAY)
      .map((d) => ({ id: d.id, tourTitle: d.tourTitle, startsAt: d.startsAt, timeZone: d.timeZone, capacity: d.capacity, seatsConfirmed: d.seatsConfirmed, seatsHeld: d.seatsHeld, minPax: d.minPax, guaranteed: d.seatsConfirmed >= d.minPax, hasGuide: (d.assignments ?? []).some((a) => a.kind === 'guide' && a.endedAt === null) }));
    expect(expected.length).toBeGreaterThan(0);
    expect(summary.upcomingDepartures).toEqual(expected);
  });
});

describe('who may read them', () => {
  test('reports.read is needed; a year outside the range or an unknown basis is 400', async () => {
    const adminToken = (await login(t.app, t.admin)).accessToken;
    const clerk = await createUser(t.app, adminToken, { email: 'clerk@example.com', roles: ['STAFF'] });
    const staff = as(t.app, (await login(t.app, clerk)).accessToken);
    expectError(await staff({ method: 'GET', url: '/api/reports/summary' }), 403, 'FORBIDDEN');
    expectError(await staff({ method: 'GET', url: '/api/reports/monthly?year=2026' }), 403, 'FORBIDDEN');
    expectError(await admin({ method: 'GET', url: '/api/reports/monthly?year=1999' }), 400, 'VALIDATION');
    expectError(await admin({ method: 'GET', url: '/api/reports/monthly?basis=arrival' }), 400, 'VALIDATION');
    const finance = await createUser(t.app, adminToken, { email: 'finance@example.com', roles: ['FINANCE'] });
    const reader = as(t.app, (await login(t.app, finance)).accessToken);
    const monthly = await reader({ method: 'GET', url: '/api/reports/monthly' });
    expect(monthly.statusCode).toBe(200);
    expect(monthly.json()).toMatchObject({ year: Number(dateIn(ZONE, new Date(t.clock.time)).slice(0, 4)), basis: 'booking', timeZone: ZONE });
    expect(monthly.headers['cache-control']).toBe('no-store');
  });
});

describe('a busy fortnight', () => {
  test(`the summary lists at most ${UPCOMING_DEPARTURES_LIMIT} upcoming departures, the soonest`, async () => {
    const tour = await created<Tour>(admin({ method: 'POST', url: '/api/tours', payload: aTour({ status: 'published' }) }));
    const from = addDays(dateIn(tour.timeZone, new Date(t.clock.time)), 1);
    const to = addDays(from, 11);
    for (const startTime of ['08:00', '15:00']) {
      await created(admin({ method: 'POST', url: '/api/departures/bulk', payload: { tourId: tour.id, from, to, weekdays: [1, 2, 3, 4, 5, 6, 7], startTime, capacity: 10 } }));
    }
    const listed = ((await admin({ method: 'GET', url: '/api/departures?pageSize=100&sort=startsAt&order=ASC' })).json() as { data: Departure[] }).data;
    const inWindow = listed.filter((d) => d.status !== 'cancelled' && Date.parse(d.startsAt) >= t.clock.time && Date.parse(d.startsAt) < t.clock.time + UPCOMING_DAYS * DAY);
    expect(inWindow.length).toBeGreaterThan(UPCOMING_DEPARTURES_LIMIT);
    const summary = (await admin({ method: 'GET', url: '/api/reports/summary' })).json() as ReportSummary;
    expect(summary.upcomingDepartures.map((d) => d.id)).toEqual(inWindow.slice(0, UPCOMING_DEPARTURES_LIMIT).map((d) => d.id));
  });
});
