/**
 * A counter the database moves on whenever something that decides who may do what changes: a
 * user's status or e-mail, a user's roles, a role's name or permissions, a session ended or
 * shortened, or any of these deleted. Servers cache each signed-in caller's permissions under the
 * counter's value and read only the counter on the next call (one row by primary key), so a
 * change made through any instance takes effect on the very next call everywhere.
 *
 * The triggers are deferred to commit, so the counter's row is the last lock a transaction takes
 * (no lock-order cycle with the rows it changed) and is held only while committing; a setting
 * local to the transaction makes the first row changed bump it and the rest skip it, so a bulk
 * change costs one update.
 */
import { sql, type Kysely } from 'kysely';

const WATCHED = [
  ['users', 'update of status, email or delete'],
  ['user_roles', 'insert or update or delete'],
  ['roles', 'update of name or delete'],
  ['role_permissions', 'insert or update or delete'],
  ['sessions', 'update of revoked_at, expires_at or delete'],
] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table auth_epoch (id int primary key check (id = 1), value bigint not null)`.execute(db);
  await sql`insert into auth_epoch (id, value) values (1, 1)`.execute(db);
  await sql`
    create function auth_epoch_bump() returns trigger language plpgsql as $$
    begin
      if current_setting('app.auth_epoch_bumped', true) is distinct from txid_current()::text then
        update auth_epoch set value = value + 1 where id = 1;
        perform set_config('app.auth_epoch_bumped', txid_current()::text, true);
      end if;
      return null;
    end $$`.execute(db);
  for (const [table, events] of WATCHED) {
    await sql
      .raw(`create constraint trigger ${table}_auth_epoch after ${events} on ${table} deferrable initially deferred for each row execute function auth_epoch_bump()`)
      .execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const [table] of WATCHED) await sql.raw(`drop trigger if exists ${table}_auth_epoch on ${table}`).execute(db);
  await sql`drop function if exists auth_epoch_bump()`.execute(db);
  await sql`drop table if exists auth_epoch`.execute(db);
}
