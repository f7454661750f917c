/**
 * A reseller's test booking (bookings.test_mode, 0050) counts in no total: the triggers of 0011,
 * 0013, 0028 and 0048 read the changed rows without the tests, and a recount reads the bookings
 * without them. A booking is a test or not from the moment it is made, so leaving tests out of
 * every change leaves them out of the totals for good. A test booking takes no payment, so the
 * money collected needs no change.
 */
import { sql, type Kysely } from 'kysely';
import { bookingTotalsSql, paymentTotalsSql } from './0011-reports.js';
import { unconfirmedTotalsSql } from './0013-unconfirmed-balances.js';
import { COLUMNS as RESELLER_COLUMNS, resellerTotalsSql } from './0048-owed-by-resellers.js';

const ACTIVE = `status in ('held', 'confirmed', 'waitlisted')`;
const UNCONFIRMED_COLUMNS = 'currency, status, balance_minor';

export async function up(db: Kysely<unknown>): Promise<void> {
  const zone = 'tz';
  await sql`
    create or replace function report_bookings() returns trigger language plpgsql as $$
    declare
      tz text := (select time_zone from report_settings);
    begin
      if TG_OP = 'INSERT' then
        ${sql.raw(bookingTotalsSql('(select *, 1 as sign from inserted where not test_mode)', zone))}
      elsif TG_OP = 'DELETE' then
        ${sql.raw(bookingTotalsSql('(select *, -1 as sign from deleted where not test_mode)', zone))}
      else
        if not exists (
          select 1 from inserted n join deleted o on o.id = n.id
          where not n.test_mode
            and ((n.${sql.raw(ACTIVE)}) is distinct from (o.${sql.raw(ACTIVE)})
             or n.created_at <> o.created_at or n.starts_at <> o.starts_at or n.currency <> o.currency
             or n.travellers <> o.travellers or n.total_minor <> o.total_minor or n.balance_minor <> o.balance_minor)
        ) then
          return null;
        end if;
        ${sql.raw(bookingTotalsSql('(select *, 1 as sign from inserted where not test_mode union all select *, -1 from deleted where not test_mode)', zone))}
      end if;
      return null;
    end $$`.execute(db);
  await sql`
    create or replace function report_unconfirmed_bookings() returns trigger language plpgsql as $$
    begin
      if TG_OP = 'INSERT' then
        ${sql.raw(unconfirmedTotalsSql(`(select ${UNCONFIRMED_COLUMNS}, 1 as sign from inserted where not test_mode)`))}
      elsif TG_OP = 'DELETE' then
        ${sql.raw(unconfirmedTotalsSql(`(select ${UNCONFIRMED_COLUMNS}, -1 as sign from deleted where not test_mode)`))}
      else
        ${sql.raw(unconfirmedTotalsSql(`(select ${UNCONFIRMED_COLUMNS}, 1 as sign from inserted where not test_mode union all select ${UNCONFIRMED_COLUMNS}, -1 from deleted where not test_mode)`))}
      end if;
      return null;
    end $$`.execute(db);
  await sql`
    create or replace function report_reseller_bookings() returns trigger language plpgsql as $$
    begin
      if TG_OP = 'INSERT' then
        ${sql.raw(resellerTotalsSql(`(select ${RESELLER_COLUMNS}, 1 as sign from inserted where not test_mode)`))}
      elsif TG_OP = 'DELETE' then
        ${sql.raw(resellerTotalsSql(`(select ${RESELLER_COLUMNS}, -1 as sign from deleted where not test_mode)`))}
      else
        if not exists (select 1 from inserted where channel = 'reseller' and not test_mode) then
          return null;
        end if;
        ${sql.raw(resellerTotalsSql(`(select ${RESELLER_COLUMNS}, 1 as sign from inserted where not test_mode union all select ${RESELLER_COLUMNS}, -1 from deleted where not test_mode)`))}
      end if;
      return null;
    end $$`.execute(db);
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
      ${sql.raw(bookingTotalsSql('(select *, 1 as sign from bookings where not test_mode)', zone))}
      ${sql.raw(paymentTotalsSql('payments', zone))}
    end $$`.execute(db);
}

export async function down(): Promise<void> {
  // The functions of 0011, 0013, 0028 and 0048 would count the tests again; nothing to undo in the data.
}
