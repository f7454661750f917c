/**
 * Carts in the operator's own shop: a customer holds seats (a held booking sold online, through
 * the office's own book-seats flow), gives the names and contact, keeps the seats a little longer
 * or gives them up. The cart's key is the only key; prices are the server's; one address cannot
 * hold a departure's seats. Runs on the embedded database and, with TEST_DATABASE_URL, on a
 * PostgreSQL server.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Booking } from '../../src/shared/contract/bookings.js';
import type { Departure } from '../../src/shared/contract/departures.js';
import type { Cart } from '../../src/shared/contract/shop.js';
import type { Tour } from '../../src/shared/contract/tours.js';
import { ConfigError, loadConfig } from '../../src/server/config.js';
import shopModule from '../../src/server/shop/index.js';
import { expectError } from '../helpers/assertions.js';
import { createComponent, createDeparture, createTour, viaInject } from '../helpers/api-builders.js';
import { as, createTestApp, login, type TestApp } from '../helpers/test-app.js';

const MINUTE = 60_000;
let t: TestApp;
let admin: ReturnType<typeof as>;
let create: ReturnType<typeof viaInject>;
let tour: Tour;
let glacierWalk: string;
let includedHotel: string;
let address = 0;

/** Each test's customer comes from an address of its own, so the per-address limits are tested apart. */
const nextAddress = () => `198.51.100.${++address}`;

beforeAll(async () => {
  t = await createTestApp();
  admin = as(t.app, (await login(t.app, t.admin)).accessToken);
  create = viaInject(admin);
  tour = await createTour(create, { status: 'published', bookableOnline: true, maxPax: 8, prices: { ADULT: 50_000, CHILD: 30_000, INFANT: null } });
  glacierWalk = (await createComponent(create, tour.id, { name: 'Glacier walk', inclusion: 'optional', priceMinor: 9_900 })).id;
  includedHotel = (await createComponent(create, tour.id, { name: 'Hotel', inclusion: 'included' })).id;
});
afterAll(async () => t?.close());

const departureOf = async (capacity = 16) => createDeparture(create, tour.id, { capacity });
const shop = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: unknown, remoteAddress = '203.0.113.9') =>
  t.app.inject({ method, url, remoteAddress, ...(payload !== undefined && { payload: payload as object }) });
const openCart = async (departureId: string, travellers: Record<string, number> = { ADULT: 1 }, from = nextAddress(), extra: Record<string, unknown> = {}) =>
  shop('POST', '/api/shop/carts', { departureId, travellers, ...extra }, from);
const seatsOf = async (departureId: string) => (await admin({ method: 'GET', url: `/api/departures/${departureId}` })).json<Departure>();

describe('a cart', () => {
  it('holds the seats at once as a held booking sold online, at the server’s prices, for the shop’s hold time', async () => {
    const departure = await departureOf();
    const made = await openCart(departure.id, { ADULT: 2, CHILD: 1 }, nextAddress(), { extras: [{ componentId: glacierWalk, quantity: 2 }] });
    expect(made.statusCode, made.body).toBe(201);
    expect(made.headers['cache-control']).toBe('no-store');
    const cart = made.json<Cart>();
    expect(cart.cartId).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(cart).toMatchObject({
      status: 'open',
      extensionsLeft: 3,
      tourCode: tour.code,
      currency: 'EUR',
      lines: [
        { category: 'ADULT', quantity: 2, unitPriceMinor: 50_000 },
        { category: 'CHILD', quantity: 1, unitPriceMinor: 30_000 },
      ],
      extras: [{ componentId: glacierWalk, name: 'Glacier walk', quantity: 2, unitPriceMinor: 9_900 }],
      totalMinor: 2 * 50_000 + 30_000 + 2 * 9_900,
      contact: null,
      manageUrl: null,
    });
    expect(Date.parse(cart.expiresAt) - t.clock.time).toBe(30 * MINUTE);
    expect(await seatsOf(departure.id)).toMatchObject({ seatsHeld: 3 });

    // The office sees it as any booking, sold online, made by the customer.
    const bookings = (await admin({ method: 'GET', url: `/api/bookings?departureId=${departure.id}` })).json<{ data: Booking[] }>();
    expect(bookings.data).toHaveLength(1);
    expect(bookings.data[0]).toMatchObject({ reference: cart.reference, channel: 'online', status: 'held' });
    expect(JSON.stringify(cart)).not.toContain(bookings.data[0]!.id);
    // The bookings list filters by the channel.
    const online = (await admin({ method: 'GET', url: `/api/bookings?channel=online&departureId=${departure.id}` })).json<{ data: Booking[]; total: number }>();
    expect(online.total).toBe(1);
    expect((await admin({ method: 'GET', url: `/api/bookings?channel=phone&departureId=${departure.id}` })).json<{ total: number }>().total).toBe(0);
    const audit = (await admin({ method: 'GET', url: `/api/admin/audit?targetId=${bookings.data[0]!.id}` })).json<{ data: { action: string; actorLabel: string | null }[] }>();
    expect(audit.data.find((entry) => entry.action === 'booking.created')?.actorLabel).toBe('Customer (online shop)');
  });

  it('refuses a price from the client, no traveller, a child alone, more than the tour takes, a category or an extra not sold', async () => {
    const departure = await departureOf();
    expectError(await shop('POST', '/api/shop/carts', { departureId: departure.id, travellers: { ADULT: 1 }, totalMinor: 1 }), 400, 'VALIDATION');
    expectError(await openCart(departure.id, { ADULT: 0 }), 400, 'VALIDATION');
    const alone = await openCart(departure.id, { CHILD: 1 });
    expectError(alone, 400, 'VALIDATION');
    expect(alone.json<{ errors: Record<string, string> }>().errors).toHaveProperty(['travellers.ADULT']);
    expectError(await openCart(departure.id, { ADULT: 9 }), 400, 'VALIDATION');
    expectError(await openCart(departure.id, { ADULT: 1, INFANT: 1 }), 400, 'VALIDATION');
    expectError(await openCart(departure.id, { ADULT: 1 }, nextAddress(), { extras: [{ componentId: includedHotel, quantity: 1 }] }), 400, 'VALIDATION');
    const picnics = await openCart(departure.id, { ADULT: 2 }, nextAddress(), { extras: [{ componentId: glacierWalk, quantity: 3 }] });
    expectError(picnics, 400, 'VALIDATION');
    expect(picnics.json<{ errors: Record<string, string> }>().errors).toEqual({ 'extras.0.quantity': 'must be at most 2: one for each traveller' });
    expect(await seatsOf(departure.id)).toMatchObject({ seatsHeld: 0 });
  });

  it('refuses in the page’s language (lang=de), and refuses a language it does not speak', async () => {
    const departure = await departureOf();
    const german = await shop('POST', '/api/shop/carts?lang=de', { departureId: departure.id, travellers: { ADULT: -1 } });
    expectError(german, 400, 'VALIDATION');
    expect(german.json<{ errors: Record<string, string> }>().errors).toEqual({ 'travellers.ADULT': 'muss mindestens 0 sein' });
    const started = await createDeparture(create, tour.id, { startDate: new Date(t.clock.time + 86_400_000).toISOString().slice(0, 10) });
    t.clock.advance(3 * 86_400_000);
    const closed = await shop('POST', '/api/shop/carts?lang=de', { departureId: started.id, travellers: { ADULT: 1 } }).finally(() => t.clock.advance(-3 * 86_400_000));
    expectError(closed, 409, 'DEPARTURE_CLOSED');
    expect(closed.json<{ message: string }>().message).toBe('Dieser Termin hat schon begonnen.');
    const unknown = await shop('POST', '/api/shop/carts?lang=fr', { departureId: departure.id, travellers: { ADULT: 1 } });
    expectError(unknown, 400, 'VALIDATION');
    expect(unknown.json<{ errors: Record<string, string> }>().errors).toHaveProperty('lang');
    expect(await seatsOf(departure.id)).toMatchObject({ seatsHeld: 0 });
  });

  it('answers SOLD_OUT with the seats left, and 404 for a departure of a tour not sold online or cancelled', async () => {
    const small = await departureOf(2);
    const sold = await openCart(small.id, { ADULT: 3 });
    expectError(sold, 409, 'SOLD_OUT');
    expect(sold.json<{ available: number }>().available).toBe(2);

    const offline = await createTour(create, { status: 'published' });
    const hidden = await createDeparture(create, offline.id);
    expectError(await openCart(hidden.id), 404, 'NOT_FOUND');
    const cancelled = await departureOf();
    await admin({ method: 'POST', url: `/api/departures/${cancelled.id}/cancel`, payload: { reason: 'Storm' } });
    expectError(await openCart(cancelled.id), 404, 'NOT_FOUND');
  });

  it('opens only with its key: an unknown, malformed or another cart’s key is 404', async () => {
    const departure = await departureOf();
    const cart = (await openCart(departure.id)).json<Cart>();
    expect((await shop('GET', `/api/shop/carts/${cart.cartId}`)).json<Cart>().reference).toBe(cart.reference);
    const altered = `${cart.cartId.slice(0, -1)}${cart.cartId.endsWith('A') ? 'B' : 'A'}`;
    for (const key of [altered, 'short', `${cart.cartId}x`, cart.reference, 'k'.repeat(90)]) expectError(await shop('GET', `/api/shop/carts/${encodeURIComponent(key)}`), 404, 'NOT_FOUND');
  });

  it('takes the names and contact as the office checks them, travellers matched by category; the e-mail trimmed', async () => {
    const departure = await departureOf();
    const cart = (await openCart(departure.id, { ADULT: 1, CHILD: 1 })).json<Cart>();
    const url = `/api/shop/carts/${cart.cartId}`;
    const good = {
      contact: { name: 'Anna Müller', email: ' anna@example.test ', phone: '+49 30 1234' },
      travellers: [
        // Eight on the day of the trip.
        { category: 'CHILD', firstName: 'Lena', lastName: 'Müller', dateOfBirth: `${Number(departure.startDate.slice(0, 4)) - 8}-${departure.startDate.slice(5)}` },
        { category: 'ADULT', firstName: 'Anna', lastName: 'Müller' },
      ],
      marketingConsent: true,
      notes: 'Lena is vegetarian.',
    };
    const mismatched = await shop('PATCH', url, { ...good, travellers: [good.travellers[1], { ...good.travellers[1], firstName: 'Bernd' }] });
    expectError(mismatched, 400, 'VALIDATION');
    const badEmail = await shop('PATCH', url, { ...good, contact: { ...good.contact, email: 'anna at example' } });
    expectError(badEmail, 400, 'VALIDATION');
    expect(Object.keys(badEmail.json<{ errors: Record<string, string> }>().errors)).toContain('contact.email');
    const blank = await shop('PATCH', url, { ...good, travellers: [good.travellers[0], { ...good.travellers[1], lastName: '  ' }] });
    expectError(blank, 400, 'VALIDATION');
    // A date of birth must fit the category held, by the tour's bands on the day: no child's price for an adult, in German too.
    const grownUp = await t.app.inject({ method: 'PATCH', url: `${url}?lang=de`, remoteAddress: '198.51.100.200', payload: { ...good, travellers: [{ ...good.travellers[0], dateOfBirth: '1990-01-01' }, { ...good.travellers[1], dateOfBirth: '2020-01-01' }] } });
    expectError(grownUp, 400, 'VALIDATION');
    expect(grownUp.json<{ errors: Record<string, string> }>().errors).toEqual({
      'travellers.0.dateOfBirth': 'ist von jemandem, der am Tag 12 oder älter ist: Buchen Sie ihn als Erwachsenen',
      'travellers.1.dateOfBirth': 'ist von jemandem, der am Tag unter 12 ist: Buchen Sie ihn als Kind oder Kleinkind',
    });
    const unborn = await shop('PATCH', url, { ...good, travellers: [{ ...good.travellers[0], dateOfBirth: '2099-01-01' }, good.travellers[1]] });
    expect(unborn.json<{ errors: Record<string, string> }>().errors).toEqual({ 'travellers.0.dateOfBirth': 'must be before the day of the trip' });

    const saved = await shop('PATCH', url, good);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json<Cart>()).toMatchObject({
      contact: { name: 'Anna Müller', email: 'anna@example.test', phone: '+49 30 1234' },
      travellers: [
        { category: 'ADULT', firstName: 'Anna', lastName: 'Müller' },
        { category: 'CHILD', firstName: 'Lena', lastName: 'Müller' },
      ],
    });
    // The customer's words reach the office marked as theirs.
    const booking = (await admin({ method: 'GET', url: `/api/bookings/${(await admin({ method: 'GET', url: `/api/bookings?q=${cart.reference}` })).json<{ data: Booking[] }>().data[0]!.id}` })).json<Booking>();
    expect(booking.notes).toBe('From the customer (online shop): Lena is vegetarian.');
  });

  it('keeps the language the customer gives with the contact on their customer record, and answers in it', async () => {
    const departure = await departureOf();
    const cart = (await openCart(departure.id)).json<Cart>();
    const saved = await shop('PATCH', `/api/shop/carts/${cart.cartId}`, {
      contact: { name: 'Jonas Weber', email: 'jonas.weber@example.test', language: 'de' },
      travellers: [{ category: 'ADULT', firstName: 'Jonas', lastName: 'Weber' }],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const customers = (await admin({ method: 'GET', url: '/api/customers?q=jonas.weber' })).json<{ data: { email: string; language: string }[] }>().data;
    expect(customers).toEqual([expect.objectContaining({ email: 'jonas.weber@example.test', language: 'de' })]);
  });

  it('is kept 10 minutes longer at most three times', async () => {
    const departure = await departureOf();
    const cart = (await openCart(departure.id)).json<Cart>();
    let expiresAt = Date.parse(cart.expiresAt);
    for (let left = 2; left >= 0; left--) {
      const extended = await shop('POST', `/api/shop/carts/${cart.cartId}/extend`);
      expect(extended.statusCode, extended.body).toBe(200);
      expect(Date.parse(extended.json<Cart>().expiresAt) - expiresAt).toBe(10 * MINUTE);
      expect(extended.json<Cart>().extensionsLeft).toBe(left);
      expiresAt = Date.parse(extended.json<Cart>().expiresAt);
    }
    expectError(await shop('POST', `/api/shop/carts/${cart.cartId}/extend`), 409, 'CONFLICT');
  });

  it('given up, gives its seats back at once and can no longer change; giving it up again is no error', async () => {
    const departure = await departureOf(4);
    const cart = (await openCart(departure.id, { ADULT: 4 })).json<Cart>();
    expect(await seatsOf(departure.id)).toMatchObject({ seatsHeld: 4, seatsAvailable: 0 });
    const gone = await shop('DELETE', `/api/shop/carts/${cart.cartId}`);
    expect(gone.statusCode).toBe(204);
    expect(await seatsOf(departure.id)).toMatchObject({ seatsHeld: 0, seatsAvailable: 4 });
    expect((await shop('GET', `/api/shop/carts/${cart.cartId}`)).json<Cart>().status).toBe('released');
    expect((await shop('DELETE', `/api/shop/carts/${cart.cartId}`)).statusCode).toBe(204);
    expectError(await shop('POST', `/api/shop/carts/${cart.cartId}/extend`), 409, 'CONFLICT');
    const booking = (await admin({ method: 'GET', url: `/api/bookings?departureId=${departure.id}` })).json<{ data: Booking[] }>().data[0]!;
    expect(booking.status).toBe('expired');
  });

  it('expires when its hold lapses: its seats are free to the next customer, and it takes no names', async () => {
    const departure = await departureOf(1);
    const cart = (await openCart(departure.id)).json<Cart>();
    expectError(await openCart(departure.id), 409, 'SOLD_OUT');
    t.clock.advance(31 * MINUTE);
    try {
      expect((await shop('GET', `/api/shop/carts/${cart.cartId}`)).json<Cart>().status).toBe('expired');
      expectError(await shop('PATCH', `/api/shop/carts/${cart.cartId}`, { contact: { name: 'Late', email: 'late@example.test' }, travellers: [{ category: 'ADULT', firstName: 'La', lastName: 'Te' }] }), 409, 'CONFLICT');
      expect((await openCart(departure.id)).statusCode).toBe(201);
    } finally {
      t.clock.advance(-31 * MINUTE);
    }
  });

  it('sells the last seats once when many customers race for them', async () => {
    const departure = await departureOf(3);
    const answers = await Promise.all(Array.from({ length: 20 }, () => openCart(departure.id)));
    expect(answers.filter((answer) => answer.statusCode === 201)).toHaveLength(3);
    for (const answer of answers.filter((each) => each.statusCode !== 201)) expectError(answer, 409, 'SOLD_OUT');
    expect(await seatsOf(departure.id)).toMatchObject({ seatsHeld: 3, seatsAvailable: 0 });
  });
});

describe('one address', () => {
  let limited: TestApp;
  let limitedTour: Tour;
  beforeAll(async () => {
    limited = await createTestApp({ env: { SHOP_MAX_OPEN_CARTS: '2', SHOP_MAX_HELD_SEATS: '5', SHOP_CART_RATE: '4' } });
    const asAdmin = as(limited.app, (await login(limited.app, limited.admin)).accessToken);
    limitedTour = await createTour(viaInject(asAdmin), { status: 'published', bookableOnline: true });
  });
  afterAll(async () => limited?.close());

  it('holds at most SHOP_MAX_OPEN_CARTS carts at once and makes SHOP_CART_RATE an hour, even asking at once', async () => {
    const asAdmin = as(limited.app, (await login(limited.app, limited.admin)).accessToken);
    // Three departures: the carts do not wait for one another on a departure's row.
    const departures = await Promise.all([1, 2, 3].map(() => createDeparture(viaInject(asAdmin), limitedTour.id, { capacity: 50 })));
    const departure = departures[0]!;
    const post = (from: string, on = departure) => limited.app.inject({ method: 'POST', url: '/api/shop/carts', remoteAddress: from, payload: { departureId: on.id, travellers: { ADULT: 1 } } });
    const robot = '192.0.2.66';
    const burst = await Promise.all(departures.map((each) => post(robot, each)));
    expect(burst.map((answer) => answer.statusCode).sort()).toEqual([201, 201, 429]);
    const refused = burst.find((answer) => answer.statusCode === 429)!;
    expectError(refused, 429, 'RATE_LIMITED');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await post('192.0.2.67')).statusCode, 'another address').toBe(201);

    // One given up: room for one more. Refused tries (sold out) are no carts made and cost nothing;
    // the fourth cart made is the hour's last.
    const release = async (answer: { json: <T>() => T }) =>
      expect((await limited.app.inject({ method: 'DELETE', url: `/api/shop/carts/${answer.json<Cart>().cartId}`, remoteAddress: robot })).statusCode).toBe(204);
    await release(burst.find((answer) => answer.statusCode === 201)!);
    const third = await post(robot);
    expect(third.statusCode).toBe(201);
    const full = await createDeparture(viaInject(asAdmin), limitedTour.id, { capacity: 1 });
    await post('192.0.2.68', full);
    for (let attempt = 0; attempt < 6; attempt += 1) expectError(await post(robot, full), 409, 'SOLD_OUT');
    await release(third);
    expect((await post(robot)).statusCode, 'the fourth cart of the hour').toBe(201);
    await release(burst.filter((answer) => answer.statusCode === 201)[1]!);
    const hourly = await post(robot);
    expectError(hourly, 429, 'RATE_LIMITED');
    expect(hourly.json<{ message: string }>().message).toMatch(/this hour/);
    // The robot's one open cart and the other addresses' two hold seats; nothing else does.
    const held = await Promise.all([...departures, full].map(async (each) => (await asAdmin({ method: 'GET', url: `/api/departures/${each.id}` })).json<Departure>().seatsHeld));
    expect(held.reduce((sum, seats) => sum + seats, 0)).toBe(3);
  });

  it('holds at most SHOP_MAX_HELD_SEATS seats from one address: a robot cannot take a departure with a few large carts', async () => {
    const asAdmin = as(limited.app, (await login(limited.app, limited.admin)).accessToken);
    const departure = await createDeparture(viaInject(asAdmin), limitedTour.id, { capacity: 10 });
    const post = (adults: number, from = '192.0.2.90') =>
      limited.app.inject({ method: 'POST', url: '/api/shop/carts', remoteAddress: from, payload: { departureId: departure.id, travellers: { ADULT: adults } } });
    expect((await post(4)).statusCode).toBe(201);
    const tooMany = await post(2);
    expectError(tooMany, 429, 'RATE_LIMITED');
    expect(Number(tooMany.headers['retry-after'])).toBeGreaterThan(0);
    expect(tooMany.json<{ message: string }>().message).toMatch(/at most 5/);
    expect((await post(1)).statusCode, 'still within the seats').toBe(201);
    expect((await post(5, '192.0.2.91')).statusCode, 'another address').toBe(201);
    expect((await asAdmin({ method: 'GET', url: `/api/departures/${departure.id}` })).json<Departure>().seatsHeld).toBe(10);
  });

  it('the limits are checked at start: a wrong one names its variable', () => {
    for (const [variable, value] of [['SHOP_MAX_OPEN_CARTS', '0'], ['SHOP_MAX_HELD_SEATS', '-3'], ['SHOP_CART_RATE', 'lots']] as const) {
      const config = loadConfig({ DATA_DIR: '/tmp/x', [variable]: value });
      expect(() => shopModule.checkSettings!(config)).toThrow(ConfigError);
      try {
        shopModule.checkSettings!(config);
      } catch (error) {
        expect((error as ConfigError).variable).toBe(variable);
      }
    }
  });
});
