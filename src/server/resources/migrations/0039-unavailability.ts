/**
 * A resource's days off (holidays, sick leave, a vehicle's service): calendar days from and to,
 * compared with an assignment's local days. An assignment on a day off is refused, and so are days
 * off over an assignment; both hold the resource's row lock, so they are decided one after the other.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('resource_unavailability')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('resource_id', 'uuid', (c) => c.notNull().references('resources.id').onDelete('cascade'))
    .addColumn('from_date', 'date', (c) => c.notNull())
    .addColumn('to_date', 'date', (c) => c.notNull())
    .addColumn('reason', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('created_by', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .addCheckConstraint('resource_unavailability_days', sql`from_date <= to_date`)
    .execute();
  await sql`create index resource_unavailability_resource_idx on resource_unavailability (resource_id, from_date)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('resource_unavailability').execute();
}
