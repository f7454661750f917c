/**
 * The operator's own shop, first part: its settings (the office's, `shop.manage`) and its public
 * catalogue (/api/shop): the tours sold online, a tour's public page and its departures' seats.
 * Anyone may call the public routes; they show nothing private, and a tour not sold online is as
 * unknown as one that does not exist. Runs on the embedded database and, with TEST_DATABASE_URL,
 * on a PostgreSQL server.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ShopAvailabilitySchema, ShopSettings, ShopTour, ShopTourListSchema } from '../../src/shared/contract/shop.js';
import type { Static } from 'typebox';
import type { Tour } from '../../src/shared/contract/tours.js';
import { expectError } from '../helpers/assertions.js';
import { createBooking, createComponent, createDeparture, createTour, viaInject } from '../helpers/api-builders.js';
import { aDay } from '../helpers/builders.js';
import { as, createTestApp, createUser, login, type TestApp } from '../helpers/test-app.js';

let t: TestApp;
let admin: ReturnType<typeof as>;
let create: ReturnType<typeof viaInject>;
const DAY = 86_400_000;

beforeAll(async () => {
  t = await createTestApp();
  admin = as(t.app, (await login(t.app, t.admin)).accessToken);
  create = viaInject(admin);
});
afterAll(async () => t?.close());

const settingsBody = (overrides: Partial<ShopSettings> = {}) => ({ enabled: true, holdMinutes: 30, payLater: false, embedOrigins: [], showSeatsBelow: 10, ...overrides });
const publicGet = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

describe('the shop’s settings', () => {
  it('start from the defaults, then are what the administrator saved: origins normalised and kept once, audited', async () => {
    const first = (await admin({ method: 'GET', url: '/api/shop-settings' })).json<ShopSettings>();
    expect(first).toEqual({ enabled: true, holdMinutes: 30, payLater: false, embedOrigins: [], showSeatsBelow: 10, updatedAt: null });

    const saved = await admin({
      method: 'PUT',
      url: '/api/shop-settings',
      payload: settingsBody({ holdMinutes: 45, embedOrigins: ['https://www.fjord.example', 'https://WWW.fjord.example/', 'http://localhost:8080', 'http://127.0.0.1:5173'], showSeatsBelow: 4 }),
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json<ShopSettings>()).toMatchObject({ holdMinutes: 45, embedOrigins: ['https://www.fjord.example', 'http://localhost:8080', 'http://127.0.0.1:5173'], showSeatsBelow: 4 });
    const audit = (await admin({ method: 'GET', url: '/api/admin/audit?action=shop.settings_updated' })).json<{ data: { details: { fields: string[] } }[] }>();
    expect(audit.data[0]!.details.fields).toEqual(expect.arrayContaining(['holdMinutes', 'embedOrigins', 'showSeatsBelow']));
    await admin({ method: 'PUT', url: '/api/shop-settings', payload: settingsBody() });
  });

  it('refuse an origin that is not a web site’s, naming each, and keep what was saved', async () => {
    const refused = await admin({
      method: 'PUT',
      url: '/api/shop-settings',
      payload: settingsBody({ embedOrigins: ['https://ok.example', 'http://fjord.example', 'https://fjord.example/book', 'javascript:alert(1)', 'ftp://fjord.example', 'https://user:pw@fjord.example'] }),
    });
    expectError(refused, 400, 'VALIDATION');
    expect(Object.keys(refused.json<{ errors: Record<string, string> }>().errors).sort()).toEqual(['embedOrigins.1', 'embedOrigins.2', 'embedOrigins.3', 'embedOrigins.4', 'embedOrigins.5']);
    expectError(await admin({ method: 'PUT', url: '/api/shop-settings', payload: settingsBody({ holdMinutes: 10 }) }), 400, 'VALIDATION');
    expectError(await admin({ method: 'PUT', url: '/api/shop-settings', payload: settingsBody({ showSeatsBelow: 101 }) }), 400, 'VALIDATION');
    expect((await admin({ method: 'GET', url: '/api/shop-settings' })).json<ShopSettings>().embedOrigins).toEqual([]);
  });

  it('are for holders of shop.manage only', async () => {
    const clerk = await createUser(t.app, (await login(t.app, t.admin)).accessToken, { email: 'clerk.shop@example.test', roles: ['STAFF'] });
    const asClerk = as(t.app, (await login(t.app, clerk)).accessToken);
    expectError(await asClerk({ method: 'GET', url: '/api/shop-settings' }), 403, 'FORBIDDEN');
    expectError(await asClerk({ method: 'PUT', url: '/api/shop-settings', payload: settingsBody({ enabled: false }) }), 403, 'FORBIDDEN');
    expect((await publicGet('/api/shop-settings')).statusCode).toBe(403);
  });
});

describe('the public catalogue', () => {
  let online: Tour;
  let hidden: Tour;
  let draft: Tour;

  beforeAll(async () => {
    online = await createTour(create, { status: 'published', bookableOnline: true, title: 'Aurora Nights', depositPercent: 20, selfService: { cancel: true, change: false, untilHours: 72 } });
    hidden = await createTour(create, { status: 'published', title: 'Sold By Phone Only' });
    draft = await createTour(create, { status: 'draft', bookableOnline: true, title: 'Not Ready Yet' });
    await createComponent(create, online.id, { name: 'Glacier walk', supplier: 'Secret Supplier ehf', inclusion: 'optional', priceMinor: 9_900, costMinor: 4_000 });
    await createComponent(create, online.id, { name: 'Hotel Vík', supplier: 'Hotel Vík Supplier', inclusion: 'included', costMinor: 12_000 });
    await admin({ method: 'PUT', url: `/api/tours/${online.id}/itinerary/1`, payload: aDay({ title: 'Into the dark' }) });
    await createDeparture(create, online.id, { startDate: '2031-03-01', capacity: 16 });
    await createDeparture(create, hidden.id, { startDate: '2031-03-01' });
  });

  it('lists only published tours sold online, with their lowest price and next date, and nothing private', async () => {
    const answer = await publicGet('/api/shop/tours');
    expect(answer.statusCode).toBe(200);
    const list = answer.json<Static<typeof ShopTourListSchema>>();
    const codes = list.data.map((tour) => tour.code);
    expect(codes).toContain(online.code);
    expect(codes).not.toContain(hidden.code);
    expect(codes).not.toContain(draft.code);
    expect(list.data.find((tour) => tour.code === online.code)).toMatchObject({ title: 'Aurora Nights', currency: 'EUR', fromPriceMinor: 129_900, nextDeparture: '2031-03-01', cover: null });
    expect(answer.headers['cache-control']).toMatch(/public, max-age=\d+, stale-while-revalidate=\d+/);
    expect(answer.headers['set-cookie']).toBeUndefined();
  });

  it('shows a tour’s public page: its days, its optional extras with their price, its terms; no cost, supplier or included component', async () => {
    const answer = await publicGet(`/api/shop/tours/${online.code}`);
    expect(answer.statusCode, answer.body).toBe(200);
    const tour = answer.json<ShopTour>();
    expect(tour).toMatchObject({
      code: online.code,
      title: 'Aurora Nights',
      timeZone: 'Atlantic/Reykjavik',
      prices: { ADULT: 129_900, CHILD: 99_900, INFANT: 0 },
      deposit: { percent: 20 },
      selfService: { cancel: true, change: false, untilHours: 72 },
      itinerary: [{ day: 1, title: 'Into the dark' }],
    });
    expect(tour.extras).toEqual([{ componentId: expect.any(String), name: 'Glacier walk', priceMinor: 9_900 }]);
    expect(answer.body).not.toMatch(/Supplier|cost|4000|12000|Hotel Vík|margin|commission|notes/i);
  });

  it('answers 404 for a tour not sold online, a draft, an unknown code, and every tour while the shop is off, in the caller’s language', async () => {
    for (const code of [hidden.code, draft.code, 'NO-SUCH-TOUR']) {
      expectError(await publicGet(`/api/shop/tours/${code}`), 404, 'NOT_FOUND');
      expectError(await publicGet(`/api/shop/tours/${code}/availability?from=2031-03-01&to=2031-03-31`), 404, 'NOT_FOUND');
    }
    const german = await publicGet('/api/shop/tours/NO-SUCH-TOUR?lang=de');
    expect(german.json<{ message: string }>().message).toBe('Diese Tour gibt es nicht.');
    await admin({ method: 'PUT', url: '/api/shop-settings', payload: settingsBody({ enabled: false }) });
    try {
      expectError(await publicGet('/api/shop/tours'), 404, 'NOT_FOUND');
      expectError(await publicGet(`/api/shop/tours/${online.code}`), 404, 'NOT_FOUND');
    } finally {
      await admin({ method: 'PUT', url: '/api/shop-settings', payload: settingsBody() });
    }
  });

  it('answers 304 to a caller holding the same answer, and a new ETag once the tour changed', async () => {
    const first = await publicGet(`/api/shop/tours/${online.code}`);
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^W\/".+"$/);
    const again = await publicGet(`/api/shop/tours/${online.code}`, { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    await admin({ method: 'PATCH', url: `/api/tours/${online.id}`, payload: { summary: 'Now with hot springs' } });
    const changed = await publicGet(`/api/shop/tours/${online.code}`, { 'if-none-match': etag });
    expect(changed.statusCode).toBe(200);
    expect(changed.json<ShopTour>().summary).toBe('Now with hot springs');
  });
});

describe('a tour’s availability', () => {
  let tour: Tour;
  const day = (offset: number) => new Date(t.clock.time + offset * DAY).toISOString().slice(0, 10);

  beforeAll(async () => {
    tour = await createTour(create, { status: 'published', bookableOnline: true, bookingCutoffHours: 48, maxPax: 16 });
  });

  it('says which departures sell, which have few seats (exactly how many), which are sold out or closed; a cancelled one is not listed', async () => {
    const roomy = await createDeparture(create, tour.id, { startDate: day(20), capacity: 16 });
    const few = await createDeparture(create, tour.id, { startDate: day(21), capacity: 5 });
    await createBooking(create, few.id, { status: 'confirmed' });
    const full = await createDeparture(create, tour.id, { startDate: day(22), capacity: 1 });
    await createBooking(create, full.id, { status: 'confirmed' });
    const pastCutoff = await createDeparture(create, tour.id, { startDate: day(1), capacity: 16 });
    const cancelled = await createDeparture(create, tour.id, { startDate: day(23), capacity: 16 });
    expect((await admin({ method: 'POST', url: `/api/departures/${cancelled.id}/cancel`, payload: { reason: 'Storm' } })).statusCode).toBe(200);

    const answer = await publicGet(`/api/shop/tours/${tour.code}/availability?from=${day(0)}&to=${day(30)}`);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.headers['cache-control']).toMatch(/^public, max-age=\d+/);
    const { data } = answer.json<Static<typeof ShopAvailabilitySchema>>();
    const byId = Object.fromEntries(data.map((departure) => [departure.departureId, departure]));
    expect(Object.keys(byId).sort()).toEqual([roomy.id, few.id, full.id, pastCutoff.id].sort());
    expect(byId[roomy.id]).toMatchObject({ date: day(20), startTime: '09:00', status: 'AVAILABLE', seatsLeft: null, prices: { ADULT: 129_900 } });
    expect(byId[few.id]).toMatchObject({ status: 'LIMITED', seatsLeft: 4 });
    expect(byId[full.id]).toMatchObject({ status: 'SOLD_OUT', seatsLeft: 0 });
    expect(byId[pastCutoff.id]).toMatchObject({ status: 'CLOSED', seatsLeft: null });
    expect(data.map((departure) => departure.startsAt)).toEqual([...data.map((departure) => departure.startsAt)].sort());

    // The shop's threshold decides when the exact number shows.
    await admin({ method: 'PUT', url: '/api/shop-settings', payload: settingsBody({ showSeatsBelow: 3 }) });
    try {
      const fewer = (await publicGet(`/api/shop/tours/${tour.code}/availability?from=${day(21)}&to=${day(21)}`)).json<Static<typeof ShopAvailabilitySchema>>();
      expect(fewer.data[0]).toMatchObject({ status: 'AVAILABLE', seatsLeft: null });
    } finally {
      await admin({ method: 'PUT', url: '/api/shop-settings', payload: settingsBody() });
    }
  });

  it('refuses a range past 92 days or backwards, naming the field, in German when asked', async () => {
    const long = await publicGet(`/api/shop/tours/${tour.code}/availability?from=2031-01-01&to=2031-04-03`);
    expectError(long, 400, 'VALIDATION');
    expect(long.json<{ errors: Record<string, string> }>().errors).toHaveProperty('to');
    expect((await publicGet(`/api/shop/tours/${tour.code}/availability?from=2031-01-01&to=2031-04-02`)).statusCode).toBe(200);
    expectError(await publicGet(`/api/shop/tours/${tour.code}/availability?from=2031-01-02&to=2031-01-01`), 400, 'VALIDATION');
    const german = await publicGet(`/api/shop/tours/${tour.code}/availability?from=2031-01-01&to=2031-06-01`, { 'accept-language': 'de' });
    expect(german.json<{ errors: Record<string, string> }>().errors.to).toBe('darf höchstens 92 Tage nach „from“ liegen');
    expectError(await publicGet(`/api/shop/tours/${tour.code}/availability?from=tomorrow&to=2031-01-01`), 400, 'VALIDATION');
  });
});
