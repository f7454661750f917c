/**
 * Staff amendments on the same flows as resellers: moving a booking to another departure (of its
 * tour or another) and adding, removing or re-categorising travellers, the price taken again, the
 * seats moved in one transaction or not at all, the reference, payments and history kept, and a
 * preview that shows the new price and changes nothing. Runs on both engines (real concurrency on
 * a PostgreSQL server).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Booking } from '../../src/shared/contract/bookings.js';
import type { Departure } from '../../src/shared/contract/departures.js';
import type { Tour } from '../../src/shared/contract/tours.js';
import { expectError } from '../helpers/assertions.js';
import { createDeparture, createTour, viaInject } from '../helpers/api-builders.js';
import { as, createTestApp, login, readOutbox, type TestApp } from '../helpers/test-app.js';

let t: TestApp;
let staff: ReturnType<typeof as>;
let tour: Tour;
let iskTour: Tour;
let dayOffset = 0;

beforeAll(async () => {
  t = await createTestApp();
  staff = as(t.app, (await login(t.app, t.admin)).accessToken);
  tour = await createTour(viaInject(staff), { status: 'published', currency: 'EUR', durationDays: 1, bookingCutoffHours: 0, prices: { ADULT: 10_000, CHILD: 6_000, INFANT: 0 } });
  iskTour = await createTour(viaInject(staff), { status: 'published', currency: 'ISK', durationDays: 1, bookingCutoffHours: 0, prices: { ADULT: 20_000, CHILD: 10_000, INFANT: 0 } });
});
afterAll(async () => t?.close());

async function departureOf(of: Tour, capacity = 10): Promise<Departure> {
  dayOffset += 1;
  const date = new Date(t.clock.time + (20 + dayOffset) * 86_400_000).toISOString().slice(0, 10);
  return createDeparture(viaInject(staff), of.id, { startDate: date, startTime: '10:00', capacity });
}

async function book(on: Departure, travellers: { category: string; firstName: string; lastName: string }[], status = 'confirmed'): Promise<Booking> {
  const response = await staff({ method: 'POST', url: '/api/bookings', payload: { departureId: on.id, status, contact: { name: 'Lead', email: 'lead@example.test' }, travellers } });
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

const seats = async (departure: Departure) => (await staff({ method: 'GET', url: `/api/departures/${departure.id}` })).json<Departure>();
const change = (booking: Booking, body: Record<string, unknown>) => staff({ method: 'POST', url: `/api/bookings/${booking.id}/change`, payload: body });
const adult = (name: string) => ({ category: 'ADULT', firstName: name, lastName: 'Smith' });

describe('moving a booking', () => {
  it('moves it to another date: same reference and payments, seats moved, history kept', async () => {
    const from = await departureOf(tour);
    const to = await departureOf(tour);
    const booking = await book(from, [adult('Ann'), adult('Bob')]);
    await staff({ method: 'POST', url: `/api/bookings/${booking.id}/payments`, payload: { kind: 'payment', amountMinor: 5_000, method: 'card' } });
    const moved = await change(booking, { departureId: to.id });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json()).toMatchObject({ reference: booking.reference, departureId: to.id, startDate: to.startDate, status: 'confirmed', totalMinor: 20_000, paidMinor: 5_000, balanceMinor: 15_000 });
    expect(await seats(from)).toMatchObject({ seatsConfirmed: 0 });
    expect(await seats(to)).toMatchObject({ seatsConfirmed: 2 });
    const history = (await staff({ method: 'GET', url: `/api/bookings/${booking.id}/timeline` })).json<{ data: { action: string }[] }>();
    expect(history.data.map((entry) => entry.action)).toEqual(['booking.created', 'payment.recorded', 'booking.changed']);
  });

  it('leaves everything as it was when the new departure has no seats for it', async () => {
    const from = await departureOf(tour);
    const full = await departureOf(tour, 1);
    await book(full, [adult('Zed')]);
    const booking = await book(from, [adult('Ann')]);
    expectError(await change(booking, { departureId: full.id }), 409, 'SOLD_OUT');
    expect((await staff({ method: 'GET', url: `/api/bookings/${booking.id}` })).json()).toMatchObject({ departureId: from.id, totalMinor: 10_000 });
    expect(await seats(from)).toMatchObject({ seatsConfirmed: 1 });
    expect(await seats(full)).toMatchObject({ seatsConfirmed: 1 });
  });

  it('moves to a tour sold in another currency only while no money was taken', async () => {
    const booking = await book(await departureOf(tour), [adult('Ann')]);
    const isk = await departureOf(iskTour);
    await staff({ method: 'POST', url: `/api/bookings/${booking.id}/payments`, payload: { kind: 'payment', amountMinor: 1_000, method: 'cash' } });
    expectError(await change(booking, { departureId: isk.id }), 400, 'VALIDATION');
    const unpaid = await book(await departureOf(tour), [adult('Bea')]);
    const moved = (await change(unpaid, { departureId: isk.id })).json<Booking>();
    expect(moved).toMatchObject({ currency: 'ISK', totalMinor: 20_000, tourId: iskTour.id });
  });

  it('does not deadlock when two bookings swap departures at once', async () => {
    const a = await departureOf(tour, 4);
    const b = await departureOf(tour, 4);
    const onA = await book(a, [adult('Ann')]);
    const onB = await book(b, [adult('Bob')]);
    const answers = await Promise.all([change(onA, { departureId: b.id }), change(onB, { departureId: a.id })]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200]);
    expect(await seats(a)).toMatchObject({ seatsConfirmed: 1 });
    expect(await seats(b)).toMatchObject({ seatsConfirmed: 1 });
  });
});

describe('changing the travellers', () => {
  it('adds and removes travellers with the price taken again; below what was paid only once the difference is refunded', async () => {
    const on = await departureOf(tour);
    const booking = await book(on, [adult('Ann'), adult('Bob')]);
    await staff({ method: 'POST', url: `/api/bookings/${booking.id}/payments`, payload: { kind: 'payment', amountMinor: 20_000, method: 'card' } });
    const [ann, bob] = booking.travellers;
    const grown = (await change(booking, { travellers: [{ id: ann.id, category: 'ADULT' }, { id: bob.id, category: 'ADULT' }, { category: 'CHILD', firstName: 'Kit', lastName: 'Smith' }] })).json<Booking>();
    expect(grown).toMatchObject({ totalMinor: 26_000, balanceMinor: 6_000, seats: 3 });
    expect(grown.travellers.map((traveller) => traveller.firstName)).toEqual(['Ann', 'Bob', 'Kit']);
    expect(grown.travellers[0].id).toBe(ann.id);
    expect(await seats(on)).toMatchObject({ seatsConfirmed: 3 });
    const refused = await change(booking, { travellers: [{ id: ann.id, category: 'ADULT' }] });
    expectError(refused, 409, 'CONFLICT');
    expect(refused.json().message).toMatch(/refund €100\.00 first/);
    await staff({ method: 'POST', url: `/api/bookings/${booking.id}/payments`, payload: { kind: 'refund', amountMinor: 10_000, method: 'card' } });
    const shrunk = (await change(booking, { travellers: [{ id: ann.id, category: 'ADULT' }] })).json<Booking>();
    expect(shrunk).toMatchObject({ totalMinor: 10_000, balanceMinor: 0, paymentStatus: 'paid', seats: 1 });
    expect(await seats(on)).toMatchObject({ seatsConfirmed: 1 });
  });

  it('previews the new price and changes nothing', async () => {
    const on = await departureOf(tour);
    const booking = await book(on, [adult('Ann')]);
    const preview = await change(booking, { travellers: [{ id: booking.travellers[0].id, category: 'ADULT' }, { category: 'ADULT', firstName: 'New', lastName: 'Person' }], preview: true });
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json()).toMatchObject({ totalMinor: 20_000, seats: 2 });
    expect((await staff({ method: 'GET', url: `/api/bookings/${booking.id}` })).json()).toMatchObject({ totalMinor: 10_000, seats: 1 });
    expect(await seats(on)).toMatchObject({ seatsConfirmed: 1 });
    const history = (await staff({ method: 'GET', url: `/api/bookings/${booking.id}/timeline` })).json<{ data: { action: string }[] }>();
    expect(history.data.map((entry) => entry.action)).toEqual(['booking.created']);
  });

  it('tells the customer once what changed, with the new voucher and balance; a preview, a hold and a reseller’s booking tell nobody', async () => {
    const from = await departureOf(tour);
    const to = await departureOf(tour);
    const booking = await book(from, [adult('Ann')]);
    const email = 'lead@example.test';
    const changedMails = async () => {
      while ((await t.app.messages.sendDue()) > 0);
      return (await readOutbox(t.outboxDir)).filter((mail) => mail.to === email && mail.subject.includes(booking.reference) && mail.subject.includes('has changed'));
    };
    expect((await change(booking, { departureId: to.id, preview: true })).statusCode).toBe(200);
    expect(await changedMails()).toEqual([]);
    const moved = await change(booking, { departureId: to.id, travellers: [{ id: booking.travellers[0]!.id, category: 'ADULT' }, adult('Bob')] });
    expect(moved.statusCode, moved.body).toBe(200);
    const after = moved.json<Booking>();
    const mails = await changedMails();
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    const when = (iso: string) => new Intl.DateTimeFormat('en-GB', { dateStyle: 'full', timeStyle: 'short', timeZone: after.timeZone }).format(new Date(iso));
    expect(mail!.text).toContain(`It now departs on ${when(after.startsAt)} instead of ${when(booking.startsAt)}.`);
    expect(mail!.text).toContain('Travellers now: 2 adults (before: 1 adult).');
    expect(mail!.text).toContain('Left to pay: ');
    expect(mail!.attachments?.map((attachment) => attachment.filename)).toEqual([`voucher-${booking.reference}.pdf`]);
    // Once: sending again finds nothing more; the booking's messages list it.
    expect(await changedMails()).toHaveLength(1);
    const kinds = (await t.app.messages.forBooking(booking.id)).map((message) => message.kind);
    expect(kinds.filter((kind) => kind === 'booking_changed')).toHaveLength(1);
    // It is not sent again by hand: it says what that change did.
    expectError(await staff({ method: 'POST', url: `/api/bookings/${booking.id}/messages`, payload: { kind: 'booking_changed' } }), 409, 'CONFLICT');
    // A hold's change tells nobody (nothing was confirmed to them yet).
    const held = await book(await departureOf(tour), [adult('Cid')], 'held');
    expect((await change(held, { departureId: (await departureOf(tour)).id })).statusCode).toBe(200);
    expect((await t.app.messages.forBooking(held.id)).map((message) => message.kind)).toEqual([]);
  });

  it('refuses a new traveller without a name, a traveller of another booking, and a cancelled booking', async () => {
    const on = await departureOf(tour);
    const booking = await book(on, [adult('Ann')]);
    const other = await book(on, [adult('Oz')]);
    const noName = await change(booking, { travellers: [{ category: 'ADULT' }] });
    expectError(noName, 400, 'VALIDATION');
    expect(noName.json().errors).toHaveProperty('travellers.0.firstName');
    expectError(await change(booking, { travellers: [{ id: other.travellers[0].id, category: 'ADULT' }] }), 400, 'VALIDATION');
    await staff({ method: 'POST', url: `/api/bookings/${booking.id}/cancel`, payload: { reason: 'Gone' } });
    expectError(await change(booking, { travellers: [{ category: 'ADULT', firstName: 'A', lastName: 'B' }] }), 409, 'CONFLICT');
  });
});
