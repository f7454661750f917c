/**
 * Webhook deliveries: one row per change of a reseller's booking the reseller must hear of, written
 * in the transaction of the change, so a restart or a kill -9 loses none. A sender claims due rows
 * with a lease (SKIP LOCKED, several instances never send one at once), in the order of `seq` per
 * booking, and records each attempt.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table webhook_deliveries (
      id uuid primary key,
      seq bigserial not null unique,
      reseller_id uuid not null references resellers (id),
      booking_id uuid not null,
      event text not null,
      status text not null default 'pending' check (status in ('pending', 'delivered', 'failed')),
      attempts integer not null default 0,
      next_attempt_at timestamptz not null,
      locked_until timestamptz,
      last_attempt_at timestamptz,
      response_status integer,
      last_error text,
      created_at timestamptz not null,
      delivered_at timestamptz
    )`.execute(db);
  await sql`create index webhook_deliveries_due_idx on webhook_deliveries (next_attempt_at, seq) where status = 'pending'`.execute(db);
  await sql`create index webhook_deliveries_booking_idx on webhook_deliveries (booking_id, seq) where status = 'pending'`.execute(db);
  await sql`create index webhook_deliveries_reseller_idx on webhook_deliveries (reseller_id, seq)`.execute(db);
}
