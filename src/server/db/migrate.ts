/** The domains' migrations, run at start. Kysely's migrator takes a lock, so instances starting together are safe. */
import { Migrator, sql, type Kysely, type Migration, type MigrationProvider } from 'kysely';
import type { Database } from './schema.js';
import * as searchIndexes from './migrations/0005-search-indexes.js';
import { MODULES } from '../modules.js';

/** Every domain's migrations, ordered by name (their numbers), each name once. */
export function collectMigrations(modules = MODULES): Record<string, Migration> {
  const all = new Map<string, Migration>();
  for (const module of modules) {
    for (const [name, migration] of Object.entries(module.migrations ?? {})) {
      if (all.has(name)) throw new Error(`Migration ${name} is listed twice (the second time by ${module.name})`);
      all.set(name, migration);
    }
  }
  return Object.fromEntries([...all].sort(([a], [b]) => a.localeCompare(b)));
}

const migrations = collectMigrations();
const staticProvider: MigrationProvider = { getMigrations: async () => migrations };

export async function migrateToLatest(db: Kysely<Database>): Promise<void> {
  const migrator = new Migrator({ db, provider: staticProvider });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((result) => result.status === 'Error');
  if (error || failed) {
    const cause = error instanceof Error ? error : new Error(String(error));
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${cause.message}`, { cause });
  }
}

/**
 * Whether the trigram indexes of the searches are missing (migration 0005 skips them on a
 * PostgreSQL server without pg_trgm, or when the role may not create it): searches then read whole
 * tables, which the operator should hear about at start.
 */
export async function searchIndexesMissing(db: Kysely<Database>): Promise<boolean> {
  const { rows } = await sql<{ found: number }>`select count(*)::int as found from pg_indexes where indexname = any(${searchIndexes.SEARCH_INDEXES})`.execute(db);
  return rows[0].found < searchIndexes.SEARCH_INDEXES.length;
}
