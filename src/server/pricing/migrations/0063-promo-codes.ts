/**
 * Promo codes: one row per code, its terms as staff set them. Its uses are not kept here but
 * counted from the bookings holding it (migration 0064), so a booking cancelled or lapsed gives its
 * use back without anyone remembering to; a booking taking a use locks the code's row first, so two
 * bookings cannot both take its last use. A code is unique without regard to case.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table promo_codes (
      id uuid primary key,
      code text not null check (code ~ '^[A-Za-z0-9-]{4,32}$'),
      kind text not null check (kind in ('percent', 'amount')),
      value bigint not null check (value >= 1),
      currency text check (currency ~ '^[A-Z]{3}$'),
      applies_to text not null check (applies_to in ('booking', 'traveller')),
      tour_ids uuid[],
      booking_from text,
      booking_to text,
      travel_from date,
      travel_to date,
      min_travellers integer check (min_travellers >= 1),
      max_uses integer check (max_uses >= 1),
      channels text[] not null check (cardinality(channels) >= 1 and channels <@ array['office', 'online', 'reseller']),
      active boolean not null,
      created_at timestamptz not null,
      updated_at timestamptz not null,
      created_by uuid references users (id) on delete set null,
      check ((kind = 'amount') = (currency is not null)),
      check (kind = 'amount' or value <= 100)
    )`.execute(db);
  await sql`create unique index promo_codes_code_key on promo_codes (upper(code))`.execute(db);
  await sql`create index promo_codes_created_idx on promo_codes (created_at, id)`.execute(db);
}
