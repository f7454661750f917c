/**
 * A customer's own booking, opened by the link in its confirmation: the token is the only key, names
 * one booking and opens no other, and holds until 30 days after the trip. The answer says what was
 * booked, paid and is due, and what the customer may do now without the office (by the tour's
 * self-service terms, in the tour's time), with why not. A reseller's booking has no link. Runs on
 * the embedded database and, with TEST_DATABASE_URL, on a PostgreSQL server.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Booking } from '../../src/shared/contract/bookings.js';
import type { Cart, ManagedBooking } from '../../src/shared/contract/shop.js';
import type { Tour } from '../../src/shared/contract/tours.js';
import { expectError } from '../helpers/assertions.js';
import { createDeparture, createTour, viaInject } from '../helpers/api-builders.js';
import { createResellerWithKey, octoAs } from '../helpers/octo.js';
import { startStripeDouble, type StripeDouble } from '../helpers/stripe-double.js';
import { as, createTestApp, login, readOutbox, type TestApp } from '../helpers/test-app.js';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
let t: TestApp;
let stripe: StripeDouble;
let staff: ReturnType<typeof as>;
let tour: Tour;
let address = 0;

beforeAll(async () => {
  stripe = await startStripeDouble();
  t = await createTestApp({ env: { ...stripe.env, BUSINESS_NAME: 'Fjord & Co', BUSINESS_PHONE: '+47 22 00 00 00' } });
  stripe.now = t.clock.now;
  staff = as(t.app, (await login(t.app, t.admin)).accessToken);
  tour = await createTour(viaInject(staff), {
    status: 'published',
    bookableOnline: true,
    depositPercent: 20,
    bookingCutoffHours: 0,
    timeZone: 'Europe/Oslo',
    durationDays: 2,
    prices: { ADULT: 10_000, CHILD: 6_000, INFANT: null },
    cancellationFees: [{ daysBefore: 30, percent: 0 }, { daysBefore: 7, percent: 50 }, { daysBefore: 0, percent: 100 }],
    selfService: { cancel: true, change: false, untilHours: 48 },
  });
});
afterAll(async () => {
  await t?.close();
  await stripe?.close();
});

let days = 20;
const departureOf = (capacity = 10) => createDeparture(viaInject(staff), tour.id, { startDate: new Date(t.clock.time + ++days * DAY).toISOString().slice(0, 10), startTime: '10:00', capacity });
const shop = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: unknown) =>
  t.app.inject({ method, url, remoteAddress: `203.0.113.${++address % 250}`, ...(payload !== undefined && { payload: payload as object }) });
const tokenOf = (url: string) => /\/shop\/manage\/([\w-]+)/.exec(url)![1]!;
const managed = (token: string) => shop('GET', `/api/shop/manage/${token}`);
const deliver = (event: { payload: string; signature: string }) =>
  t.app.inject({ method: 'POST', url: '/api/payments/stripe/webhook', headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': event.signature }, payload: event.payload });

async function mailsTo(email: string) {
  await t.app.background.settled();
  while ((await t.app.messages.sendDue()) > 0);
  return (await readOutbox(t.outboxDir)).filter((mail) => mail.to === email);
}

/** A confirmed booking made by the office, and its link as its confirmation carries it. */
async function officeBooking(email: string, departureId?: string): Promise<{ booking: Booking; token: string }> {
  const departure = departureId ?? (await departureOf()).id;
  const made = await staff({ method: 'POST', url: '/api/bookings', payload: { departureId: departure, status: 'confirmed', contact: { name: 'Kari Nordmann', email }, travellers: [{ category: 'ADULT', firstName: 'Kari', lastName: 'Nordmann' }, { category: 'CHILD', firstName: 'Ola', lastName: 'Nordmann' }] } });
  expect(made.statusCode, made.body).toBe(201);
  const mail = (await mailsTo(email)).find((one) => one.subject.includes('is confirmed'));
  const link = /https?:\/\/\S+\/shop\/manage\/[\w-]+\S*/.exec(mail!.text)?.[0];
  expect(link, mail!.text).toBeDefined();
  return { booking: made.json<Booking>(), token: tokenOf(link!) };
}

describe('the link to a customer’s own booking', () => {
  it('comes with an office booking’s confirmation and opens that booking: what was booked, paid and is due, its voucher, nothing of the office’s', async () => {
    const { booking, token } = await officeBooking('kari@example.test');
    expect(token).toMatch(/^[\w-]{65}$/);
    const answer = await managed(token);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.headers['cache-control']).toBe('no-store');
    const view = answer.json<ManagedBooking>();
    expect(view).toMatchObject({
      reference: booking.reference,
      status: 'confirmed',
      tour: { code: tour.code, title: tour.title },
      departure: { departureId: booking.departureId, date: booking.startDate, startTime: '10:00', timeZone: 'Europe/Oslo' },
      travellers: [
        { category: 'ADULT', firstName: 'Kari', lastName: 'Nordmann' },
        { category: 'CHILD', firstName: 'Ola', lastName: 'Nordmann' },
      ],
      currency: 'EUR',
      totalMinor: 16_000,
      paidMinor: 0,
      balanceMinor: 16_000,
      balanceDueDate: booking.balanceDueDate,
      can: { pay: true, cancel: true, change: false },
      why: { pay: null, cancel: null, change: 'not_offered' },
      selfService: { cancel: true, change: false, untilHours: 48 },
    });
    expect(view.cancellationQuote).toMatchObject({ feeMinor: 0 });
    expect(view.voucherUrl).toMatch(/\/api\/vouchers\//);
    expect((await t.app.inject({ method: 'GET', url: new URL(view.voucherUrl!).pathname + new URL(view.voucherUrl!).search })).headers['content-type']).toContain('application/pdf');
    // Nothing staff-only: no notes, no customer record, no audit, no costs.
    expect(Object.keys(view).sort()).toEqual(
      ['reference', 'status', 'tour', 'departure', 'travellers', 'extras', 'currency', 'totalMinor', 'paidMinor', 'balanceMinor', 'balanceDueDate', 'voucherUrl', 'can', 'why', 'selfService', 'cancellationQuote', 'refundedMinor', 'refundingMinor'].sort(),
    );

    // Its page, in English and German, never cached nor indexed.
    const page = await shop('GET', `/shop/manage/${token}`);
    expect(page.statusCode).toBe(200);
    expect(page.headers['cache-control']).toBe('no-store');
    expect(page.body).toContain('noindex');
    expect(page.body).toContain(`Your booking ${booking.reference}`);
    expect(page.body).toMatch(/Your booking is confirmed\. €160\.00 is still to pay, by \d+ \w+ \d{4}\./);
    expect(page.body).toContain('Kari Nordmann (adult)');
    expect(page.body).toContain('Your voucher (PDF)');
    expect(page.body).toContain('+47 22 00 00 00');
    const german = await shop('GET', `/shop/manage/${token}?lang=de`);
    expect(german.body).toContain(`Ihre Buchung ${booking.reference}`);
    expect(german.body).toMatch(/160,00\s€ sind noch bis zum/);
  });

  it('comes with a paid cart and its confirmation, in the customer’s language', async () => {
    const departure = await departureOf();
    const made = (await shop('POST', '/api/shop/carts', { departureId: departure.id, travellers: { ADULT: 1 }, language: 'de' })).json<Cart>();
    await shop('PATCH', `/api/shop/carts/${made.cartId}`, { contact: { name: 'Ingrid Berg', email: 'ingrid@example.test' }, travellers: [{ category: 'ADULT', firstName: 'Ingrid', lastName: 'Berg' }] });
    expect((await shop('GET', `/api/shop/carts/${made.cartId}`)).json<Cart>().manageUrl, 'not before it is paid').toBeNull();
    const url = (await shop('POST', `/api/shop/carts/${made.cartId}/checkout`, { pay: 'full' })).json<{ url: string }>().url;
    const session = [...stripe.sessions.values()].find((one) => one.url === url)!;
    expect((await deliver(stripe.completedEvent(session.id))).statusCode).toBe(200);
    const cart = (await shop('GET', `/api/shop/carts/${made.cartId}`)).json<Cart>();
    expect(cart.manageUrl).toMatch(/^http:\/\/office\.test\/shop\/manage\/[\w-]{65}\?lang=de$/);
    const mail = (await mailsTo('ingrid@example.test')).find((one) => one.subject.includes('ist bestätigt'));
    expect(mail!.text).toContain(`Ihre Buchung online: ${cart.manageUrl}`);
    expect((await managed(tokenOf(cart.manageUrl!))).json<ManagedBooking>()).toMatchObject({ reference: cart.reference, status: 'confirmed', paidMinor: 10_000, balanceMinor: 0, can: { pay: false }, why: { pay: 'nothing_to_pay' } });
    // The cart's own page leads there.
    expect((await shop('GET', `/shop/carts/${made.cartId}?lang=de`)).body).toContain(`href="/shop/manage/${tokenOf(cart.manageUrl!)}?lang=de"`);
  });

  it('is the only key: a token changed, cut, or made of one booking’s id and another’s code opens nothing', async () => {
    const first = await officeBooking('first@example.test');
    const second = await officeBooking('second@example.test');
    const flip = (token: string, at: number) => token.slice(0, at) + (token[at] === 'A' ? 'B' : 'A') + token.slice(at + 1);
    for (const token of [flip(first.token, 3), flip(first.token, 40), first.token.slice(0, 64), `${first.token}A`, first.token.slice(0, 22) + second.token.slice(22), 'x', '../../etc']) {
      expectError(await managed(token), 404, 'NOT_FOUND');
    }
    const page = await shop('GET', `/shop/manage/${flip(first.token, 50)}?lang=de`);
    expect(page.statusCode).toBe(404);
    expect(page.body).toContain('Dieser Link öffnet keine Buchung');
    // Each token opens its own booking.
    expect((await managed(second.token)).json<ManagedBooking>().reference).toBe(second.booking.reference);
  });

  it('is the one the office copies from the booking’s page, the same every time', async () => {
    const { booking, token } = await officeBooking('copied@example.test');
    const copied = await staff({ method: 'GET', url: `/api/bookings/${booking.id}/manage-link` });
    expect(copied.statusCode, copied.body).toBe(200);
    expect(copied.json<{ url: string }>().url).toBe(`http://office.test/shop/manage/${token}`);
    expect((await staff({ method: 'GET', url: `/api/bookings/${booking.id}/manage-link` })).json<{ url: string }>().url).toBe(`http://office.test/shop/manage/${token}`);
    expectError(await staff({ method: 'GET', url: '/api/bookings/00000000-0000-4000-8000-000000000000/manage-link' }), 404, 'NOT_FOUND');
    expectError(await t.app.inject({ method: 'GET', url: `/api/bookings/${booking.id}/manage-link` }), 403, 'TOKEN_MISSING');
  });

  it('answers what the customer may do by the tour’s terms in the tour’s time, and why not', async () => {
    const { booking, token } = await officeBooking('terms@example.test');
    const startsAt = Date.parse(booking.startsAt);
    const saved = t.clock.time;
    try {
      t.clock.time = startsAt - 48 * HOUR;
      expect((await managed(token)).json<ManagedBooking>()).toMatchObject({ can: { cancel: true }, why: { cancel: null } });
      t.clock.time = startsAt - 48 * HOUR + 1000;
      expect((await managed(token)).json<ManagedBooking>()).toMatchObject({ can: { cancel: false, pay: true }, why: { cancel: 'too_late' }, cancellationQuote: null });
      t.clock.time = startsAt + 1000;
      expect((await managed(token)).json<ManagedBooking>()).toMatchObject({ can: { cancel: false }, why: { cancel: 'started' } });
      // A two-day trip: its link holds until 30 days after its last day, in its zone, and not a day longer.
      const lastDay = Date.parse(`${booking.startDate}T12:00:00Z`) + DAY;
      t.clock.time = lastDay + 30 * DAY;
      expect((await managed(token)).statusCode).toBe(200);
      t.clock.time = lastDay + 31 * DAY;
      const gone = await managed(token);
      expectError(gone, 404, 'NOT_FOUND');
      expect(gone.json<{ message: string }>().message).toContain('run out');
      // The office is not handed a link that no longer opens the booking.
      staff = as(t.app, (await login(t.app, t.admin)).accessToken); // the clock moved past the token's life
      expectError(await staff({ method: 'GET', url: `/api/bookings/${booking.id}/manage-link` }), 409, 'CONFLICT');
    } finally {
      t.clock.time = saved;
      staff = as(t.app, (await login(t.app, t.admin)).accessToken);
    }
  });

  it('shows a cancelled booking as cancelled, with nothing to do and no voucher', async () => {
    const { booking, token } = await officeBooking('cancelled@example.test');
    const cancelled = await staff({ method: 'POST', url: `/api/bookings/${booking.id}/cancel`, payload: { reason: 'Changed plans' } });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect((await managed(token)).json<ManagedBooking>()).toMatchObject({
      status: 'cancelled',
      voucherUrl: null,
      can: { pay: false, cancel: false, change: false },
      why: { pay: 'not_confirmed', cancel: 'not_confirmed', change: 'not_confirmed' },
    });
    expect((await shop('GET', `/shop/manage/${token}`)).body).toContain('This booking is cancelled.');
  });

  it('is not given for a reseller’s booking, whose customer the reseller speaks to', async () => {
    const departure = await departureOf();
    const { key } = await createResellerWithKey(staff);
    const octo = octoAs(t.app, key);
    const sold = await octo('POST', '/bookings', { productId: departure.tourId, optionId: 'DEFAULT', availabilityId: departure.id, unitItems: [{ unitId: 'adult' }] });
    expect(sold.statusCode, sold.body).toBe(200);
    const found = (await staff({ method: 'GET', url: `/api/bookings?departureId=${departure.id}&channel=reseller` })).json<{ data: Booking[] }>().data;
    expect(found).toHaveLength(1);
    expectError(await managed(await t.app.shop.manageLinks.token(found[0]!.id)), 404, 'NOT_FOUND');
    expectError(await staff({ method: 'GET', url: `/api/bookings/${found[0]!.id}/manage-link` }), 409, 'CONFLICT');
  });
});

describe('asking for the link again', () => {
  const lookup = (payload: unknown, remoteAddress = `198.18.0.${++address % 250}`, query = '') =>
    t.app.inject({ method: 'POST', url: `/api/shop/manage/lookup${query}`, remoteAddress, payload: payload as object });
  const sent = async (email: string) => (await mailsTo(email)).filter((mail) => mail.subject.includes('your link to it') || mail.subject.includes('Ihr Link dazu'));

  it('e-mails the link to the booking’s own address when the reference and a last name match, any case, accents ignored; answers the same when nothing matches', async () => {
    const { booking, token } = await officeBooking('lookup@example.test');
    const spaced = `${booking.reference.slice(0, 4).toLowerCase()} ${booking.reference.slice(4)}`;
    const answers = [
      await lookup({ reference: spaced, lastName: 'NÖRDMANN' }), // the lead traveller's, accents ignored
      await lookup({ reference: booking.reference, lastName: 'Someone Else' }),
      await lookup({ reference: 'ZZZZZZZZ', lastName: 'Nordmann' }),
    ];
    for (const answer of answers) {
      expect(answer.statusCode, answer.body).toBe(202);
      expect(answer.headers['cache-control']).toBe('no-store');
    }
    // The same answer, word for word, whether a booking matched or none exists.
    expect(new Set(answers.map((answer) => answer.body)).size).toBe(1);
    expect(answers[0]!.json<{ message: string }>().message).toBe('If a booking matches, the link to it is on its way to the e-mail address it was booked with.');
    const mails = await sent('lookup@example.test');
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain(`/shop/manage/${token}`);
    // In German on asking.
    expect((await lookup({ reference: 'ZZZZZZZZ', lastName: 'X' }, undefined, '?lang=de')).json<{ message: string }>().message).toContain('Wenn eine Buchung passt');
  });

  it('has a page of its own, without a script, answering the same whether or not a booking matches', async () => {
    const { booking } = await officeBooking('find.page@example.test');
    const page = await shop('GET', '/shop/manage?lang=de');
    expect(page.statusCode).toBe(200);
    expect(page.headers['cache-control']).toBe('no-store');
    expect(page.body).toContain('<form method="post" action="/shop/manage?lang=de">');
    expect(page.body).toContain('noindex');
    const post = (fields: Record<string, string>, from = '198.18.1.1') =>
      t.app.inject({ method: 'POST', url: '/shop/manage', remoteAddress: from, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: new URLSearchParams(fields).toString() });
    const found = await post({ reference: booking.reference.toLowerCase(), lastName: 'nordmann' });
    const unknown = await post({ reference: 'ZZZZZZZZ', lastName: 'Nordmann' }, '198.18.1.2');
    for (const answer of [found, unknown]) {
      expect(answer.statusCode).toBe(200);
      expect(answer.body).toContain('<p class="notice" role="status">If a booking matches, the link to it is on its way to the e-mail address it was booked with.</p>');
    }
    expect(await sent('find.page@example.test')).toHaveLength(1);
    // A bad link's page leads here.
    expect((await shop('GET', '/shop/manage/not-a-token')).body).toContain('<a href="/shop/manage">Find your booking</a>');
  });

  it('matches ß typed as ss', async () => {
    const departure = await departureOf();
    const made = await staff({ method: 'POST', url: '/api/bookings', payload: { departureId: departure.id, status: 'confirmed', contact: { name: 'Jürgen Weiß', email: 'weiss@example.test' }, travellers: [{ category: 'ADULT', firstName: 'Jürgen', lastName: 'Weiß' }] } });
    expect(made.statusCode, made.body).toBe(201);
    expect((await lookup({ reference: made.json<Booking>().reference, lastName: 'WEISS' })).statusCode).toBe(202);
    expect(await sent('weiss@example.test')).toHaveLength(1);
  });

  it('sends nothing for a reseller’s booking', async () => {
    const departure = await departureOf();
    const { key } = await createResellerWithKey(staff);
    const sold = await octoAs(t.app, key)('POST', '/bookings', { productId: departure.tourId, optionId: 'DEFAULT', availabilityId: departure.id, unitItems: [{ unitId: 'adult' }] });
    expect(sold.statusCode).toBe(200);
    const found = (await staff({ method: 'GET', url: `/api/bookings?departureId=${departure.id}&channel=reseller` })).json<{ data: Booking[] }>().data[0]!;
    const before = (await readOutbox(t.outboxDir)).length;
    expect((await lookup({ reference: found.reference, lastName: found.travellers[0]!.lastName || 'x' })).statusCode).toBe(202);
    await t.app.background.settled();
    while ((await t.app.messages.sendDue()) > 0);
    expect((await readOutbox(t.outboxDir)).length).toBe(before);
  });

  it('allows 5 lookups per reference and per address in 15 minutes, then 429 with Retry-After', async () => {
    const { booking } = await officeBooking('limits@example.test');
    // One reference from many addresses.
    for (let n = 0; n < 5; n += 1) expect((await lookup({ reference: booking.reference, lastName: 'Wrong' })).statusCode).toBe(202);
    const refused = await lookup({ reference: booking.reference, lastName: 'Nordmann' });
    expectError(refused, 429, 'RATE_LIMITED');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(15 * 60);
    // Many references from one address.
    for (let n = 0; n < 5; n += 1) expect((await lookup({ reference: `NOPE000${n}`, lastName: 'X' }, '198.19.0.1')).statusCode).toBe(202);
    expectError(await lookup({ reference: 'NOPE0009', lastName: 'X' }, '198.19.0.1'), 429, 'RATE_LIMITED');
    // A quarter of an hour later, both may ask again.
    const saved = t.clock.time;
    t.clock.advance(15 * 60_000 + 1000);
    try {
      expect((await lookup({ reference: booking.reference, lastName: 'Nordmann' }, '198.19.0.1')).statusCode).toBe(202);
    } finally {
      t.clock.time = saved;
    }
    expect(await sent('limits@example.test')).toHaveLength(1);
  });
});

describe('paying what is still owed from one’s own page', () => {
  const pay = (token: string, payload: unknown = {}, query = '') => shop('POST', `/api/shop/manage/${token}/pay${query}`, payload);
  const sessionFor = (url: string) => [...stripe.sessions.values()].find((session) => session.url === url)!;

  it('makes a Stripe page for the balance or part of it, never more; the paid event records it once; then there is nothing to pay', async () => {
    const { booking, token } = await officeBooking('payer@example.test');
    const whole = await pay(token);
    expect(whole.statusCode, whole.body).toBe(200);
    expect(whole.headers['cache-control']).toBe('no-store');
    const session = sessionFor(whole.json<{ url: string }>().url);
    expect(session).toMatchObject({ amount_total: 16_000, currency: 'eur', metadata: { bookingId: booking.id } });
    expect(session.success_url).toBe(`http://office.test/shop/manage/${token}`);
    // Asked again: the same page, not a second one to pay twice.
    expect((await pay(token)).json<{ url: string }>().url).toBe(session.url);
    expect(sessionFor((await pay(token, { amountMinor: 5_000 })).json<{ url: string }>().url).amount_total).toBe(5_000);
    const tooMuch = await pay(token, { amountMinor: 16_001 });
    expectError(tooMuch, 400, 'VALIDATION');
    expect(Object.keys(tooMuch.json<{ errors: Record<string, string> }>().errors)).toEqual(['amountMinor']);

    const event = stripe.completedEvent(session.id);
    const delivered = await Promise.all([deliver(event), deliver(event)]);
    expect(delivered.filter((answer) => answer.json<{ recorded: boolean }>().recorded)).toHaveLength(1);
    expect((await managed(token)).json<ManagedBooking>()).toMatchObject({ paidMinor: 16_000, balanceMinor: 0, can: { pay: false }, why: { pay: 'nothing_to_pay' } });
    const payments = (await staff({ method: 'GET', url: `/api/bookings/${booking.id}/payments` })).json<{ data: { method: string; amountMinor: number }[] }>().data;
    expect(payments).toEqual([expect.objectContaining({ method: 'card', amountMinor: 16_000 })]);
    // The page was made by the customer: the booking's history says so.
    const timeline = (await staff({ method: 'GET', url: `/api/bookings/${booking.id}/timeline` })).json<{ data: { action: string; actorName: string | null }[] }>().data;
    expect(timeline.filter((entry) => entry.action === 'payment_link.created').map((entry) => entry.actorName)).toEqual(['Customer (online shop)', 'Customer (online shop)']);

    const refused = await pay(token, {}, '?lang=de');
    expectError(refused, 409, 'CONFLICT');
    expect(refused.json<{ message: string }>().message).toBe('Auf diese Buchung ist nichts mehr zu zahlen.');
  });

  it('from the page without a script: its Pay button’s form goes to Stripe’s page, which the page’s policy lets a form reach', async () => {
    const { token } = await officeBooking('form.payer@example.test');
    const page = await shop('GET', `/shop/manage/${token}`);
    expect(page.body).toContain(`<form method="post" action="/shop/manage/${token}/pay"><button class="button" type="submit">Pay €160.00 by card</button></form>`);
    expect(page.body).toContain('To change the date, contact us: +47 22 00 00 00.');
    expect(page.body).toContain(`<form method="post" action="/shop/manage/${token}/cancel">`);
    expect(page.headers['content-security-policy']).toContain(`form-action 'self' ${stripe.url}`);
    const sent = await t.app.inject({ method: 'POST', url: `/shop/manage/${token}/pay`, remoteAddress: '203.0.113.77', headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: '' });
    expect(sent.statusCode, sent.body).toBe(303);
    const session = sessionFor(String(sent.headers.location));
    expect(session.amount_total).toBe(16_000);
    await deliver(stripe.completedEvent(session.id));
    // Pressed again on a page left open after paying: the page as it is now, saying why.
    const again = await t.app.inject({ method: 'POST', url: `/shop/manage/${token}/pay?lang=de`, remoteAddress: '203.0.113.77', headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: '' });
    expect(again.statusCode).toBe(409);
    expect(again.body).toContain('<p class="error" role="alert">Auf diese Buchung ist nichts mehr zu zahlen.</p>');
    expect(again.body).not.toContain('mit Karte bezahlen');
  });
});

/** A departure `daysAhead` days from the test's now, at its own time (one tour may have several on a day). */
let minute = 0;
const departureIn = async (tourId: string, daysAhead: number, options: { capacity?: number; adult?: number } = {}) =>
  createDeparture(viaInject(staff), tourId, {
    startDate: new Date(t.clock.time + daysAhead * DAY).toISOString().slice(0, 10),
    startTime: `${String(11 + Math.floor(++minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`,
    capacity: options.capacity ?? 10,
    ...(options.adult !== undefined && { prices: { ADULT: options.adult, CHILD: 6_000, INFANT: null } }),
  });

/** Pays `amountMinor` (default: the balance) of a booking by card, from its own page, through Stripe's event. */
async function payByCard(token: string, amountMinor?: number): Promise<string> {
  const page = await shop('POST', `/api/shop/manage/${token}/pay`, amountMinor === undefined ? {} : { amountMinor });
  expect(page.statusCode, page.body).toBe(200);
  const session = [...stripe.sessions.values()].find((one) => one.url === page.json<{ url: string }>().url)!;
  expect((await deliver(stripe.completedEvent(session.id))).json<{ recorded: boolean }>().recorded).toBe(true);
  return stripe.sessions.get(session.id)!.payment_intent!;
}

const paymentsOf = async (id: string) => (await staff({ method: 'GET', url: `/api/bookings/${id}/payments` })).json<{ data: { kind: string; method: string; amountMinor: number; reference: string }[] }>().data;
const timelineOf = async (id: string) => (await staff({ method: 'GET', url: `/api/bookings/${id}/timeline` })).json<{ data: { action: string; actorName: string | null }[] }>().data;
const refundsOf = (intent: string) => [...stripe.refunds.values()].filter((refund) => refund.payment_intent === intent);
const quiet = () => {};

describe('cancelling one’s own booking', () => {
  const cancel = (token: string, query = '') => shop('POST', `/api/shop/manage/${token}/cancel${query}`);

  it('keeps the fee the tour’s terms set today, refunds the rest to the card once, tells the customer, and the history names the customer', async () => {
    const { booking, token } = await officeBooking('canceller@example.test', (await departureIn(tour.id, 10)).id);
    const intent = await payByCard(token);
    const quote = (await managed(token)).json<ManagedBooking>().cancellationQuote;
    expect(quote).toMatchObject({ feeMinor: 8_000, refundDueMinor: 8_000 });

    const answer = await cancel(token);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.headers['cache-control']).toBe('no-store');
    expect(answer.json<ManagedBooking>()).toMatchObject({ status: 'cancelled', paidMinor: 8_000, balanceMinor: 0, refundingMinor: 0, can: { pay: false, cancel: false, change: false }, voucherUrl: null });
    const [refund] = refundsOf(intent);
    expect(refundsOf(intent)).toHaveLength(1);
    expect(refund).toMatchObject({ amount: 8_000, status: 'succeeded', reason: 'requested_by_customer' });
    expect(await paymentsOf(booking.id)).toEqual(
      expect.arrayContaining([expect.objectContaining({ kind: 'payment', method: 'card', amountMinor: 16_000 }), expect.objectContaining({ kind: 'refund', method: 'card', amountMinor: 8_000, reference: refund!.id })]),
    );
    // Stripe's own event for the refund, twice: it was recorded from the answer already.
    const event = stripe.refundEvent(refund!.id, 'succeeded');
    const again = await Promise.all([deliver(event), deliver(event)]);
    expect(again.map((one) => one.json<{ recorded: boolean }>().recorded)).toEqual([false, false]);
    expect((await paymentsOf(booking.id)).filter((payment) => payment.kind === 'refund')).toHaveLength(1);

    const timeline = await timelineOf(booking.id);
    expect(timeline.find((entry) => entry.action === 'booking.cancelled')?.actorName).toBe('Customer (online shop)');
    expect(timeline.filter((entry) => entry.action === 'refund.recorded').map((entry) => entry.actorName)).toEqual(['Customer (online shop)']);
    const mails = await mailsTo('canceller@example.test');
    // Told of the cancellation with its fee and what comes back (refunded by then, still said), and of the refund.
    expect(mails.find((mail) => /cancelled/i.test(mail.subject))?.text).toContain('Cancellation fee: €80.00\nTo be refunded to you: €80.00');
    expect(mails.find((mail) => mail.text.includes('a refund of €80.00'))?.subject).toBe(`Refund made for booking ${booking.reference}`);
    // Staff see it at once, in the bookings list.
    const listed = (await staff({ method: 'GET', url: `/api/bookings?q=${booking.reference}` })).json<{ data: Booking[] }>().data[0]!;
    expect(listed).toMatchObject({ status: 'cancelled', paidMinor: 8_000, refundedMinor: 8_000 });

    const refused = await cancel(token, '?lang=de');
    expectError(refused, 409, 'CONFLICT');
    expect(refused.json<{ message: string }>().message).toBe('Diese Buchung ist nicht bestätigt: Hier ist nichts zu stornieren.');
  });

  it('refunds once when Stripe’s answers are lost and it is asked again after the server stopped', async () => {
    const { booking, token } = await officeBooking('lost.answer@example.test', (await departureIn(tour.id, 40)).id);
    const intent = await payByCard(token);
    // Stripe makes the refund but every answer is lost (the SDK's own retries too).
    stripe.loseRefundAnswers = 100;
    const answer = await cancel(token);
    stripe.loseRefundAnswers = 0;
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json<ManagedBooking>()).toMatchObject({ status: 'cancelled', paidMinor: 16_000, refundingMinor: 16_000 });
    expect(refundsOf(intent)).toHaveLength(1);
    const keys = stripe.refundRequests.filter((request) => request.params.payment_intent === intent).map((request) => request.idempotencyKey);
    expect(keys.length).toBeGreaterThanOrEqual(2);
    expect(new Set(keys).size).toBe(1);
    expect((await paymentsOf(booking.id)).filter((payment) => payment.kind === 'refund')).toEqual([]);

    // As after a restart: the jobs' round asks again with the same key when its time comes, and records what Stripe answers, once.
    expect(await t.app.flows.sendDueCardRefunds(quiet)).toBe(0);
    t.clock.advance(2 * 60_000);
    await Promise.all([t.app.flows.sendDueCardRefunds(quiet), t.app.flows.sendDueCardRefunds(quiet)]);
    expect(refundsOf(intent)).toHaveLength(1);
    expect((await paymentsOf(booking.id)).filter((payment) => payment.kind === 'refund')).toEqual([expect.objectContaining({ amountMinor: 16_000, reference: refundsOf(intent)[0]!.id })]);
    expect((await managed(token)).json<ManagedBooking>()).toMatchObject({ paidMinor: 0, refundingMinor: 0, balanceMinor: 0 });
    await deliver(stripe.refundEvent(refundsOf(intent)[0]!.id, 'succeeded'));
    expect((await paymentsOf(booking.id)).filter((payment) => payment.kind === 'refund')).toHaveLength(1);
  });

  it('settles a pending refund by Stripe’s event, once; a refund that fails stays owed, in the history', async () => {
    const first = await officeBooking('pending.refund@example.test', (await departureIn(tour.id, 40)).id);
    const second = await officeBooking('failed.refund@example.test', (await departureIn(tour.id, 40)).id);
    const firstIntent = await payByCard(first.token);
    const secondIntent = await payByCard(second.token);
    stripe.refundStatus = 'pending';
    try {
      expect((await cancel(first.token)).json<ManagedBooking>()).toMatchObject({ refundingMinor: 16_000, paidMinor: 16_000 });
      expect((await cancel(second.token)).json<ManagedBooking>()).toMatchObject({ refundingMinor: 16_000 });
    } finally {
      stripe.refundStatus = 'succeeded';
    }
    const settled = stripe.refundEvent(refundsOf(firstIntent)[0]!.id, 'succeeded');
    const delivered = await Promise.all([deliver(settled), deliver(settled)]);
    expect(delivered.filter((one) => one.json<{ recorded: boolean }>().recorded)).toHaveLength(1);
    expect((await managed(first.token)).json<ManagedBooking>()).toMatchObject({ paidMinor: 0, refundingMinor: 0 });

    await deliver(stripe.refundEvent(refundsOf(secondIntent)[0]!.id, 'failed'));
    expect((await managed(second.token)).json<ManagedBooking>()).toMatchObject({ paidMinor: 16_000, refundingMinor: 0, balanceMinor: -16_000 });
    expect((await paymentsOf(second.booking.id)).filter((payment) => payment.kind === 'refund')).toEqual([]);
    expect((await timelineOf(second.booking.id)).map((entry) => entry.action)).toContain('card_refund.failed');
    const owed = (await staff({ method: 'GET', url: `/api/bookings?q=${second.booking.reference}` })).json<{ data: Booking[] }>().data[0]!;
    expect(owed.paymentStatus).toBe('refund_due');
  });

  it('refunds what the card paid; what was paid another way stays owed by the office', async () => {
    const { booking, token } = await officeBooking('cash.and.card@example.test', (await departureIn(tour.id, 40)).id);
    const intent = await payByCard(token, 5_000);
    const cash = await staff({ method: 'POST', url: `/api/bookings/${booking.id}/payments`, payload: { kind: 'payment', method: 'cash', amountMinor: 11_000 } });
    expect(cash.statusCode, cash.body).toBe(201);
    expect((await cancel(token)).json<ManagedBooking>()).toMatchObject({ status: 'cancelled', paidMinor: 11_000, balanceMinor: -11_000, refundingMinor: 0 });
    expect(refundsOf(intent).map((refund) => refund.amount)).toEqual([5_000]);
    const listed = (await staff({ method: 'GET', url: `/api/bookings?q=${booking.reference}` })).json<{ data: Booking[] }>().data[0]!;
    expect(listed.paymentStatus).toBe('refund_due');
  });

  it('is refused past the tour’s untilHours, in the tour’s time, naming the rule in the customer’s language', async () => {
    const soon = await createDeparture(viaInject(staff), tour.id, { startDate: new Date(t.clock.time + 3 * DAY).toISOString().slice(0, 10), startTime: '07:00', capacity: 10 });
    const { token } = await officeBooking('too.late@example.test', soon.id);
    // 48 hours before the start, in Oslo, the last moment; a minute after it, too late.
    t.clock.time = Date.parse(soon.startsAt) - 48 * HOUR - 60_000;
    expect((await managed(token)).json<ManagedBooking>().can.cancel).toBe(true);
    t.clock.advance(2 * 60_000);
    const view = (await managed(token)).json<ManagedBooking>();
    expect(view).toMatchObject({ can: { cancel: false }, why: { cancel: 'too_late' }, cancellationQuote: null });
    const refused = await cancel(token);
    expectError(refused, 409, 'CONFLICT');
    expect(refused.json<{ message: string }>().message).toBe('Cancelling here is possible until 48 hours before the departure: please contact us.');
    expect((await cancel(token, '?lang=de')).json<{ message: string }>().message).toBe('Eine Stornierung ist hier bis 48 Stunden vor der Abfahrt möglich: Bitte wenden Sie sich an uns.');
    expect((await managed(token)).json<ManagedBooking>().status).toBe('confirmed');
  });
});

describe('moving one’s own booking to another date', () => {
  let movable: Tour;
  beforeAll(async () => {
    // The clock moved on in the tests before: a fresh sign-in.
    staff = as(t.app, (await login(t.app, t.admin)).accessToken);
    movable = await createTour(viaInject(staff), {
      status: 'published',
      bookingCutoffHours: 0,
      timeZone: 'Europe/Oslo',
      prices: { ADULT: 10_000, CHILD: 6_000, INFANT: null },
      selfService: { cancel: true, change: true, untilHours: 24 },
    });
  });
  const quote = (token: string, departureId: string, query = '') => shop('POST', `/api/shop/manage/${token}/change-quote${query}`, { departureId });
  const change = (token: string, departureId: string, query = '') => shop('POST', `/api/shop/manage/${token}/change${query}`, { departureId });
  const seatsOn = async (id: string) => (await staff({ method: 'GET', url: `/api/departures/${id}` })).json<{ seatsConfirmed: number }>().seatsConfirmed;

  it('lists the dates it may move to, quotes the difference first, moves through the office’s change flow and tells the customer', async () => {
    const from = await departureIn(movable.id, 40);
    const dearer = await departureIn(movable.id, 60, { adult: 12_000 });
    const full = await departureIn(movable.id, 61, { capacity: 1 });
    const { booking, token } = await officeBooking('mover@example.test', from.id);
    await payByCard(token, 4_000);

    const dates = (await shop('GET', `/api/shop/manage/${token}/dates`)).json<{ data: { departureId: string }[] }>().data.map((one) => one.departureId);
    expect(dates).toContain(dearer.id);
    expect(dates).not.toContain(from.id);
    expect(dates).not.toContain(full.id);

    const asked = await quote(token, dearer.id);
    expect(asked.statusCode, asked.body).toBe(200);
    expect(asked.json()).toMatchObject({ departure: { departureId: dearer.id, date: dearer.startDate }, currency: 'EUR', newTotalMinor: 18_000, differenceMinor: 2_000, newBalanceMinor: 14_000 });
    // A quote changes nothing.
    expect((await managed(token)).json<ManagedBooking>().departure.departureId).toBe(from.id);

    const moved = await change(token, dearer.id);
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json<ManagedBooking>()).toMatchObject({ departure: { departureId: dearer.id }, totalMinor: 18_000, paidMinor: 4_000, balanceMinor: 14_000, can: { pay: true } });
    expect(await seatsOn(from.id)).toBe(0);
    expect(await seatsOn(dearer.id)).toBe(2);
    const timeline = await timelineOf(booking.id);
    expect(timeline.find((entry) => entry.action === 'booking.changed')?.actorName).toBe('Customer (online shop)');
    expect((await mailsTo('mover@example.test')).map((mail) => mail.subject)).toEqual(expect.arrayContaining([expect.stringMatching(/changed/i)]));

    expectError(await change(token, full.id), 409, 'SOLD_OUT');
    const elsewhere = await departureOf();
    const otherTour = await change(token, elsewhere.id, '?lang=de');
    expectError(otherTour, 400, 'VALIDATION');
    expect(otherTour.json<{ message: string; errors: Record<string, string> }>()).toMatchObject({ message: 'Das ist kein Termin dieser Tour: Wählen Sie einen aus der Liste.', errors: { departureId: 'muss ein Termin derselben Tour sein' } });
    expectError(await quote(token, dearer.id), 409, 'CONFLICT');
    expect((await managed(token)).json<ManagedBooking>().departure.departureId).toBe(dearer.id);
  });

  it('to a cheaper date, refunds the difference to the card once; paid another way, the office moves it', async () => {
    const from = await departureIn(movable.id, 70, { adult: 12_000 });
    const cheaper = await departureIn(movable.id, 71);
    const { booking, token } = await officeBooking('cheaper@example.test', from.id);
    const intent = await payByCard(token);
    expect((await quote(token, cheaper.id)).json()).toMatchObject({ newTotalMinor: 16_000, differenceMinor: -2_000, newBalanceMinor: -2_000 });
    // The same move sent three times at once (a double tap, a retry): one move, one refund.
    const sent = await Promise.all([change(token, cheaper.id), change(token, cheaper.id), change(token, cheaper.id)]);
    expect(sent.map((answer) => answer.statusCode).sort()).toEqual([200, 409, 409]);
    expect(sent.find((answer) => answer.statusCode === 409)!.json<{ message: string }>().message).toBe('Your booking is already on this date.');
    // Past the page's own look, the move's transaction looks again under its locks (two servers, each sure the booking had not moved yet).
    await expect(t.app.flows.changeByCustomer(booking.id, cheaper.id, { actorId: null, actorLabel: 'Customer (online shop)', permissions: null, ip: null, userAgent: null })).rejects.toThrow('Your booking is already on this date.');
    const moved = sent.find((answer) => answer.statusCode === 200)!;
    expect(moved.json<ManagedBooking>()).toMatchObject({ totalMinor: 16_000, paidMinor: 16_000, balanceMinor: 0, refundingMinor: 0 });
    expect(refundsOf(intent).map((refund) => refund.amount)).toEqual([2_000]);
    expect((await paymentsOf(booking.id)).filter((payment) => payment.kind === 'refund').map((payment) => payment.amountMinor)).toEqual([2_000]);

    const cashFrom = await departureIn(movable.id, 72, { adult: 12_000 });
    const cashTo = await departureIn(movable.id, 73);
    const paidInCash = await officeBooking('cash.mover@example.test', cashFrom.id);
    await staff({ method: 'POST', url: `/api/bookings/${paidInCash.booking.id}/payments`, payload: { kind: 'payment', method: 'cash', amountMinor: 18_000 } });
    const refused = await change(paidInCash.token, cashTo.id);
    expectError(refused, 409, 'CONFLICT');
    expect(refused.json<{ message: string }>().message).toBe('Moving to this date would leave €20.00 to pay back that was not paid by card here: please contact us to move your booking.');
    expect((await managed(paidInCash.token)).json<ManagedBooking>().departure.departureId).toBe(cashFrom.id);
    expect(await seatsOn(cashTo.id)).toBe(0);
  });

  it('is refused when the tour does not offer it or past untilHours, naming the rule', async () => {
    const { token } = await officeBooking('no.change@example.test', (await departureIn(tour.id, 40)).id);
    const other = await departureIn(tour.id, 41);
    const refused = await change(token, other.id);
    expectError(refused, 409, 'CONFLICT');
    expect(refused.json<{ message: string }>().message).toBe('This tour’s bookings are not moved to other dates here: please contact us.');
    expect((await shop('GET', `/api/shop/manage/${token}/dates`)).json()).toEqual({ data: [] });

    const soon = await createDeparture(viaInject(staff), movable.id, { startDate: new Date(t.clock.time + 2 * DAY).toISOString().slice(0, 10), startTime: '09:00', capacity: 10 });
    const late = await officeBooking('late.mover@example.test', soon.id);
    const later = await departureIn(movable.id, 30);
    t.clock.time = Date.parse(soon.startsAt) - 23 * HOUR;
    const tooLate = await quote(late.token, later.id, '?lang=de');
    expectError(tooLate, 409, 'CONFLICT');
    expect(tooLate.json<{ message: string }>().message).toBe('Änderungen sind hier bis 24 Stunden vor der Abfahrt möglich: Bitte wenden Sie sich an uns.');
  });
});

describe('the customer’s own page without a script', () => {
  const form = (token: string, action: string, fields: Record<string, string>, query = '') =>
    t.app.inject({ method: 'POST', url: `/shop/manage/${token}/${action}${query}`, remoteAddress: '203.0.113.99', headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: new URLSearchParams(fields).toString() });

  it('moves the date in two steps, the price shown first, and cancels only with the box ticked, in German too', async () => {
    staff = as(t.app, (await login(t.app, t.admin)).accessToken);
    const flexible = await createTour(viaInject(staff), { status: 'published', bookingCutoffHours: 0, timeZone: 'Europe/Oslo', prices: { ADULT: 10_000, CHILD: 6_000, INFANT: null }, selfService: { cancel: true, change: true, untilHours: 24 } });
    const from = await departureIn(flexible.id, 40);
    const to = await departureIn(flexible.id, 45, { adult: 11_000 });
    const { booking, token } = await officeBooking('no.script@example.test', from.id);

    const page = await shop('GET', `/shop/manage/${token}?lang=de`);
    expect(page.body).toContain('<h2>Termin ändern</h2>');
    expect(page.body).toMatch(new RegExp(`<option value="${to.id}">[^<]+ · 110,00\\s€ pro Erwachsenem</option>`));
    expect(page.body).toContain(`<form method="get" action="/shop/manage/${token}#change-quote"><input type="hidden" name="lang" value="de">`);
    // The price asked by the page's GET form: a reload or the back button sends nothing.
    const quoted = await shop('GET', `/shop/manage/${token}?lang=de&quote=${to.id}`);
    expect(quoted.statusCode, quoted.body).toBe(200);
    expect(quoted.body).toMatch(/kostet Ihre Buchung 170,00\s€\. Das sind 10,00\s€ mehr, die Sie nach der Änderung hier bezahlen\./);
    const garbage = await shop('GET', `/shop/manage/${token}?quote=not-a-date`);
    expect(garbage.statusCode).toBe(400);
    expect(garbage.body).toContain('That is not one of this tour’s dates: choose one from the list.');
    expect(quoted.body).toContain(`<input type="hidden" name="departureId" value="${to.id}">`);
    expect((await managed(token)).json<ManagedBooking>().departure.departureId).toBe(from.id);

    const moved = await form(token, 'change', { departureId: to.id }, '?lang=de');
    expect(moved.statusCode).toBe(303);
    expect(moved.headers.location).toBe(`/shop/manage/${token}?done=changed&lang=de`);
    expect((await shop('GET', String(moved.headers.location))).body).toContain('Ihre Buchung ist verlegt.');
    expect((await managed(token)).json<ManagedBooking>()).toMatchObject({ departure: { departureId: to.id }, totalMinor: 17_000 });

    const sameAgain = await form(token, 'change', { departureId: to.id });
    expect(sameAgain.statusCode).toBe(409);
    expect(sameAgain.body).toContain('<p class="error" role="alert">Your booking is already on this date.</p>');

    const unticked = await form(token, 'cancel', {});
    expect(unticked.statusCode).toBe(400);
    expect(unticked.body).toContain('Tick the box to confirm that you want to cancel.');
    expect((await managed(token)).json<ManagedBooking>().status).toBe('confirmed');
    const cancelled = await form(token, 'cancel', { confirm: 'yes' });
    expect(cancelled.statusCode).toBe(303);
    const after = await shop('GET', String(cancelled.headers.location));
    expect(after.body).toContain('Your booking is cancelled. We have sent you an e-mail.');
    expect(after.body).not.toContain('<h2>Cancel</h2>');
    const timeline = await timelineOf(booking.id);
    expect(timeline.filter((entry) => entry.action === 'booking.changed' || entry.action === 'booking.cancelled').map((entry) => entry.actorName)).toEqual(['Customer (online shop)', 'Customer (online shop)']);
  });
});
