/**
 * The Checkout Sessions this server asked Stripe for, written before it asks. A paid event is
 * recorded only for a session this server made: one whose row in payment_links names it, or, when
 * the server stopped between Stripe's answer and that row's write, one whose metadata names a
 * request kept here (its link id, booking, amount and currency). A signed event for a session
 * someone else made on the same Stripe account, naming one of our bookings in its metadata, finds
 * neither and records nothing.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table checkout_requests (
      link_id uuid primary key,
      booking_id uuid not null references bookings (id) on delete cascade,
      amount_minor bigint not null check (amount_minor > 0),
      currency text not null,
      created_at timestamptz not null
    )`.execute(db);
  await sql`create index checkout_requests_created_idx on checkout_requests (created_at)`.execute(db);
}
