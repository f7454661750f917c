/**
 * The promo code a booking was sold with: the code's row (its uses are counted from here), the
 * code's terms as they were then (a later change of the code never alters the booking, and a change
 * of the booking is priced with them again), and what the code gave. Only bookings with a code are
 * in the code's index, and only discounted ones in the summary's, so a booking at list price costs
 * neither anything.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table bookings
      add column promo_code_id uuid references promo_codes (id),
      add column promo_code jsonb check (promo_code is null or jsonb_typeof(promo_code) = 'object'),
      add column promo_discount_minor bigint not null default 0 check (promo_discount_minor >= 0)`.execute(db);
  await sql`create index bookings_promo_code_idx on bookings (promo_code_id, created_at) where promo_code_id is not null`.execute(db);
  // The summary's discounts of the last 30 days read the discounted bookings alone, from here.
  await sql`create index bookings_discounted_idx on bookings (created_at) include (currency, status, hold_expires_at, discount_minor, promo_discount_minor) where discount_minor > 0`.execute(db);
}
