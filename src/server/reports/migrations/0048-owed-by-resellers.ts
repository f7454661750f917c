/**
 * A reseller's booking is owed by the reseller at net (the total less its commission), not by its
 * customer at retail: the customer paid the reseller. Kept per currency beside the other report
 * totals, by a statement trigger on bookings like theirs (0011, 0013):
 *
 * - `retail_active_minor`, `retail_unconfirmed_minor`: what the outstanding totals (report_balances,
 *   report_unconfirmed) count of resellers' bookings at retail, which the dashboard takes back out
 *   of what customers owe;
 * - `owed_minor`: what resellers owe for their confirmed bookings, at net, less what they paid.
 *
 * A booking's channel never changes, so a row is a reseller's before and after any change.
 */
import { sql, type Kysely } from 'kysely';

const ACTIVE = `status in ('held', 'confirmed', 'waitlisted')`;

/** Adds `changes` (rows of bookings with a `sign`: +1 as a row is now, -1 as it was) to the kept totals. */
export function resellerTotalsSql(changes: string): string {
  const retailActive = `sum(sign * case when ${ACTIVE} and balance_minor > 0 then balance_minor else 0 end)`;
  const retailUnconfirmed = `sum(sign * case when status in ('held', 'waitlisted') and balance_minor > 0 then balance_minor else 0 end)`;
  const owed = `sum(sign * case when status = 'confirmed' then greatest(0, coalesce(net_minor, total_minor) - paid_minor) else 0 end)`;
  return `
    insert into report_resellers (currency, retail_active_minor, retail_unconfirmed_minor, owed_minor)
    select currency, ${retailActive}, ${retailUnconfirmed}, ${owed} from ${changes} c where channel = 'reseller'
    group by 1 having ${retailActive} <> 0 or ${retailUnconfirmed} <> 0 or ${owed} <> 0 order by 1
    on conflict (currency) do update set retail_active_minor = report_resellers.retail_active_minor + excluded.retail_active_minor,
                                         retail_unconfirmed_minor = report_resellers.retail_unconfirmed_minor + excluded.retail_unconfirmed_minor,
                                         owed_minor = report_resellers.owed_minor + excluded.owed_minor;`;
}

export const COLUMNS = 'currency, channel, status, balance_minor, net_minor, total_minor, paid_minor';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table report_resellers (
      currency char(3) primary key,
      retail_active_minor bigint not null default 0,
      retail_unconfirmed_minor bigint not null default 0,
      owed_minor bigint not null default 0)`.execute(db);
  await sql`
    create function report_reseller_bookings() returns trigger language plpgsql as $$
    begin
      if TG_OP = 'INSERT' then
        ${sql.raw(resellerTotalsSql(`(select ${COLUMNS}, 1 as sign from inserted)`))}
      elsif TG_OP = 'DELETE' then
        ${sql.raw(resellerTotalsSql(`(select ${COLUMNS}, -1 as sign from deleted)`))}
      else
        if not exists (select 1 from inserted where channel = 'reseller') then
          return null;
        end if;
        ${sql.raw(resellerTotalsSql(`(select ${COLUMNS}, 1 as sign from inserted union all select ${COLUMNS}, -1 from deleted)`))}
      end if;
      return null;
    end $$`.execute(db);
  await sql`create trigger bookings_resellers_insert after insert on bookings referencing new table as inserted for each statement execute function report_reseller_bookings()`.execute(db);
  await sql`create trigger bookings_resellers_delete after delete on bookings referencing old table as deleted for each statement execute function report_reseller_bookings()`.execute(db);
  await sql`create trigger bookings_resellers_update after update on bookings referencing old table as deleted new table as inserted for each statement execute function report_reseller_bookings()`.execute(db);
  // The bookings there are now, counted once (the table is locked against changes meanwhile).
  await sql`lock table bookings in share mode`.execute(db);
  await sql.raw(resellerTotalsSql(`(select ${COLUMNS}, 1 as sign from bookings)`)).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const trigger of ['bookings_resellers_insert', 'bookings_resellers_delete', 'bookings_resellers_update']) await sql.raw(`drop trigger if exists ${trigger} on bookings`).execute(db);
  await sql`drop function if exists report_reseller_bookings()`.execute(db);
  await sql`drop table if exists report_resellers`.execute(db);
}
