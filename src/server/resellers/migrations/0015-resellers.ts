/**
 * Resellers and their API keys. A key is kept as its SHA-256 only, found by that hash on each
 * call (unique index), and never deleted: a revoked key keeps its row so the audit log and the
 * bookings it made can still name it.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table resellers (
      id uuid primary key,
      name text not null,
      active boolean not null default true,
      commission_bp integer not null default 0 check (commission_bp between 0 and 10000),
      tour_ids uuid[],
      webhook_url text,
      webhook_secret text,
      contact_email text,
      notes text not null default '',
      created_at timestamptz not null,
      updated_at timestamptz not null
    )`.execute(db);
  await sql`create unique index resellers_name_idx on resellers (lower(name))`.execute(db);
  await sql`create index resellers_created_at_idx on resellers (created_at, id)`.execute(db);
  await sql`
    create table reseller_api_keys (
      id uuid primary key,
      reseller_id uuid not null references resellers (id),
      name text not null,
      key_prefix text not null,
      key_hash text not null unique,
      created_at timestamptz not null,
      created_by uuid,
      last_used_at timestamptz,
      revoked_at timestamptz
    )`.execute(db);
  await sql`create index reseller_api_keys_reseller_idx on reseller_api_keys (reseller_id, created_at)`.execute(db);
}
