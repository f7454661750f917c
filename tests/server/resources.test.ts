/**
 * Resources and their assignments: guides, drivers and vehicles are added and changed (never
 * deleted), assigned to a departure's days, and never in two places at once: the database refuses
 * an assignment whose hours overlap another of the same resource, judged in each tour's own zone
 * (an Auckland and a Honolulu tour on the "same" date), across multi-day departures, and under
 * concurrency. A cancelled departure frees its resources; a moved one takes them along or is
 * refused. Runs on the embedded database and, with TEST_DATABASE_URL, on a PostgreSQL server.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Departure } from '../../src/shared/contract/departures.js';
import type { Assignment, CreatedAssignment, Resource, ScheduleEntry } from '../../src/shared/contract/resources.js';
import type { Tour } from '../../src/shared/contract/tours.js';
import { expectError } from '../helpers/assertions.js';
import { createDeparture, createTour, viaInject } from '../helpers/api-builders.js';
import { as, createTestApp, createUser, login, type TestApp } from '../helpers/test-app.js';

let t: TestApp;
let admin: ReturnType<typeof as>;
let auckland: Tour;
let honolulu: Tour;
let berlinFiveDays: Tour;
const run = Math.random().toString(36).slice(2, 8);

beforeAll(async () => {
  t = await createTestApp();
  admin = as(t.app, (await login(t.app, t.admin)).accessToken);
  const tour = (timeZone: string, durationDays: number) =>
    createTour(viaInject(admin), { status: 'published', timeZone, durationDays, bookingCutoffHours: 0, prices: { ADULT: 10_000, CHILD: null, INFANT: null } });
  auckland = await tour('Pacific/Auckland', 1);
  honolulu = await tour('Pacific/Honolulu', 1);
  berlinFiveDays = await tour('Europe/Berlin', 5);
});
afterAll(async () => t?.close());

const departure = (tour: Tour, startDate: string, startTime = '09:00', capacity = 20) => createDeparture(viaInject(admin), tour.id, { startDate, startTime, capacity });
async function resource(body: Record<string, unknown>): Promise<Resource> {
  const made = await admin({ method: 'POST', url: '/api/resources', payload: body });
  expect(made.statusCode, made.body).toBe(201);
  return made.json<Resource>();
}
const assign = (departureId: string, body: Record<string, unknown>) => admin({ method: 'POST', url: `/api/departures/${departureId}/assignments`, payload: body });

describe('resources', () => {
  it('are added, listed by kind and name, searched, changed and deactivated, never deleted', async () => {
    const guide = await resource({ kind: 'guide', name: `Anna Guide ${run}`, languages: ['de', 'EN-gb', 'es-mx'], phone: '+49 170 1234567', email: `anna.${run}@example.test` });
    expect(guide).toMatchObject({ kind: 'guide', languages: ['de', 'en-GB', 'es-MX'], seats: null, active: true, userId: null });
    const bus = await resource({ kind: 'vehicle', name: `Coach ${run}`, seats: 49 });
    expect(bus.seats).toBe(49);
    const list = (await admin({ method: 'GET', url: `/api/resources?q=${run}&sort=kind` })).json<{ data: Resource[]; total: number }>();
    expect(list.data.map((one) => one.name)).toEqual([`Anna Guide ${run}`, `Coach ${run}`]);
    expect(list.total).toBe(2);
    const vehicles = (await admin({ method: 'GET', url: `/api/resources?kind=vehicle&q=${run}` })).json<{ data: Resource[] }>();
    expect(vehicles.data.map((one) => one.id)).toEqual([bus.id]);
    const changed = await admin({ method: 'PATCH', url: `/api/resources/${guide.id}`, payload: { active: false, notes: 'On leave in March' } });
    expect(changed.json<Resource>()).toMatchObject({ active: false, notes: 'On leave in March' });
    expect((await admin({ method: 'GET', url: `/api/resources?active=false&q=${run}` })).json<{ data: Resource[] }>().data.map((one) => one.id)).toEqual([guide.id]);
    expect((await admin({ method: 'DELETE', url: `/api/resources/${guide.id}` })).statusCode).toBe(404);
  });

  it('refuse seats on anything but a vehicle, a vehicle without seats, and a user who is not one', async () => {
    expectError(await admin({ method: 'POST', url: '/api/resources', payload: { kind: 'vehicle', name: 'No seats' } }), 400, 'VALIDATION');
    expectError(await admin({ method: 'POST', url: '/api/resources', payload: { kind: 'guide', name: 'Seated', seats: 3 } }), 400, 'VALIDATION');
    expectError(await admin({ method: 'POST', url: '/api/resources', payload: { kind: 'guide', name: 'Ghost', userId: '00000000-0000-4000-8000-000000000000' } }), 400, 'VALIDATION');
    expectError(await admin({ method: 'POST', url: '/api/resources', payload: { kind: 'guide', name: 'Bad tongue', languages: ['not a tag'] } }), 400, 'VALIDATION');
    const car = await resource({ kind: 'vehicle', name: `Car ${run}`, seats: 4 });
    // Made a guide, it loses its seats; made a vehicle again, it needs them.
    expect((await admin({ method: 'PATCH', url: `/api/resources/${car.id}`, payload: { kind: 'other' } })).json<Resource>().seats).toBeNull();
    expectError(await admin({ method: 'PATCH', url: `/api/resources/${car.id}`, payload: { kind: 'vehicle' } }), 400, 'VALIDATION');
    const user = await createUser(t.app, (await login(t.app, t.admin)).accessToken, { email: `gina.${run}@example.test`, fullName: 'Gina Guide', roles: ['GUIDE'] });
    const gina = await resource({ kind: 'guide', name: 'Gina', userId: user.id });
    expect(gina).toMatchObject({ userId: user.id, userName: 'Gina Guide' });
  });

  it('need resources.read to be seen and resources.manage to be changed; GUIDE and SALES read, PRODUCT manages', async () => {
    const token = async (role: string) => {
      const email = `${role.toLowerCase()}.${run}@example.test`;
      await createUser(t.app, (await login(t.app, t.admin)).accessToken, { email, roles: [role] });
      return as(t.app, (await login(t.app, { email, password: 'a-long-enough-password' })).accessToken);
    };
    const staff = await token('STAFF');
    expectError(await staff({ method: 'GET', url: '/api/resources' }), 403, 'FORBIDDEN');
    for (const role of ['GUIDE', 'SALES']) {
      const reader = await token(role);
      expect((await reader({ method: 'GET', url: '/api/resources' })).statusCode).toBe(200);
      expectError(await reader({ method: 'POST', url: '/api/resources', payload: { kind: 'guide', name: 'Nope' } }), 403, 'FORBIDDEN');
    }
    const product = await token('PRODUCT');
    expect((await product({ method: 'POST', url: '/api/resources', payload: { kind: 'other', name: `Kayak set ${run}` } })).statusCode).toBe(201);
  });
});

describe('assignments', () => {
  it('cover the whole departure by default, or the days asked for, within the tour’s days', async () => {
    const trip = await departure(berlinFiveDays, '2031-05-04');
    const guide = await resource({ kind: 'guide', name: `Ben ${run}` });
    const made = await assign(trip.id, { resourceId: guide.id, role: 'Lead guide' });
    expect(made.statusCode, made.body).toBe(201);
    expect(made.json<CreatedAssignment>()).toMatchObject({ departureId: trip.id, resourceId: guide.id, resourceName: `Ben ${run}`, kind: 'guide', dayFrom: 1, dayTo: 5, role: 'Lead guide', endedAt: null, warnings: [] });
    expectError(await assign(trip.id, { resourceId: (await resource({ kind: 'driver', name: 'D' })).id, dayFrom: 2, dayTo: 6 }), 400, 'VALIDATION');
    expectError(await assign(trip.id, { resourceId: guide.id, dayFrom: 3, dayTo: 2 }), 400, 'VALIDATION');
    expectError(await assign('00000000-0000-4000-8000-000000000000', { resourceId: guide.id }), 404, 'NOT_FOUND');
    expectError(await assign(trip.id, { resourceId: '00000000-0000-4000-8000-000000000000' }), 404, 'NOT_FOUND');
    const listed = (await admin({ method: 'GET', url: `/api/departures/${trip.id}/assignments` })).json<{ data: Assignment[]; warnings: string[] }>();
    expect(listed.data.map((one) => one.resourceId)).toEqual([guide.id]);
    const inactive = await resource({ kind: 'guide', name: 'Away', active: false });
    expectError(await assign(trip.id, { resourceId: inactive.id }), 409, 'CONFLICT');
  });

  it('of one resource never overlap: a multi-day departure’s days, named in the answer, and free days around it', async () => {
    const guide = await resource({ kind: 'guide', name: `Clara ${run}` });
    const first = await departure(berlinFiveDays, '2031-06-01');
    expect((await assign(first.id, { resourceId: guide.id })).statusCode).toBe(201);
    // 1-5 June taken; a departure on 5 June overlaps on its day 1 only.
    const second = await departure(berlinFiveDays, '2031-06-05');
    const refused = await assign(second.id, { resourceId: guide.id });
    expectError(refused, 409, 'RESOURCE_CONFLICT');
    expect(refused.json<{ conflicts: unknown[] }>().conflicts).toEqual([{ departureId: first.id, tourTitle: berlinFiveDays.title, startDate: '2031-06-01' }]);
    // From its day 2 (6 June) the guide is free.
    expect((await assign(second.id, { resourceId: guide.id, dayFrom: 2 })).statusCode).toBe(201);
    // Twice on one departure is an overlap too.
    expectError(await assign(first.id, { resourceId: guide.id, dayFrom: 5 }), 409, 'RESOURCE_CONFLICT');
    const answer = await admin({ method: 'GET', url: `/api/resources/${guide.id}/schedule?from=2031-06-03&to=2031-06-30` });
    expect(answer.statusCode, answer.body).toBe(200);
    const schedule = answer.json<{ data: ScheduleEntry[] }>();
    expect(schedule.data.map((entry) => [entry.startDate, entry.fromDate, entry.toDate])).toEqual([
      ['2031-06-01', '2031-06-01', '2031-06-05'],
      ['2031-06-05', '2031-06-06', '2031-06-09'],
    ]);
    expect((await admin({ method: 'GET', url: `/api/resources/${guide.id}/schedule?from=2031-06-10&to=2031-06-30` })).json<{ data: unknown[] }>().data).toEqual([]);
    expectError(await admin({ method: 'GET', url: `/api/resources/${guide.id}/schedule?from=2031-06-10&to=2033-06-30` }), 400, 'VALIDATION');
  });

  it('are judged by the hours each tour’s local days cover: Auckland and Honolulu', async () => {
    // Auckland (UTC+12 in June) runs a day ahead of Honolulu (UTC−10): its 10 June is 9 June 12:00 to 10 June 12:00 UTC,
    // Honolulu's 9 June is 9 June 10:00 to 10 June 10:00 UTC, and Honolulu's 10 June starts at 10 June 10:00 UTC.
    const guide = await resource({ kind: 'guide', name: `Pacific ${run}` });
    const akl = await departure(auckland, '2031-06-10');
    expect((await assign(akl.id, { resourceId: guide.id })).statusCode).toBe(201);
    // The "same" date in Honolulu overlaps Auckland's 10 June for two hours.
    expectError(await assign((await departure(honolulu, '2031-06-10')).id, { resourceId: guide.id }), 409, 'RESOURCE_CONFLICT');
    // The day before in Honolulu overlaps Auckland's 10 June almost entirely, though the dates differ.
    expectError(await assign((await departure(honolulu, '2031-06-09')).id, { resourceId: guide.id }), 409, 'RESOURCE_CONFLICT');
    // Honolulu's 11 June starts after Auckland's 10 June ended.
    expect((await assign((await departure(honolulu, '2031-06-11')).id, { resourceId: guide.id })).statusCode).toBe(201);
  });

  it('warn when a vehicle has fewer seats than the departure’s seats taken', async () => {
    const trip = await departure(berlinFiveDays, '2031-07-01', '09:00', 30);
    for (let i = 0; i < 5; i++) {
      const booked = await admin({ method: 'POST', url: '/api/bookings', payload: { departureId: trip.id, status: 'confirmed', contact: { name: 'Ann', email: `ann.${run}@example.test` }, travellers: [{ category: 'ADULT', firstName: 'A', lastName: `L${i}` }] } });
      expect(booked.statusCode, booked.body).toBe(201);
    }
    const car = await resource({ kind: 'vehicle', name: `Small car ${run}`, seats: 4 });
    const made = await assign(trip.id, { resourceId: car.id });
    expect(made.statusCode).toBe(201);
    expect(made.json<CreatedAssignment>().warnings).toEqual(['VEHICLE_TOO_SMALL']);
    expect((await admin({ method: 'GET', url: `/api/departures/${trip.id}/assignments` })).json<{ warnings: string[] }>().warnings).toEqual(['VEHICLE_TOO_SMALL']);
  });

  it('end when the departure is cancelled (the resource is free again, the record stays)', async () => {
    const guide = await resource({ kind: 'guide', name: `Dora ${run}` });
    const trip = await departure(berlinFiveDays, '2031-08-01');
    expect((await assign(trip.id, { resourceId: guide.id })).statusCode).toBe(201);
    expect((await admin({ method: 'POST', url: `/api/departures/${trip.id}/cancel`, payload: { reason: 'Too few travellers' } })).statusCode).toBe(200);
    const ended = (await admin({ method: 'GET', url: `/api/departures/${trip.id}/assignments` })).json<{ data: Assignment[] }>().data;
    expect(ended).toHaveLength(1);
    expect(ended[0].endedAt).not.toBeNull();
    expectError(await assign(trip.id, { resourceId: guide.id }), 409, 'CONFLICT');
    expect((await assign((await departure(berlinFiveDays, '2031-08-02')).id, { resourceId: guide.id })).statusCode).toBe(201);
  });

  it('move with their departure, or the move is refused when the resource is busy on the new days', async () => {
    const guide = await resource({ kind: 'guide', name: `Emil ${run}` });
    const trip = await departure(berlinFiveDays, '2031-09-01');
    expect((await assign(trip.id, { resourceId: guide.id })).statusCode).toBe(201);
    const moved = await admin({ method: 'PATCH', url: `/api/departures/${trip.id}`, payload: { startDate: '2031-09-10' } });
    expect(moved.statusCode, moved.body).toBe(200);
    const schedule = (await admin({ method: 'GET', url: `/api/resources/${guide.id}/schedule?from=2031-09-01&to=2031-09-30` })).json<{ data: ScheduleEntry[] }>();
    expect(schedule.data.map((entry) => [entry.fromDate, entry.toDate])).toEqual([['2031-09-10', '2031-09-14']]);
    const other = await departure(berlinFiveDays, '2031-09-20');
    expect((await assign(other.id, { resourceId: guide.id })).statusCode).toBe(201);
    const refused = await admin({ method: 'PATCH', url: `/api/departures/${trip.id}`, payload: { startDate: '2031-09-18' } });
    expectError(refused, 409, 'RESOURCE_CONFLICT');
    expect((await admin({ method: 'GET', url: `/api/departures/${trip.id}` })).json<Departure>().startDate).toBe('2031-09-10');
  });

  it('are taken off a departure, and audited', async () => {
    const guide = await resource({ kind: 'guide', name: `Finn ${run}` });
    const trip = await departure(berlinFiveDays, '2031-10-01');
    const made = (await assign(trip.id, { resourceId: guide.id })).json<CreatedAssignment>();
    expect((await admin({ method: 'DELETE', url: `/api/departures/${trip.id}/assignments/${made.id}` })).statusCode).toBe(200);
    expectError(await admin({ method: 'DELETE', url: `/api/departures/${trip.id}/assignments/${made.id}` }), 404, 'NOT_FOUND');
    const log = (await admin({ method: 'GET', url: `/api/admin/audit?targetId=${guide.id}` })).json<{ data: { action: string }[] }>();
    expect(log.data.map((entry) => entry.action).sort()).toEqual(['assignment.created', 'assignment.deleted', 'resource.created']);
  });

  it('show on the departure, and the departures list finds the open ones without a guide or without a vehicle', async () => {
    const lonely = await createTour(viaInject(admin), { status: 'published', timeZone: 'Europe/Lisbon', durationDays: 1, bookingCutoffHours: 0, prices: { ADULT: 5_000, CHILD: null, INFANT: null } });
    const [guided, driven, neither, cancelled] = await Promise.all(['2031-12-01', '2031-12-02', '2031-12-03', '2031-12-04'].map((date) => departure(lonely, date)));
    const guide = await resource({ kind: 'guide', name: `Gus ${run}` });
    const van = await resource({ kind: 'vehicle', name: `Van ${run}`, seats: 8 });
    expect((await assign(guided.id, { resourceId: guide.id })).statusCode).toBe(201);
    expect((await assign(driven.id, { resourceId: van.id })).statusCode).toBe(201);
    expect((await admin({ method: 'POST', url: `/api/departures/${cancelled.id}/cancel`, payload: { reason: 'Storm' } })).statusCode).toBe(200);
    const shown = (await admin({ method: 'GET', url: `/api/departures/${guided.id}` })).json<Departure>();
    expect(shown.assignments?.map((one) => [one.resourceName, one.kind])).toEqual([[`Gus ${run}`, 'guide']]);
    const ids = async (query: string) => (await admin({ method: 'GET', url: `/api/departures?tourId=${lonely.id}&${query}` })).json<{ data: Departure[]; total: number }>();
    const noGuide = await ids('unassigned=guide');
    expect(noGuide.data.map((one) => one.id)).toEqual([driven.id, neither.id]);
    expect(noGuide.total).toBe(2);
    expect((await ids('unassigned=vehicle')).data.map((one) => one.id)).toEqual([guided.id, neither.id]);
    expect((await ids('')).data.find((one) => one.id === driven.id)?.assignments?.map((one) => one.kind)).toEqual(['vehicle']);
    expectError(await admin({ method: 'GET', url: '/api/departures?unassigned=boat' }), 400, 'VALIDATION');
  });

  it('flag the dashboard’s departures of the next 14 days that have no guide yet', async () => {
    const soon = (days: number) => new Date(t.clock.time + days * 86_400_000).toISOString().slice(0, 10);
    const lonely = await createTour(viaInject(admin), { status: 'published', timeZone: 'UTC', durationDays: 1, bookingCutoffHours: 0, prices: { ADULT: 5_000, CHILD: null, INFANT: null } });
    const [led, unled] = await Promise.all([soon(3), soon(4)].map((date) => departure(lonely, date, '10:00')));
    expect((await assign(led.id, { resourceId: (await resource({ kind: 'guide', name: `Dash ${run}` })).id })).statusCode).toBe(201);
    expect((await assign(unled.id, { resourceId: (await resource({ kind: 'vehicle', name: `Dash van ${run}`, seats: 9 })).id })).statusCode).toBe(201);
    const summary = (await admin({ method: 'GET', url: '/api/reports/summary' })).json<{ upcomingDepartures: { id: string; hasGuide: boolean }[] }>();
    const flags = Object.fromEntries(summary.upcomingDepartures.filter((row) => row.id === led.id || row.id === unled.id).map((row) => [row.id, row.hasGuide]));
    expect(flags).toEqual({ [led.id]: true, [unled.id]: false });
  });

  it('respect days off: recorded, listed, refused over an assignment, refusing an assignment or a move onto them by name, shown as busy in the picker, removed', async () => {
    const guide = await resource({ kind: 'guide', name: `Greta ${run}` });
    const other = await resource({ kind: 'guide', name: `Gustav ${run}` });
    const before = await departure(berlinFiveDays, '2032-03-01');
    expect((await assign(before.id, { resourceId: guide.id })).statusCode).toBe(201);

    const url = `/api/resources/${guide.id}/unavailability`;
    // Over the departure she is on: refused, naming it.
    const over = await admin({ method: 'POST', url, payload: { from: '2032-03-04', to: '2032-03-06', reason: 'Holiday' } });
    expectError(over, 409, 'RESOURCE_CONFLICT');
    expect(over.json().conflicts).toEqual([expect.objectContaining({ departureId: before.id, startDate: '2032-03-01' })]);
    expectError(await admin({ method: 'POST', url, payload: { from: '2032-03-12', to: '2032-03-10' } }), 400, 'VALIDATION');
    expectError(await admin({ method: 'POST', url, payload: { from: '2032-02-30', to: '2032-03-10' } }), 400, 'VALIDATION');
    expectError(await admin({ method: 'POST', url, payload: { from: '2032-01-01', to: '2033-06-01' } }), 400, 'VALIDATION');
    // Said in words, not by the fields' names.
    const backwards = await admin({ method: 'POST', url, payload: { from: '2032-03-12', to: '2032-03-10' } });
    expectError(backwards, 400, 'VALIDATION');
    expect(backwards.json()).toMatchObject({ message: 'The last day off is before the first.', errors: { to: 'must not be before the first day off' } });

    const made = await admin({ method: 'POST', url, payload: { from: '2032-03-10', to: '2032-03-12', reason: ' Holiday ' } });
    expect(made.statusCode, made.body).toBe(201);
    const off = made.json<{ id: string; from: string; to: string; reason: string }>();
    expect(off).toMatchObject({ from: '2032-03-10', to: '2032-03-12', reason: 'Holiday' });
    expect((await admin({ method: 'GET', url })).json<{ data: unknown[] }>().data).toEqual([expect.objectContaining({ id: off.id })]);
    expect((await admin({ method: 'GET', url: `${url}?from=2032-03-13` })).json<{ data: unknown[] }>().data).toEqual([]);

    // A five-day departure meeting one of the days off: refused, naming them; another guide is free.
    const during = await departure(berlinFiveDays, '2032-03-08');
    const refused = await assign(during.id, { resourceId: guide.id });
    expectError(refused, 409, 'RESOURCE_CONFLICT');
    expect(refused.json().message).toBe(`Days off on those days: Greta ${run}, 2032-03-10 to 2032-03-12 (Holiday).`);
    expect(refused.json().conflicts).toEqual([]);
    // Only its first two days, before the days off: fine.
    expect((await assign(during.id, { resourceId: guide.id, dayFrom: 1, dayTo: 2 })).statusCode).toBe(201);

    // The picker shows who is busy and with what.
    const picker = (await admin({ method: 'GET', url: `/api/resources?q=${run}&busyFor=${during.id}&pageSize=100` })).json<{ data: { id: string; busy: unknown[] }[] }>();
    expect(picker.data.find((one) => one.id === guide.id)!.busy).toEqual([{ kind: 'off', from: '2032-03-10', to: '2032-03-12', reason: 'Holiday' }]);
    expect(picker.data.find((one) => one.id === other.id)!.busy).toEqual([]);
    const third = await departure(berlinFiveDays, '2032-03-02');
    const busyOn = (await admin({ method: 'GET', url: `/api/resources?q=${run}&busyFor=${third.id}&pageSize=100` })).json<{ data: { id: string; busy: unknown[] }[] }>();
    expect(busyOn.data.find((one) => one.id === guide.id)!.busy).toEqual([{ kind: 'departure', departureId: before.id, tourTitle: berlinFiveDays.title, startDate: '2032-03-01' }]);

    // The departure she is on cannot be moved onto her days off either.
    const moved = await admin({ method: 'PATCH', url: `/api/departures/${before.id}`, payload: { startDate: '2032-03-11' } });
    expectError(moved, 409, 'RESOURCE_CONFLICT');

    // Removed (by another resource's path: 404), then she can be assigned.
    expectError(await admin({ method: 'DELETE', url: `/api/resources/${other.id}/unavailability/${off.id}` }), 404, 'NOT_FOUND');
    expect((await admin({ method: 'DELETE', url: `${url}/${off.id}` })).statusCode).toBe(200);
    const audit = (await admin({ method: 'GET', url: `/api/admin/audit?targetId=${guide.id}&action=resource.unavailability_added&action=resource.unavailability_removed` })).json<{ data: { action: string }[] }>();
    expect(audit.data.map((entry) => entry.action).sort()).toEqual(['resource.unavailability_added', 'resource.unavailability_removed']);
  });

  it('days off and an assignment on the same days at the same moment: one of them is refused', async () => {
    const guide = await resource({ kind: 'guide', name: `Hedda ${run}` });
    const trip = await departure(berlinFiveDays, '2032-04-01');
    const [assigned, dayOff] = await Promise.all([assign(trip.id, { resourceId: guide.id }), admin({ method: 'POST', url: `/api/resources/${guide.id}/unavailability`, payload: { from: '2032-04-03', to: '2032-04-03' } })]);
    expect([assigned.statusCode, dayOff.statusCode].sort()).toEqual([201, 409]);
  });

  it('of one guide to two overlapping departures at the same moment: exactly one is made', async () => {
    const guide = await resource({ kind: 'guide', name: `Race ${run}` });
    const trips = await Promise.all(['2031-11-01', '2031-11-03', '2031-11-04', '2031-11-05'].map((date) => departure(berlinFiveDays, date)));
    const answers = await Promise.all(trips.map((trip) => assign(trip.id, { resourceId: guide.id })));
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 409, 409, 409]);
    for (const answer of answers.filter((one) => one.statusCode === 409)) expectError(answer, 409, 'RESOURCE_CONFLICT');
  });

  it('stay apart by the resource’s lock alone where the database has no exclusion constraint (a server that may not create btree_gist)', async () => {
    await sql`alter table assignments drop constraint if exists assignments_one_place_at_a_time`.execute(t.database.handle.db);
    const guide = await resource({ kind: 'guide', name: `Lock ${run}` });
    const trips = await Promise.all(['2032-01-01', '2032-01-03', '2032-01-04', '2032-01-05'].map((date) => departure(berlinFiveDays, date)));
    const answers = await Promise.all(trips.map((trip) => assign(trip.id, { resourceId: guide.id })));
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 409, 409, 409]);
    const other = await departure(berlinFiveDays, '2032-01-20');
    expect((await assign(other.id, { resourceId: guide.id })).statusCode).toBe(201);
    const first = answers.find((answer) => answer.statusCode === 201)!.json<CreatedAssignment>();
    // Moving the first onto the other's days is refused by the same lock and look.
    expectError(await admin({ method: 'PATCH', url: `/api/departures/${first.departureId}`, payload: { startDate: '2032-01-18' } }), 409, 'RESOURCE_CONFLICT');
  });
});
