/**
 * The totals the dashboard and the reports read, kept by the
 * database in the same transaction as every change of a booking or a payment, so a report reads a
 * few dozen rows at a million bookings as at a thousand:
 *
 * - `report_days`: per day the bookings were made (in the business's time zone) and currency, the
 *   bookings that are not cancelled or expired, their travellers and their totals;
 * - `report_months`: the same per month, by the month the booking was made (`basis` 'booking') and
 *   by the month it departs ('departure');
 * - `report_collected`: per day received and currency, payments less refunds;
 * - `report_balances`: per currency, the positive balances of active bookings (outstanding) and
 *   what cancelled and expired bookings still owe their customers (refund due).
 *
 * Statement-level triggers with transition tables add each changed row's contribution and take
 * away its contribution before the change (one function of static SQL per table, as
 * count_bookings in 0010); a change that moves nothing (notes, a name) writes nothing. Every
 * trigger writes its tables in the same order, each statement's rows in key order, so two
 * transactions never wait on each other in a circle.
 *
 * The business's time zone is kept in `report_settings`; when BUSINESS_TIME_ZONE changes, the
 * server recounts every total once at start (`report_rebuild`, reports/totals.ts).
 */
import { sql, type Kysely, type RawBuilder } from 'kysely';

/** A booking counts in bookings, travellers and booked while it is held, confirmed or waitlisted. */
const ACTIVE = `status in ('held', 'confirmed', 'waitlisted')`;

/**
 * The statements that add `changes` (rows of bookings with a `sign` column: +1 for a row as it is
 * now, -1 for a row as it was) to the kept totals. `tz` is the business's time zone.
 */
export function bookingTotalsSql(changes: string, tz: string): string {
  const day = (column: string) => `(${column} at time zone ${tz})::date`;
  const month = (column: string) => `date_trunc('month', ${column} at time zone ${tz})::date`;
  const sums = `sum(sign) as bookings, sum(sign * travellers) as travellers, sum(sign * total_minor) as booked_minor`;
  const moved = `having sum(sign) <> 0 or sum(sign * travellers) <> 0 or sum(sign * total_minor) <> 0`;
  const add = (table: string) =>
    `do update set bookings = ${table}.bookings + excluded.bookings, travellers = ${table}.travellers + excluded.travellers, booked_minor = ${table}.booked_minor + excluded.booked_minor`;
  return `
    insert into report_days (day, currency, bookings, travellers, booked_minor)
    select ${day('created_at')}, currency, ${sums} from ${changes} c where ${ACTIVE}
    group by 1, 2 ${moved} order by 1, 2
    on conflict (day, currency) ${add('report_days')};
    insert into report_months (basis, month, currency, bookings, travellers, booked_minor)
    select basis, month, currency, sum(bookings), sum(travellers), sum(booked_minor) from (
      select 'booking' as basis, ${month('created_at')} as month, currency, ${sums} from ${changes} c where ${ACTIVE} group by 2, 3
      union all
      select 'departure', ${month('starts_at')}, currency, ${sums} from ${changes} c where ${ACTIVE} group by 2, 3
    ) m group by 1, 2, 3 having sum(bookings) <> 0 or sum(travellers) <> 0 or sum(booked_minor) <> 0 order by 1, 2, 3
    on conflict (basis, month, currency) ${add('report_months')};
    insert into report_balances (currency, outstanding_minor, refund_due_minor)
    select currency,
           sum(sign * case when ${ACTIVE} and balance_minor > 0 then balance_minor else 0 end),
           sum(sign * case when not (${ACTIVE}) and balance_minor < 0 then -balance_minor else 0 end)
    from ${changes} c group by 1
    having sum(sign * case when ${ACTIVE} and balance_minor > 0 then balance_minor else 0 end) <> 0
        or sum(sign * case when not (${ACTIVE}) and balance_minor < 0 then -balance_minor else 0 end) <> 0
    order by 1
    on conflict (currency) do update set outstanding_minor = report_balances.outstanding_minor + excluded.outstanding_minor,
                                         refund_due_minor = report_balances.refund_due_minor + excluded.refund_due_minor;`;
}

/** The statement that adds `payments` (rows of payments) to the money collected per day. */
export function paymentTotalsSql(payments: string, tz: string): string {
  return `
    insert into report_collected (day, currency, collected_minor)
    select (received_at at time zone ${tz})::date, currency, sum(case when kind = 'refund' then -amount_minor else amount_minor end)
    from ${payments} p group by 1, 2 order by 1, 2
    on conflict (day, currency) do update set collected_minor = report_collected.collected_minor + excluded.collected_minor;`;
}

const raw = (text: string): RawBuilder<unknown> => sql.raw(text);

export async function up(db: Kysely<unknown>): Promise<void> {
  // Travellers of a booking (infants too), kept on its row so the totals need no join.
  await sql`alter table bookings add column travellers integer not null default 0 check (travellers >= 0)`.execute(db);
  await sql`update bookings b set travellers = (select count(*) from booking_travellers t where t.booking_id = b.id)`.execute(db);
  await sql`alter table bookings alter column travellers drop default`.execute(db);

  await sql`create table report_settings (id boolean primary key default true check (id), time_zone text not null)`.execute(db);
  await sql`insert into report_settings (time_zone) values ('UTC')`.execute(db);
  await sql`
    create table report_days (
      day date not null, currency char(3) not null,
      bookings bigint not null, travellers bigint not null, booked_minor bigint not null,
      primary key (day, currency))`.execute(db);
  await sql`
    create table report_months (
      basis text not null check (basis in ('booking', 'departure')), month date not null, currency char(3) not null,
      bookings bigint not null, travellers bigint not null, booked_minor bigint not null,
      primary key (basis, month, currency))`.execute(db);
  await sql`
    create table report_collected (
      day date not null, currency char(3) not null, collected_minor bigint not null,
      primary key (day, currency))`.execute(db);
  await sql`
    create table report_balances (
      currency char(3) primary key, outstanding_minor bigint not null, refund_due_minor bigint not null)`.execute(db);

  const zone = 'tz';
  await sql`
    create function report_bookings() returns trigger language plpgsql as $$
    declare
      tz text := (select time_zone from report_settings);
    begin
      if TG_OP = 'INSERT' then
        ${raw(bookingTotalsSql('(select *, 1 as sign from inserted)', zone))}
      elsif TG_OP = 'DELETE' then
        ${raw(bookingTotalsSql('(select *, -1 as sign from deleted)', zone))}
      else
        ${raw(bookingTotalsSql('(select *, 1 as sign from inserted union all select *, -1 from deleted)', zone))}
      end if;
      return null;
    end $$`.execute(db);
  await sql`
    create function report_payments() returns trigger language plpgsql as $$
    declare
      tz text := (select time_zone from report_settings);
    begin
      ${raw(paymentTotalsSql('inserted', zone))}
      return null;
    end $$`.execute(db);
  // Recounts every total from the bookings and payments (a change of the business's time zone).
  await sql`
    create function report_rebuild(zone text) returns void language plpgsql as $$
    declare
      tz text := zone;
    begin
      lock table bookings, payments in share mode;
      update report_settings set time_zone = zone;
      delete from report_days;
      delete from report_months;
      delete from report_collected;
      delete from report_balances;
      ${raw(bookingTotalsSql('(select *, 1 as sign from bookings)', zone))}
      ${raw(paymentTotalsSql('payments', zone))}
    end $$`.execute(db);

  // Named after bookings_counted_* so they fire after them (triggers fire in name order).
  await sql`create trigger bookings_reported_insert after insert on bookings referencing new table as inserted for each statement execute function report_bookings()`.execute(db);
  await sql`create trigger bookings_reported_delete after delete on bookings referencing old table as deleted for each statement execute function report_bookings()`.execute(db);
  await sql`create trigger bookings_reported_update after update on bookings referencing old table as deleted new table as inserted for each statement execute function report_bookings()`.execute(db);
  await sql`create trigger payments_reported_insert after insert on payments referencing new table as inserted for each statement execute function report_payments()`.execute(db);
  await sql`select report_rebuild('UTC')`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const trigger of ['bookings_reported_insert on bookings', 'bookings_reported_delete on bookings', 'bookings_reported_update on bookings', 'payments_reported_insert on payments']) {
    await sql.raw(`drop trigger if exists ${trigger}`).execute(db);
  }
  for (const fn of ['report_bookings()', 'report_payments()', 'report_rebuild(text)']) await sql.raw(`drop function if exists ${fn}`).execute(db);
  for (const table of ['report_balances', 'report_collected', 'report_months', 'report_days', 'report_settings']) await sql.raw(`drop table if exists ${table}`).execute(db);
  await sql`alter table bookings drop column if exists travellers`.execute(db);
}
