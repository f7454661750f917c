/**
 * What a backup interrupted by a crash leaves behind, cleared by whoever next holds the data
 * directory: the folder of pictures linked for it, and its replication slot, which would keep the
 * database's log files for good. Apart from backups.ts so that a server start does not load the
 * archive code.
 */
import { readdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema.js';

export const STAGING_PREFIX = '.backup-';
export const SLOT_PREFIX = 'bo_backup_';

/** Removes copies left by a backup that a crash interrupted (called by whoever claims the directory). */
export async function removeLeftovers(dataDir: string): Promise<void> {
  const names = await readdir(dataDir).catch(() => [] as string[]);
  for (const name of names) if (name.startsWith(STAGING_PREFIX)) await rm(join(dataDir, name), { recursive: true, force: true });
}

/** Drops the replication slots of backups that a crash interrupted: they would keep the log's files for good. */
export async function dropLeftoverSlots(db: Kysely<Database>): Promise<void> {
  await sql`select pg_drop_replication_slot(slot_name) from pg_replication_slots where slot_name like ${`${SLOT_PREFIX}%`} and not active`.execute(db);
}

