/** `npm run demo-data`: a realistic catalogue, through the API's own rules, added once however often it runs. */
import sharp from 'sharp';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { DEMO_TOURS, fillDemoData } from '../../src/server/demo-data.js';
import { currencyDigits } from '../../src/shared/money.js';
import type { Media, Tour } from '../../src/shared/contract/tours.js';
import { as, createTestApp, login, type TestApp } from '../helpers/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ captcha: false });
});
afterAll(async () => t?.close());

test('the demo catalogue has at least six tours in three currencies (one without minor units) and three time zones', () => {
  expect(DEMO_TOURS.length).toBeGreaterThanOrEqual(6);
  const currencies = new Set(DEMO_TOURS.map((demo) => demo.tour.currency));
  expect(currencies.size).toBeGreaterThanOrEqual(3);
  expect([...currencies].some((currency) => currencyDigits(currency) === 0)).toBe(true);
  expect(new Set(DEMO_TOURS.map((demo) => demo.tour.timeZone)).size).toBeGreaterThanOrEqual(3);
  expect(new Set(DEMO_TOURS.map((demo) => demo.tour.status))).toEqual(new Set(['draft', 'published', 'archived']));
  // A few are sold in the shop, each published.
  const online = DEMO_TOURS.filter((demo) => demo.tour.bookableOnline);
  expect(online.length).toBeGreaterThanOrEqual(3);
  for (const demo of online) expect(demo.tour.status).toBe('published');
});

test('it fills the database with tours, components, days and real pictures, and a second run adds nothing', async () => {
  const first = await fillDemoData(t.app);
  expect(first.tours).toBe(DEMO_TOURS.length);
  expect(first.pictures).toBe(DEMO_TOURS.reduce((sum, demo) => sum + demo.pictures.length, 0));
  expect(first.departures).toBeGreaterThan(50);
  expect(first.bookings).toBeGreaterThan(10);
  expect(await fillDemoData(t.app)).toEqual({ tours: 0, pictures: 0, departures: 0, bookings: 0 });

  const admin = as(t.app, (await login(t.app, t.admin)).accessToken);
  const tours = (await admin({ method: 'GET', url: '/api/tours?pageSize=100' })).json<{ data: Tour[]; total: number }>();
  expect(tours.total).toBe(DEMO_TOURS.length);
  const ring = tours.data.find((tour) => tour.code === 'ICE-RING-8')!;
  expect(ring).toMatchObject({ currency: 'ISK', prices: { ADULT: 389_000 } });
  expect(ring.coverUrls).not.toBeNull();
  expect(ring.departureCount).toBeGreaterThan(20);
  expect(ring.nextDepartureAt).not.toBeNull();
  expect((await admin({ method: 'GET', url: `/api/tours/${ring.id}/itinerary` })).json().data).toHaveLength(8);
  const pictures = (await admin({ method: 'GET', url: `/api/tours/${ring.id}/media` })).json<{ data: Media[] }>().data;
  expect(pictures).toHaveLength(3);
  const large = await sharp((await t.app.inject({ method: 'GET', url: pictures[0].urls.large })).rawPayload).metadata();
  expect(large).toMatchObject({ format: 'webp', width: 2048 });
  // Every change went through the audited repositories.
  const audit = (await admin({ method: 'GET', url: `/api/admin/audit?targetId=${ring.id}&pageSize=100` })).json<{ data: { action: string }[] }>().data;
  expect(audit.map((entry) => entry.action)).toEqual(expect.arrayContaining(['tour.created', 'tour.component_added', 'tour.day_saved', 'tour.media_added']));
});
