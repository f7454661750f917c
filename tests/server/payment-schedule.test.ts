/**
 * A tour's payment terms and what every booking reads of them: the deposit, the day the balance is
 * due, whether it is overdue, and the fee the cancellation terms propose (never above what was
 * paid). Runs on the embedded database and, with TEST_DATABASE_URL, on a PostgreSQL server.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Booking, CancellationQuote } from '../../src/shared/contract/bookings.js';
import type { ReportSummary } from '../../src/shared/contract/reports.js';
import type { Tour } from '../../src/shared/contract/tours.js';
import { expectError } from '../helpers/assertions.js';
import { createDeparture, createTour, viaInject } from '../helpers/api-builders.js';
import { as, createTestApp, login, readOutbox, type TestApp } from '../helpers/test-app.js';
import { dueNowMinor } from '../../src/shared/contract/payment-links.js';

let t: TestApp;
let staff: ReturnType<typeof as>;
const DAY = 86_400_000;

beforeAll(async () => {
  t = await createTestApp();
  staff = as(t.app, (await login(t.app, t.admin)).accessToken);
});
afterAll(async () => t?.close());

/** The date `days` from the test clock's today (UTC). */
const inDays = (days: number) => new Date(t.clock.time + days * DAY).toISOString().slice(0, 10);

async function bookOn(tour: Tour, days: number, paidMinor = 0): Promise<Booking> {
  const departure = await createDeparture(viaInject(staff), tour.id, { startDate: inDays(days), startTime: '10:00', capacity: 10 });
  const made = await staff({ method: 'POST', url: '/api/bookings', payload: { departureId: departure.id, status: 'confirmed', contact: { name: 'Lead', email: 'lead@example.test' }, travellers: [{ category: 'ADULT', firstName: 'Ann', lastName: 'Lee' }] } });
  expect(made.statusCode, made.body).toBe(201);
  if (paidMinor > 0) expect((await staff({ method: 'POST', url: `/api/bookings/${made.json<Booking>().id}/payments`, payload: { kind: 'payment', amountMinor: paidMinor, method: 'card' } })).statusCode).toBe(201);
  return (await staff({ method: 'GET', url: `/api/bookings/${made.json<Booking>().id}` })).json<Booking>();
}

describe('a tour’s payment terms', () => {
  it('are kept as given, the cancellation tiers most days first, and start as the whole price at booking, balance 30 days before', async () => {
    const plain = await createTour(viaInject(staff), { status: 'published', timeZone: 'UTC' });
    expect(plain).toMatchObject({ depositPercent: null, balanceDueDays: 30, cancellationFees: [] });
    const terms = await createTour(viaInject(staff), {
      status: 'published',
      timeZone: 'UTC',
      depositPercent: 20,
      balanceDueDays: 45,
      cancellationFees: [{ daysBefore: 7, percent: 50 }, { daysBefore: 0, percent: 100 }, { daysBefore: 30, percent: 10 }],
    });
    expect(terms).toMatchObject({ depositPercent: 20, balanceDueDays: 45, cancellationFees: [{ daysBefore: 30, percent: 10 }, { daysBefore: 7, percent: 50 }, { daysBefore: 0, percent: 100 }] });
    const patched = await staff({ method: 'PATCH', url: `/api/tours/${terms.id}`, payload: { depositPercent: null, cancellationFees: [] } });
    expect(patched.json<Tour>()).toMatchObject({ depositPercent: null, balanceDueDays: 45, cancellationFees: [] });
  });

  it('refuses a deposit outside 0–100, due days outside 0–365, and one number of days twice', async () => {
    const tour = await createTour(viaInject(staff), { timeZone: 'UTC' });
    const patch = (payload: Record<string, unknown>) => staff({ method: 'PATCH', url: `/api/tours/${tour.id}`, payload });
    expectError(await patch({ depositPercent: 101 }), 400, 'VALIDATION');
    expectError(await patch({ depositPercent: 12.5 }), 400, 'VALIDATION');
    expectError(await patch({ balanceDueDays: 400 }), 400, 'VALIDATION');
    expectError(await patch({ cancellationFees: [{ daysBefore: 7, percent: 120 }] }), 400, 'VALIDATION');
    const twice = await patch({ cancellationFees: [{ daysBefore: 7, percent: 50 }, { daysBefore: 7, percent: 60 }] });
    expectError(twice, 400, 'VALIDATION');
    expect(twice.json<{ errors: Record<string, string> }>().errors).toHaveProperty('cancellationFees.1.daysBefore');
    expect((await staff({ method: 'GET', url: `/api/tours/${tour.id}` })).json<Tour>()).toMatchObject({ depositPercent: null, balanceDueDays: 30, cancellationFees: [] });
  });
});

describe('a booking’s schedule', () => {
  it('reads its deposit and due date from its tour, and is overdue once that day has passed with a balance', async () => {
    const tour = await createTour(viaInject(staff), { status: 'published', timeZone: 'UTC', bookingCutoffHours: 0, depositPercent: 25, balanceDueDays: 30, prices: { ADULT: 100_001, CHILD: null, INFANT: null } });
    const far = await bookOn(tour, 60);
    expect(far).toMatchObject({ totalMinor: 100_001, depositMinor: 25_000, balanceDueDate: inDays(30), overdue: false });
    // Booked 10 days before departure: the balance is due at once, on the day of booking.
    const near = await bookOn(tour, 10);
    expect(near).toMatchObject({ balanceDueDate: inDays(0), overdue: false });
    t.clock.advance(DAY);
    // A day later the access token has expired: sign in again.
    staff = as(t.app, (await login(t.app, t.admin)).accessToken);
    expect((await staff({ method: 'GET', url: `/api/bookings/${near.id}` })).json<Booking>().overdue).toBe(true);
    // The list finds it by the filter, and the dashboard counts its money.
    const overdueOf = async () => (await staff({ method: 'GET', url: `/api/bookings?tourId=${tour.id}&overdue=true` })).json<{ data: Booking[]; total: number }>();
    expect((await overdueOf()).data.map((booking) => booking.id)).toEqual([near.id]);
    expect((await staff({ method: 'GET', url: `/api/bookings?tourId=${tour.id}&overdue=false` })).json<{ data: Booking[] }>().data.map((booking) => booking.id)).toEqual([far.id]);
    const summary = (await staff({ method: 'GET', url: '/api/reports/summary' })).json<ReportSummary>();
    expect(summary.overdue.count).toBeGreaterThanOrEqual(1);
    expect(summary.overdue.money.find((line) => line.currency === tour.currency)?.amountMinor).toBeGreaterThanOrEqual(100_001);
    // Paid in full: no longer overdue, anywhere.
    await staff({ method: 'POST', url: `/api/bookings/${near.id}/payments`, payload: { kind: 'payment', amountMinor: 100_001, method: 'card' } });
    expect((await staff({ method: 'GET', url: `/api/bookings/${near.id}` })).json<Booking>()).toMatchObject({ balanceMinor: 0, overdue: false });
    expect((await overdueOf()).total).toBe(0);
    const after = (await staff({ method: 'GET', url: '/api/reports/summary' })).json<ReportSummary>();
    expect(after.overdue.count).toBe(summary.overdue.count - 1);
  });

  it('asks for what is due now: the deposit first, the rest by its day; a raised deposit’s shortfall is due now; the confirmation says so', async () => {
    const tour = await createTour(viaInject(staff), { status: 'published', timeZone: 'UTC', bookingCutoffHours: 0, depositPercent: 20, balanceDueDays: 30, prices: { ADULT: 50_000, CHILD: null, INFANT: null } });
    const booking = await bookOn(tour, 60);
    expect(dueNowMinor(booking)).toBe(10_000);
    // The confirmation e-mail says what is due now and by when.
    while ((await t.app.messages.sendDue()) > 0);
    const [mail] = (await readOutbox(t.outboxDir)).filter((one) => one.subject.includes(booking.reference));
    const dueDate = new Intl.DateTimeFormat('en-GB', { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(`${inDays(30)}T00:00:00Z`));
    expect(mail!.text).toContain(`Please pay the deposit of €100.00 now, and the rest, €400.00, by ${dueDate}.`);
    // The deposit paid: the rest is what is due now.
    const paid = await bookOn(tour, 61, 10_000);
    expect(dueNowMinor(paid)).toBe(40_000);
    // A change raises the deposit above what was paid: the shortfall is due now.
    expect(dueNowMinor({ ...paid, depositMinor: 20_000, balanceMinor: 90_000 })).toBe(10_000);
    // Past the balance's day, the whole balance.
    expect(dueNowMinor({ paidMinor: 0, depositMinor: 0, balanceMinor: 50_000 })).toBe(50_000);
    expect(dueNowMinor({ paidMinor: 60_000, depositMinor: 10_000, balanceMinor: -10_000 })).toBe(0);
  });

  it('follows the tour’s terms when they change, and counts the days in the tour’s zone', async () => {
    const tour = await createTour(viaInject(staff), { status: 'published', timeZone: 'Pacific/Auckland', bookingCutoffHours: 0, prices: { ADULT: 10_000, CHILD: null, INFANT: null } });
    const booking = await bookOn(tour, 100);
    const before = new Date(Date.parse(`${booking.startDate}T00:00:00Z`) - 30 * DAY).toISOString().slice(0, 10);
    expect(booking.balanceDueDate).toBe(before);
    expect((await staff({ method: 'PATCH', url: `/api/tours/${tour.id}`, payload: { balanceDueDays: 60 } })).statusCode).toBe(200);
    const moved = (await staff({ method: 'GET', url: `/api/bookings/${booking.id}` })).json<Booking>();
    expect(moved.balanceDueDate).toBe(new Date(Date.parse(`${booking.startDate}T00:00:00Z`) - 60 * DAY).toISOString().slice(0, 10));
    // With all the days before departure asked for, it is due the day it was booked: in Auckland's calendar.
    expect((await staff({ method: 'PATCH', url: `/api/tours/${tour.id}`, payload: { balanceDueDays: 365 } })).statusCode).toBe(200);
    const bookedInAuckland = new Intl.DateTimeFormat('en-CA', { timeZone: 'Pacific/Auckland' }).format(new Date(booking.createdAt));
    expect((await staff({ method: 'GET', url: `/api/bookings/${booking.id}` })).json<Booking>().balanceDueDate).toBe(bookedInAuckland);
  });

  it('without a deposit, the whole price is the deposit', async () => {
    const tour = await createTour(viaInject(staff), { status: 'published', timeZone: 'UTC', bookingCutoffHours: 0, prices: { ADULT: 45_000, CHILD: null, INFANT: null } });
    expect(await bookOn(tour, 90)).toMatchObject({ depositMinor: 45_000, balanceDueDate: inDays(60) });
  });
});

describe('the cancellation quote', () => {
  it('proposes the fee of the tier reached today, never above what was paid', async () => {
    const tour = await createTour(viaInject(staff), {
      status: 'published',
      timeZone: 'UTC',
      bookingCutoffHours: 0,
      prices: { ADULT: 100_000, CHILD: null, INFANT: null },
      cancellationFees: [{ daysBefore: 30, percent: 0 }, { daysBefore: 7, percent: 50 }, { daysBefore: 0, percent: 100 }],
    });
    const quote = async (booking: Booking) => {
      const answer = await staff({ method: 'GET', url: `/api/bookings/${booking.id}/cancellation-quote` });
      expect(answer.statusCode, answer.body).toBe(200);
      return answer.json<CancellationQuote>();
    };
    expect(await quote(await bookOn(tour, 45, 100_000))).toEqual({ feeMinor: 0, refundDueMinor: 100_000, daysBefore: 45, percent: 0 });
    expect(await quote(await bookOn(tour, 10, 100_000))).toEqual({ feeMinor: 50_000, refundDueMinor: 50_000, daysBefore: 10, percent: 50 });
    const deposit = await bookOn(tour, 3, 20_000);
    expect(await quote(deposit)).toEqual({ feeMinor: 20_000, refundDueMinor: 0, daysBefore: 3, percent: 100 });
    // What it proposes is a fee the cancellation takes.
    const cancelled = await staff({ method: 'POST', url: `/api/bookings/${deposit.id}/cancel`, payload: { reason: 'Ill', feeMinor: 20_000 } });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expectError(await staff({ method: 'GET', url: `/api/bookings/${deposit.id}/cancellation-quote` }), 409, 'CONFLICT');
    expectError(await staff({ method: 'GET', url: '/api/bookings/00000000-0000-4000-8000-000000000000/cancellation-quote' }), 404, 'NOT_FOUND');
  });
});
