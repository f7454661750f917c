/**
 * A customer's cart: the held booking that keeps its seats while they give their names and pay.
 * Its key is a secret the customer's browser holds; only its SHA-256 is kept, so the table read
 * by someone else opens no cart. `client` is the address it came from (the per-address limits);
 * the times record the shop's funnel (made, checkout begun, paid, released).
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table shop_carts (
      id uuid primary key,
      key_hash text not null unique,
      booking_id uuid not null unique references bookings (id) on delete cascade,
      client text not null,
      language text check (language in ('en', 'de')),
      extensions integer not null default 0 check (extensions between 0 and 3),
      marketing_consent boolean not null default false,
      created_at timestamptz not null,
      checkout_at timestamptz,
      paid_at timestamptz,
      released_at timestamptz
    )`.execute(db);
  await sql`create index shop_carts_client_idx on shop_carts (client, created_at)`.execute(db);
  // The Online sales screen's days: carts made, checkouts begun, paid, each by its own time.
  await sql`create index shop_carts_created_at_idx on shop_carts (created_at)`.execute(db);
  await sql`create index shop_carts_checkout_at_idx on shop_carts (checkout_at) where checkout_at is not null`.execute(db);
  await sql`create index shop_carts_paid_at_idx on shop_carts (paid_at) where paid_at is not null`.execute(db);
}
