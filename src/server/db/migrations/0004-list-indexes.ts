/**
 * Lists stay as fast at 100,000 rows as at 1,000: every sort the user list offers walks an index
 * in its order (so a page of 25 reads about 25 rows whichever column is chosen), the audit log's
 * filters walk theirs newest first, and the audit log's unfiltered total is a kept count
 * (row_counts 'audit_log', as migration 0002 does for users) instead of a count of a table that
 * grows with every sign-in.
 */
import { sql, type Kysely } from 'kysely';

const INDEXES = [
  // The user list sorts by e-mail in code-point order on every engine (see UsersRepository.list).
  'create index users_email_c_idx on users ((email collate "C"), id)',
  'create index users_full_name_idx on users (full_name, id)',
  'create index users_status_idx on users (status, id)',
  'create index users_last_login_at_idx on users (last_login_at, id)',
  'create index audit_log_action_at_idx on audit_log (action, at, id)',
  'create index audit_log_actor_at_idx on audit_log (actor_id, at, id)',
  'create index audit_log_target_at_idx on audit_log (target_id, at, id)',
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of INDEXES) await sql.raw(statement).execute(db);
  await sql`insert into row_counts (name, count) select 'audit_log', count(*) from audit_log`.execute(db);
  await sql`
    create function row_counts_audit_inserted() returns trigger language plpgsql as $$
    begin
      update row_counts set count = count + (select count(*) from inserted) where name = 'audit_log';
      return null;
    end $$`.execute(db);
  await sql`
    create function row_counts_audit_deleted() returns trigger language plpgsql as $$
    begin
      update row_counts set count = count - (select count(*) from deleted) where name = 'audit_log';
      return null;
    end $$`.execute(db);
  await sql`create trigger audit_log_counted_insert after insert on audit_log referencing new table as inserted for each statement execute function row_counts_audit_inserted()`.execute(db);
  await sql`create trigger audit_log_counted_delete after delete on audit_log referencing old table as deleted for each statement execute function row_counts_audit_deleted()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop trigger if exists audit_log_counted_insert on audit_log`.execute(db);
  await sql`drop trigger if exists audit_log_counted_delete on audit_log`.execute(db);
  await sql`drop function if exists row_counts_audit_inserted()`.execute(db);
  await sql`drop function if exists row_counts_audit_deleted()`.execute(db);
  await sql`delete from row_counts where name = 'audit_log'`.execute(db);
  for (const statement of INDEXES) await sql.raw(`drop index if exists ${statement.split(' ')[2]}`).execute(db);
}
