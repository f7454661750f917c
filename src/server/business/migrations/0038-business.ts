/**
 * The business's name and contact details, one row, written when the Business screen first saves
 * them. Until then the business is what BUSINESS_NAME, BUSINESS_EMAIL, BUSINESS_PHONE,
 * BUSINESS_ADDRESS and BUSINESS_WEBSITE say; after that the screen decides.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('business')
    .addColumn('id', 'smallint', (c) => c.primaryKey().check(sql`id = 1`))
    .addColumn('name', 'text')
    .addColumn('email', 'text')
    .addColumn('phone', 'text')
    .addColumn('address', 'text')
    .addColumn('website', 'text')
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
    .addColumn('updated_by', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('business').execute();
}
