/**
 * Each booking keeps the day its balance is due (its tour's balance_due_days before the departure's
 * local start date, or the day it was booked in the tour's zone when that is later), so that the
 * bookings list's "overdue" filter and the dashboard's overdue money read an index of the active
 * bookings that owe money by that day, however many bookings there are. The database keeps it: a
 * row trigger sets it whenever a booking is written or moved, and a tour's change of its terms or
 * zone sets it again on that tour's bookings (what they show follows the tour's terms as they are).
 */
import { sql, type Kysely } from 'kysely';

const DUE = (booking: string) =>
  sql.raw(`greatest(${booking}.start_date - t.balance_due_days, (${booking}.created_at at time zone t.time_zone)::date)`);

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table bookings add column balance_due_date date`.execute(db);
  await sql`update bookings b set balance_due_date = ${DUE('b')} from tours t where t.id = b.tour_id`.execute(db);
  await sql`alter table bookings alter column balance_due_date set not null`.execute(db);
  await sql`
    create function booking_balance_due_date() returns trigger language plpgsql as $$
    begin
      select ${DUE('new')} into new.balance_due_date from tours t where t.id = new.tour_id;
      return new;
    end $$`.execute(db);
  await sql`create trigger bookings_balance_due_date before insert or update of start_date, tour_id, created_at on bookings for each row execute function booking_balance_due_date()`.execute(db);
  await sql`
    create function tour_balance_due_dates() returns trigger language plpgsql as $$
    begin
      update bookings b set balance_due_date = ${DUE('b')} from tours t where t.id = new.id and b.tour_id = new.id;
      return null;
    end $$`.execute(db);
  await sql`
    create trigger tours_balance_due_dates after update of balance_due_days, time_zone on tours for each row
    when (old.balance_due_days is distinct from new.balance_due_days or old.time_zone is distinct from new.time_zone)
    execute function tour_balance_due_dates()`.execute(db);
  // The active bookings that owe money, by the day it is due: the overdue ones are a range of it.
  await sql`create index bookings_overdue_idx on bookings (balance_due_date) where balance_minor > 0 and status in ('held', 'confirmed', 'waitlisted')`.execute(db);
}
