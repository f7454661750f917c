/** The tour catalogue: tours, components, itinerary days, their rules, permissions and audit. */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { ItineraryDay, Tour, TourComponent } from '../../src/shared/contract/tours.js';
import { expectError } from '../helpers/assertions.js';
import { aComponent, aDay, aTour } from '../helpers/builders.js';
import { createTour, viaInject } from '../helpers/api-builders.js';
import { as, createTestApp, createUser, login, type TestApp } from '../helpers/test-app.js';

let t: TestApp;
let admin: ReturnType<typeof as>;
let adminToken: string;

beforeAll(async () => {
  t = await createTestApp();
  adminToken = (await login(t.app, t.admin)).accessToken;
  admin = as(t.app, adminToken);
});
afterAll(async () => t?.close());

const draftTour = (overrides: Parameters<typeof aTour>[0] = {}) => createTour(viaInject(admin), overrides);

async function addComponent(tourId: string, overrides: Parameters<typeof aComponent>[0] = {}): Promise<TourComponent> {
  const response = await admin({ method: 'POST', url: `/api/tours/${tourId}/components`, payload: aComponent(overrides) });
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

async function saveDay(tourId: string, dayNumber: number, overrides: Parameters<typeof aDay>[0] = {}): Promise<ItineraryDay> {
  const response = await admin({ method: 'PUT', url: `/api/tours/${tourId}/itinerary/${dayNumber}`, payload: aDay(overrides) });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

async function auditOf(tourId: string): Promise<{ action: string; details: Record<string, unknown> }[]> {
  return (await admin({ method: 'GET', url: `/api/admin/audit?targetId=${tourId}&pageSize=100` })).json().data;
}

describe('tours', () => {
  test('a tour is created with its money in minor units and read back exactly, with the contract’s fields', async () => {
    const tour = await draftTour({ code: 'ICE-RING-8', currency: 'EUR', prices: { ADULT: 129_900, CHILD: null, INFANT: 0 } });
    expect(Object.keys(tour).sort()).toEqual(
      [
        'balanceDueDays', 'bookingCutoffHours', 'cancellationCutoffHours', 'cancellationFees', 'childAgeUnder', 'depositPercent', 'code', 'coverMediaId', 'coverUrls', 'createdAt', 'currency', 'departureCount', 'description', 'durationDays', 'id', 'infantAgeUnder',
        'maxPax', 'minPax', 'nextDepartureAt', 'prices', 'singleSupplementMinor', 'status', 'summary', 'timeZone', 'title', 'updatedAt', 'bookableOnline', 'selfService',
      ].sort(),
    );
    expect(tour).toMatchObject({ code: 'ICE-RING-8', status: 'draft', prices: { ADULT: 129_900, CHILD: null, INFANT: 0 }, singleSupplementMinor: 35_000, departureCount: 0 });
    // Not sold in the shop, and nothing for the customer to do alone, until the office says so.
    expect(tour).toMatchObject({ bookableOnline: false, selfService: { cancel: false, change: false, untilHours: 48 } });
    const online = await admin({ method: 'PATCH', url: `/api/tours/${tour.id}`, payload: { bookableOnline: true, selfService: { cancel: true, change: true, untilHours: 24 } } });
    expect(online.json()).toMatchObject({ bookableOnline: true, selfService: { cancel: true, change: true, untilHours: 24 } });
    expect((await admin({ method: 'PATCH', url: `/api/tours/${tour.id}`, payload: { selfService: { cancel: true, change: true, untilHours: 721 } } })).statusCode).toBe(400);
    expect((await admin({ method: 'PATCH', url: `/api/tours/${tour.id}`, payload: { selfService: { cancel: true } } })).statusCode).toBe(400);
    await admin({ method: 'PATCH', url: `/api/tours/${tour.id}`, payload: { bookableOnline: false, selfService: { cancel: false, change: false, untilHours: 48 } } });
    expect((await admin({ method: 'GET', url: `/api/tours/${tour.id}` })).json()).toEqual({ ...tour, updatedAt: expect.any(String) });
  });

  test('ISK and JPY have no minor unit, KWD three decimals: amounts are stored as given', async () => {
    for (const [currency, adult] of [['ISK', 189_000], ['JPY', 250_000], ['KWD', 450_125]] as const) {
      const tour = await draftTour({ currency, prices: { ADULT: adult, CHILD: null, INFANT: null } });
      expect(tour.prices.ADULT).toBe(adult);
      expect(tour.currency).toBe(currency);
    }
  });

  test('a float, a negative, a string or an unsafe integer as money is 400 VALIDATION naming the field', async () => {
    for (const bad of [1299.5, -1, '129900', Number.MAX_SAFE_INTEGER + 2]) {
      const response = await admin({ method: 'POST', url: '/api/tours', payload: aTour({ prices: { ADULT: bad as number, CHILD: null, INFANT: null } }) });
      expectError(response, 400, 'VALIDATION');
      expect(Object.keys(response.json().errors ?? {}).join(' ')).toMatch(/prices/);
    }
    expectError(await admin({ method: 'POST', url: '/api/tours', payload: aTour({ singleSupplementMinor: 0.5 }) }), 400, 'VALIDATION');
  });

  test('an unknown time zone or currency is 400 VALIDATION on that field', async () => {
    const zone = await admin({ method: 'POST', url: '/api/tours', payload: aTour({ timeZone: 'Mars/Olympus_Mons' }) });
    expectError(zone, 400, 'VALIDATION');
    expect(zone.json().errors).toHaveProperty('timeZone');
    for (const timeZone of ['+01:00', 'Europe/Berlinn', 'europe berlin']) {
      expectError(await admin({ method: 'POST', url: '/api/tours', payload: aTour({ timeZone }) }), 400, 'VALIDATION');
    }
    const currency = await admin({ method: 'POST', url: '/api/tours', payload: aTour({ currency: 'EUX' }) });
    expectError(currency, 400, 'VALIDATION');
    expect(currency.json().errors).toHaveProperty('currency');
    expectError(await admin({ method: 'POST', url: '/api/tours', payload: aTour({ currency: 'eur' }) }), 400, 'VALIDATION');
    const patch = await admin({ method: 'PATCH', url: `/api/tours/${(await draftTour()).id}`, payload: { timeZone: 'Nowhere/Town' } });
    expectError(patch, 400, 'VALIDATION');
  });

  test('codes are unique (409), patterned, and other limits hold: duration 1–365, maxPax ≥ minPax', async () => {
    await draftTour({ code: 'UNIQUE-1' });
    expectError(await admin({ method: 'POST', url: '/api/tours', payload: aTour({ code: 'UNIQUE-1' }) }), 409, 'CONFLICT');
    for (const code of ['lower-case', 'A', '-LEADING', 'WITH SPACE', 'X'.repeat(33)]) {
      expectError(await admin({ method: 'POST', url: '/api/tours', payload: aTour({ code }) }), 400, 'VALIDATION');
    }
    expectError(await admin({ method: 'POST', url: '/api/tours', payload: aTour({ durationDays: 0 }) }), 400, 'VALIDATION');
    expectError(await admin({ method: 'POST', url: '/api/tours', payload: aTour({ durationDays: 366 }) }), 400, 'VALIDATION');
    expectError(await admin({ method: 'POST', url: '/api/tours', payload: aTour({ minPax: 5, maxPax: 4 }) }), 400, 'VALIDATION');
    expectError(await admin({ method: 'POST', url: '/api/tours', payload: aTour({ title: '   ' }) }), 400, 'VALIDATION');
    expectError(await admin({ method: 'POST', url: '/api/tours', payload: aTour({ title: 'x'.repeat(201) }) }), 400, 'VALIDATION');
    expect((await admin({ method: 'POST', url: '/api/tours', payload: aTour({ title: 'x'.repeat(200) }) })).statusCode).toBe(201);
    expectError(await admin({ method: 'POST', url: '/api/tours', payload: aTour({ minPax: 0 }) }), 400, 'VALIDATION');
    expectError(await admin({ method: 'POST', url: '/api/tours', payload: { ...aTour(), unknown: 1 } }), 400, 'VALIDATION');
    const tour = await draftTour();
    expectError(await admin({ method: 'PATCH', url: `/api/tours/${tour.id}`, payload: { maxPax: 1 } }), 400, 'VALIDATION');
    expectError(await admin({ method: 'PATCH', url: `/api/tours/${tour.id}`, payload: { code: 'UNIQUE-1' } }), 409, 'CONFLICT');
  });

  test('age bands: infants under 2 and children under 12 unless the tour says otherwise; children start above infants', async () => {
    const plain = await draftTour();
    expect(plain).toMatchObject({ infantAgeUnder: 2, childAgeUnder: 12 });
    const family = await draftTour({ infantAgeUnder: 3, childAgeUnder: 16 });
    expect(family).toMatchObject({ infantAgeUnder: 3, childAgeUnder: 16 });
    const refused = await admin({ method: 'POST', url: '/api/tours', payload: aTour({ infantAgeUnder: 5, childAgeUnder: 5 }) });
    expectError(refused, 400, 'VALIDATION');
    expect(refused.json().errors).toEqual({ childAgeUnder: "must be above the infants' age (5)" });
    expectError(await admin({ method: 'POST', url: '/api/tours', payload: aTour({ childAgeUnder: 30 }) }), 400, 'VALIDATION');
    // A change is checked against what the tour has.
    expectError(await admin({ method: 'PATCH', url: `/api/tours/${family.id}`, payload: { childAgeUnder: 3 } }), 400, 'VALIDATION');
    const changed = await admin({ method: 'PATCH', url: `/api/tours/${family.id}`, payload: { childAgeUnder: 14 } });
    expect(changed.json()).toMatchObject({ infantAgeUnder: 3, childAgeUnder: 14 });
  });

  test('rich text keeps its text and safe markup; scripts, handlers, styles, iframes and javascript: links are gone', async () => {
    const description =
      '<h1>Welcome</h1><p onclick="steal()" style="color:red">Hello <script>alert(1)</script><b>world</b></p>' +
      '<iframe src="https://evil.example">framed</iframe><a href="javascript:alert(1)">click me</a> ' +
      '<a href="https://visit.example/x" target="_blank" onmouseover="x()">site</a><img src="data:image/png;base64,AAAA" onerror="x()">' +
      '<ul><li>one</li></ul><a href="mailto:trips@example.com">mail</a>';
    const tour = await draftTour({ description });
    expect(tour.description).not.toMatch(/script|onclick|onmouseover|onerror|style=|iframe|javascript:|<img|data:/i);
    expect(tour.description).toContain('<h2>Welcome</h2>');
    expect(tour.description).toContain('Hello <b>world</b>');
    expect(tour.description).toContain('click me');
    expect(tour.description).toContain('<a href="https://visit.example/x" rel="noopener noreferrer nofollow">site</a>');
    expect(tour.description).toContain('<ul><li>one</li></ul>');
    expect(tour.description).toContain('href="mailto:trips@example.com"');
    const patched = (await admin({ method: 'PATCH', url: `/api/tours/${tour.id}`, payload: { description: '<p>ok<script>x</script></p>' } })).json();
    expect(patched.description).toBe('<p>ok</p>');
  });

  test('the list: filters by status, searches code and title in any case, sorts, pages, and its totals are exact', async () => {
    const t2 = await createTestApp();
    try {
      const token = (await login(t2.app, t2.admin)).accessToken;
      const call = as(t2.app, token);
      const make = async (payload: object) => expect((await call({ method: 'POST', url: '/api/tours', payload: aTour(payload) })).statusCode).toBe(201);
      await make({ code: 'AAA-1', title: 'Northern Lights Hunt', status: 'published' });
      await make({ code: 'BBB-2', title: 'Westfjords Wilderness', status: 'draft' });
      await make({ code: 'CCC-3', title: 'northern coast by kayak', status: 'published' });
      await make({ code: 'DDD-4', title: 'Old tour', status: 'archived' });
      const list = async (query: string) => (await call({ method: 'GET', url: `/api/tours?${query}` })).json() as { data: Tour[]; total: number };
      expect((await list('')).total).toBe(4);
      expect((await list('status=published')).total).toBe(2);
      expect((await list('status=archived')).data.map((tour) => tour.code)).toEqual(['DDD-4']);
      expect((await list('q=NORTHERN&sort=code')).data.map((tour) => tour.code)).toEqual(['AAA-1', 'CCC-3']);
      expect((await list('q=bbb')).data.map((tour) => tour.code)).toEqual(['BBB-2']);
      // By title in any case: "northern coast…" before "Northern Lights…".
      expect((await list('sort=title&order=ASC')).data.map((tour) => tour.code)).toEqual(['CCC-3', 'AAA-1', 'DDD-4', 'BBB-2']);
      expect((await list('sort=code&order=DESC&page=2&pageSize=3')).data.map((tour) => tour.code)).toEqual(['AAA-1']);
      // The kept counts follow status changes and deletions.
      const old = (await list('status=archived')).data[0];
      await call({ method: 'PATCH', url: `/api/tours/${old.id}`, payload: { status: 'published' } });
      expect((await list('status=published')).total).toBe(3);
      expect((await list('status=archived')).total).toBe(0);
      await call({ method: 'DELETE', url: `/api/tours/${old.id}` });
      expect((await list('')).total).toBe(3);
      expect((await list('status=published')).total).toBe(2);
      // Every kept count equals a recount of the table.
      const { rows: kept } = await sql<{ name: string; count: number }>`select name, count::int as count from row_counts where name like 'tours%' and count <> 0 order by name`.execute(t2.app.db);
      const { rows: recount } = await sql<{ name: string; count: number }>`
        select name, count from (select 'tours' as name, count(*)::int as count from tours
          union all select 'tours:status:' || status, count(*)::int from tours group by status) c order by name`.execute(t2.app.db);
      expect(kept).toEqual(recount);
      expectError(await call({ method: 'GET', url: '/api/tours?status=open' }), 400, 'VALIDATION');
      expectError(await call({ method: 'GET', url: '/api/tours?sort=price' }), 400, 'VALIDATION');
      expectError(await call({ method: 'GET', url: '/api/tours?pageSize=101' }), 400, 'VALIDATION');
    } finally {
      await t2.close();
    }
  });

  test('a tour that does not exist is 404 on every route; a malformed id is 400', async () => {
    const ghost = '00000000-0000-4000-8000-000000000000';
    for (const [method, url, payload] of [
      ['GET', `/api/tours/${ghost}`],
      ['PATCH', `/api/tours/${ghost}`, { title: 'x' }],
      ['DELETE', `/api/tours/${ghost}`],
      ['GET', `/api/tours/${ghost}/components`],
      ['POST', `/api/tours/${ghost}/components`, aComponent()],
      ['GET', `/api/tours/${ghost}/itinerary`],
      ['PUT', `/api/tours/${ghost}/itinerary/1`, aDay()],
      ['POST', `/api/tours/${ghost}/itinerary/order`, { order: [1] }],
    ] as const) {
      expectError(await admin({ method, url, payload }), 404, 'NOT_FOUND');
    }
    expectError(await admin({ method: 'GET', url: '/api/tours/not-a-uuid' }), 400, 'VALIDATION');
  });
});

describe('components', () => {
  test('added in order, with day ranges inside the tour; an optional extra needs its price', async () => {
    const tour = await draftTour({ durationDays: 5 });
    const hotel = await addComponent(tour.id, { name: 'Hotel Rangá', dayFrom: 1, dayTo: 2 });
    const whale = await addComponent(tour.id, { kind: 'activity', name: 'Whale watching', dayFrom: 3, dayTo: 3, inclusion: 'optional', priceMinor: 11_900, costMinor: 8_000 });
    expect(hotel).toMatchObject({ tourId: tour.id, position: 0, supplier: 'Hotel Selfoss', priceMinor: null, costMinor: null, notes: '' });
    expect(whale).toMatchObject({ position: 1, priceMinor: 11_900, costMinor: 8_000, inclusion: 'optional' });
    expect((await admin({ method: 'GET', url: `/api/tours/${tour.id}/components` })).json().data.map((c: TourComponent) => c.name)).toEqual(['Hotel Rangá', 'Whale watching']);

    for (const [payload, field] of [
      [aComponent({ dayFrom: 4, dayTo: 6 }), 'dayTo'],
      [aComponent({ dayFrom: 6, dayTo: 6 }), 'dayFrom'],
      [aComponent({ dayFrom: 3, dayTo: 2 }), 'dayTo'],
      [aComponent({ inclusion: 'optional' }), 'priceMinor'],
    ] as const) {
      const response = await admin({ method: 'POST', url: `/api/tours/${tour.id}/components`, payload });
      expectError(response, 400, 'VALIDATION');
      expect(response.json().errors).toHaveProperty(field);
    }
    expectError(await admin({ method: 'POST', url: `/api/tours/${tour.id}/components`, payload: aComponent({ dayFrom: 0 }) }), 400, 'VALIDATION');
    expectError(await admin({ method: 'POST', url: `/api/tours/${tour.id}/components`, payload: aComponent({ kind: 'spa' as never }) }), 400, 'VALIDATION');
    expectError(await admin({ method: 'POST', url: `/api/tours/${tour.id}/components`, payload: aComponent({ costMinor: 10.5 }) }), 400, 'VALIDATION');
  });

  test('changed, moved, and removed (also from the itinerary); another tour’s component is 404', async () => {
    const tour = await draftTour({ durationDays: 4 });
    const [a, b, c] = [await addComponent(tour.id, { name: 'A' }), await addComponent(tour.id, { name: 'B' }), await addComponent(tour.id, { name: 'C' })];
    const moved = await admin({ method: 'PATCH', url: `/api/tours/${tour.id}/components/${c.id}`, payload: { position: 0, name: 'C2', dayTo: 4 } });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json()).toMatchObject({ name: 'C2', dayTo: 4, position: 0 });
    const names = async () => (await admin({ method: 'GET', url: `/api/tours/${tour.id}/components` })).json().data.map((x: TourComponent) => `${x.position}:${x.name}`);
    expect(await names()).toEqual(['0:C2', '1:A', '2:B']);
    expectError(await admin({ method: 'PATCH', url: `/api/tours/${tour.id}/components/${a.id}`, payload: { dayTo: 9 } }), 400, 'VALIDATION');

    await saveDay(tour.id, 1, { componentIds: [a.id, b.id] });
    expect((await admin({ method: 'DELETE', url: `/api/tours/${tour.id}/components/${a.id}` })).statusCode).toBe(200);
    expect(await names()).toEqual(['0:C2', '1:B']);
    expect((await admin({ method: 'GET', url: `/api/tours/${tour.id}/itinerary` })).json().data[0].componentIds).toEqual([b.id]);

    const other = await draftTour();
    expectError(await admin({ method: 'PATCH', url: `/api/tours/${other.id}/components/${b.id}`, payload: { name: 'x' } }), 404, 'NOT_FOUND');
    expectError(await admin({ method: 'DELETE', url: `/api/tours/${other.id}/components/${b.id}` }), 404, 'NOT_FOUND');
  });

  test('a tour cannot be shortened below a day its components or itinerary use (409)', async () => {
    const tour = await draftTour({ durationDays: 5 });
    await addComponent(tour.id, { dayFrom: 2, dayTo: 4 });
    expectError(await admin({ method: 'PATCH', url: `/api/tours/${tour.id}`, payload: { durationDays: 3 } }), 409, 'CONFLICT');
    expect((await admin({ method: 'PATCH', url: `/api/tours/${tour.id}`, payload: { durationDays: 4 } })).statusCode).toBe(200);
    await saveDay(tour.id, 4);
    expectError(await admin({ method: 'PATCH', url: `/api/tours/${tour.id}`, payload: { durationDays: 3 } }), 409, 'CONFLICT');
  });
});

test('a change to a tour’s parts moves its updatedAt, and the list sorts by it and by createdAt', async () => {
  const older = await draftTour();
  t.clock.advance(60_000);
  const newer = await draftTour();
  t.clock.advance(60_000);
  await addComponent(older.id);
  const touched: Tour = (await admin({ method: 'GET', url: `/api/tours/${older.id}` })).json();
  expect(touched.createdAt).toBe(older.createdAt);
  expect(Date.parse(touched.updatedAt)).toBe(Date.parse(older.updatedAt) + 120_000);
  const codes = async (query: string) => ((await admin({ method: 'GET', url: `/api/tours?pageSize=100&${query}` })).json().data as Tour[]).map((tour) => tour.code);
  const byUpdated = await codes('sort=updatedAt&order=DESC');
  expect(byUpdated.indexOf(older.code)).toBeLessThan(byUpdated.indexOf(newer.code));
  const byCreated = await codes('sort=createdAt&order=DESC');
  expect(byCreated.indexOf(newer.code)).toBeLessThan(byCreated.indexOf(older.code));
});

describe('itinerary', () => {
  test('days are created, replaced and read in order, with meals, overnight and sanitised text', async () => {
    const tour = await draftTour({ durationDays: 3 });
    const hotel = await addComponent(tour.id);
    await saveDay(tour.id, 2, { title: 'Glacier walk', componentIds: [hotel.id] });
    await saveDay(tour.id, 1, { title: 'Arrival', description: '<p>Welcome<script>x()</script></p>', overnight: 'Reykjavík', meals: { breakfast: false, lunch: false, dinner: true } });
    const replaced = await saveDay(tour.id, 2, { title: 'Glacier hike', meals: { breakfast: true, lunch: true, dinner: false } });
    expect(replaced).toEqual({ dayNumber: 2, title: 'Glacier hike', description: '<p>Drive and walk.</p>', overnight: 'Vík', meals: { breakfast: true, lunch: true, dinner: false }, componentIds: [] });
    const days: ItineraryDay[] = (await admin({ method: 'GET', url: `/api/tours/${tour.id}/itinerary` })).json().data;
    expect(days.map((day) => [day.dayNumber, day.title])).toEqual([[1, 'Arrival'], [2, 'Glacier hike']]);
    expect(days[0].description).toBe('<p>Welcome</p>');
  });

  test('a day beyond the tour, or with another tour’s component, is 400', async () => {
    const tour = await draftTour({ durationDays: 2 });
    const other = await draftTour();
    const foreign = await addComponent(other.id);
    expectError(await admin({ method: 'PUT', url: `/api/tours/${tour.id}/itinerary/3`, payload: aDay() }), 400, 'VALIDATION');
    expectError(await admin({ method: 'PUT', url: `/api/tours/${tour.id}/itinerary/0`, payload: aDay() }), 400, 'VALIDATION');
    const response = await admin({ method: 'PUT', url: `/api/tours/${tour.id}/itinerary/1`, payload: aDay({ componentIds: [foreign.id] }) });
    expectError(response, 400, 'VALIDATION');
    expect(response.json().errors).toHaveProperty('componentIds');
  });

  test('reordering renumbers the days in the given order; anything but a permutation of the days is 400 and changes nothing', async () => {
    const tour = await draftTour({ durationDays: 4 });
    for (const [day, title] of [[1, 'One'], [2, 'Two'], [3, 'Three']] as const) await saveDay(tour.id, day, { title });
    const reordered = await admin({ method: 'POST', url: `/api/tours/${tour.id}/itinerary/order`, payload: { order: [3, 1, 2] } });
    expect(reordered.statusCode, reordered.body).toBe(200);
    expect(reordered.json().data.map((day: ItineraryDay) => `${day.dayNumber}:${day.title}`)).toEqual(['1:Three', '2:One', '3:Two']);
    for (const order of [[1, 2], [1, 2, 2], [1, 2, 4], [1, 2, 3, 4], [3, 2, 1, 1]]) {
      expectError(await admin({ method: 'POST', url: `/api/tours/${tour.id}/itinerary/order`, payload: { order } }), 400, 'VALIDATION');
    }
    expectError(await admin({ method: 'POST', url: `/api/tours/${tour.id}/itinerary/order`, payload: { order: [] } }), 400, 'VALIDATION');
    const days: ItineraryDay[] = (await admin({ method: 'GET', url: `/api/tours/${tour.id}/itinerary` })).json().data;
    expect(days.map((day) => `${day.dayNumber}:${day.title}`)).toEqual(['1:Three', '2:One', '3:Two']);
  });

  test('a day is removed; removing it again is 404', async () => {
    const tour = await draftTour({ durationDays: 2 });
    await saveDay(tour.id, 1);
    expect((await admin({ method: 'DELETE', url: `/api/tours/${tour.id}/itinerary/1` })).json()).toEqual({ dayNumber: 1 });
    expectError(await admin({ method: 'DELETE', url: `/api/tours/${tour.id}/itinerary/1` }), 404, 'NOT_FOUND');
  });
});

describe('permissions and the audit trail', () => {
  test('the starting roles exist: PRODUCT may change tours, SALES and FINANCE only read them', async () => {
    const roles = (await admin({ method: 'GET', url: '/api/admin/auth/role?pageSize=100' })).json().data as { name: string; system: boolean; permissions: string[] }[];
    const byName = Object.fromEntries(roles.map((role) => [role.name, role]));
    expect(byName.SALES).toMatchObject({ system: false });
    expect(byName.PRODUCT.permissions).toEqual(expect.arrayContaining(['tours.read', 'tours.create', 'tours.update', 'tours.delete', 'departures.create']));
    expect(byName.SALES.permissions).toEqual(expect.arrayContaining(['tours.read', 'bookings.create', 'payments.create', 'reports.read']));
    expect(byName.SALES.permissions).not.toContain('tours.update');
    expect(byName.FINANCE.permissions).not.toContain('bookings.create');

    const tour = await draftTour();
    const product = await createUser(t.app, adminToken, { email: 'product@example.test', roles: ['PRODUCT'] });
    const sales = await createUser(t.app, adminToken, { email: 'sales@example.test', roles: ['SALES'] });
    const staff = await createUser(t.app, adminToken, { email: 'staff@example.test', roles: ['STAFF'] });
    const asProduct = as(t.app, (await login(t.app, product)).accessToken);
    const asSales = as(t.app, (await login(t.app, sales)).accessToken);
    const asStaff = as(t.app, (await login(t.app, staff)).accessToken);

    expect((await asProduct({ method: 'POST', url: '/api/tours', payload: aTour() })).statusCode).toBe(201);
    expect((await asProduct({ method: 'PATCH', url: `/api/tours/${tour.id}`, payload: { title: 'Renamed' } })).statusCode).toBe(200);
    expect((await asSales({ method: 'GET', url: `/api/tours/${tour.id}` })).statusCode).toBe(200);
    expect((await asSales({ method: 'GET', url: `/api/tours/${tour.id}/itinerary` })).statusCode).toBe(200);
    for (const [method, url, payload] of [
      ['POST', '/api/tours', aTour()],
      ['PATCH', `/api/tours/${tour.id}`, { title: 'x' }],
      ['DELETE', `/api/tours/${tour.id}`],
      ['POST', `/api/tours/${tour.id}/components`, aComponent()],
      ['PUT', `/api/tours/${tour.id}/itinerary/1`, aDay()],
      ['POST', `/api/tours/${tour.id}/itinerary/order`, { order: [1] }],
    ] as const) {
      expectError(await asSales({ method, url, payload }), 403, 'FORBIDDEN');
    }
    expectError(await asStaff({ method: 'GET', url: '/api/tours' }), 403, 'FORBIDDEN');
    expectError(await t.app.inject({ method: 'GET', url: '/api/tours' }), 403, 'TOKEN_MISSING');
    expect((await admin({ method: 'GET', url: `/api/tours/${tour.id}` })).json().title).toBe('Renamed');
  });

  test('every change is in the audit log with its actor', async () => {
    const tour = await draftTour({ code: 'AUDITED-1' });
    const component = await addComponent(tour.id);
    await admin({ method: 'PATCH', url: `/api/tours/${tour.id}/components/${component.id}`, payload: { name: 'Renamed' } });
    await saveDay(tour.id, 1);
    await saveDay(tour.id, 2);
    await admin({ method: 'POST', url: `/api/tours/${tour.id}/itinerary/order`, payload: { order: [2, 1] } });
    await admin({ method: 'DELETE', url: `/api/tours/${tour.id}/itinerary/2` });
    await admin({ method: 'DELETE', url: `/api/tours/${tour.id}/components/${component.id}` });
    await admin({ method: 'PATCH', url: `/api/tours/${tour.id}`, payload: { title: 'New title', description: '<p>new</p>' } });
    await admin({ method: 'DELETE', url: `/api/tours/${tour.id}` });
    const entries = await auditOf(tour.id);
    expect(entries.map((entry) => entry.action).reverse()).toEqual([
      'tour.created',
      'tour.component_added',
      'tour.component_updated',
      'tour.day_saved',
      'tour.day_saved',
      'tour.itinerary_reordered',
      'tour.day_removed',
      'tour.component_removed',
      'tour.updated',
      'tour.deleted',
    ]);
    const updated = entries.find((entry) => entry.action === 'tour.updated')!;
    expect(updated).toMatchObject({ targetType: 'tour', actorEmail: t.admin.email, details: { code: 'AUDITED-1', title: 'New title', description: 'changed' } });
    expectError(await admin({ method: 'GET', url: `/api/tours/${tour.id}` }), 404, 'NOT_FOUND');
  });

  test('a refused change leaves no trace: no tour, no audit entry', async () => {
    const before = (await admin({ method: 'GET', url: '/api/admin/audit?pageSize=1' })).json().total;
    expectError(await admin({ method: 'POST', url: '/api/tours', payload: aTour({ timeZone: 'Nowhere/Town' }) }), 400, 'VALIDATION');
    expect((await admin({ method: 'GET', url: '/api/admin/audit?pageSize=1' })).json().total).toBe(before);
  });
});
