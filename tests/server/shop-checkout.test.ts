/**
 * Paying a shop cart: the real Stripe SDK talks to a local double of Stripe, whose events are
 * signed as Stripe signs them. A paid cart is confirmed by the card-payment flow the office's links
 * use; a paid event twice records one payment; paid after the hold lapsed, the booking is confirmed
 * while its seats are free, else cancelled with the money due back; an expired page releases the
 * seats at once. Runs on the embedded database and, with TEST_DATABASE_URL, on a PostgreSQL server.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Booking, Payment } from '../../src/shared/contract/bookings.js';
import type { Departure } from '../../src/shared/contract/departures.js';
import type { Cart, ShopSettings } from '../../src/shared/contract/shop.js';
import type { Tour } from '../../src/shared/contract/tours.js';
import { expectError } from '../helpers/assertions.js';
import { createDeparture, createTour, viaInject } from '../helpers/api-builders.js';
import { startStripeDouble, type StripeDouble } from '../helpers/stripe-double.js';
import { as, createTestApp, login, readOutbox, type TestApp } from '../helpers/test-app.js';

const MINUTE = 60_000;
const DAY = 86_400_000;
let t: TestApp;
let stripe: StripeDouble;
let staff: ReturnType<typeof as>;
let tour: Tour;
let address = 0;

beforeAll(async () => {
  stripe = await startStripeDouble();
  t = await createTestApp({ env: { ...stripe.env, BUSINESS_NAME: 'Fjord & Co' } });
  stripe.now = t.clock.now;
  staff = as(t.app, (await login(t.app, t.admin)).accessToken);
  tour = await createTour(viaInject(staff), { status: 'published', bookableOnline: true, depositPercent: 20, bookingCutoffHours: 0, prices: { ADULT: 10_000, CHILD: 6_000, INFANT: null } });
});
afterAll(async () => {
  await t?.close();
  await stripe?.close();
});

let days = 30;
/** A departure of its own, a day after the last, some weeks ahead. */
const departureOf = (capacity = 10) => createDeparture(viaInject(staff), tour.id, { startDate: new Date(t.clock.time + ++days * DAY).toISOString().slice(0, 10), capacity });
const shop = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: unknown) =>
  t.app.inject({ method, url, remoteAddress: `198.51.100.${++address % 250}`, ...(payload !== undefined && { payload: payload as object }) });
const bookingOf = async (reference: string) => (await staff({ method: 'GET', url: `/api/bookings?q=${reference}` })).json<{ data: Booking[] }>().data[0]!;
const paymentsOf = async (id: string) => (await staff({ method: 'GET', url: `/api/bookings/${id}/payments` })).json<{ data: Payment[] }>().data;
const seatsOf = async (id: string) => (await staff({ method: 'GET', url: `/api/departures/${id}` })).json<Departure>();
const deliver = (event: { payload: string; signature: string }) =>
  t.app.inject({ method: 'POST', url: '/api/payments/stripe/webhook', headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': event.signature }, payload: event.payload });

/** A cart with its names and contact given, ready to pay. */
async function readyCart(departure: Departure, email: string, travellers = 2): Promise<Cart> {
  const made = await shop('POST', '/api/shop/carts', { departureId: departure.id, travellers: { ADULT: travellers } });
  expect(made.statusCode, made.body).toBe(201);
  const cart = made.json<Cart>();
  const named = await shop('PATCH', `/api/shop/carts/${cart.cartId}`, {
    contact: { name: 'Ola Nordmann', email },
    travellers: Array.from({ length: travellers }, (_, index) => ({ category: 'ADULT', firstName: `Traveller${index}`, lastName: 'Nordmann' })),
  });
  expect(named.statusCode, named.body).toBe(200);
  return named.json<Cart>();
}
const checkout = (cart: Cart, pay: 'full' | 'deposit' | 'later') => shop('POST', `/api/shop/carts/${cart.cartId}/checkout`, { pay });
const sessionFor = (url: string) => [...stripe.sessions.values()].find((session) => session.url === url)!;

describe('paying a cart', () => {
  it('needs the names and contact first, naming what is missing', async () => {
    const departure = await departureOf();
    const cart = (await shop('POST', '/api/shop/carts', { departureId: departure.id, travellers: { ADULT: 1 } })).json<Cart>();
    const refused = await checkout(cart, 'full');
    expectError(refused, 400, 'VALIDATION');
    expect(Object.keys(refused.json<{ errors: Record<string, string> }>().errors).sort()).toEqual(['contact', 'travellers.0']);
  });

  it('sends the customer to a Checkout Session for the whole price or the deposit, named for the cart, living as long as the hold', async () => {
    const departure = await departureOf();
    const cart = await readyCart(departure, 'full.payer@example.test');
    const full = await checkout(cart, 'full');
    expect(full.statusCode, full.body).toBe(200);
    expect(full.headers['cache-control']).toBe('no-store');
    const session = sessionFor(full.json<{ url: string }>().url);
    expect(session).toMatchObject({ amount_total: 20_000, currency: 'eur', metadata: { cartId: cart.cartId, bookingId: expect.any(String) } });
    expect(session.expires_at * 1000).toBeGreaterThanOrEqual(t.clock.time + 30 * MINUTE);
    // The hold was 30 minutes: it now lasts as long as the page.
    const holdEnds = Date.parse((await shop('GET', `/api/shop/carts/${cart.cartId}`)).json<Cart>().expiresAt);
    expect(holdEnds).toBeGreaterThanOrEqual(t.clock.time + 30 * MINUTE);
    expect(session.expires_at * 1000 - holdEnds, 'the page ends with the hold, never before it').toBeGreaterThanOrEqual(0);
    expect(session.expires_at * 1000 - holdEnds).toBeLessThan(1000);
    // Asked again: the same page, not a second one to pay twice.
    expect((await checkout(cart, 'full')).json<{ url: string }>().url).toBe(session.url);

    const deposit = await checkout(cart, 'deposit');
    expect(sessionFor(deposit.json<{ url: string }>().url).amount_total).toBe(4_000);
  });

  it('is confirmed by its paid event, once, however often the event comes; the customer gets the confirmation', async () => {
    const departure = await departureOf();
    const cart = await readyCart(departure, 'paid.once@example.test');
    const session = sessionFor((await checkout(cart, 'deposit')).json<{ url: string }>().url);
    const event = stripe.completedEvent(session.id);
    const answers = await Promise.all([deliver(event), deliver(event), deliver(event)]);
    for (const answer of answers) expect(answer.statusCode, answer.body).toBe(200);
    expect(answers.filter((answer) => answer.json<{ recorded: boolean }>().recorded)).toHaveLength(1);

    expect((await shop('GET', `/api/shop/carts/${cart.cartId}`)).json<Cart>().status).toBe('paid');
    // Stripe sends the customer back to the cart's own page: it says so, in the cart's language.
    const back = await t.app.inject({ method: 'GET', url: new URL(session.success_url).pathname + new URL(session.success_url).search });
    expect(back.statusCode).toBe(200);
    expect(back.headers['cache-control']).toBe('no-store');
    expect(back.body).toContain('your booking is confirmed');
    expect(back.body).toContain(cart.reference);
    expect(back.body).toContain('noindex');
    const booking = await bookingOf(cart.reference);
    expect(booking).toMatchObject({ status: 'confirmed', channel: 'online', paidMinor: 4_000, balanceMinor: 16_000 });
    expect(await paymentsOf(booking.id)).toHaveLength(1);
    expect(await seatsOf(departure.id)).toMatchObject({ seatsHeld: 0, seatsConfirmed: 2 });
    expectError(await shop('PATCH', `/api/shop/carts/${cart.cartId}`, { contact: { name: 'X', email: 'x@example.test' }, travellers: [] }), 409, 'CONFLICT');

    await t.app.background.settled();
    while ((await t.app.messages.sendDue()) > 0);
    const mails = (await readOutbox(t.outboxDir)).filter((mail) => mail.to === 'paid.once@example.test');
    expect(mails.map((mail) => mail.subject).join(' | ')).toMatch(new RegExp(cart.reference));
  });

  it('in Icelandic krónur: Stripe is asked for hundredths of whole krónur, and its event and its refund are counted back in krónur', async () => {
    const iceland = await createTour(viaInject(staff), { status: 'published', bookableOnline: true, currency: 'ISK', bookingCutoffHours: 0, prices: { ADULT: 179_000, CHILD: null, INFANT: null }, selfService: { cancel: true, change: false, untilHours: 24 } });
    const departure = await createDeparture(viaInject(staff), iceland.id, { startDate: new Date(t.clock.time + 90 * DAY).toISOString().slice(0, 10), capacity: 10 });
    const cart = await readyCart(departure, 'kronur@example.test', 1);
    expect(cart).toMatchObject({ currency: 'ISK', totalMinor: 179_000 });
    const session = sessionFor((await checkout(cart, 'full')).json<{ url: string }>().url);
    // ISK 179,000 is 17,900,000 in Stripe's count.
    expect(session).toMatchObject({ amount_total: 17_900_000, currency: 'isk' });
    expect((await deliver(stripe.completedEvent(session.id))).json<{ recorded: boolean }>().recorded).toBe(true);
    const booking = await bookingOf(cart.reference);
    expect(booking).toMatchObject({ status: 'confirmed', paidMinor: 179_000, balanceMinor: 0 });
    expect((await paymentsOf(booking.id)).map((payment) => payment.amountMinor)).toEqual([179_000]);
    // Cancelled by the customer 90 days ahead (no fee): the refund asked of Stripe is in its count, recorded in krónur.
    const manage = await staff({ method: 'GET', url: `/api/bookings/${booking.id}/manage-link` });
    const token = new URL(manage.json<{ url: string }>().url).pathname.split('/').at(-1)!;
    expect((await shop('POST', `/api/shop/manage/${token}/cancel`)).statusCode).toBe(200);
    expect([...stripe.refunds.values()].filter((refund) => refund.currency === 'isk').map((refund) => refund.amount)).toEqual([17_900_000]);
    expect((await paymentsOf(booking.id)).filter((payment) => payment.kind === 'refund').map((payment) => payment.amountMinor)).toEqual([179_000]);
  });

  it('paid after the hold lapsed: confirmed while its seats are still free', async () => {
    const departure = await departureOf();
    const cart = await readyCart(departure, 'late.free@example.test');
    const session = sessionFor((await checkout(cart, 'full')).json<{ url: string }>().url);
    t.clock.advance(45 * MINUTE);
    staff = as(t.app, (await login(t.app, t.admin)).accessToken); // the clock moved past the token's life
    try {
      await t.app.flows.expireLapsedHolds();
      expect((await bookingOf(cart.reference)).status).toBe('expired');
      expect((await deliver(stripe.completedEvent(session.id))).json<{ recorded: boolean }>().recorded).toBe(true);
      expect(await bookingOf(cart.reference)).toMatchObject({ status: 'confirmed', paidMinor: 20_000, balanceMinor: 0 });
      expect(await seatsOf(departure.id)).toMatchObject({ seatsHeld: 0, seatsConfirmed: 2 });
    } finally {
      t.clock.advance(-45 * MINUTE);
      staff = as(t.app, (await login(t.app, t.admin)).accessToken);
    }
  });

  it('paid after the hold lapsed and its seats were sold: the money is kept, the booking cancelled with all of it due back', async () => {
    const departure = await departureOf(2);
    const cart = await readyCart(departure, 'late.sold@example.test');
    const session = sessionFor((await checkout(cart, 'full')).json<{ url: string }>().url);
    t.clock.advance(45 * MINUTE);
    staff = as(t.app, (await login(t.app, t.admin)).accessToken); // the clock moved past the token's life
    try {
      // Someone else takes the two seats meanwhile.
      const other = await shop('POST', '/api/shop/carts', { departureId: departure.id, travellers: { ADULT: 2 } });
      expect(other.statusCode, other.body).toBe(201);
      expect((await deliver(stripe.completedEvent(session.id))).json<{ recorded: boolean }>().recorded).toBe(true);
      const booking = await bookingOf(cart.reference);
      expect(booking).toMatchObject({ status: 'cancelled', paymentStatus: 'refund_due', paidMinor: 20_000 });
      expect(await paymentsOf(booking.id)).toHaveLength(1);
      expect(await seatsOf(departure.id)).toMatchObject({ seatsHeld: 2, seatsConfirmed: 0 });
      const dueBack = (await staff({ method: 'GET', url: '/api/bookings?paymentStatus=refund_due' })).json<{ data: Booking[] }>().data;
      expect(dueBack.map((each) => each.reference)).toContain(cart.reference);
      // The customer's page says the money goes back, not that nothing was charged.
      const page = (await shop('GET', `/shop/carts/${cart.cartId}`)).body;
      expect(page).toContain('Your payment of €200.00 arrived after these seats were released, and they had been booked meanwhile: your booking is cancelled and the whole €200.00 will be refunded to you.');
    } finally {
      t.clock.advance(-45 * MINUTE);
      staff = as(t.app, (await login(t.app, t.admin)).accessToken);
    }
  });

  it('an expired payment page releases the seats at once', async () => {
    const departure = await departureOf(3);
    const cart = await readyCart(departure, 'gave.up@example.test', 3);
    const session = sessionFor((await checkout(cart, 'full')).json<{ url: string }>().url);
    expect(await seatsOf(departure.id)).toMatchObject({ seatsHeld: 3 });
    const answer = await deliver(stripe.expiredEvent(session.id));
    expect(answer.statusCode, answer.body).toBe(200);
    expect(await seatsOf(departure.id)).toMatchObject({ seatsHeld: 0, seatsAvailable: 3 });
    expect((await shop('GET', `/api/shop/carts/${cart.cartId}`)).json<Cart>().status).toBe('released');
    // Its event again changes nothing.
    expect((await deliver(stripe.expiredEvent(session.id))).statusCode).toBe(200);
  });

  it('a cart given up ends its payment page at Stripe: a tab left open cannot take the money', async () => {
    const departure = await departureOf(2);
    const cart = await readyCart(departure, 'left.tab@example.test');
    const url = (await checkout(cart, 'full')).json<{ url: string }>().url;
    const session = sessionFor(url);
    expect((await shop('DELETE', `/api/shop/carts/${cart.cartId}`)).statusCode).toBe(204);
    expect(session.status).toBe('expired');
    const booking = await bookingOf(cart.reference);
    const links = (await staff({ method: 'GET', url: `/api/bookings/${booking.id}/payment-links` })).json<{ data: { url: string; status: string }[] }>().data;
    expect(links.find((link) => link.url === url)?.status).toBe('expired');
    // Stripe's event for the page it ended changes nothing more.
    expect((await deliver(stripe.expiredEvent(session.id))).statusCode).toBe(200);
    expect(await seatsOf(departure.id)).toMatchObject({ seatsHeld: 0, seatsAvailable: 2 });
  });

  it('a cart given up while Stripe cannot be reached still gives its seats back; a payment on the page left open is still recorded', async () => {
    const departure = await departureOf(2);
    const cart = await readyCart(departure, 'stripe.down@example.test');
    const session = sessionFor((await checkout(cart, 'full')).json<{ url: string }>().url);
    stripe.failWith = 500;
    try {
      expect((await shop('DELETE', `/api/shop/carts/${cart.cartId}`)).statusCode).toBe(204);
    } finally {
      stripe.failWith = null;
    }
    expect(session.status).toBe('open');
    expect(await seatsOf(departure.id)).toMatchObject({ seatsHeld: 0, seatsAvailable: 2 });
    // Paid on that page after all: its seats were still free, so the booking stands.
    expect((await deliver(stripe.completedEvent(session.id))).json<{ recorded: boolean }>().recorded).toBe(true);
    expect(await bookingOf(cart.reference)).toMatchObject({ status: 'confirmed', paidMinor: 20_000 });
  });

  it('pays later only where the shop allows it: booked at once, the price due by the schedule', async () => {
    const departure = await departureOf();
    const cart = await readyCart(departure, 'pays.later@example.test');
    expectError(await checkout(cart, 'later'), 409, 'CONFLICT');
    const settings = (await staff({ method: 'GET', url: '/api/shop-settings' })).json<ShopSettings>();
    await staff({ method: 'PUT', url: '/api/shop-settings', payload: { enabled: true, holdMinutes: settings.holdMinutes, payLater: true, embedOrigins: [], showSeatsBelow: settings.showSeatsBelow } });
    try {
      const later = await checkout(cart, 'later');
      expect(later.statusCode, later.body).toBe(200);
      expect(later.json<{ url: string }>().url).toContain(`/shop/carts/${cart.cartId}`);
      const booking = await bookingOf(cart.reference);
      expect(booking).toMatchObject({ status: 'confirmed', paidMinor: 0, balanceMinor: 20_000 });
      // Booked, not paid: the cart and its page say what is owed and by when.
      expect((await shop('GET', `/api/shop/carts/${cart.cartId}`)).json<Cart>()).toMatchObject({ status: 'paid', paidMinor: 0, balanceMinor: 20_000, balanceDueDate: booking.balanceDueDate });
      const page = (await shop('GET', `/shop/carts/${cart.cartId}?lang=de`)).body;
      expect(page).toMatch(/Ihre Buchung ist bestätigt\. 200,00\s€ sind noch bis zum \d+\. \S+ \d{4} zu zahlen/);
      expect(page).toMatch(/Noch zu zahlen<\/th><td>200,00\s€/);
      expect(page).not.toContain('Bezahlt</th><td>200');
    } finally {
      await staff({ method: 'PUT', url: '/api/shop-settings', payload: { enabled: true, holdMinutes: settings.holdMinutes, payLater: false, embedOrigins: [], showSeatsBelow: settings.showSeatsBelow } });
    }
  });
});

describe('the Online sales screen’s days', () => {
  it('count the carts made, checkouts begun, carts paid, holds lapsed and carts given up, from what happened', async () => {
    // A server of its own: only these carts are counted.
    const own = await createTestApp({ env: stripe.env, now: t.clock.now });
    try {
      const office = () => login(own.app, own.admin).then((tokens) => as(own.app, tokens.accessToken));
      let asStaff = await office();
      const offered = await createTour(viaInject(asStaff), { status: 'published', bookableOnline: true, bookingCutoffHours: 0, depositPercent: 20, prices: { ADULT: 10_000, CHILD: null, INFANT: null } });
      const departure = await createDeparture(viaInject(asStaff), offered.id, { startDate: new Date(t.clock.time + 20 * DAY).toISOString().slice(0, 10), capacity: 20 });
      const call = (method: 'POST' | 'PATCH' | 'DELETE', url: string, payload?: unknown) => own.app.inject({ method, url, remoteAddress: `192.0.2.${++address % 250}`, ...(payload !== undefined && { payload: payload as object }) });
      const cart = async (email: string) => {
        const made = (await call('POST', '/api/shop/carts', { departureId: departure.id, travellers: { ADULT: 1 } })).json<Cart>();
        await call('PATCH', `/api/shop/carts/${made.cartId}`, { contact: { name: 'Funnel', email }, travellers: [{ category: 'ADULT', firstName: 'Fun', lastName: 'Nel' }] });
        return made;
      };
      const pay = (made: Cart, how: string) => call('POST', `/api/shop/carts/${made.cartId}/checkout`, { pay: how });
      const [paying, leaving, lapsing] = [await cart('f1@example.test'), await cart('f2@example.test'), await cart('f3@example.test')];
      await cart('f4@example.test'); // looked, never paid
      const session = sessionFor((await pay(paying, 'full')).json<{ url: string }>().url);
      await pay(paying, 'full'); // the same page again: one checkout
      await pay(lapsing, 'deposit');
      const event = stripe.completedEvent(session.id);
      await own.app.inject({ method: 'POST', url: '/api/payments/stripe/webhook', headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': event.signature }, payload: event.payload });
      expect((await call('DELETE', `/api/shop/carts/${leaving.cartId}`)).statusCode).toBe(204);
      t.clock.advance(45 * MINUTE);
      try {
        asStaff = await office();
        // Two days summed: the clock moved 45 minutes and may have crossed midnight.
        const answer = await asStaff({ method: 'GET', url: '/api/shop/funnel?days=2' });
        expect(answer.statusCode, answer.body).toBe(200);
        const days = answer.json<{ data: { date: string; carts: number; checkouts: number; paid: number; lapsed: number; released: number }[] }>().data;
        expect(days).toHaveLength(2);
        const sum = (key: 'carts' | 'checkouts' | 'paid' | 'lapsed' | 'released') => days.reduce((total, day) => total + day[key], 0);
        // The lapsing cart's page lived 31 minutes and the looking one's hold 30: both lapsed unpaid.
        expect({ carts: sum('carts'), checkouts: sum('checkouts'), paid: sum('paid'), lapsed: sum('lapsed'), released: sum('released') }).toEqual({ carts: 4, checkouts: 2, paid: 1, lapsed: 2, released: 1 });
        expect(days[1]!.date > days[0]!.date).toBe(true);
      } finally {
        t.clock.advance(-45 * MINUTE);
      }
    } finally {
      await own.close();
    }
  });
});

describe('a shop without card payments', () => {
  it('answers PAYMENTS_NOT_CONFIGURED to a customer who wants to pay by card', async () => {
    const bare = await createTestApp();
    try {
      const asStaff = as(bare.app, (await login(bare.app, bare.admin)).accessToken);
      const offered = await createTour(viaInject(asStaff), { status: 'published', bookableOnline: true });
      const departure = await createDeparture(viaInject(asStaff), offered.id);
      const cart = (await bare.app.inject({ method: 'POST', url: '/api/shop/carts', payload: { departureId: departure.id, travellers: { ADULT: 1 } } })).json<Cart>();
      await bare.app.inject({ method: 'PATCH', url: `/api/shop/carts/${cart.cartId}`, payload: { contact: { name: 'No Card', email: 'no.card@example.test' }, travellers: [{ category: 'ADULT', firstName: 'No', lastName: 'Card' }] } });
      expectError(await bare.app.inject({ method: 'POST', url: `/api/shop/carts/${cart.cartId}/checkout`, payload: { pay: 'full' } }), 409, 'PAYMENTS_NOT_CONFIGURED');
    } finally {
      await bare.close();
    }
  });
});

describe('a gift card at the checkout', () => {
  const issue = async (amountMinor: number) => {
    const made = await staff({ method: 'POST', url: '/api/gift-cards', payload: { currency: tour.currency, amountMinor } });
    expect(made.statusCode, made.body).toBe(201);
    return made.json<{ id: string; code: string }>();
  };
  const cardNow = async (id: string) => (await staff({ method: 'GET', url: `/api/gift-cards/${id}` })).json<{ balanceMinor: number }>();
  const checkoutWith = (cart: Cart, pay: 'full' | 'deposit' | 'later', giftCardCode: string) => shop('POST', `/api/shop/carts/${cart.cartId}/checkout`, { pay, giftCardCode });

  it('covering everything books the cart with no Stripe at all', async () => {
    const card = await issue(30_000);
    const cart = await readyCart(await departureOf(), 'card.all@example.test');
    const sessions = stripe.sessions.size;
    const answer = await checkoutWith(cart, 'full', card.code.toLowerCase());
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json<{ url: string }>().url).toContain(`/shop/carts/${encodeURIComponent(cart.cartId)}`);
    expect(stripe.sessions.size).toBe(sessions);
    expect((await shop('GET', `/api/shop/carts/${cart.cartId}`)).json<Cart>()).toMatchObject({ status: 'paid', paidMinor: 20_000, balanceMinor: 0 });
    const booking = await bookingOf(cart.reference);
    expect((await paymentsOf(booking.id)).map((payment) => [payment.method, payment.amountMinor])).toEqual([['gift_card', 20_000]]);
    expect((await cardNow(card.id)).balanceMinor).toBe(10_000);
  });

  it('paying part, Stripe is asked for the rest; asked again, the card is not taken twice', async () => {
    const card = await issue(5_000);
    const cart = await readyCart(await departureOf(), 'card.part@example.test');
    const first = await checkoutWith(cart, 'full', card.code);
    expect(first.statusCode, first.body).toBe(200);
    expect(sessionFor(first.json<{ url: string }>().url).amount_total).toBe(15_000);
    const again = await checkoutWith(cart, 'full', card.code);
    expect(again.statusCode, again.body).toBe(200);
    expect(sessionFor(again.json<{ url: string }>().url).amount_total).toBe(15_000);
    expect((await cardNow(card.id)).balanceMinor).toBe(0);
    const booking = await bookingOf(cart.reference);
    expect((await paymentsOf(booking.id)).map((payment) => [payment.method, payment.amountMinor])).toEqual([['gift_card', 5_000]]);
  });

  it('with Stripe away after the card paid its part: 503, the card’s part stays on the cart, and asked again Stripe is asked for the rest only', async () => {
    const card = await issue(8_000);
    const cart = await readyCart(await departureOf(), 'card.stripe.away@example.test');
    stripe.failWith = 500;
    let away;
    try {
      away = await checkoutWith(cart, 'full', card.code);
    } finally {
      stripe.failWith = null;
    }
    expectError(away, 503, 'UNAVAILABLE');
    expect((await shop('GET', `/api/shop/carts/${cart.cartId}`)).json<Cart>()).toMatchObject({ status: 'open', paidMinor: 8_000, balanceMinor: 12_000 });
    expect((await cardNow(card.id)).balanceMinor).toBe(0);
    const again = await checkoutWith(cart, 'full', card.code);
    expect(again.statusCode, again.body).toBe(200);
    expect(sessionFor(again.json<{ url: string }>().url).amount_total).toBe(12_000);
    const booking = await bookingOf(cart.reference);
    expect((await paymentsOf(booking.id)).map((payment) => [payment.method, payment.amountMinor])).toEqual([['gift_card', 8_000]]);
  });

  it('refuses an unknown card and takes nothing', async () => {
    const cart = await readyCart(await departureOf(), 'card.none@example.test');
    const refused = await checkoutWith(cart, 'full', '0000-0000-0000-0000');
    expectError(refused, 409, 'GIFT_CARD_INVALID');
    expect((await shop('GET', `/api/shop/carts/${cart.cartId}`)).json<Cart>()).toMatchObject({ status: 'open', paidMinor: 0 });
  });
});
