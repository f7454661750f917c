/**
 * The multi-instance leg (`npm run test:e2e -- --multi-instance`, with E2E_DATABASE_URL and
 * E2E_REDIS_URL): two server processes on different ports share one fresh PostgreSQL database
 * and Redis. A session started on one instance lives on the other, and ending it on one ends it
 * on both. Both start at the same moment on the empty database: exactly one seeds it.
 *
 * Cookies belong to a host, not a port (as in a browser), so one cookie jar serves both instances.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { startStripeDouble, type StripeDouble } from '../helpers/stripe-double.js';
import { ApiClient, type Role, type User } from './api.js';
import { createDatabase, DATABASE_SERVER_URL, queryDatabase, REDIS_URL, startServer, type E2EDatabase, type RunningServer } from './harness.js';

const selected = process.env.E2E_MULTI_INSTANCE === 'true';

/** An OCTO call with a reseller's key: a POST of `body`, or a GET without one. */
function octoCall(baseUrl: string, key: string, path: string, body?: unknown): Promise<Response> {
  const authorization = `Bearer ${key}`;
  return fetch(
    `${baseUrl}/api/octo${path}`,
    body === undefined ? { headers: { authorization } } : { method: 'POST', headers: { authorization, 'content-type': 'application/json' }, body: JSON.stringify(body) },
  );
}

/** A reseller's webhook endpoint that answers slowly, noting each request and how many were in flight at once. */
const hooks = { received: [] as string[], inFlight: 0, mostInFlight: 0 };
const endpoint = createServer((request, response) => {
  hooks.inFlight += 1;
  hooks.mostInFlight = Math.max(hooks.mostInFlight, hooks.inFlight);
  hooks.received.push(String(request.headers['webhook-id']));
  request.resume();
  setTimeout(() => {
    hooks.inFlight -= 1;
    response.writeHead(204).end();
  }, 250);
});

describe.skipIf(!selected)('two instances sharing one PostgreSQL database and Redis', () => {
  let database: E2EDatabase;
  let a: RunningServer;
  let b: RunningServer;
  let stripe: StripeDouble;

  beforeAll(async () => {
    stripe = await startStripeDouble();
    if (!DATABASE_SERVER_URL) throw new Error('the multi-instance leg needs E2E_DATABASE_URL');
    if (!REDIS_URL) console.warn('E2E_REDIS_URL is not set: the instances keep rate limits in process');
    database = (await createDatabase())!;
    // Together, on the empty database: both migrate and seed at the same moment.
    await new Promise<void>((resolve) => endpoint.listen(0, '127.0.0.1', resolve));
    // The webhook endpoint below is on this machine; both senders look for due deliveries often.
    // So are Stripe's double and the customers' messages, which both senders look for often too.
    // Counters of their own in the shared Redis: another run on this machine (or an earlier one
    // within a window) guessed from the same address and must not count here.
    const redisPrefix = `e2e-${process.pid}-${Date.now()}:`;
    // Every shopper of the race below comes from this machine's one address: its limits lifted.
    const env = { WEBHOOK_ALLOW_PRIVATE_ADDRESSES: 'true', WEBHOOK_POLL_INTERVAL: '200ms', MESSAGE_POLL_INTERVAL: '200ms', REDIS_PREFIX: redisPrefix, SHOP_MAX_OPEN_CARTS: '1000', SHOP_MAX_HELD_SEATS: '100000', SHOP_CART_RATE: '100000', ...stripe.env };
    [a, b] = await Promise.all([startServer({ name: 'multi-instance-a', database, env }), startServer({ name: 'multi-instance-b', database, env })]);
  });

  afterEach(() => {
    for (const server of [a, b]) expect(server?.takeLogProblems() ?? [], `${server?.name} log`).toEqual([]);
  });

  afterAll(async () => {
    const results = await Promise.allSettled([a?.stop(), b?.stop()]);
    await database?.drop();
    await new Promise<void>((resolve) => endpoint.close(() => resolve()));
    await stripe?.close();
    for (const result of results) if (result.status === 'rejected') throw result.reason;
  });

  test('both start at once on the empty database, and exactly one seeds it', async () => {
    const announcements = [a, b].filter((server) => server.log().includes('First administrator:'));
    expect(announcements.map((server) => server.name)).toHaveLength(1);
    const users = await queryDatabase<{ email: string }>(database, 'select email from users');
    expect(users.map((user) => user.email)).toEqual([a.admin.email]);
    const roles = await queryDatabase<{ name: string }>(database, 'select name from roles order by name');
    // The system roles and the travel domain's starting roles, each once.
    expect(roles.map((role) => role.name)).toEqual(['ADMIN', 'FINANCE', 'GUIDE', 'PRODUCT', 'SALES', 'STAFF']);
    // One signing key for both: a token from one instance is good on the other.
    const secrets = await queryDatabase<{ key: string }>(database, "select key from settings where key = 'jwt_secret'");
    expect(secrets).toHaveLength(1);
  });

  test('sign in through A, refresh and work through B, log out through A: B refuses the session', async () => {
    const tab = new ApiClient(a.baseUrl);
    expect((await tab.login(a.admin.email, a.admin.password)).status).toBe(200);
    const tokenFromA = tab.token;

    // B accepts A's access token.
    const listedOnB = await tab.call<{ data: User[]; total: number }>('GET', '/api/admin/auth/user?page=1&pageSize=10', { baseUrl: b.baseUrl });
    expect(listedOnB.status).toBe(200);
    expect(listedOnB.body.total).toBe(1);

    // B refreshes the session A started, and rotates its cookie.
    const cookieFromA = tab.cookies.get('bo_session');
    const refreshedOnB = await tab.refresh(b.baseUrl);
    expect(refreshedOnB.status).toBe(200);
    expect(tab.token).not.toBe(tokenFromA);
    expect(tab.cookies.get('bo_session')).toBeTruthy();
    expect(tab.cookies.get('bo_session')).not.toBe(cookieFromA);

    // Work through B with B's token; A sees the change at once.
    const created = await tab.call<Role>('POST', '/api/admin/auth/role', { baseUrl: b.baseUrl, body: { name: 'MULTI_INSTANCE', permissions: ['dashboard.read'] } });
    expect(created.status).toBe(201);
    const readOnA = await tab.call<Role>('GET', `/api/admin/auth/role/${created.body.id}`, { baseUrl: a.baseUrl });
    expect(readOnA.status).toBe(200);
    expect(readOnA.body.name).toBe('MULTI_INSTANCE');

    // Keep what the browser held before signing out, to replay it on B afterwards.
    const heldCookie = tab.cookies.get('bo_session')!;
    const heldToken = tab.token!;
    const checkOnB = await tab.call<{ isAuthentication: boolean }>('GET', '/api/auth/check', { baseUrl: b.baseUrl });
    expect(checkOnB.body.isAuthentication).toBe(true);

    expect((await tab.call('POST', '/api/auth/logout', { baseUrl: a.baseUrl })).status).toBe(200);
    expect(tab.cookies.has('bo_session')).toBe(false); // the logout cleared the cookie

    // Replay the session on B: refused.
    tab.cookies.set('bo_session', heldCookie);
    const refreshAfterLogout = await tab.call<{ code: string }>('GET', '/api/auth/refresh-token', { baseUrl: b.baseUrl, token: null });
    expect(refreshAfterLogout.status).toBe(403);
    expect(refreshAfterLogout.body.code).toBe('REFRESH_INVALID');
    tab.cookies.set('bo_session', heldCookie);
    const checkAfterLogout = await tab.call<{ isAuthentication: boolean }>('GET', '/api/auth/check', { baseUrl: b.baseUrl });
    expect(checkAfterLogout.body.isAuthentication).toBe(false);
    // The access token of the ended session is refused too, though it has not expired.
    const callAfterLogout = await tab.call<{ code: string }>('GET', '/api/admin/auth/user', { baseUrl: b.baseUrl, token: heldToken });
    expect(callAfterLogout.status).toBe(403);
    expect(['TOKEN_INVALID', 'TOKEN_EXPIRED', 'REFRESH_INVALID', 'TOKEN_MISSING']).toContain(callAfterLogout.body.code);
  });

  test('clerks on both instances booking the same departure at once: never more seats than capacity; one Idempotency-Key makes one booking', async () => {
    const clerk = new ApiClient(a.baseUrl);
    expect((await clerk.login(a.admin.email, a.admin.password)).status).toBe(200);
    const tour = await clerk.call<{ id: string }>('POST', '/api/tours', {
      body: { code: 'MULTI-1', title: 'Two instances, one departure', timeZone: 'Europe/Berlin', currency: 'EUR', durationDays: 1, status: 'published', bookingCutoffHours: 0, prices: { ADULT: 5_000, CHILD: 2_500, INFANT: null } },
    });
    expect(tour.status).toBe(201);
    const departure = await clerk.call<{ id: string }>('POST', '/api/departures', { body: { tourId: tour.body.id, startDate: '2031-05-03', startTime: '10:00', capacity: 25 } });
    expect(departure.status).toBe(201);
    const traveller = { category: 'ADULT', firstName: 'Multi', lastName: 'Instance' };
    const answers = await Promise.all(
      Array.from({ length: 60 }, (_, index) =>
        clerk.call<{ seats?: number; code?: string }>('POST', '/api/bookings', {
          baseUrl: index % 2 === 0 ? a.baseUrl : b.baseUrl,
          body: { departureId: departure.body.id, contact: { name: `Clerk ${index}`, email: `clerk${index}@e2e.test` }, travellers: index % 3 === 0 ? [traveller, traveller] : [traveller], status: index % 2 ? 'confirmed' : 'held' },
        }),
      ),
    );
    const sold = answers.filter((answer) => answer.status === 201).reduce((sum, answer) => sum + (answer.body.seats ?? 0), 0);
    for (const answer of answers.filter((x) => x.status !== 201)) expect(answer.body.code).toBe('SOLD_OUT');
    expect(sold).toBeLessThanOrEqual(25);
    expect(sold).toBeGreaterThanOrEqual(24);
    const [counters] = await queryDatabase<{ seats_held: number; seats_confirmed: number; held: string; confirmed: string }>(
      database,
      `select d.seats_held, d.seats_confirmed,
              (select coalesce(sum(seats), 0) from bookings where departure_id = d.id and status = 'held') as held,
              (select coalesce(sum(seats), 0) from bookings where departure_id = d.id and status = 'confirmed') as confirmed
         from departures d where d.id = '${departure.body.id}'`,
    );
    expect([counters.seats_held, counters.seats_confirmed]).toEqual([Number(counters.held), Number(counters.confirmed)]);
    expect(counters.seats_held + counters.seats_confirmed).toBe(sold);

    // A double click that reaches both instances: one booking.
    const second = await clerk.call<{ id: string }>('POST', '/api/departures', { body: { tourId: tour.body.id, startDate: '2031-05-10', startTime: '10:00', capacity: 25 } });
    const body = { departureId: second.body.id, contact: { name: 'Double', email: 'double@e2e.test' }, travellers: [traveller] };
    const clicks = await Promise.all(
      [a, b, a, b].map((server) => clerk.call<{ id?: string; code?: string }>('POST', '/api/bookings', { baseUrl: server.baseUrl, body, headers: { 'idempotency-key': 'double-click-both-instances' } })),
    );
    const made = new Set(clicks.filter((click) => click.status === 201).map((click) => click.body.id));
    expect(made.size).toBe(1);
    for (const click of clicks.filter((x) => x.status !== 201)) expect([click.status, click.body.code]).toEqual([409, 'CONFLICT']);
    const [{ n }] = await queryDatabase<{ n: string }>(database, `select count(*) as n from bookings where departure_id = '${second.body.id}'`);
    expect(Number(n)).toBe(1);
  });

  test('clerks on both instances assign one guide to overlapping departures at once: exactly one assignment is made', async () => {
    const clerk = new ApiClient(a.baseUrl);
    expect((await clerk.login(a.admin.email, a.admin.password)).status).toBe(200);
    const tour = await clerk.call<{ id: string }>('POST', '/api/tours', {
      body: { code: 'MULTI-GUIDE', title: 'Three days with one guide', timeZone: 'Europe/Berlin', currency: 'EUR', durationDays: 3, status: 'published', bookingCutoffHours: 0, prices: { ADULT: 5_000, CHILD: null, INFANT: null } },
    });
    expect(tour.status).toBe(201);
    const departures = await Promise.all(
      ['2031-07-01', '2031-07-02', '2031-07-03', '2031-07-02', '2031-07-01', '2031-07-03'].map((startDate, index) =>
        clerk.call<{ id: string }>('POST', '/api/departures', { body: { tourId: tour.body.id, startDate, startTime: `${10 + index}:00`, capacity: 10 } }),
      ),
    );
    const guide = await clerk.call<{ id: string }>('POST', '/api/resources', { body: { kind: 'guide', name: 'Ola on both instances' } });
    expect(guide.status).toBe(201);
    const answers = await Promise.all(
      departures.map((departure, index) =>
        clerk.call<{ code?: string }>('POST', `/api/departures/${departure.body.id}/assignments`, { baseUrl: index % 2 === 0 ? a.baseUrl : b.baseUrl, body: { resourceId: guide.body.id } }),
      ),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 409, 409, 409, 409, 409]);
    for (const answer of answers.filter((x) => x.status === 409)) expect(answer.body.code).toBe('RESOURCE_CONFLICT');
    const [{ n }] = await queryDatabase<{ n: string }>(database, `select count(*) as n from assignments where resource_id = '${guide.body.id}' and ended_at is null`);
    expect(Number(n)).toBe(1);
  });

  test('guessing check-in codes through both instances: the failures are counted across both (in Redis), and past ten every attempt is refused on either', async () => {
    expect(REDIS_URL, 'the failures both instances count live in Redis: set E2E_REDIS_URL').toBeTruthy();
    const admin = new ApiClient(a.baseUrl);
    expect((await admin.login(a.admin.email, a.admin.password)).status).toBe(200);
    const guide = { email: 'guessing.guide@e2e.test', fullName: 'Guessing Guide', password: 'Guessing-guide-42', roles: ['GUIDE'] };
    await admin.createUser(guide);
    const phone = new ApiClient(a.baseUrl);
    expect((await phone.login(guide.email, guide.password)).status).toBe(200);
    const guesses = [];
    for (let attempt = 0; attempt < 10; attempt++) {
      guesses.push((await phone.call('POST', '/api/check-in', { baseUrl: attempt % 2 === 0 ? a.baseUrl : b.baseUrl, body: { code: `0000-0000-000${attempt}` } })).status);
    }
    expect(guesses).toEqual(Array(10).fill(404));
    for (const server of [a, b]) {
      const refused = await phone.call<{ code: string }>('POST', '/api/check-in', { baseUrl: server.baseUrl, body: { code: '0000-0000-000AA' } });
      expect(refused.status, server.name).toBe(429);
      expect(refused.body.code).toBe('RATE_LIMITED');
    }
  });

  test('resellers over OCTO and clerks on both instances sell one departure at once: never oversold; one OCTO uuid sent to both makes one booking', async () => {
    const clerk = new ApiClient(a.baseUrl);
    expect((await clerk.login(a.admin.email, a.admin.password)).status).toBe(200);
    const tour = await clerk.call<{ id: string }>('POST', '/api/tours', {
      body: { code: 'MULTI-OCTO', title: 'Resellers and clerks', timeZone: 'Europe/Berlin', currency: 'EUR', durationDays: 1, status: 'published', bookingCutoffHours: 0, prices: { ADULT: 5_000, CHILD: null, INFANT: null } },
    });
    const departure = await clerk.call<{ id: string }>('POST', '/api/departures', { body: { tourId: tour.body.id, startDate: '2031-06-07', startTime: '10:00', capacity: 20 } });
    const reseller = await clerk.call<{ id: string }>('POST', '/api/resellers', { body: { name: 'Multi Reseller', commissionPercent: 15 } });
    expect(reseller.status).toBe(201);
    const key = await clerk.call<{ key: string }>('POST', `/api/resellers/${reseller.body.id}/api-keys`, { body: { name: 'k' } });
    const octo = (baseUrl: string, path: string, body: unknown) => octoCall(baseUrl, key.body.key, path, body);
    const reserve = { productId: tour.body.id, optionId: 'DEFAULT', availabilityId: departure.body.id, unitItems: [{ unitId: 'adult' }] };
    const attempts = await Promise.all(
      Array.from({ length: 40 }, async (_, index) => {
        const baseUrl = index % 2 === 0 ? a.baseUrl : b.baseUrl;
        if (index % 4 < 2) {
          const response = await octo(baseUrl, '/bookings', reserve);
          return { sold: response.status === 200, status: response.status, code: ((await response.json()) as { error?: string }).error };
        }
        const answer = await clerk.call<{ code?: string }>('POST', '/api/bookings', { baseUrl, body: { departureId: departure.body.id, contact: { name: `Clerk ${index}`, email: `c${index}@e2e.test` }, travellers: [{ category: 'ADULT', firstName: 'C', lastName: `${index}` }] } });
        return { sold: answer.status === 201, status: answer.status, code: answer.body.code };
      }),
    );
    const sold = attempts.filter((attempt) => attempt.sold).length;
    expect(sold).toBe(20);
    for (const refused of attempts.filter((attempt) => !attempt.sold)) expect(['UNPROCESSABLE_ENTITY', 'SOLD_OUT']).toContain(refused.code);
    const [counters] = await queryDatabase<{ seats_held: number; held: string }>(
      database,
      `select d.seats_held, (select coalesce(sum(seats), 0) from bookings where departure_id = d.id and status = 'held') as held from departures d where d.id = '${departure.body.id}'`,
    );
    expect(counters.seats_held).toBe(Number(counters.held));
    expect(counters.seats_held).toBe(20);

    // One uuid sent to both instances at once: one booking.
    const other = await clerk.call<{ id: string }>('POST', '/api/departures', { body: { tourId: tour.body.id, startDate: '2031-06-14', startTime: '10:00', capacity: 20 } });
    const uuid = crypto.randomUUID();
    const twice = await Promise.all([a, b, a, b].map((server) => octo(server.baseUrl, '/bookings', { ...reserve, availabilityId: other.body.id, uuid })));
    const ids = await Promise.all(twice.map(async (response) => ((await response.json()) as { id: string }).id));
    expect(twice.map((response) => response.status)).toEqual([200, 200, 200, 200]);
    expect(new Set(ids).size).toBe(1);
    const [{ n, seats }] = await queryDatabase<{ n: string; seats: number }>(database, `select count(*) as n, (select seats_held from departures where id = '${other.body.id}') as seats from bookings where departure_id = '${other.body.id}'`);
    expect([Number(n), seats]).toEqual([1, 1]);
  });

  test('shoppers, resellers and clerks on both instances race for one departure: never oversold; a paid cart’s event at both instances records one payment and confirms it once', async () => {
    const clerk = new ApiClient(a.baseUrl);
    expect((await clerk.login(a.admin.email, a.admin.password)).status).toBe(200);
    const tour = await clerk.call<{ id: string }>('POST', '/api/tours', {
      body: { code: 'MULTI-SHOP', title: 'Sold everywhere', timeZone: 'Europe/Berlin', currency: 'EUR', durationDays: 1, status: 'published', bookableOnline: true, bookingCutoffHours: 0, prices: { ADULT: 5_000, CHILD: null, INFANT: null } },
    });
    const departure = await clerk.call<{ id: string }>('POST', '/api/departures', { body: { tourId: tour.body.id, startDate: '2031-07-05', startTime: '10:00', capacity: 15 } });
    const reseller = await clerk.call<{ id: string }>('POST', '/api/resellers', { body: { name: 'Shop Race Reseller', commissionPercent: 10 } });
    const key = await clerk.call<{ key: string }>('POST', `/api/resellers/${reseller.body.id}/api-keys`, { body: { name: 'k' } });
    const shopCall = (baseUrl: string, method: string, path: string, body?: unknown) =>
      fetch(`${baseUrl}/api/shop${path}`, { method, ...(body !== undefined && { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }) });
    const attempts = await Promise.all(
      Array.from({ length: 45 }, async (_, index) => {
        const baseUrl = index % 2 === 0 ? a.baseUrl : b.baseUrl;
        if (index % 3 === 0) {
          const response = await shopCall(baseUrl, 'POST', '/carts', { departureId: departure.body.id, travellers: { ADULT: 1 } });
          const body = (await response.json()) as { code?: string; cartId?: string };
          return { sold: response.status === 201, code: body.code, cartId: body.cartId };
        }
        if (index % 3 === 1) {
          const response = await octoCall(baseUrl, key.body.key, '/bookings', { productId: tour.body.id, optionId: 'DEFAULT', availabilityId: departure.body.id, unitItems: [{ unitId: 'adult' }] });
          return { sold: response.status === 200, code: ((await response.json()) as { error?: string }).error };
        }
        const answer = await clerk.call<{ code?: string }>('POST', '/api/bookings', { baseUrl, body: { departureId: departure.body.id, contact: { name: `Clerk ${index}`, email: `shop${index}@e2e.test` }, travellers: [{ category: 'ADULT', firstName: 'C', lastName: `${index}` }] } });
        return { sold: answer.status === 201, code: answer.body.code };
      }),
    );
    expect(attempts.filter((attempt) => attempt.sold)).toHaveLength(15);
    for (const refused of attempts.filter((attempt) => !attempt.sold)) expect(['UNPROCESSABLE_ENTITY', 'SOLD_OUT']).toContain(refused.code);
    const [counters] = await queryDatabase<{ seats_held: number; held: string }>(
      database,
      `select d.seats_held, (select coalesce(sum(seats), 0) from bookings where departure_id = d.id and status = 'held') as held from departures d where d.id = '${departure.body.id}'`,
    );
    expect([counters.seats_held, Number(counters.held)]).toEqual([15, 15]);

    // A cart that won is paid; Stripe's event reaches both instances three times each, at once.
    const won = attempts.find((attempt) => attempt.sold && attempt.cartId)?.cartId;
    expect(won, 'a shopper among the winners').toBeTruthy();
    const named = await shopCall(b.baseUrl, 'PATCH', `/carts/${won}`, { contact: { name: 'Shopper', email: 'shopper@e2e.test' }, travellers: [{ category: 'ADULT', firstName: 'Shop', lastName: 'Per' }] });
    expect(named.status).toBe(200);
    const checkout = await shopCall(a.baseUrl, 'POST', `/carts/${won}/checkout`, { pay: 'full' });
    expect(checkout.status).toBe(200);
    const url = ((await checkout.json()) as { url: string }).url;
    const event = stripe.completedEvent([...stripe.sessions.values()].find((session) => session.url === url)!.id);
    const answers = await Promise.all(
      [a, b, a, b, a, b].map(async (server) => {
        const response = await fetch(`${server.baseUrl}/api/payments/stripe/webhook`, { method: 'POST', headers: { 'content-type': 'application/json', 'stripe-signature': event.signature }, body: event.payload });
        return { status: response.status, recorded: ((await response.json()) as { recorded: boolean }).recorded };
      }),
    );
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200, 200]);
    expect(answers.filter((answer) => answer.recorded)).toHaveLength(1);
    const cart = (await (await shopCall(b.baseUrl, 'GET', `/carts/${won}`)).json()) as { status: string; reference: string };
    expect(cart.status).toBe('paid');
    const [booking] = await queryDatabase<{ status: string; payments: string; seats_confirmed: number; seats_held: number }>(
      database,
      `select b.status, (select count(*) from payments p where p.booking_id = b.id) as payments, d.seats_confirmed, d.seats_held from bookings b join departures d on d.id = b.departure_id where b.reference = '${cart.reference}'`,
    );
    expect([booking.status, Number(booking.payments), booking.seats_held + booking.seats_confirmed]).toEqual(['confirmed', 1, 15]);
  });

  test('a key revoked through A stops at once on B; one key’s OCTO rate is counted across both instances (in Redis)', async () => {
    expect(REDIS_URL, 'the rate shared by both instances lives in Redis: set E2E_REDIS_URL').toBeTruthy();
    const clerk = new ApiClient(a.baseUrl);
    expect((await clerk.login(a.admin.email, a.admin.password)).status).toBe(200);
    const reseller = await clerk.call<{ id: string }>('POST', '/api/resellers', { body: { name: 'Keys Across Instances' } });
    const newKey = async () => (await clerk.call<{ id: string; key: string }>('POST', `/api/resellers/${reseller.body.id}/api-keys`, { body: { name: 'k' } })).body;
    const supplier = (server: RunningServer, key: string) => octoCall(server.baseUrl, key, '/supplier');

    const revoked = await newKey();
    expect((await supplier(b, revoked.key)).status).toBe(200);
    expect((await clerk.call('POST', `/api/resellers/${reseller.body.id}/api-keys/${revoked.id}/revoke`)).status).toBe(200);
    expect((await supplier(b, revoked.key)).status).toBe(401);
    expect((await supplier(a, revoked.key)).status).toBe(401);

    // Use a key up to its rate (50 a second) on A, then call B at once: B refuses too. Counted per
    // instance, B would answer 200 every time; the one-second window can turn between the two
    // calls, so three tries (each with a new key) are allowed to see it once.
    const tries: number[] = [];
    for (let attempt = 0; attempt < 3 && !tries.includes(429); attempt += 1) {
      const { key } = await newKey();
      let refusedOnA = false;
      for (let call = 0; call < 150 && !refusedOnA; call += 1) refusedOnA = (await supplier(a, key)).status === 429;
      expect(refusedOnA, 'A refuses past the rate').toBe(true);
      const onB = await supplier(b, key);
      tries.push(onB.status);
      if (onB.status === 429) {
        expect(((await onB.json()) as { error: string }).error).toBe('TOO_MANY_REQUESTS');
        expect(Number(onB.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
      }
    }
    expect(tries, 'B refuses a key A has just refused').toContain(429);
  });

  test('both instances send webhooks from one queue: every delivery arrives once, and both senders take part', async () => {
    const clerk = new ApiClient(a.baseUrl);
    expect((await clerk.login(a.admin.email, a.admin.password)).status).toBe(200);
    const tour = await clerk.call<{ id: string }>('POST', '/api/tours', {
      body: { code: 'MULTI-HOOKS', title: 'Webhooks from two instances', timeZone: 'UTC', currency: 'EUR', durationDays: 1, status: 'published', bookingCutoffHours: 0, prices: { ADULT: 5_000, CHILD: null, INFANT: null } },
    });
    const departure = await clerk.call<{ id: string }>('POST', '/api/departures', { body: { tourId: tour.body.id, startDate: '2031-07-07', startTime: '10:00', capacity: 60 } });
    const hookUrl = `http://127.0.0.1:${(endpoint.address() as AddressInfo).port}/hooks`;
    const reseller = await clerk.call<{ id: string }>('POST', '/api/resellers', { body: { name: 'Webhooks Across Instances', webhookUrl: hookUrl } });
    expect(reseller.status).toBe(201);
    await clerk.call('POST', `/api/resellers/${reseller.body.id}/webhook-secret`);
    const { key } = (await clerk.call<{ key: string }>('POST', `/api/resellers/${reseller.body.id}/api-keys`, { body: { name: 'k' } })).body;
    const booked: string[] = [];
    for (let n = 0; n < 30; n += 1) {
      const response = await octoCall((n % 2 ? a : b).baseUrl, key, '/bookings', { productId: tour.body.id, optionId: 'DEFAULT', availabilityId: departure.body.id, unitItems: [{ unitId: 'adult' }] });
      expect(response.status).toBe(200);
      booked.push(((await response.json()) as { id: string }).id);
    }
    // Staff cancel them through both instances at once: a delivery each, written with its cancellation.
    const cancelled = await Promise.all(booked.map((id, n) => clerk.call('POST', `/api/bookings/${id}/cancel`, { baseUrl: (n % 2 ? b : a).baseUrl, body: { reason: 'Two senders' } })));
    expect(cancelled.map((answer) => answer.status)).toEqual(booked.map(() => 200));
    const deliveries = async () => (await clerk.call<{ data: { id: string; status: string; attempts: number }[] }>('GET', `/api/resellers/${reseller.body.id}/webhook-deliveries?pageSize=100`)).body.data;
    const deadline = Date.now() + 30_000;
    while (!(await deliveries()).every((delivery) => delivery.status === 'delivered') && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 250));
    const all = await deliveries();
    expect(all).toHaveLength(booked.length);
    expect(all.map((delivery) => [delivery.status, delivery.attempts])).toEqual(all.map(() => ['delivered', 1]));
    // Each sent exactly once, by one of the two senders.
    expect([...hooks.received].sort()).toEqual(all.map((delivery) => `msg_${delivery.id}`).sort());
    // One sender has at most four in flight: more at once means both were sending.
    expect(hooks.mostInFlight).toBeGreaterThan(4);
  });

  test('both instances send customers’ messages from one queue and take Stripe’s events: each confirmation and receipt goes once, one card payment per session', async () => {
    const clerk = new ApiClient(a.baseUrl);
    expect((await clerk.login(a.admin.email, a.admin.password)).status).toBe(200);
    const tour = await clerk.call<{ id: string }>('POST', '/api/tours', {
      body: { code: 'MULTI-MAIL', title: 'Messages from two instances', timeZone: 'UTC', currency: 'EUR', durationDays: 1, status: 'published', bookingCutoffHours: 0, prices: { ADULT: 5_000, CHILD: null, INFANT: null } },
    });
    const departure = await clerk.call<{ id: string }>('POST', '/api/departures', { body: { tourId: tour.body.id, startDate: '2031-08-08', startTime: '10:00', capacity: 60 } });
    // Thirty confirmed bookings through both instances at once, each for a customer of its own: a confirmation each.
    const made = await Promise.all(
      Array.from({ length: 30 }, (_, n) =>
        clerk.call<{ id: string; reference: string }>('POST', '/api/bookings', {
          baseUrl: (n % 2 ? b : a).baseUrl,
          body: { departureId: departure.body.id, status: 'confirmed', contact: { name: `Mail ${n}`, email: `mail${n}@e2e.test` }, travellers: [{ category: 'ADULT', firstName: 'Mail', lastName: `${n}` }] },
        }),
      ),
    );
    expect(made.map((answer) => answer.status)).toEqual(made.map(() => 201));
    // A payment link on ten of them; Stripe's event for each arrives six times, at both instances at once.
    const paid = made.slice(0, 10).map((answer) => answer.body);
    const links = await Promise.all(paid.map((booking) => clerk.call<{ url: string }>('POST', `/api/bookings/${booking.id}/payment-links`, { body: {} })));
    expect(links.map((link) => link.status)).toEqual(links.map(() => 201));
    const events = links.map((link) => stripe.completedEvent([...stripe.sessions.values()].find((session) => session.url === link.body.url)!.id));
    const answers = await Promise.all(
      events.flatMap((event) =>
        [a, b, a, b, a, b].map(async (server) => {
          const response = await fetch(`${server.baseUrl}/api/payments/stripe/webhook`, { method: 'POST', headers: { 'content-type': 'application/json', 'stripe-signature': event.signature }, body: event.payload });
          return { status: response.status, recorded: ((await response.json()) as { recorded: boolean }).recorded };
        }),
      ),
    );
    expect(answers.map((answer) => answer.status)).toEqual(answers.map(() => 200));
    expect(answers.filter((answer) => answer.recorded)).toHaveLength(paid.length);
    const ours = new Set(made.map((answer) => answer.body.id));
    const payments = (await queryDatabase<{ booking_id: string; n: string }>(database, `select booking_id, count(*) as n from payments where method = 'card' group by booking_id`)).filter((row) => ours.has(row.booking_id));
    expect(payments.map((row) => [row.booking_id, Number(row.n)]).sort()).toEqual(paid.map((booking) => [booking.id, 1]).sort());
    // Every message sent, each once, across both instances' outboxes.
    const mine = new Set(made.map((answer) => answer.body.id));
    const deadline = Date.now() + 30_000;
    const pending = async () => (await queryDatabase<{ booking_id: string }>(database, `select booking_id from messages where status <> 'sent'`)).filter((row) => mine.has(row.booking_id)).length;
    while ((await pending()) > 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 250));
    expect(await pending()).toBe(0);
    const mails = [...a.mails(), ...b.mails()].filter((mail) => /^mail\d+@e2e\.test$/.test(mail.to));
    const confirmations = mails.filter((mail) => mail.subject.startsWith('Your booking'));
    const receipts = mails.filter((mail) => mail.subject.startsWith('Payment received'));
    expect(confirmations.map((mail) => mail.to).sort()).toEqual(made.map((_, n) => `mail${n}@e2e.test`).sort());
    expect(receipts.map((mail) => mail.subject).sort()).toEqual(paid.map((booking) => `Payment received for booking ${booking.reference}`).sort());
    // Both senders took part.
    expect(a.mails().some((mail) => /^mail\d+@e2e\.test$/.test(mail.to))).toBe(true);
    expect(b.mails().some((mail) => /^mail\d+@e2e\.test$/.test(mail.to))).toBe(true);
  });

  test('a promo code of 5 uses and a gift card raced from both instances: exactly 5 bookings hold the code, the card never goes below 0; a card bought in the shop, its paid event at both instances, is issued and e-mailed once', async () => {
    const clerk = new ApiClient(a.baseUrl);
    expect((await clerk.login(a.admin.email, a.admin.password)).status).toBe(200);
    const tour = await clerk.call<{ id: string }>('POST', '/api/tours', {
      body: { code: 'MULTI-PRICE', title: 'Codes and cards on two instances', timeZone: 'Europe/Berlin', currency: 'EUR', durationDays: 1, status: 'published', bookableOnline: true, bookingCutoffHours: 0, prices: { ADULT: 10_000, CHILD: null, INFANT: null } },
    });
    expect(tour.status).toBe(201);
    const departure = await clerk.call<{ id: string }>('POST', '/api/departures', { body: { tourId: tour.body.id, startDate: '2031-06-03', startTime: '10:00', capacity: 60 } });
    expect(departure.status).toBe(201);
    expect((await clerk.call('POST', '/api/promo-codes', { body: { code: 'TWO-SERVERS', kind: 'percent', value: 10, maxUses: 5 } })).status).toBe(201);
    const traveller = { category: 'ADULT', firstName: 'Code', lastName: 'Racer' };
    const coded = await Promise.all(
      Array.from({ length: 20 }, (_, index) =>
        clerk.call<{ id?: string; code?: string; reason?: string }>('POST', '/api/bookings', {
          baseUrl: index % 2 === 0 ? a.baseUrl : b.baseUrl,
          body: { departureId: departure.body.id, status: 'confirmed', promoCode: 'two-servers', contact: { name: `Racer ${index}`, email: `racer${index}@e2e.test` }, travellers: [traveller] },
        }),
      ),
    );
    expect(coded.filter((answer) => answer.status === 201)).toHaveLength(5);
    for (const answer of coded.filter((x) => x.status !== 201)) expect([answer.status, answer.body.code, answer.body.reason]).toEqual([400, 'PROMO_CODE_INVALID', 'used_up']);
    const [{ n: holding }] = await queryDatabase<{ n: string }>(database, `select count(*) as n from bookings where promo_code_id = (select id from promo_codes where upper(code) = 'TWO-SERVERS')`);
    expect(Number(holding)).toBe(5);

    // A card of €250.00; ten bookings of €90.00 paid from it through both instances at once: two are paid.
    const card = await clerk.call<{ id: string; code: string }>('POST', '/api/gift-cards', { body: { currency: 'EUR', amountMinor: 25_000 } });
    expect(card.status).toBe(201);
    const bookings = coded.filter((answer) => answer.status === 201).map((answer) => answer.body.id!);
    for (let extra = 0; bookings.length < 10; extra += 1) {
      const made = await clerk.call<{ id: string }>('POST', '/api/bookings', { body: { departureId: departure.body.id, status: 'confirmed', contact: { name: `Payer ${extra}`, email: `payer${extra}@e2e.test` }, travellers: [traveller] } });
      expect(made.status).toBe(201);
      bookings.push(made.body.id);
    }
    const paid = await Promise.all(
      bookings.map((id, index) =>
        clerk.call<{ code?: string }>('POST', `/api/bookings/${id}/payments`, { baseUrl: index % 2 === 0 ? a.baseUrl : b.baseUrl, body: { kind: 'payment', method: 'gift_card', giftCardCode: card.body.code, amountMinor: 9_000 } }),
      ),
    );
    expect(paid.filter((answer) => answer.status === 201)).toHaveLength(2);
    for (const answer of paid.filter((x) => x.status !== 201)) expect([answer.status, answer.body.code]).toEqual([409, 'GIFT_CARD_BALANCE']);
    const [{ balance, redeemed }] = await queryDatabase<{ balance: string; redeemed: string }>(
      database,
      `select g.balance_minor as balance, (select -sum(amount_minor) from gift_card_transactions t where t.gift_card_id = g.id and t.kind = 'redeem') as redeemed from gift_cards g where g.id = '${card.body.id}'`,
    );
    expect([Number(balance), Number(redeemed)]).toEqual([7_000, 18_000]);

    // A card bought in the shop through A; Stripe's paid event arrives three times at each instance at once.
    const ordered = await fetch(`${a.baseUrl}/api/shop/gift-cards`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ currency: 'EUR', amountMinor: 8_000, buyer: { name: 'Two Servers', email: 'card.buyer@e2e.test' }, recipient: { name: 'Once Only', email: 'card.recipient@e2e.test' } }),
    });
    expect(ordered.status).toBe(201);
    const { url } = (await ordered.json()) as { url: string };
    const event = stripe.completedEvent([...stripe.sessions.values()].find((session) => session.url === url)!.id);
    const delivered = await Promise.all(
      [a, b, a, b, a, b].map(async (server) => {
        const response = await fetch(`${server.baseUrl}/api/payments/stripe/webhook`, { method: 'POST', headers: { 'content-type': 'application/json', 'stripe-signature': event.signature }, body: event.payload });
        return { status: response.status, recorded: ((await response.json()) as { recorded: boolean }).recorded };
      }),
    );
    expect(delivered.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200, 200]);
    expect(delivered.filter((answer) => answer.recorded)).toHaveLength(1);
    const issued = await queryDatabase<{ id: string }>(database, `select id from gift_cards where recipient_email = 'card.recipient@e2e.test'`);
    expect(issued).toHaveLength(1);
    const mailDeadline = Date.now() + 30_000;
    const unsent = async () => (await queryDatabase<{ n: string }>(database, `select count(*) as n from messages where gift_card_id = '${issued[0]!.id}' and status <> 'sent'`))[0]!.n;
    while (Number(await unsent()) > 0 && Date.now() < mailDeadline) await new Promise((resolve) => setTimeout(resolve, 250));
    const cardMails = [...a.mails(), ...b.mails()].filter((mail) => mail.to === 'card.recipient@e2e.test' || mail.to === 'card.buyer@e2e.test');
    expect(cardMails.map((mail) => mail.to).sort()).toEqual(['card.buyer@e2e.test', 'card.recipient@e2e.test']);
  });

  // Last: it leaves this machine's address rate-limited on both instances.
  test('failed logins through both instances count together (rate limits live in Redis): both answer 429 with Retry-After', async () => {
    const attacker = new ApiClient(a.baseUrl);
    const statuses: number[] = [];
    let limited: { status: number; headers: Headers } | null = null;
    for (let attempt = 0; attempt < 60 && !limited; attempt += 1) {
      const baseUrl = attempt % 2 === 0 ? a.baseUrl : b.baseUrl;
      const answer = await attacker.login('nobody@e2e.test', `wrong-password-${attempt}`, { baseUrl });
      statuses.push(answer.status);
      if (answer.status === 429) limited = answer;
      else expect(answer.status, `attempt ${attempt}`).toBe(401);
    }
    expect(limited, `a 429 within 60 failed logins alternating between the instances (got ${statuses.length} answers: ${[...new Set(statuses)].join(', ')})`).not.toBeNull();
    expect(Number(limited!.headers.get('retry-after'))).toBeGreaterThan(0);
    // The other instance knows too.
    const lastWasA = (statuses.length - 1) % 2 === 0;
    const other = await attacker.login('nobody@e2e.test', 'wrong-password-again', { baseUrl: lastWasA ? b.baseUrl : a.baseUrl });
    expect(other.status).toBe(429);
  });
});
