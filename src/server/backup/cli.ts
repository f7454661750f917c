/**
 * `npm run backup -- --out FILE` and `npm run restore -- --from FILE`, for the embedded database in
 * DATA_DIR (read from the same variables as the server). A backup is taken by the running server
 * when there is one (it keeps answering), otherwise here while this process holds the directory.
 * A restore goes only into a DATA_DIR holding no database and no pictures, with no server on it;
 * the restored database is opened (PostgreSQL's recovery runs) before it is moved into place.
 * Exit codes: 0 done, 1 refused or failed, 2 not for this configuration (a PostgreSQL server).
 */
import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream, existsSync, readdirSync } from 'node:fs';
import { rename, rm, rmdir, unlink } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { sql } from 'kysely';
import { ConfigError, loadStorageConfig, type StorageConfig } from '../config.js';
import { collectMigrations } from '../db/migrate.js';
import { openDatabase } from '../db/open-database.js';
import { readBackup, type ArchiveCounts, type BackupManifest } from './archive.js';
import { BackupTaker } from './backups.js';
import { STAGING_PREFIX } from './leftovers.js';
import { askHolder, claimDataDir, DataDirInUse } from './control.js';

class Refused extends Error {
  constructor(
    message: string,
    readonly exitCode = 1,
  ) {
    super(message);
  }
}

const POSTGRES_BACKUP = `DATABASE_URL names a PostgreSQL server: back it up with PostgreSQL's own tools, for example
  pg_dump --format=custom --file=backup.dump "$DATABASE_URL"
and restore into a new, empty database with
  createdb NEW_DATABASE && pg_restore --no-owner --dbname=postgres://…/NEW_DATABASE backup.dump
(the README's section Backups says more, pictures included). npm run backup and npm run restore handle the embedded database only.`;

function usage(command: string): string {
  return command === 'backup' ? 'usage: npm run backup -- --out FILE' : 'usage: npm run restore -- --from FILE';
}

function option(args: string[], name: string, command: string): string {
  const at = args.indexOf(name);
  const value = at >= 0 ? args[at + 1] : undefined;
  if (!value || value.startsWith('--')) throw new Refused(usage(command));
  return value;
}

function embeddedOnly(storage: StorageConfig): void {
  if (storage.database.kind === 'postgres') throw new Refused(POSTGRES_BACKUP, 2);
  if (storage.database.kind === 'pglite-memory') throw new Refused('DATABASE_URL=memory:// keeps nothing on disk: there is nothing to back up or restore into.', 2);
}

const megabytes = (bytes: number) => `${(bytes / 1_048_576).toFixed(1)} MB`;

function describe(manifest: BackupManifest, counts: ArchiveCounts): string {
  const pictures = manifest.mediaIncluded ? `${counts.mediaFiles} picture files` : 'no pictures (they are in the S3 bucket)';
  return `taken ${manifest.takenAt} from a ${manifest.takenFrom}; the database (${counts.databaseFiles} files) and ${pictures}, ${megabytes(counts.bytes)} before compression`;
}

async function backup(args: string[]): Promise<void> {
  const out = resolve(option(args, '--out', 'backup'));
  const storage = loadStorageConfig();
  embeddedOnly(storage);
  const { dataDir } = storage;
  if (!existsSync(join(dataDir, 'db', 'PG_VERSION'))) throw new Refused(`There is no embedded database in DATA_DIR (${dataDir}): nothing to back up. Is DATA_DIR set as the server's is?`);
  if (existsSync(out)) throw new Refused(`${out} exists: a backup never overwrites a file; choose another name.`);
  const partial = `${out}.partial`;
  const started = performance.now();
  try {
    const asked = await askHolder(dataDir, { op: 'backup' });
    if (asked) {
      if (!asked.answer.ok) {
        asked.socket.destroy();
        throw new Refused(`The ${asked.answer.holder ?? 'process'} on DATA_DIR did not take the backup: ${asked.answer.error ?? 'no reason given'}.`);
      }
      await pipeline(asked.socket, createWriteStream(partial, { flags: 'wx', mode: 0o600 }));
    } else {
      const claim = await claimDataDir(dataDir, 'backup');
      try {
        await new BackupTaker({ dataDir, media: storage.media }).take(createWriteStream(partial, { flags: 'wx', mode: 0o600 }));
      } finally {
        await claim.release();
      }
    }
    // Read back whole before it takes the name asked for: a file under that name is a backup that restores.
    const { manifest, counts } = await readBackup(createReadStream(partial), null);
    await rename(partial, out);
    console.log(`Backup written to ${out} in ${((performance.now() - started) / 1000).toFixed(1)} s: ${describe(manifest, counts)}.`);
    if (!manifest.mediaIncluded) console.log('The pictures are in the S3 bucket (MEDIA_S3_BUCKET): keep that bucket backed up (versioning or replication) as well.');
  } catch (error) {
    await unlink(partial).catch(() => {});
    throw error;
  }
}

/** Whether `dir` exists and holds anything. */
function holdsFiles(dir: string): boolean {
  return existsSync(dir) && readdirSync(dir).length > 0;
}

async function restore(args: string[]): Promise<void> {
  const from = resolve(option(args, '--from', 'restore'));
  const storage = loadStorageConfig();
  embeddedOnly(storage);
  if (!existsSync(from)) throw new Refused(`${from} does not exist.`);
  const { dataDir } = storage;
  const dbDir = join(dataDir, 'db');
  const mediaDir = storage.media.kind === 'files' ? storage.media.dir : null;
  const refuse = (what: string) =>
    new Refused(`DATA_DIR (${dataDir}) already holds ${what}: a restore goes into an empty DATA_DIR only. Stop the server, move that folder away (or set DATA_DIR to a new folder), then run the restore again.`);
  if (holdsFiles(dbDir)) throw refuse('a database (db/)');
  if (mediaDir && holdsFiles(mediaDir)) throw refuse(`pictures (${mediaDir})`);
  const claim = await claimDataDir(dataDir, 'restore');
  // Under the prefix a crashed backup's leftovers have, so that the next claim clears it too.
  const staging = join(dataDir, `${STAGING_PREFIX}restoring-${randomBytes(6).toString('hex')}`);
  try {
    const { manifest, counts } = await readBackup(createReadStream(from), staging);
    // Opened once here: the database replays its log to the moment of the backup and is closed
    // cleanly, and a backup made by a newer version of the product is caught before it is in place.
    const restored = await openDatabase({ kind: 'pglite-file', dataDir: join(staging, 'db') });
    let lastMigration: string | null;
    try {
      const rows = await sql<{ name: string }>`select name from kysely_migration order by name desc limit 1`.execute(restored.db);
      lastMigration = rows.rows[0]?.name ?? null;
    } finally {
      await restored.close();
    }
    if (lastMigration !== null && !(lastMigration in collectMigrations())) {
      throw new Refused(`The backup's database is at migration ${lastMigration}, which this version of the product does not know: restore it with the version that made it (or a newer one).`);
    }
    for (const [part, target] of [['db', dbDir], ['media', mediaDir]] as const) {
      if (!target || !existsSync(join(staging, part))) continue;
      if (existsSync(target)) await rmdir(target); // empty, checked above
      await rename(join(staging, part), target);
    }
    console.log(`Restored ${from} into ${dataDir}: ${describe(manifest, counts)}; database at migration ${lastMigration ?? '(none)'}.`);
    if (manifest.mediaIncluded && !mediaDir) console.log('The backup’s pictures were not restored: MEDIA_S3_BUCKET is set, and pictures go to the bucket by its own means.');
    console.log('Start the server on it with npm start.');
  } finally {
    await rm(staging, { recursive: true, force: true });
    await claim.release();
  }
}

async function main(): Promise<number> {
  const [command, ...args] = process.argv.slice(2);
  try {
    if (command === 'backup') await backup(args);
    else if (command === 'restore') await restore(args);
    else throw new Refused('usage: cli.js backup --out FILE | restore --from FILE');
    return 0;
  } catch (error) {
    if (error instanceof Refused) {
      console.error(error.message);
      return error.exitCode;
    }
    if (error instanceof ConfigError || error instanceof DataDirInUse) {
      console.error(`${command === 'restore' ? 'Restore' : 'Backup'} refused: ${error.message}.`);
      return 1;
    }
    console.error(`${command === 'restore' ? 'Restore' : 'Backup'} failed: ${error instanceof Error ? error.message : String(error)}`);
    return 1;
  }
}

process.exitCode = await main();
