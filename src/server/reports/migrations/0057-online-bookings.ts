/**
 * Bookings sold in the operator's own shop, kept per day they were made (in the business's time
 * zone): `report_online_days`, for the dashboard's "of which online". A cart counts once it is
 * confirmed (paid, or booked to pay later); a cart still held, lapsed or given up does not, unlike
 * the office's held bookings, since most carts are looked at and left. Kept by its own trigger
 * (statement-level, reading only rows sold online), and recounted with the other totals when the
 * business's time zone changes (report_rebuild, as 0051 wrote it, plus this table).
 */
import { sql, type Kysely } from 'kysely';
import { bookingTotalsSql, paymentTotalsSql } from './0011-reports.js';

/** The statement adding `changes` (bookings with a `sign` column) to the kept online counts; `tz` the business's zone. */
export function onlineTotalsSql(changes: string, tz: string): string {
  return `
    insert into report_online_days (day, bookings)
    select (created_at at time zone ${tz})::date, sum(sign) from ${changes} c
    where channel = 'online' and status = 'confirmed'
    group by 1 having sum(sign) <> 0 order by 1
    on conflict (day) do update set bookings = report_online_days.bookings + excluded.bookings;`;
}

export async function up(db: Kysely<unknown>): Promise<void> {
  const zone = 'tz';
  await sql`create table report_online_days (day date primary key, bookings bigint not null)`.execute(db);
  await sql`
    create function report_online_bookings() returns trigger language plpgsql as $$
    declare
      tz text := (select time_zone from report_settings);
    begin
      if TG_OP = 'INSERT' then
        ${sql.raw(onlineTotalsSql('(select created_at, channel, status, 1 as sign from inserted)', zone))}
      elsif TG_OP = 'DELETE' then
        ${sql.raw(onlineTotalsSql('(select created_at, channel, status, -1 as sign from deleted)', zone))}
      else
        if not exists (select 1 from inserted n join deleted o on o.id = n.id where n.channel = 'online' and (n.status <> o.status or n.created_at <> o.created_at)) then
          return null;
        end if;
        ${sql.raw(onlineTotalsSql('(select created_at, channel, status, 1 as sign from inserted union all select created_at, channel, status, -1 from deleted)', zone))}
      end if;
      return null;
    end $$`.execute(db);
  await sql`create trigger bookings_online_insert after insert on bookings referencing new table as inserted for each statement execute function report_online_bookings()`.execute(db);
  await sql`create trigger bookings_online_delete after delete on bookings referencing old table as deleted for each statement execute function report_online_bookings()`.execute(db);
  await sql`create trigger bookings_online_update after update on bookings referencing old table as deleted new table as inserted for each statement execute function report_online_bookings()`.execute(db);
  await sql`
    create or replace function report_rebuild(zone text) returns void language plpgsql as $$
    declare
      tz text := zone;
    begin
      lock table bookings, payments in share mode;
      update report_settings set time_zone = zone;
      delete from report_days;
      delete from report_months;
      delete from report_collected;
      delete from report_balances;
      delete from report_online_days;
      ${sql.raw(bookingTotalsSql('(select *, 1 as sign from bookings where not test_mode)', zone))}
      ${sql.raw(paymentTotalsSql('payments', zone))}
      ${sql.raw(onlineTotalsSql('(select created_at, channel, status, 1 as sign from bookings)', zone))}
    end $$`.execute(db);
  // The shop's bookings there are now, counted once (the table is locked against changes meanwhile).
  await sql`lock table bookings in share mode`.execute(db);
  await sql`
    insert into report_online_days (day, bookings)
    select (created_at at time zone (select time_zone from report_settings))::date, count(*) from bookings
    where channel = 'online' and status = 'confirmed' group by 1`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const event of ['insert', 'delete', 'update']) await sql.raw(`drop trigger if exists bookings_online_${event} on bookings`).execute(db);
  await sql`drop function if exists report_online_bookings()`.execute(db);
  await sql`drop table if exists report_online_days`.execute(db);
}
