/**
 * Row counts kept up to date by the database itself, so a list's total does not cost a scan of
 * the table: `users` (every user) and `role:<role id>` (holders of a role). Statement-level
 * triggers with transition tables update them in the same transaction as the change, so they
 * are exact; a bulk insert costs one update, not one per row.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table row_counts (name text primary key, count bigint not null)`.execute(db);
  await sql`insert into row_counts (name, count) select 'users', count(*) from users`.execute(db);
  await sql`insert into row_counts (name, count) select 'role:' || role_id, count(*) from user_roles group by role_id`.execute(db);

  await sql`
    create function row_counts_users_inserted() returns trigger language plpgsql as $$
    begin
      update row_counts set count = count + (select count(*) from inserted) where name = 'users';
      return null;
    end $$`.execute(db);
  await sql`
    create function row_counts_users_deleted() returns trigger language plpgsql as $$
    begin
      update row_counts set count = count - (select count(*) from deleted) where name = 'users';
      return null;
    end $$`.execute(db);
  await sql`
    create function row_counts_roles_granted() returns trigger language plpgsql as $$
    begin
      insert into row_counts (name, count)
      select 'role:' || role_id, count(*) from inserted group by role_id
      on conflict (name) do update set count = row_counts.count + excluded.count;
      return null;
    end $$`.execute(db);
  await sql`
    create function row_counts_roles_revoked() returns trigger language plpgsql as $$
    begin
      update row_counts c set count = c.count - d.n
      from (select 'role:' || role_id as name, count(*) as n from deleted group by role_id) d
      where c.name = d.name;
      return null;
    end $$`.execute(db);
  await sql`create trigger users_counted_insert after insert on users referencing new table as inserted for each statement execute function row_counts_users_inserted()`.execute(db);
  await sql`create trigger users_counted_delete after delete on users referencing old table as deleted for each statement execute function row_counts_users_deleted()`.execute(db);
  await sql`create trigger user_roles_counted_insert after insert on user_roles referencing new table as inserted for each statement execute function row_counts_roles_granted()`.execute(db);
  await sql`create trigger user_roles_counted_delete after delete on user_roles referencing old table as deleted for each statement execute function row_counts_roles_revoked()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const trigger of ['users_counted_insert on users', 'users_counted_delete on users', 'user_roles_counted_insert on user_roles', 'user_roles_counted_delete on user_roles']) {
    await sql.raw(`drop trigger if exists ${trigger}`).execute(db);
  }
  for (const fn of ['row_counts_users_inserted', 'row_counts_users_deleted', 'row_counts_roles_granted', 'row_counts_roles_revoked']) {
    await sql.raw(`drop function if exists ${fn}()`).execute(db);
  }
  await sql`drop table if exists row_counts`.execute(db);
}
