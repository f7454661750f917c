/**
 * The triggers behind row_counts: a list's total is read from a counter the database keeps
 * instead of counting the table. The count_rows function itself was made by the catalogue's
 * migration (0007); the domains' migrations call countRows for each table and grouping they count.
 */
import { sql, type Kysely } from 'kysely';

export function countTriggerName(table: string, column: string | null, event: 'insert' | 'delete' | 'update'): string {
  return `${table}_counted${column ? `_by_${column}` : ''}_${event}`;
}

/** The triggers that keep `name` (per `column`, if given) counted for `table`. */
export async function countRows(db: Kysely<unknown>, table: string, name: string, column: string | null): Promise<void> {
  const args = column ? sql`${sql.lit(name)}, ${sql.lit(column)}` : sql`${sql.lit(name)}`;
  await sql`create trigger ${sql.id(countTriggerName(table, column, 'insert'))} after insert on ${sql.table(table)} referencing new table as inserted for each statement execute function count_rows(${args})`.execute(db);
  await sql`create trigger ${sql.id(countTriggerName(table, column, 'delete'))} after delete on ${sql.table(table)} referencing old table as deleted for each statement execute function count_rows(${args})`.execute(db);
  // A row changing group (a tour's status) moves between counters; ungrouped counts never change on update.
  if (column) {
    await sql`create trigger ${sql.id(countTriggerName(table, column, 'update'))} after update on ${sql.table(table)} referencing old table as deleted new table as inserted for each statement execute function count_rows(${args})`.execute(db);
  }
}
