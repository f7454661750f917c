/**
 * Invitations: a user created without a password gets a single-use link (a row of
 * password_reset_tokens with purpose 'invitation', valid 7 days) to choose one. `invited_at` marks
 * such users; the list shows them as invited until their first sign-in.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('users').addColumn('invited_at', 'timestamptz').execute();
  await db.schema
    .alterTable('password_reset_tokens')
    .addColumn('purpose', 'text', (c) => c.notNull().defaultTo('reset').check(sql`purpose in ('reset', 'invitation')`))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('password_reset_tokens').dropColumn('purpose').execute();
  await db.schema.alterTable('users').dropColumn('invited_at').execute();
}
