/**
 * The retention period (TRAVELLER_RETENTION_MONTHS): the travellers of a departure that ended that
 * many months ago are forgotten (names, birth dates, notes, and the audit log's recorded values of
 * their bookings' changes); the booking, its contact, money and the reports stay as they were, and
 * a departure not yet that long over is untouched. Runs on the embedded database and, with
 * TEST_DATABASE_URL, on a PostgreSQL server.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Booking } from '../../src/shared/contract/bookings.js';
import { createDeparture, createTour, viaInject } from '../helpers/api-builders.js';
import { as, createTestApp, login, type TestApp } from '../helpers/test-app.js';

let t: TestApp;
let staff: ReturnType<typeof as>;
const DAY = 86_400_000;

beforeAll(async () => {
  t = await createTestApp({ env: { TRAVELLER_RETENTION_MONTHS: '6' } });
  staff = as(t.app, (await login(t.app, t.admin)).accessToken);
});
afterAll(async () => t?.close());

async function book(departureId: string, lastName: string): Promise<Booking> {
  const made = await staff({
    method: 'POST',
    url: '/api/bookings',
    payload: {
      departureId,
      status: 'confirmed',
      contact: { name: `Lead ${lastName}`, email: `${lastName.toLowerCase()}@example.test` },
      travellers: [
        { category: 'ADULT', firstName: 'Runa', lastName, dateOfBirth: '1980-02-03', notes: 'vegetarian' },
        { category: 'CHILD', firstName: 'Odd', lastName, dateOfBirth: '2016-07-08' },
      ],
    },
  });
  expect(made.statusCode, made.body).toBe(201);
  return made.json<Booking>();
}
const bookingOf = async (id: string) => (await staff({ method: 'GET', url: `/api/bookings/${id}` })).json<Booking>();
const summary = async () => (await staff({ method: 'GET', url: '/api/reports/summary' })).json<unknown>();

describe('the retention period', () => {
  it('forgets the travellers of departures that ended six months ago, and nothing else', async () => {
    const short = await createTour(viaInject(staff), { status: 'published', durationDays: 3, bookingCutoffHours: 0, prices: { ADULT: 10_000, CHILD: 5_000, INFANT: null } });
    const long = await createTour(viaInject(staff), { status: 'published', durationDays: 30, bookingCutoffHours: 0, prices: { ADULT: 10_000, CHILD: 5_000, INFANT: null } });
    const date = new Date(t.clock.time + 10 * DAY).toISOString().slice(0, 10);
    const ended = await createDeparture(viaInject(staff), short.id, { startDate: date, capacity: 10 });
    const stillRecent = await createDeparture(viaInject(staff), long.id, { startDate: date, capacity: 10 });
    const forgotten = await book(ended.id, 'Solberg');
    const kept = await book(stillRecent.id, 'Nygaard');
    // A change the audit log records with its values.
    expect((await staff({ method: 'PATCH', url: `/api/bookings/${forgotten.id}`, payload: { notes: 'Runa Solberg asked for a window seat' } })).statusCode).toBe(200);

    // Nothing is due yet.
    expect(await t.app.flows.forgetPastTravellers(6)).toEqual({ departures: 0, bookings: 0 });
    // Six months and a day after the short tour ended: the long one ended 27 days later.
    t.clock.advance((10 + 3) * DAY);
    const sixMonthsLater = new Date(t.clock.time);
    sixMonthsLater.setUTCMonth(sixMonthsLater.getUTCMonth() + 6);
    t.clock.time = sixMonthsLater.getTime() + DAY;
    staff = as(t.app, (await login(t.app, t.admin)).accessToken);
    const before = await summary();

    expect(await t.app.flows.forgetPastTravellers(6)).toEqual({ departures: 1, bookings: 1 });
    const after = await bookingOf(forgotten.id);
    expect(after.travellers.map((traveller) => [traveller.firstName, traveller.lastName, traveller.dateOfBirth, traveller.notes])).toEqual([
      ['Erased', 'traveller', null, ''],
      ['Erased', 'traveller', null, ''],
    ]);
    // The booking, its contact (the customer) and money stay; so do the reports.
    expect(after).toMatchObject({ reference: forgotten.reference, status: 'confirmed', totalMinor: forgotten.totalMinor, contact: { name: 'Lead Solberg' } });
    expect(await summary()).toEqual(before);
    // The audit log kept that the booking changed, not what it said.
    const db = t.database.handle.db;
    const audit = await sql<{ details: string }>`select details::text as details from audit_log where target_id = ${forgotten.id}`.execute(db);
    expect(audit.rows.map((row) => row.details).join(' ')).not.toContain('window seat');
    const travellers = await sql<{ n: string }>`select count(*) as n from booking_travellers where last_name = 'Solberg' or notes = 'vegetarian' and booking_id = ${forgotten.id}`.execute(db);
    expect(Number(travellers.rows[0]!.n)).toBe(0);
    // The long tour's travellers stay, until its own six months are over.
    expect((await bookingOf(kept.id)).travellers.map((traveller) => traveller.lastName)).toEqual(['Nygaard', 'Nygaard']);
    expect(await t.app.flows.forgetPastTravellers(6)).toEqual({ departures: 0, bookings: 0 });
    t.clock.advance(28 * DAY);
    staff = as(t.app, (await login(t.app, t.admin)).accessToken);
    expect(await t.app.flows.forgetPastTravellers(6)).toEqual({ departures: 1, bookings: 1 });
    expect((await bookingOf(kept.id)).travellers.map((traveller) => traveller.lastName)).toEqual(['traveller', 'traveller']);
    const entries = await sql<{ action: string; actor_label: string }>`select action, actor_label from audit_log where target_id in (${ended.id}, ${stillRecent.id}) and action = 'travellers.forgotten'`.execute(db);
    expect(entries.rows).toEqual([
      { action: 'travellers.forgotten', actor_label: 'Retention (6 months)' },
      { action: 'travellers.forgotten', actor_label: 'Retention (6 months)' },
    ]);
  });

  it('reads only the departures still to forget (an index of them, oldest first)', async () => {
    const db = t.database.handle.db;
    await sql`analyze departures`.execute(db);
    await sql`set enable_seqscan = off`.execute(db);
    try {
      const plan = await sql<{ 'QUERY PLAN': string }>`
        explain select d.id from departures d where d.travellers_forgotten_at is null and d.starts_at < now() order by d.starts_at, d.id limit 50`.execute(db);
      expect(plan.rows.map((row) => row['QUERY PLAN']).join('\n')).toContain('departures_to_forget_idx');
    } finally {
      await sql`reset enable_seqscan`.execute(db);
    }
  });
});
