/**
 * Housekeeping the embedded database needs and a PostgreSQL server does by itself. PGlite runs
 * PostgreSQL as a single process with no background workers, so autovacuum never runs: without
 * this, the space of rows that refreshes, sign-ins and deletions leave behind is never reused, the
 * planner's statistics stop following the tables, and index-only scans keep visiting the table
 * because no page is ever marked all-visible (the user list's page at 100,000 users ran 34%
 * slower on a never-vacuumed table). On a PostgreSQL server autovacuum does this work.
 */
import { sql } from 'kysely';
import type { DatabaseHandle } from './open-database.js';

/** The first run after start, so that a server restarted often still gets it; then every hour. */
export const FIRST_MAINTENANCE_DELAY_MS = 5 * 60 * 1000;

/** VACUUM (ANALYZE) on the embedded database; nothing on a PostgreSQL server. Answers whether it ran. */
export async function maintainDatabase(database: Pick<DatabaseHandle, 'engine' | 'db'>): Promise<boolean> {
  if (database.engine !== 'pglite') return false;
  await sql`vacuum (analyze)`.execute(database.db);
  return true;
}
