/**
 * Taking a backup of the embedded database and its pictures, from a running server or from a
 * stopped one, and the server's scheduled backups (BACKUP_DIR).
 *
 * From a running server it is PostgreSQL's own online backup, and the server goes on answering
 * throughout: pg_backup_start, the data directory's files read as they are while it runs, then
 * pg_backup_stop, whose label goes in beside them, then the write-ahead log written meanwhile. On
 * restore, recovery replays that log over the files and the database is whole as of the moment the
 * log was read; a replication slot keeps PostgreSQL from recycling the log's files before then.
 * The pictures are linked right after: a picture is written before the row that names it, so every
 * picture the backup's rows name is there, except one deleted in that second (its row is in the
 * backup and its file is not).
 */
import { randomBytes } from 'node:crypto';
import { createWriteStream, readFileSync } from 'node:fs';
import { copyFile, link, mkdir, readdir, rename, rm, stat, unlink } from 'node:fs/promises';
import { join } from 'node:path';
import type { Writable } from 'node:stream';
import { sql } from 'kysely';
import type { MediaTarget, ScheduledBackups } from '../config.js';
import type { DatabaseHandle } from '../db/open-database.js';
import { BACKUP_FORMAT, BackupWriter, type ArchiveCounts, type BackupManifest, type Leave } from './archive.js';
import { end, type ControlHandler } from './control.js';
import { dropLeftoverSlots, SLOT_PREFIX, STAGING_PREFIX } from './leftovers.js';

export interface BackupSource {
  dataDir: string;
  media: MediaTarget;
  /** The running server's database; absent when the caller holds the stopped data directory. */
  database?: DatabaseHandle;
}

export interface BackupTaken {
  manifest: BackupManifest;
  counts: ArchiveCounts;
}

/**
 * What a base backup leaves out of a running database's folder, as pg_basebackup does: the log
 * (added after pg_backup_stop), and what PostgreSQL clears or rebuilds at start.
 */
const leaveOutWhileRunning: Leave = (path, isFolder) => {
  if (isFolder) return ['pg_wal', 'pg_replslot', 'pg_dynshmem', 'pg_notify', 'pg_serial', 'pg_snapshots', 'pg_stat_tmp', 'pg_subtrans'].includes(path) ? 'contents' : 'keep';
  const name = path.slice(path.lastIndexOf('/') + 1);
  return ['postmaster.pid', 'postmaster.opts', 'backup_label', 'tablespace_map'].includes(path) || name === 'pg_internal.init' ? 'out' : 'keep';
};

/** A stopped database is copied whole but for the files of a process that is no longer there. */
const leaveOutWhenStopped: Leave = (path, isFolder) => (!isFolder && ['postmaster.pid', 'postmaster.opts'].includes(path) ? 'out' : 'keep');

/** Links every file under `from` into `to` (pictures never change once written); copies where links cannot be made. */
async function linkTree(from: string, to: string): Promise<void> {
  await mkdir(to, { recursive: true, mode: 0o700 });
  let entries;
  try {
    entries = await readdir(from, { withFileTypes: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw error;
  }
  for (const entry of entries) {
    const source = join(from, entry.name);
    const target = join(to, entry.name);
    if (entry.isDirectory()) await linkTree(source, target);
    else if (entry.isFile() && !entry.name.endsWith('.part')) {
      await link(source, target).catch(async (error: NodeJS.ErrnoException) => {
        if (error.code === 'ENOENT') return; // deleted since the folder was read: its row is gone too
        await copyFile(source, target);
      });
    }
  }
}

/**
 * Takes backups one at a time (a scheduled one and one asked for by `npm run backup` wait for each
 * other). `ready` is called once the backup has begun, before the archive's first byte.
 */
export class BackupTaker {
  #queue: Promise<unknown> = Promise.resolve();

  constructor(private readonly source: BackupSource) {}

  take(out: Writable, ready: () => void = () => {}): Promise<BackupTaken> {
    const run = this.#queue.then(() => (this.source.database ? this.#online(this.source.database, out, ready) : this.#stopped(out, ready)));
    this.#queue = run.catch(() => {});
    return run;
  }

  #manifest(takenFrom: BackupManifest['takenFrom'], lastMigration: string | null): BackupManifest {
    const postgresVersion = readFileSync(join(this.source.dataDir, 'db', 'PG_VERSION'), 'utf8').trim();
    return {
      format: BACKUP_FORMAT,
      version: 1,
      takenAt: new Date().toISOString(),
      takenFrom,
      database: { engine: 'pglite', postgresVersion, lastMigration },
      mediaIncluded: this.source.media.kind === 'files',
    };
  }

  /** The caller holds the stopped directory: nothing writes to it while it is read. */
  async #stopped(out: Writable, ready: () => void): Promise<BackupTaken> {
    const manifest = this.#manifest('stopped server', null);
    ready();
    const writer = new BackupWriter(out, manifest);
    try {
      await writer.addFolder(join(this.source.dataDir, 'db'), 'db', leaveOutWhenStopped);
      if (this.source.media.kind === 'files') await writer.addFolder(this.source.media.dir, 'media', (path) => (path.endsWith('.part') ? 'out' : 'keep'));
      return { manifest, counts: await writer.finish() };
    } catch (error) {
      writer.abort(error as Error);
      throw error;
    }
  }

  async #online(database: DatabaseHandle, out: Writable, ready: () => void): Promise<BackupTaken> {
    const { db } = database;
    const dbDir = join(this.source.dataDir, 'db');
    // Migrations run before the server listens, so this is the backup's too.
    const last = await sql<{ name: string }>`select name from kysely_migration order by name desc limit 1`.execute(db);
    const manifest = this.#manifest('running server', last.rows[0]?.name ?? null);
    const slot = `${SLOT_PREFIX}${randomBytes(6).toString('hex')}`;
    await dropLeftoverSlots(db);
    await sql`select pg_create_physical_replication_slot(${slot}, true)`.execute(db);
    const staging = join(this.source.dataDir, `${STAGING_PREFIX}${randomBytes(6).toString('hex')}`);
    let writer: BackupWriter | null = null;
    let inBackup = false;
    try {
      // Fast: the checkpoint it begins with is made at once.
      await sql`select pg_backup_start(${`npm run backup ${manifest.takenAt}`}, true)`.execute(db);
      inBackup = true;
      ready();
      writer = new BackupWriter(out, manifest);
      await writer.addFolder(dbDir, 'db', leaveOutWhileRunning);
      const stopped = await sql<{ labelfile: string }>`select labelfile from pg_backup_stop(false)`.execute(db);
      inBackup = false;
      const label = stopped.rows[0].labelfile;
      await writer.addBuffer('db/backup_label', Buffer.from(label));
      // The log's segments from the one the backup began in to the one being written now, read
      // after the stop, so they hold at least up to its end-of-backup record (older segments are
      // not needed, later ones are made ready in advance and hold nothing yet).
      const first = /\(file ([0-9A-F]{24})\)/.exec(label)?.[1];
      const current = await sql<{ name: string }>`select pg_walfile_name(pg_current_wal_insert_lsn()) as name`.execute(db);
      const lastSegment = current.rows[0].name;
      if (!first) throw new Error('PostgreSQL’s backup label names no log file');
      const segments = (await readdir(join(dbDir, 'pg_wal'))).filter((name) => /^[0-9A-F]{24}$/.test(name) && name >= first && name <= lastSegment).sort();
      for (const segment of segments) await writer.addFile(join(dbDir, 'pg_wal', segment), `db/pg_wal/${segment}`);
      if (this.source.media.kind === 'files') {
        await linkTree(this.source.media.dir, join(staging, 'media'));
        await writer.addFolder(join(staging, 'media'), 'media');
      }
      return { manifest, counts: await writer.finish() };
    } catch (error) {
      writer?.abort(error as Error);
      throw error;
    } finally {
      if (inBackup) await sql`select pg_backup_stop(false)`.execute(db).catch(() => {});
      await sql`select pg_drop_replication_slot(${slot})`.execute(db).catch(() => {});
      await rm(staging, { recursive: true, force: true });
    }
  }
}

/** What the backups write to the server's log. */
export interface BackupLog {
  info(object: object, message: string): void;
  error(object: object, message: string): void;
}

const FILE_NAME = /^backup-(\d{4}-\d\d-\d\dT\d\d-\d\d-\d\d(?:-\d{3})?Z)\.tar\.gz$/;

/** A backup's file name: its instant, sortable, with no characters a file system refuses. */
export function backupFileName(at: Date): string {
  return `backup-${at.toISOString().replace(/:/g, '-').replace('.', '-')}.tar.gz`;
}

/**
 * BACKUP_DIR: a backup every BACKUP_INTERVAL, counted from the newest one in the folder (one at
 * start when there is none, or when the newest is older than the interval), the BACKUP_KEEP newest
 * kept. A backup is written under a temporary name and renamed when whole, so the folder never
 * holds half of one under a backup's name.
 */
export class BackupSchedule {
  #timer: NodeJS.Timeout | null = null;
  #stopped = false;

  constructor(
    private readonly settings: ScheduledBackups,
    private readonly taker: BackupTaker,
    readonly log: BackupLog,
    private readonly now: () => number = Date.now,
  ) {}

  async start(): Promise<void> {
    await mkdir(this.settings.dir, { recursive: true, mode: 0o700 });
    // Left by a backup that the process's end interrupted.
    for (const name of await readdir(this.settings.dir)) if (name.endsWith('.tar.gz.partial')) await unlink(join(this.settings.dir, name)).catch(() => {});
    const newest = (await this.backups()).at(-1);
    const last = newest ? (await stat(join(this.settings.dir, newest))).mtimeMs : null;
    this.#schedule(last === null ? 0 : Math.max(0, last + this.settings.intervalMs - this.now()));
  }

  #schedule(delayMs: number): void {
    if (this.#stopped) return;
    this.#timer = setTimeout(() => void this.#takeOne().finally(() => this.#schedule(this.settings.intervalMs)), delayMs);
    this.#timer.unref();
  }

  async #takeOne(): Promise<void> {
    const started = performance.now();
    const path = join(this.settings.dir, backupFileName(new Date(this.now())));
    const partial = `${path}.partial`;
    try {
      const taken = await this.taker.take(createWriteStream(partial, { mode: 0o600 }));
      await rename(partial, path);
      const { size } = await stat(path);
      this.log.info(
        { path, bytes: size, databaseFiles: taken.counts.databaseFiles, pictures: taken.counts.mediaFiles, ms: Math.round(performance.now() - started) },
        'scheduled backup written',
      );
      await this.#prune();
    } catch (error) {
      await unlink(partial).catch(() => {});
      this.log.error({ path, reason: error instanceof Error ? error.message : String(error) }, 'scheduled backup failed; the next is taken at the next interval');
    }
  }

  /** The folder's backups, oldest first (by the instant in their names). */
  async backups(): Promise<string[]> {
    const names = await readdir(this.settings.dir).catch(() => [] as string[]);
    return names.filter((name) => FILE_NAME.test(name)).sort();
  }

  async #prune(): Promise<void> {
    const names = await this.backups();
    for (const name of names.slice(0, Math.max(0, names.length - this.settings.keep))) await unlink(join(this.settings.dir, name)).catch(() => {});
  }

  /** No backup starts from now on (one under way is left to the process's end; its partial file is removed at the next start). */
  stop(): void {
    this.#stopped = true;
    if (this.#timer) clearTimeout(this.#timer);
  }
}

/** The running server's answer to `npm run backup` through the control socket: a line, then the archive. */
export function backupRequests(taker: BackupTaker, log: BackupLog): ControlHandler {
  return async (request, socket) => {
    if (request.op !== 'backup') return end(socket, { ok: false, error: 'unknown request' });
    const started = performance.now();
    let answered = false;
    try {
      const taken = await taker.take(socket, () => {
        answered = true;
        socket.write(`${JSON.stringify({ ok: true })}\n`);
      });
      log.info(
        { databaseFiles: taken.counts.databaseFiles, pictures: taken.counts.mediaFiles, bytes: taken.counts.bytes, ms: Math.round(performance.now() - started) },
        'backup taken for npm run backup',
      );
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      log.error({ reason }, 'backup for npm run backup failed');
      if (!answered) end(socket, { ok: false, error: reason });
      else socket.destroy();
    }
  };
}
