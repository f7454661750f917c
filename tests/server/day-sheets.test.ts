/**
 * Day sheets: a date's departures (a multi-day one on the day it has reached), their travellers by
 * category, single rooms, meals, resources and the components suppliers provide that day, counted
 * from held and confirmed bookings only; and the same sums as a recount from the bookings after a
 * random mix of bookings, cancellations and changes. Runs on the embedded database and, with
 * TEST_DATABASE_URL, on a PostgreSQL server.
 */
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GuideManifest } from '../../src/shared/contract/manifests.js';
import type { Booking } from '../../src/shared/contract/bookings.js';
import type { Departure } from '../../src/shared/contract/departures.js';
import type { DaySheet } from '../../src/shared/contract/operations.js';
import type { Resource } from '../../src/shared/contract/resources.js';
import type { Tour, TourComponent } from '../../src/shared/contract/tours.js';
import { expectError } from '../helpers/assertions.js';
import { createComponent, createDeparture, createTour, viaInject } from '../helpers/api-builders.js';
import { as, createTestApp, createUser, login, type TestApp } from '../helpers/test-app.js';

let t: TestApp;
let admin: ReturnType<typeof as>;
let tour: Tour;
let hotel: TourComponent;
let coach: TourComponent;
let kayak: TourComponent;

beforeAll(async () => {
  t = await createTestApp();
  admin = as(t.app, (await login(t.app, t.admin)).accessToken);
  tour = await createTour(viaInject(admin), { status: 'published', timeZone: 'Europe/Berlin', durationDays: 3, bookingCutoffHours: 0, prices: { ADULT: 10_000, CHILD: 6_000, INFANT: 0 } });
  hotel = await createComponent(viaInject(admin), tour.id, { kind: 'accommodation', name: 'Lakeside Lodge', supplier: 'Lodge GmbH', dayFrom: 1, dayTo: 2, inclusion: 'included', costMinor: 4_000, costBasis: 'per_night' });
  coach = await createComponent(viaInject(admin), tour.id, { kind: 'transport', name: 'Coach', supplier: 'Bus AG', dayFrom: 1, dayTo: 3, inclusion: 'included', costMinor: 50_000, costBasis: 'per_departure' });
  kayak = await createComponent(viaInject(admin), tour.id, { kind: 'activity', name: 'Kayak hour', supplier: 'Paddle & Co', dayFrom: 2, dayTo: 2, inclusion: 'optional', priceMinor: 2_000, costMinor: 800 });
  for (const [day, body] of [
    [1, { title: 'Arrival', overnight: 'Lakeside Lodge', meals: { breakfast: false, lunch: false, dinner: true } }],
    [2, { title: 'On the lake', overnight: 'Lakeside Lodge', meals: { breakfast: true, lunch: true, dinner: false } }],
  ] as const) {
    expect((await admin({ method: 'PUT', url: `/api/tours/${tour.id}/itinerary/${day}`, payload: body })).statusCode).toBe(200);
  }
});
afterAll(async () => t?.close());

const sheet = async (date: string) => {
  const answer = await admin({ method: 'GET', url: `/api/operations/day?date=${date}` });
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json<DaySheet>();
};
const traveller = (category: 'ADULT' | 'CHILD' | 'INFANT', name: string) => ({ category, firstName: name, lastName: 'Berg', ...(category !== 'ADULT' && { dateOfBirth: category === 'CHILD' ? '2020-01-01' : '2031-01-01' }) });
async function book(departure: Departure, body: Record<string, unknown>): Promise<Booking> {
  const made = await admin({ method: 'POST', url: '/api/bookings', payload: { departureId: departure.id, status: 'confirmed', contact: { name: 'Berg', email: 'berg@example.test' }, ...body } });
  expect(made.statusCode, made.body).toBe(201);
  return made.json<Booking>();
}

describe('a day sheet', () => {
  it('shows each departure on the day it has reached, with travellers, rooms, meals, resources and suppliers’ quantities', async () => {
    const trip = await createDeparture(viaInject(admin), tour.id, { startDate: '2032-05-10', startTime: '08:30', capacity: 30 });
    await book(trip, { travellers: [traveller('ADULT', 'Ann'), traveller('ADULT', 'Bo'), traveller('CHILD', 'Cy'), traveller('INFANT', 'Di')], singleRooms: 1, extras: [{ componentId: kayak.id, quantity: 2 }] });
    await book(trip, { status: 'held', travellers: [traveller('ADULT', 'Eve')], extras: [{ componentId: kayak.id, quantity: 1 }] });
    const cancelled = await book(trip, { travellers: [traveller('ADULT', 'Fay')], singleRooms: 1, extras: [{ componentId: kayak.id, quantity: 5 }] });
    expect((await admin({ method: 'POST', url: `/api/bookings/${cancelled.id}/cancel`, payload: { reason: 'Ill' } })).statusCode).toBe(200);
    const guide = (await admin({ method: 'POST', url: '/api/resources', payload: { kind: 'guide', name: 'Hanna' } })).json<Resource>();
    const boatman = (await admin({ method: 'POST', url: '/api/resources', payload: { kind: 'other', name: 'Boatman' } })).json<Resource>();
    expect((await admin({ method: 'POST', url: `/api/departures/${trip.id}/assignments`, payload: { resourceId: guide.id } })).statusCode).toBe(201);
    expect((await admin({ method: 'POST', url: `/api/departures/${trip.id}/assignments`, payload: { resourceId: boatman.id, dayFrom: 2, dayTo: 2 } })).statusCode).toBe(201);

    const first = (await sheet('2032-05-10')).departures.find((one) => one.departureId === trip.id)!;
    expect(first).toMatchObject({ dayNumber: 1, dayTitle: 'Arrival', overnight: 'Lakeside Lodge', travellers: { ADULT: 3, CHILD: 1, INFANT: 1 }, singleRooms: 1, meals: { breakfast: 0, lunch: 0, dinner: 4 } });
    expect(first.assignments!.map((one) => one.resourceName)).toEqual(['Hanna']);
    expect(first.components.map((one) => [one.name, one.supplier, one.quantity])).toEqual([
      ['Lakeside Lodge', 'Lodge GmbH', 4],
      ['Coach', 'Bus AG', 1],
    ]);
    const second = (await sheet('2032-05-11')).departures.find((one) => one.departureId === trip.id)!;
    expect(second).toMatchObject({ dayNumber: 2, dayTitle: 'On the lake', meals: { breakfast: 4, lunch: 4, dinner: 0 } });
    expect(second.assignments!.map((one) => one.resourceName).sort()).toEqual(['Boatman', 'Hanna']);
    expect(second.components.map((one) => [one.name, one.quantity])).toEqual([
      ['Lakeside Lodge', 4],
      ['Coach', 1],
      ['Kayak hour', 3],
    ]);
    // Day 3 has no itinerary entry: no title, no meals; only the coach runs.
    const third = (await sheet('2032-05-12')).departures.find((one) => one.departureId === trip.id)!;
    expect(third).toMatchObject({ dayNumber: 3, dayTitle: null, overnight: null, meals: { breakfast: 0, lunch: 0, dinner: 0 } });
    expect(third.components.map((one) => one.name)).toEqual(['Coach']);
    expect((await sheet('2032-05-13')).departures.find((one) => one.departureId === trip.id)).toBeUndefined();
    expect((await sheet('2032-05-09')).departures.find((one) => one.departureId === trip.id)).toBeUndefined();

    const csv = await admin({ method: 'GET', url: '/api/operations/day.csv?date=2032-05-11' });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    const lines = csv.body.replace(/^\uFEFF/, '').trim().split('\n');
    expect(lines[0]).toBe('date,start_time,tour_code,tour,day,day_title,overnight,adults,children,infants,single_rooms,breakfasts,lunches,dinners,resources,supplier,component,kind,inclusion,quantity');
    expect(lines.filter((line) => line.includes(tour.code)).map((line) => line.split(',').slice(-5).join(','))).toEqual([
      'Lodge GmbH,Lakeside Lodge,accommodation,included,4',
      'Bus AG,Coach,transport,included,1',
      'Paddle & Co,Kayak hour,activity,optional,3',
    ]);
    // One supplier's sheet: only its rows, its name (any case) in the file's name as letters and digits.
    const paddle = await admin({ method: 'GET', url: `/api/operations/day.csv?date=2032-05-11&supplier=${encodeURIComponent('paddle & co')}` });
    expect(paddle.statusCode).toBe(200);
    expect(paddle.headers['content-disposition']).toBe('attachment; filename="day-sheet-2032-05-11-paddle-co.csv"');
    const paddleLines = paddle.body.replace(/^\uFEFF/, '').trim().split('\n');
    expect(paddleLines[0]).toBe(lines[0]);
    expect(paddleLines.slice(1).map((line) => line.split(',').slice(-5).join(','))).toEqual(['Paddle & Co,Kayak hour,activity,optional,3']);
    const nobody = await admin({ method: 'GET', url: '/api/operations/day.csv?date=2032-05-11&supplier=Nobody' });
    expect(nobody.body.replace(/^\uFEFF/, '').trim().split('\n')).toHaveLength(1);
  });

  it('gives the guide a passenger list: parties by lead with phone, pick-up, notes for the guide, extras, check-in, meals by adults and children; as a PDF named after the tour and date', async () => {
    const trip = await createDeparture(viaInject(admin), tour.id, { startDate: '2032-06-07', startTime: '07:45', capacity: 30 });
    const family = await book(trip, {
      contact: { name: 'Ålund Berg', email: 'alund@example.test', phone: '+46 70 123 45 67' },
      pickup: 'Hotel Seeblick, 07:15',
      guideNotes: 'Cy is allergic to nuts',
      notes: 'Office only: paid by invoice',
      travellers: [traveller('ADULT', 'Ann'), traveller('CHILD', 'Cy'), traveller('INFANT', 'Di')],
      extras: [{ componentId: kayak.id, quantity: 2 }],
    });
    const solo = await book(trip, { status: 'held', contact: { name: 'Zed Solo', email: 'zed@example.test' }, travellers: [{ ...traveller('ADULT', 'Zed'), notes: 'Vegan' }] });
    // Check-in opens the day before: Ann is checked in on the morning of the departure.
    const saved = t.clock.time;
    t.clock.time = Date.parse('2032-06-07T05:00:00Z');
    const onTheDay = as(t.app, (await login(t.app, t.admin)).accessToken);
    const checkedIn = await onTheDay({ method: 'POST', url: `/api/bookings/${family.id}/check-in`, payload: { travellerIds: [family.travellers[0]!.id] } });
    expect(checkedIn.statusCode, checkedIn.body).toBe(200);
    t.clock.time = saved;

    const answer = await admin({ method: 'GET', url: `/api/departures/${trip.id}/manifest` });
    expect(answer.statusCode, answer.body).toBe(200);
    const manifest = answer.json<GuideManifest>();
    expect(manifest.departure).toMatchObject({ tourCode: tour.code, startDate: '2032-06-07', startTime: '07:45', endDate: '2032-06-09', timeZone: 'Europe/Berlin' });
    expect(manifest.travellers).toEqual({ ADULT: 2, CHILD: 1, INFANT: 1 });
    expect(manifest.checkedIn).toBe(1);
    expect(manifest.meals).toEqual([
      { day: 1, date: '2032-06-07', title: 'Arrival', breakfast: null, lunch: null, dinner: { adults: 2, children: 1 } },
      { day: 2, date: '2032-06-08', title: 'On the lake', breakfast: { adults: 2, children: 1 }, lunch: { adults: 2, children: 1 }, dinner: null },
      { day: 3, date: '2032-06-09', title: '', breakfast: null, lunch: null, dinner: null },
    ]);
    expect(manifest.parties.map((party) => party.reference)).toEqual([family.reference, solo.reference]);
    expect(manifest.parties[0]).toMatchObject({ leadName: 'Ålund Berg', leadPhone: '+46 70 123 45 67', pickup: 'Hotel Seeblick, 07:15', guideNotes: 'Cy is allergic to nuts', extras: [{ name: 'Kayak hour', quantity: 2 }], status: 'confirmed' });
    expect(manifest.parties[0]!.travellers.map((one) => [one.firstName, one.category, one.checkedInAt !== null])).toEqual([['Ann', 'ADULT', true], ['Cy', 'CHILD', false], ['Di', 'INFANT', false]]);
    expect(manifest.parties[1]).toMatchObject({ status: 'held', travellers: [expect.objectContaining({ firstName: 'Zed', notes: 'Vegan' })] });
    // The office's own notes and money stay off the guide's list.
    expect(answer.body).not.toContain('paid by invoice');
    expect(answer.body).not.toMatch(/Minor/);

    const pdf = await admin({ method: 'GET', url: `/api/departures/${trip.id}/manifest.pdf` });
    expect(pdf.statusCode, pdf.body.slice(0, 200)).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toBe(`attachment; filename="manifest-${tour.code.replace(/[^A-Za-z0-9]+/g, '-')}-2032-06-07.pdf"`);
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const csv = await admin({ method: 'GET', url: `/api/departures/${trip.id}/manifest.csv` });
    expect(csv.headers['content-disposition']).toBe(`attachment; filename="manifest-${tour.code.replace(/[^A-Za-z0-9]+/g, '-')}-2032-06-07.csv"`);

    // The day's lists: this departure (on its first day) among them, and all in one PDF.
    const day = (await admin({ method: 'GET', url: '/api/operations/manifests?date=2032-06-08' })).json<{ manifests: GuideManifest[] }>();
    expect(day.manifests.map((one) => one.departure.id)).toContain(trip.id);
    const dayPdf = await admin({ method: 'GET', url: '/api/operations/manifests.pdf?date=2032-06-08' });
    expect(dayPdf.statusCode).toBe(200);
    expect(dayPdf.headers['content-disposition']).toBe('attachment; filename="manifests-2032-06-08.pdf"');
    expect(dayPdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');

    // A day without departures gives a PDF that says so, naming the day.
    const emptyDay = await admin({ method: 'GET', url: '/api/operations/manifests.pdf?date=2032-07-15' });
    expect(emptyDay.statusCode).toBe(200);
    const page = await (await getDocument({ data: new Uint8Array(emptyDay.rawPayload), useSystemFonts: false, isEvalSupported: false }).promise).getPage(1);
    expect((await page.getTextContent()).items.map((item) => ('str' in item ? item.str : '')).join('')).toContain('No departures on Thursday, 15 July 2032.');
  });

  it('leaves out cancelled departures and lapsed holds, and refuses a date that is not one', async () => {
    const cancelledTrip = await createDeparture(viaInject(admin), tour.id, { startDate: '2032-06-01', capacity: 10 });
    expect((await admin({ method: 'POST', url: `/api/departures/${cancelledTrip.id}/cancel`, payload: { reason: 'Flood' } })).statusCode).toBe(200);
    expect((await sheet('2032-06-01')).departures.find((one) => one.departureId === cancelledTrip.id)).toBeUndefined();
    const trip = await createDeparture(viaInject(admin), tour.id, { startDate: '2032-06-02', capacity: 10 });
    await book(trip, { status: 'held', holdMinutes: 30, travellers: [traveller('ADULT', 'Gil')] });
    expect((await sheet('2032-06-02')).departures.find((one) => one.departureId === trip.id)?.travellers).toEqual({ ADULT: 1, CHILD: 0, INFANT: 0 });
    t.clock.advance(31 * 60_000);
    // The access token has lapsed with the hold: sign in again.
    admin = as(t.app, (await login(t.app, t.admin)).accessToken);
    expect((await sheet('2032-06-02')).departures.find((one) => one.departureId === trip.id)?.travellers).toEqual({ ADULT: 0, CHILD: 0, INFANT: 0 });
    expectError(await admin({ method: 'GET', url: '/api/operations/day?date=2032-02-30' }), 400, 'VALIDATION');
    expectError(await admin({ method: 'GET', url: '/api/operations/day' }), 400, 'VALIDATION');
  });

  it('names no guide or vehicle to a reader without resources.read (FINANCE), here or on the departure', async () => {
    const trip = await createDeparture(viaInject(admin), tour.id, { startDate: '2032-08-03', startTime: '07:00', capacity: 10 });
    const guide = (await admin({ method: 'POST', url: '/api/resources', payload: { kind: 'guide', name: 'Secret Guide' } })).json<Resource>();
    expect((await admin({ method: 'POST', url: `/api/departures/${trip.id}/assignments`, payload: { resourceId: guide.id } })).statusCode).toBe(201);
    const email = `finance.${Math.random().toString(36).slice(2, 8)}@example.test`;
    await createUser(t.app, (await login(t.app, t.admin)).accessToken, { email, roles: ['FINANCE'] });
    const finance = as(t.app, (await login(t.app, { email, password: 'a-long-enough-password' })).accessToken);
    expectError(await finance({ method: 'GET', url: `/api/departures/${trip.id}/assignments` }), 403, 'FORBIDDEN');
    // Nor by asking which departures lack a guide.
    expectError(await finance({ method: 'GET', url: '/api/departures?unassigned=guide' }), 403, 'FORBIDDEN');
    const reads = [
      await finance({ method: 'GET', url: '/api/operations/day?date=2032-08-03' }),
      await finance({ method: 'GET', url: '/api/operations/day.csv?date=2032-08-03' }),
      await finance({ method: 'GET', url: `/api/departures/${trip.id}` }),
      await finance({ method: 'GET', url: `/api/departures?tourId=${tour.id}&perPage=100` }),
    ];
    for (const read of reads) {
      expect(read.statusCode, read.body).toBe(200);
      expect(read.body).not.toContain('Secret Guide');
      expect(read.body).not.toContain(guide.id);
    }
    const [sheetRead, csvRead, one] = reads;
    expect(sheetRead!.json<DaySheet>().departures.find((departure) => departure.departureId === trip.id)).not.toHaveProperty('assignments');
    expect(csvRead!.body.replace(/^\uFEFF/, '').split('\n')[0]).not.toContain('resources');
    expect(one!.json()).not.toHaveProperty('assignments');
    // The administrator still reads them.
    expect((await admin({ method: 'GET', url: `/api/departures/${trip.id}` })).body).toContain('Secret Guide');
    expect((await admin({ method: 'GET', url: '/api/operations/day.csv?date=2032-08-03' })).body).toContain('Secret Guide');
  });

  it('needs departures.read', async () => {
    const email = `nobody.${Math.random().toString(36).slice(2, 8)}@example.test`;
    await createUser(t.app, (await login(t.app, t.admin)).accessToken, { email, roles: ['STAFF'] });
    const staff = as(t.app, (await login(t.app, { email, password: 'a-long-enough-password' })).accessToken);
    expectError(await staff({ method: 'GET', url: '/api/operations/day?date=2032-05-10' }), 403, 'FORBIDDEN');
    expectError(await staff({ method: 'GET', url: '/api/operations/day.csv?date=2032-05-10' }), 403, 'FORBIDDEN');
  });

  it('sums what a recount of the bookings gives, after a random mix of bookings, cancellations and changes', async () => {
    // A seeded generator: a failure repeats.
    let seed = 20321;
    const random = () => ((seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31);
    const pick = <T,>(items: readonly T[]) => items[Math.floor(random() * items.length)]!;
    const trips = await Promise.all(['2032-07-01', '2032-07-02'].map((date) => createDeparture(viaInject(admin), tour.id, { startDate: date, capacity: 200 })));
    const made: Booking[] = [];
    for (let i = 0; i < 40; i++) {
      const action = made.length < 5 ? 'book' : pick(['book', 'book', 'cancel', 'change', 'move'] as const);
      if (action === 'book') {
        const people = Array.from({ length: 1 + Math.floor(random() * 4) }, (_, n) => traveller(n === 0 ? 'ADULT' : pick(['ADULT', 'CHILD', 'INFANT'] as const), `P${i}${n}`));
        const adults = people.filter((one) => one.category === 'ADULT').length;
        made.push(await book(pick(trips), { status: pick(['held', 'confirmed'] as const), travellers: people, singleRooms: Math.floor(random() * (adults + 1)), extras: random() < 0.5 ? [{ componentId: kayak.id, quantity: 1 + Math.floor(random() * 3) }] : [] }));
      } else {
        const booking = pick(made);
        const current = (await admin({ method: 'GET', url: `/api/bookings/${booking.id}` })).json<Booking>();
        if (current.status === 'cancelled') continue;
        if (action === 'cancel') expect((await admin({ method: 'POST', url: `/api/bookings/${booking.id}/cancel`, payload: { reason: 'Mix' } })).statusCode).toBe(200);
        if (action === 'move') expect((await admin({ method: 'POST', url: `/api/bookings/${booking.id}/change`, payload: { departureId: trips.find((one) => one.id !== current.departureId)!.id } })).statusCode).toBe(200);
        if (action === 'change') {
          const travellers = [...current.travellers.map((one) => ({ id: one.id, category: one.category })), traveller(pick(['ADULT', 'CHILD', 'INFANT'] as const), `Q${i}`)];
          expect((await admin({ method: 'POST', url: `/api/bookings/${booking.id}/change`, payload: { travellers } })).statusCode).toBe(200);
        }
      }
    }
    for (const trip of trips) {
      const bookings = (await admin({ method: 'GET', url: `/api/bookings?departureId=${trip.id}&pageSize=100` })).json<{ data: Booking[] }>().data;
      const active = await Promise.all(
        bookings.filter((one) => one.status === 'held' || one.status === 'confirmed').map(async (one) => (await admin({ method: 'GET', url: `/api/bookings/${one.id}` })).json<Booking>()),
      );
      const count = (category: string) => active.reduce((sum, one) => sum + one.travellers.filter((person) => person.category === category).length, 0);
      const seated = count('ADULT') + count('CHILD');
      const day2 = (await sheet(trip.startDate === '2032-07-01' ? '2032-07-02' : '2032-07-03')).departures.find((one) => one.departureId === trip.id)!;
      expect(day2.dayNumber).toBe(2);
      expect(day2.travellers).toEqual({ ADULT: count('ADULT'), CHILD: count('CHILD'), INFANT: count('INFANT') });
      expect(day2.singleRooms).toBe(active.reduce((sum, one) => sum + one.singleRooms, 0));
      expect(day2.meals).toEqual({ breakfast: seated, lunch: seated, dinner: 0 });
      const kayaks = active.reduce((sum, one) => sum + one.extras.filter((extra) => extra.componentId === kayak.id).reduce((n, extra) => n + extra.quantity, 0), 0);
      expect(day2.components.map((one) => [one.componentId, one.quantity])).toEqual([
        [hotel.id, seated],
        [coach.id, 1],
        [kayak.id, kayaks],
      ]);
    }
  });
});
