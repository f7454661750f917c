/**
 * The bookings' report totals are added to only when a change moves them: a booking becoming or
 * ceasing to be active, or changing its day, departure, currency, travellers, price or balance.
 * Most changes do neither (a hold confirmed, a contact given, notes), yet wrote the three totals'
 * statements every time, under the departure's lock when seats moved with them.
 */
import { sql, type Kysely } from 'kysely';
import { bookingTotalsSql } from './0011-reports.js';

const ACTIVE = `status in ('held', 'confirmed', 'waitlisted')`;

export async function up(db: Kysely<unknown>): Promise<void> {
  const zone = 'tz';
  await sql`
    create or replace function report_bookings() returns trigger language plpgsql as $$
    declare
      tz text := (select time_zone from report_settings);
    begin
      if TG_OP = 'INSERT' then
        ${sql.raw(bookingTotalsSql('(select *, 1 as sign from inserted)', zone))}
      elsif TG_OP = 'DELETE' then
        ${sql.raw(bookingTotalsSql('(select *, -1 as sign from deleted)', zone))}
      else
        if not exists (
          select 1 from inserted n join deleted o on o.id = n.id
          where (n.${sql.raw(ACTIVE)}) is distinct from (o.${sql.raw(ACTIVE)})
             or n.created_at <> o.created_at or n.starts_at <> o.starts_at or n.currency <> o.currency
             or n.travellers <> o.travellers or n.total_minor <> o.total_minor or n.balance_minor <> o.balance_minor
        ) then
          return null;
        end if;
        ${sql.raw(bookingTotalsSql('(select *, 1 as sign from inserted union all select *, -1 from deleted)', zone))}
      end if;
      return null;
    end $$`.execute(db);
}
