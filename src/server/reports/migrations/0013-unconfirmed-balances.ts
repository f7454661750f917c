/**
 * What bookings not confirmed yet (held, or on the waitlist) would owe, per currency, kept beside
 * the other report totals (migration 0011) so the dashboard shows it apart from what confirmed
 * bookings owe without reading the bookings: a statement trigger on bookings adds each change in
 * the transaction that makes it. It counts no days, so a change of the business's time zone does
 * not touch it. A hold that has lapsed but is not recorded yet is taken away by the report, as it
 * is from the other totals.
 */
import { sql, type Kysely } from 'kysely';

const UNCONFIRMED = `status in ('held', 'waitlisted') and balance_minor > 0`;

/** Adds `changes` (rows of bookings with a `sign`: +1 as a row is now, -1 as it was) to the kept total. */
export function unconfirmedTotalsSql(changes: string): string {
  return `
    insert into report_unconfirmed (currency, outstanding_minor)
    select currency, sum(sign * balance_minor) from ${changes} c where ${UNCONFIRMED}
    group by 1 having sum(sign * balance_minor) <> 0 order by 1
    on conflict (currency) do update set outstanding_minor = report_unconfirmed.outstanding_minor + excluded.outstanding_minor;`;
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table report_unconfirmed (currency char(3) primary key, outstanding_minor bigint not null)`.execute(db);
  await sql`
    create function report_unconfirmed_bookings() returns trigger language plpgsql as $$
    begin
      if TG_OP = 'INSERT' then
        ${sql.raw(unconfirmedTotalsSql('(select currency, status, balance_minor, 1 as sign from inserted)'))}
      elsif TG_OP = 'DELETE' then
        ${sql.raw(unconfirmedTotalsSql('(select currency, status, balance_minor, -1 as sign from deleted)'))}
      else
        ${sql.raw(unconfirmedTotalsSql('(select currency, status, balance_minor, 1 as sign from inserted union all select currency, status, balance_minor, -1 from deleted)'))}
      end if;
      return null;
    end $$`.execute(db);
  await sql`create trigger bookings_unconfirmed_insert after insert on bookings referencing new table as inserted for each statement execute function report_unconfirmed_bookings()`.execute(db);
  await sql`create trigger bookings_unconfirmed_delete after delete on bookings referencing old table as deleted for each statement execute function report_unconfirmed_bookings()`.execute(db);
  await sql`create trigger bookings_unconfirmed_update after update on bookings referencing old table as deleted new table as inserted for each statement execute function report_unconfirmed_bookings()`.execute(db);
  // The bookings there are now, counted once (the table is locked against changes meanwhile).
  await sql`lock table bookings in share mode`.execute(db);
  await sql.raw(unconfirmedTotalsSql('(select currency, status, balance_minor, 1 as sign from bookings)')).execute(db);
}
