/**
 * The money collected counts money that arrived, not a gift card spent: a booking paid with a card
 * (payments.method 'gift_card', 0066) was paid with money collected when the card was sold, and
 * the summary's gift cards say what cards sold and redeemed. Counted twice, a card sold for €100
 * and spent on a tour read as €200 collected. The payments' trigger and the recount leave card
 * payments (and their refunds back to a card) out, and the totals are recounted once now.
 */
import { sql, type Kysely } from 'kysely';
import { bookingTotalsSql, paymentTotalsSql } from './0011-reports.js';
import { onlineTotalsSql } from './0057-online-bookings.js';

const MONEY = (payments: string) => `(select * from ${payments} where method <> 'gift_card')`;

export async function up(db: Kysely<unknown>): Promise<void> {
  const zone = 'tz';
  await sql`
    create or replace function report_payments() returns trigger language plpgsql as $$
    declare
      tz text := (select time_zone from report_settings);
    begin
      ${sql.raw(paymentTotalsSql(MONEY('inserted'), zone))}
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
      delete from report_online_days;
      ${sql.raw(bookingTotalsSql('(select *, 1 as sign from bookings where not test_mode)', zone))}
      ${sql.raw(paymentTotalsSql(MONEY('payments'), zone))}
      ${sql.raw(onlineTotalsSql('(select created_at, channel, status, 1 as sign from bookings)', zone))}
    end $$`.execute(db);
  await sql`select report_rebuild(time_zone) from report_settings`.execute(db);
}
