/**
 * Card payments by link: the real Stripe SDK talks to a local HTTP double of Stripe; its events are
 * signed as Stripe signs them. A link asks for the deposit or the balance (never more), is e-mailed
 * on request and with the balance reminder, and its paid event records one card payment per
 * session under repeats and copies at once; forged, replayed or mismatched events change nothing.
 * Runs on the embedded database and, with TEST_DATABASE_URL, on a PostgreSQL server.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Booking, Payment } from '../../src/shared/contract/bookings.js';
import type { Departure } from '../../src/shared/contract/departures.js';
import type { Message } from '../../src/shared/contract/messages.js';
import type { PaymentLink } from '../../src/shared/contract/payment-links.js';
import type { Tour } from '../../src/shared/contract/tours.js';
import { expectError } from '../helpers/assertions.js';
import { createDeparture, createTour, viaInject } from '../helpers/api-builders.js';
import { sign, startStripeDouble, TEST_STRIPE_WEBHOOK_SECRET, type StripeDouble } from '../helpers/stripe-double.js';
import { as, createTestApp, login, readOutbox, type TestApp } from '../helpers/test-app.js';

let t: TestApp;
let stripe: StripeDouble;
let staff: ReturnType<typeof as>;
let tour: Tour;
let departure: Departure;
const DAY = 86_400_000;
const run = Math.random().toString(36).slice(2, 8);

beforeAll(async () => {
  stripe = await startStripeDouble();
  t = await createTestApp({ env: { ...stripe.env, BUSINESS_NAME: 'Fjord & Co' } });
  stripe.now = t.clock.now;
  staff = as(t.app, (await login(t.app, t.admin)).accessToken);
  // 30% at booking, the rest 30 days before departure.
  tour = await createTour(viaInject(staff), {
    status: 'published',
    timeZone: 'Europe/Oslo',
    currency: 'EUR',
    bookingCutoffHours: 0,
    depositPercent: 30,
    balanceDueDays: 30,
    prices: { ADULT: 10_000, CHILD: 5_000, INFANT: null },
  });
  departure = await createDeparture(viaInject(staff), tour.id, { startDate: new Date(t.clock.time + 90 * DAY).toISOString().slice(0, 10), capacity: 100 });
});
afterAll(async () => {
  await t?.close();
  await stripe?.close();
});

async function book(email: string, on = departure): Promise<Booking> {
  const made = await staff({
    method: 'POST',
    url: '/api/bookings',
    payload: { departureId: on.id, status: 'confirmed', contact: { name: 'Ida Holm', email }, travellers: [{ category: 'ADULT', firstName: 'Ida', lastName: 'Holm' }, { category: 'ADULT', firstName: 'Per', lastName: 'Holm' }] },
  });
  expect(made.statusCode, made.body).toBe(201);
  return made.json<Booking>();
}
const bookingOf = async (id: string) => (await staff({ method: 'GET', url: `/api/bookings/${id}` })).json<Booking>();
const paymentsOf = async (id: string) => (await staff({ method: 'GET', url: `/api/bookings/${id}/payments` })).json<{ data: Payment[] }>().data;
const linksOf = async (id: string) => (await staff({ method: 'GET', url: `/api/bookings/${id}/payment-links` })).json<{ data: PaymentLink[] }>().data;
async function makeLink(id: string, body: Record<string, unknown> = {}): Promise<PaymentLink> {
  const made = await staff({ method: 'POST', url: `/api/bookings/${id}/payment-links`, payload: body });
  expect(made.statusCode, made.body).toBe(201);
  return made.json<PaymentLink>();
}
const sessionOf = (link: PaymentLink) => [...stripe.sessions.values()].find((session) => session.url === link.url)!;
/** Posts a signed event to the webhook as Stripe would. */
function deliver(event: { payload: string; signature: string }) {
  return t.app.inject({ method: 'POST', url: '/api/payments/stripe/webhook', headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': event.signature }, payload: event.payload });
}
async function sentTo(to: string) {
  // The webhook and the link's route nudge the sender: let that round finish first.
  await t.app.background.settled();
  while ((await t.app.messages.sendDue()) > 0);
  return (await readOutbox(t.outboxDir)).filter((mail) => mail.to === to);
}

describe('making a payment link', () => {
  it('asks for the deposit while nothing is paid, then for the balance; never more than the balance', async () => {
    const booking = await book(`deposit.${run}@example.test`);
    expect(booking.depositMinor).toBe(6_000);
    const first = await makeLink(booking.id);
    expect(first).toMatchObject({ bookingId: booking.id, amountMinor: 6_000, currency: 'EUR', status: 'open', emailed: false, paymentId: null });
    expect(first.createdByName).toBeTruthy();
    const session = sessionOf(first);
    // What Stripe was asked for: one line named after the booking and the tour, the booking and link in the metadata.
    expect(session).toMatchObject({ mode: 'payment', amount_total: 6_000, currency: 'eur', metadata: { bookingId: booking.id, linkId: first.id }, customer_email: `deposit.${run}@example.test` });
    expect(session.line_items[0]!.name).toBe(`${booking.reference} · ${tour.title}`);
    expect(session.success_url).toBe(`http://office.test/api/payments/return?outcome=paid&reference=${booking.reference}`);
    expect(new Date(first.expiresAt).getTime() - t.clock.time).toBeGreaterThan(23 * 3_600_000);
    // A clerk records part of it by hand: the next link asks for what the deposit still lacks; once it is paid, for the balance.
    expect((await staff({ method: 'POST', url: `/api/bookings/${booking.id}/payments`, payload: { kind: 'payment', amountMinor: 5_000, method: 'cash' } })).statusCode).toBe(201);
    expect((await makeLink(booking.id)).amountMinor).toBe(1_000);
    expect((await staff({ method: 'POST', url: `/api/bookings/${booking.id}/payments`, payload: { kind: 'payment', amountMinor: 1_000, method: 'cash' } })).statusCode).toBe(201);
    expect((await makeLink(booking.id)).amountMinor).toBe(14_000);
    expect((await makeLink(booking.id, { amountMinor: 2_500 })).amountMinor).toBe(2_500);
    expectError(await staff({ method: 'POST', url: `/api/bookings/${booking.id}/payment-links`, payload: { amountMinor: 14_001 } }), 409, 'PAYMENT_EXCEEDS_BALANCE');
    expectError(await staff({ method: 'POST', url: `/api/bookings/${booking.id}/payment-links`, payload: { amountMinor: 0 } }), 400, 'VALIDATION');
    expect((await linksOf(booking.id)).map((link) => link.amountMinor)).toEqual([2_500, 14_000, 1_000, 6_000]);
    // Stripe down: a clear 503 and no link.
    stripe.failWith = 500;
    try {
      const refused = await staff({ method: 'POST', url: `/api/bookings/${booking.id}/payment-links`, payload: {} });
      expectError(refused, 503, 'UNAVAILABLE');
      expect(refused.body).not.toContain('sk_test');
    } finally {
      stripe.failWith = null;
    }
    expect(await linksOf(booking.id)).toHaveLength(4);
    // Expired after 24 hours.
    t.clock.advance(DAY);
    staff = as(t.app, (await login(t.app, t.admin)).accessToken);
    expect((await linksOf(booking.id)).map((link) => link.status)).toEqual(['expired', 'expired', 'expired', 'expired']);
  });

  it('refuses a cancelled booking, one paid in full, and a request without a session', async () => {
    const booking = await book(`refuse.${run}@example.test`);
    expect((await staff({ method: 'POST', url: `/api/bookings/${booking.id}/payments`, payload: { kind: 'payment', amountMinor: booking.totalMinor, method: 'cash' } })).statusCode).toBe(201);
    expectError(await staff({ method: 'POST', url: `/api/bookings/${booking.id}/payment-links`, payload: {} }), 409, 'PAYMENT_EXCEEDS_BALANCE');
    const other = await book(`refuse2.${run}@example.test`);
    expect((await staff({ method: 'POST', url: `/api/bookings/${other.id}/cancel`, payload: { reason: 'changed plans' } })).statusCode).toBe(200);
    expectError(await staff({ method: 'POST', url: `/api/bookings/${other.id}/payment-links`, payload: {} }), 409, 'CONFLICT');
    expectError(await t.app.inject({ method: 'POST', url: `/api/bookings/${other.id}/payment-links`, payload: {} }), 403, 'TOKEN_MISSING');
  });
});

describe('the paid event', () => {
  it('records one card payment and sends the receipt, however often and however concurrently the event comes', async () => {
    const email = `pay.${run}@example.test`;
    const booking = await book(email);
    const link = await makeLink(booking.id, { amountMinor: 8_000 });
    const event = stripe.completedEvent(sessionOf(link).id);
    const answers = await Promise.all(Array.from({ length: 6 }, () => deliver(event)));
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200, 200, 200, 200]);
    expect(answers.filter((answer) => answer.json<{ recorded: boolean }>().recorded)).toHaveLength(1);
    // Stripe's retry of the same event later (still within its 5 minutes) changes nothing either.
    t.clock.advance(60_000);
    expect((await deliver(event)).json()).toEqual({ received: true, recorded: false });
    const payments = await paymentsOf(booking.id);
    expect(payments).toHaveLength(1);
    expect(payments[0]).toMatchObject({ kind: 'payment', method: 'card', amountMinor: 8_000, currency: 'EUR', recordedBy: null });
    expect(payments[0]!.reference).toMatch(/^pi_/);
    expect(await bookingOf(booking.id)).toMatchObject({ paidMinor: 8_000, balanceMinor: 12_000, paymentStatus: 'partially_paid' });
    expect((await linksOf(booking.id))[0]).toMatchObject({ status: 'paid', paymentId: payments[0]!.id });
    // The receipt, once.
    const receipts = (await sentTo(email)).filter((mail) => mail.subject.startsWith('Payment received'));
    expect(receipts).toHaveLength(1);
    expect(receipts[0]!.text).toContain('we have recorded €80.00');
    // The audit log names Stripe.
    const audit = (await staff({ method: 'GET', url: `/api/admin/audit?targetId=${booking.id}` })).json<{ data: { action: string; actorLabel: string | null }[] }>().data;
    expect(audit.filter((entry) => entry.action === 'payment_link.paid')).toMatchObject([{ actorLabel: 'Stripe' }]);
  });

  it('money that arrived is recorded beyond the balance: the booking reads as owed to the customer', async () => {
    const booking = await book(`over.${run}@example.test`);
    const link = await makeLink(booking.id, { amountMinor: booking.totalMinor });
    // Meanwhile the customer also paid by bank transfer and a clerk recorded it.
    expect((await staff({ method: 'POST', url: `/api/bookings/${booking.id}/payments`, payload: { kind: 'payment', amountMinor: booking.totalMinor, method: 'bank_transfer' } })).statusCode).toBe(201);
    expect((await deliver(stripe.completedEvent(sessionOf(link).id))).json()).toEqual({ received: true, recorded: true });
    expect(await bookingOf(booking.id)).toMatchObject({ paidMinor: 2 * booking.totalMinor, balanceMinor: -booking.totalMinor });
  });

  it('a session this server made but never stored (it stopped before its write) is recorded from the event', async () => {
    const booking = await book(`lost.${run}@example.test`);
    const link = await makeLink(booking.id);
    const session = sessionOf(link);
    // As if the link's row had never been written: the event carries the booking and link it was made for.
    await t.database.handle.db.deleteFrom('payment_links').where('id', '=', link.id).execute();
    expect((await deliver(stripe.completedEvent(session.id))).json()).toEqual({ received: true, recorded: true });
    expect((await paymentsOf(booking.id)).map((payment) => payment.amountMinor)).toEqual([session.amount_total]);
    expect((await deliver(stripe.completedEvent(session.id))).json()).toEqual({ received: true, recorded: false });
  });

  it('a signed event for a session this server never asked for records nothing, whatever booking its metadata names', async () => {
    const booking = await book(`stranger.${run}@example.test`);
    const link = await makeLink(booking.id, { amountMinor: 2_500 });
    const stranger = (tamper: (session: ReturnType<typeof sessionOf>) => void) =>
      stripe.completedEvent(sessionOf(link).id, {
        tamper: (session) => {
          session.id = `cs_test_someone_elses_${Math.random().toString(36).slice(2)}`;
          tamper(session);
        },
      });
    const events = [
      // Another system on the same Stripe account names one of our bookings and a link id of its own.
      stranger((session) => (session.metadata = { bookingId: booking.id, linkId: '6f1c2a3b-4d5e-4f60-8a7b-9c0d1e2f3a4b' })),
      // It names our link's id but not the session we made for it: the link is open and its session is another.
      stranger((session) => (session.metadata = { bookingId: booking.id, linkId: link.id })),
    ];
    for (const event of events) expect((await deliver(event)).json()).toEqual({ received: true, recorded: false });
    expect(await paymentsOf(booking.id)).toEqual([]);
    expect((await linksOf(booking.id)).map((one) => one.status)).toEqual(['open']);
    // A request kept for a link that was never stored, with the amount changed: no match, nothing recorded.
    await t.database.handle.db.deleteFrom('payment_links').where('id', '=', link.id).execute();
    const inflated = stripe.completedEvent(sessionOf(link).id, { tamper: (session) => (session.amount_total = 250_000) });
    expect((await deliver(inflated)).json()).toEqual({ received: true, recorded: false });
    expect(await paymentsOf(booking.id)).toEqual([]);
  });

  it('an event that says only its session (no metadata, no amount or currency) pays that session’s link, for the link’s amount', async () => {
    const booking = await book(`bare.${run}@example.test`);
    const link = await makeLink(booking.id, { amountMinor: 3_300 });
    const bare = stripe.completedEvent(sessionOf(link).id, {
      tamper: (session) => {
        session.metadata = {};
        delete (session as Partial<typeof session>).amount_total;
        delete (session as Partial<typeof session>).currency;
      },
    });
    expect((await deliver(bare)).json()).toEqual({ received: true, recorded: true });
    expect((await paymentsOf(booking.id)).map((payment) => payment.amountMinor)).toEqual([3_300]);
    // A session this server never made (another system on the same Stripe account): taken, nothing recorded.
    const stranger = stripe.completedEvent(sessionOf(link).id, { tamper: (session) => ((session.id = 'cs_test_not_ours'), (session.metadata = {})) });
    expect((await deliver(stranger)).json()).toEqual({ received: true, recorded: false });
  });

  it('forged, stale, early and mismatched events change nothing', async () => {
    const booking = await book(`forged.${run}@example.test`);
    const other = await book(`forged2.${run}@example.test`);
    const link = await makeLink(booking.id);
    const id = sessionOf(link).id;
    const refusals = [
      // Signed with another secret.
      stripe.completedEvent(id, { secret: 'whsec_not_the_endpoints' }),
      // Signed as Stripe does, but 301 seconds ago (a replay), or 301 seconds ahead.
      stripe.completedEvent(id, { signedAt: t.clock.time - 301_000 }),
      stripe.completedEvent(id, { signedAt: t.clock.time + 301_000 }),
      // 301 seconds ahead, behind a first t= of now: the SDK checks the signature with the last t=, and so must the time check.
      ((ahead) => ({ ...ahead, signature: `t=${Math.floor(t.clock.time / 1000)},${ahead.signature}` }))(stripe.completedEvent(id, { signedAt: t.clock.time + 301_000 })),
      // Another booking's session: the event names the other booking.
      stripe.completedEvent(id, { tamper: (session) => (session.metadata = { ...session.metadata, bookingId: other.id }) }),
      // Another currency than the link's.
      stripe.completedEvent(id, { tamper: (session) => (session.currency = 'usd') }),
    ];
    for (const event of refusals) expectError(await deliver(event), 400, 'VALIDATION');
    // A body altered after signing.
    const genuine = stripe.completedEvent(id);
    expectError(await deliver({ payload: genuine.payload.replace(`"amount_total": ${link.amountMinor}`, '"amount_total": 1'), signature: genuine.signature }), 400, 'VALIDATION');
    // No signature at all.
    expectError(await t.app.inject({ method: 'POST', url: '/api/payments/stripe/webhook', headers: { 'content-type': 'application/json' }, payload: genuine.payload }), 400, 'VALIDATION');
    expect(await paymentsOf(booking.id)).toEqual([]);
    expect(await paymentsOf(other.id)).toEqual([]);
    expect((await linksOf(booking.id))[0]!.status).toBe('open');
    // Events of other types, and an unpaid completion, are taken and change nothing.
    const unpaid = stripe.completedEvent(id, { tamper: (session) => (session.payment_status = 'unpaid') });
    expect((await deliver(unpaid)).json()).toEqual({ received: true, recorded: false });
    const otherType = JSON.stringify({ id: 'evt_1', object: 'event', type: 'customer.created', data: { object: { id: 'cus_1', object: 'customer' } } });
    expect((await deliver({ payload: otherType, signature: sign(otherType, Math.floor(t.clock.time / 1000), TEST_STRIPE_WEBHOOK_SECRET) })).json()).toEqual({ received: true, recorded: false });
    // The genuine event still records it.
    expect((await deliver(genuine)).json()).toEqual({ received: true, recorded: true });
  });
});

describe('payment links by e-mail', () => {
  it('“send a payment link” e-mails the link the clerk made, in the customer’s language', async () => {
    const email = `mail.${run}@example.test`;
    const booking = await book(email);
    const link = await makeLink(booking.id, { amountMinor: 4_200, email: true });
    expect(link.emailed).toBe(true);
    const mails = (await sentTo(email)).filter((mail) => mail.subject.startsWith('Pay'));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe(`Pay €42.00 for booking ${booking.reference} by card`);
    expect(mails[0]!.text).toContain(link.url);
    expect(mails[0]!.html).toContain(link.url.replace(/&/g, '&amp;'));
    // No second session was made for the message.
    expect(await linksOf(booking.id)).toHaveLength(1);
    const messages = (await staff({ method: 'GET', url: `/api/bookings/${booking.id}/messages` })).json<{ data: Message[] }>().data;
    expect(messages.filter((message) => message.kind === 'payment_link')).toMatchObject([{ status: 'sent', to: email }]);
  });

  it('the balance reminder carries a fresh link for the balance, made once however often its sending is tried', async () => {
    // Departs in 40 days; the balance is due 30 days before, so in 10 days.
    const soon = await createDeparture(viaInject(staff), tour.id, { startDate: new Date(t.clock.time + 40 * DAY).toISOString().slice(0, 10), startTime: '12:00', capacity: 10 });
    const email = `remind.${run}@example.test`;
    const booking = await book(email, soon);
    t.clock.advance(3 * DAY);
    staff = as(t.app, (await login(t.app, t.admin)).accessToken);
    await t.app.messages.queueReminders();
    const reminder = (await t.app.messages.forBooking(booking.id)).find((message) => message.kind === 'balance_reminder')!;
    // A sender that stopped after making the link and before sending: the next try finds it.
    const fresh = await bookingOf(booking.id);
    const first = await t.app.paymentLinks.forMessage(fresh, reminder.id);
    const again = await t.app.paymentLinks.forMessage(fresh, reminder.id);
    expect(again).toEqual(first);
    expect(first).toMatchObject({ amountMinor: booking.totalMinor });
    const mails = (await sentTo(email)).filter((mail) => mail.subject.startsWith('Balance'));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain(first!.url);
    expect(await linksOf(booking.id)).toMatchObject([{ amountMinor: booking.totalMinor, emailed: true, createdByName: null }]);
  });
});

describe('without Stripe set up', () => {
  it('answers 409 PAYMENTS_NOT_CONFIGURED, and the balance reminder goes without a link', async () => {
    const bare = await createTestApp();
    try {
      const clerk = as(bare.app, (await login(bare.app, bare.admin)).accessToken);
      const plain = await createTour(viaInject(clerk), { status: 'published', currency: 'EUR', bookingCutoffHours: 0 });
      const on = await createDeparture(viaInject(clerk), plain.id, { startDate: new Date(bare.clock.time + 60 * DAY).toISOString().slice(0, 10) });
      const made = await clerk({ method: 'POST', url: '/api/bookings', payload: { departureId: on.id, status: 'confirmed', contact: { name: 'No Card', email: 'nocard@example.test' }, travellers: [{ category: 'ADULT', firstName: 'No', lastName: 'Card' }] } });
      const booking = made.json<Booking>();
      expectError(await clerk({ method: 'POST', url: `/api/bookings/${booking.id}/payment-links`, payload: {} }), 409, 'PAYMENTS_NOT_CONFIGURED');
      expectError(await bare.app.inject({ method: 'POST', url: '/api/payments/stripe/webhook', headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=00' }, payload: '{}' }), 409, 'PAYMENTS_NOT_CONFIGURED');
      expect((await bare.app.inject({ method: 'GET', url: '/api/config' })).json()).toMatchObject({ cardPayments: false });
    } finally {
      await bare.close();
    }
  });
});
