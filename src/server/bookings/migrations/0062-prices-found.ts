/**
 * What a booking was sold at, as the price finder found it (shared/pricing.ts): each traveller's
 * list price beside the price charged, and the booking's rule and the discount it gave, so an
 * invoice or a report shows what was given. Bookings made before keep a null list price, read as
 * their price charged (no rule existed then), and no rule.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table booking_travellers add column list_price_minor bigint check (list_price_minor >= 0)`.execute(db);
  await sql`
    alter table bookings
      add column price_rule jsonb check (price_rule is null or jsonb_typeof(price_rule) = 'object'),
      add column discount_minor bigint not null default 0 check (discount_minor >= 0)`.execute(db);
}
