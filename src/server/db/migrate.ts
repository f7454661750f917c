/** Ordered migrations, run at start. Kysely's migrator takes a lock, so instances starting together are safe. */
import { Migrator, sql, type Kysely, type Migration, type MigrationProvider } from 'kysely';
import * as initial from './migrations/0001-initial.js';
import * as rowCounts from './migrations/0002-row-counts.js';
import * as authEpoch from './migrations/0003-auth-epoch.js';
import * as listIndexes from './migrations/0004-list-indexes.js';
import * as searchIndexes from './migrations/0005-search-indexes.js';
import * as invitations from './migrations/0006-invitations.js';
import * as catalogue from './migrations/0007-catalogue.js';
import * as gallery from './migrations/0008-gallery.js';
import * as departures from './migrations/0009-departures.js';
import * as bookings from './migrations/0010-bookings.js';
import * as reports from './migrations/0011-reports.js';
import * as travellerAges from './migrations/0012-traveller-ages.js';
import * as unconfirmedBalances from './migrations/0013-unconfirmed-balances.js';
import type { Database } from './schema.js';

/** Every migration, in order. Add new files here; never edit one that has shipped. */
const migrations: Record<string, Migration> = {
  '0001-initial': initial,
  '0002-row-counts': rowCounts,
  '0003-auth-epoch': authEpoch,
  '0004-list-indexes': listIndexes,
  '0005-search-indexes': searchIndexes,
  '0006-invitations': invitations,
  '0007-catalogue': catalogue,
  '0008-gallery': gallery,
  '0009-departures': departures,
  '0010-bookings': bookings,
  '0011-reports': reports,
  '0012-traveller-ages': travellerAges,
  '0013-unconfirmed-balances': unconfirmedBalances,
};

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
