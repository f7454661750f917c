/**
 * A role can require two-factor sign-in of its members: one who has none set up signs in to set it
 * up, and is refused everything else until then. Changing the requirement moves the auth epoch, so
 * it holds from the members' very next call.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table roles add column require_two_factor boolean not null default false`.execute(db);
  await sql`create constraint trigger roles_two_factor_auth_epoch after update of require_two_factor on roles deferrable initially deferred for each row execute function auth_epoch_bump()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop trigger if exists roles_two_factor_auth_epoch on roles`.execute(db);
  await sql`alter table roles drop column if exists require_two_factor`.execute(db);
}
