/**
 * Searches (a piece of the text, anywhere in it: ILIKE '%…%') served by trigram indexes instead of
 * a read of the whole table: the user list's (e-mail, name) and the audit log's (the address and
 * the target; the actor's e-mail through the users' index). At 100,000 users a search that matches
 * a few dozen answers in 6-10 ms instead of 350-400 ms (embedded database). A search of one or two
 * characters has no trigram to look up and still reads the table.
 *
 * pg_trgm ships with PostgreSQL (contrib) and is a trusted extension, so the database's owner may
 * create it; the embedded database loads it (PGLITE_EXTENSIONS). A PostgreSQL server without it, or
 * a role not allowed to create it, keeps working without these indexes: searches are then slower,
 * and the server says so when it starts (searchIndexesMissing).
 */
import { sql, type Kysely } from 'kysely';

/** The indexes this migration makes, when it can (searchIndexesMissing checks for them at start). */
export const SEARCH_INDEXES = ['users_email_trgm_idx', 'users_full_name_trgm_idx', 'audit_log_ip_trgm_idx', 'audit_log_target_id_trgm_idx'];

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    do $$
    begin
      if not exists (select 1 from pg_available_extensions where name = 'pg_trgm') then
        raise warning 'pg_trgm is not installed on this PostgreSQL server: searches run without their indexes';
        return;
      end if;
      create extension if not exists pg_trgm;
      create index users_email_trgm_idx on users using gin (email gin_trgm_ops);
      create index users_full_name_trgm_idx on users using gin (full_name gin_trgm_ops);
      create index audit_log_ip_trgm_idx on audit_log using gin (ip gin_trgm_ops);
      create index audit_log_target_id_trgm_idx on audit_log using gin (target_id gin_trgm_ops);
    exception when insufficient_privilege then
      raise warning 'not allowed to create the pg_trgm extension (%): searches run without their indexes', sqlerrm;
    end $$`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const name of SEARCH_INDEXES) await sql`drop index if exists ${sql.id(name)}`.execute(db);
}
