/**
 * The shop's settings, one row, written when the Online sales screen first saves them (the
 * defaults until then): whether it sells, how long a cart holds its seats, whether a customer may
 * book and pay later, the websites that may frame its checkout, and from how few seats left the
 * exact number is shown.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('shop_settings')
    .addColumn('id', 'smallint', (c) => c.primaryKey().check(sql`id = 1`))
    .addColumn('enabled', 'boolean', (c) => c.notNull())
    .addColumn('hold_minutes', 'integer', (c) => c.notNull().check(sql`hold_minutes between 30 and 120`))
    .addColumn('pay_later', 'boolean', (c) => c.notNull())
    .addColumn('embed_origins', 'jsonb', (c) => c.notNull().check(sql`jsonb_typeof(embed_origins) = 'array'`))
    .addColumn('show_seats_below', 'integer', (c) => c.notNull().check(sql`show_seats_below between 0 and 100`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
    .addColumn('updated_by', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('shop_settings').execute();
}
