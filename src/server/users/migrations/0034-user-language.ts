/**
 * The language a staff user reads the back office in, chosen in the app bar or My profile and kept
 * on the account, so it follows them to another browser. Null until they choose: the browser's
 * own choice (or its language) stands meanwhile.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table users add column language text check (language in ('en', 'de'))`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table users drop column if exists language`.execute(db);
}
