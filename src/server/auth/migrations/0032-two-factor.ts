/**
 * Two-factor sign-in: a user's one-time-code secret (RFC 6238: SHA-1, 6 digits, 30 s), first as a
 * secret offered at set-up and kept only once the user has typed a code it makes; the last time
 * step a code was used for, so no code signs in twice; and ten single-use recovery codes, kept as
 * SHA-256 hashes (each is 50 random bits, shown once). Turning it on, off or resetting it moves
 * the auth epoch, so a session's "must set it up first" ends or starts on its very next call.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table user_second_factors (
      user_id uuid primary key references users (id) on delete cascade,
      pending_secret text,
      pending_at timestamptz,
      secret text,
      enabled_at timestamptz,
      last_step bigint not null default 0,
      check ((secret is null) = (enabled_at is null))
    )`.execute(db);
  await sql`
    create table recovery_codes (
      user_id uuid not null references users (id) on delete cascade,
      code_hash text not null,
      used_at timestamptz,
      primary key (user_id, code_hash)
    )`.execute(db);
  await sql`create constraint trigger user_second_factors_auth_epoch after insert or update of enabled_at or delete on user_second_factors deferrable initially deferred for each row execute function auth_epoch_bump()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists recovery_codes`.execute(db);
  await sql`drop table if exists user_second_factors`.execute(db);
}
