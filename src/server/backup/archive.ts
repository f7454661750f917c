/**
 * A backup is one gzip-compressed tar file: `backup.json` first (what it is and when it was
 * taken), then DATA_DIR's `db/` (the embedded database's files, whole as of one COMMIT) and
 * `media/` (the pictures). Reading one back checks every entry, since the file may come from
 * anywhere: only plain files and folders under db/ and media/, no absolute names, no `..`.
 */
import { createWriteStream } from 'node:fs';
import { mkdir, open, readdir } from 'node:fs/promises';
import { join, posix } from 'node:path';
import { Readable, type Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';
import { extract as tarExtract, pack as tarPack, type Header, type Pack } from 'tar-stream';

export const BACKUP_FORMAT = 'travel-back-office-backup';
export const MANIFEST_NAME = 'backup.json';

export interface BackupManifest {
  format: typeof BACKUP_FORMAT;
  version: 1;
  /** When the database's files were copied (an ISO instant). */
  takenAt: string;
  /** Whether a server was running on the data directory then (it kept answering). */
  takenFrom: 'running server' | 'stopped server';
  database: { engine: 'pglite'; postgresVersion: string; lastMigration: string | null };
  /** False when the pictures are in an S3 bucket, which is backed up by its own means. */
  mediaIncluded: boolean;
}

export interface ArchiveCounts {
  databaseFiles: number;
  mediaFiles: number;
  /** Bytes of the files before compression. */
  bytes: number;
}

export class InvalidBackup extends Error {
  constructor(reason: string) {
    super(`not a usable backup: ${reason}`);
    this.name = 'InvalidBackup';
  }
}

/** Resolves when a stream that asked the writer to wait takes more, or is closed. */
function drained(stream: ReturnType<Pack['entry']>): Promise<void> {
  return new Promise((resolve) => {
    const go = () => {
      stream.off('drain', go);
      stream.off('close', go);
      resolve();
    };
    stream.on('drain', go);
    stream.on('close', go);
  });
}

/** Which of a folder's entries to leave out: a file or folder by its path under the folder (with /), or a folder's contents only. */
export type Leave = (path: string, isFolder: boolean) => 'keep' | 'out' | 'contents';

/**
 * Writes an archive: the manifest first, then folders and files as they are added. Files may be
 * changing as they are read (the database's while it runs in backup mode): each is read to the
 * size it had when opened, padded with zeros if it shrank meanwhile, and left out if it is gone;
 * PostgreSQL's recovery puts such pages right from its log.
 */
export class BackupWriter {
  readonly counts: ArchiveCounts = { databaseFiles: 0, mediaFiles: 0, bytes: 0 };
  readonly #pack = tarPack();
  readonly #written: Promise<void>;
  readonly #mtime: Date;

  constructor(out: Writable, manifest: BackupManifest) {
    this.#written = pipeline(this.#pack, createGzip({ level: 4 }), out);
    // Seen only if nobody awaits finish() (an error before it): the pipeline's failure is reported there.
    this.#written.catch(() => {});
    this.#mtime = new Date(manifest.takenAt);
    void this.addBuffer(MANIFEST_NAME, Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`));
  }

  #entry(header: Partial<Header> & Pick<Header, 'name'>, body?: Buffer) {
    let entry: ReturnType<Pack['entry']>;
    const done = new Promise<void>((resolve, reject) => {
      const callback = (error?: Error | null) => (error ? reject(error) : resolve());
      entry = body ? this.#pack.entry({ mode: 0o600, mtime: this.#mtime, ...header }, body, callback) : this.#pack.entry({ mode: 0o600, mtime: this.#mtime, ...header }, callback);
    });
    return { entry: entry!, done };
  }

  addBuffer(name: string, body: Buffer): Promise<void> {
    this.#count(name, body.length);
    return this.#entry({ name, type: 'file', size: body.length }, body).done;
  }

  /** Adds the folder's files under `name/`, its folders (empty ones included: PostgreSQL expects them) too. */
  async addFolder(folder: string, name: string, leave: Leave = () => 'keep'): Promise<void> {
    await this.#entry({ name: `${name}/`, type: 'directory', mode: 0o700 }).done;
    await this.#addUnder(folder, name, '', leave);
  }

  async #addUnder(folder: string, name: string, prefix: string, leave: Leave): Promise<void> {
    let entries;
    try {
      entries = await readdir(join(folder, ...prefix.split('/')), { withFileTypes: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return; // gone since its parent was read
      throw error;
    }
    for (const entry of entries.sort((a, b) => (a.name < b.name ? -1 : 1))) {
      const path = prefix ? `${prefix}/${entry.name}` : entry.name;
      if (entry.isDirectory()) {
        const choice = leave(path, true);
        if (choice === 'out') continue;
        await this.#entry({ name: `${name}/${path}/`, type: 'directory', mode: 0o700 }).done;
        if (choice === 'keep') await this.#addUnder(folder, name, path, leave);
      } else if (entry.isFile() && leave(path, false) === 'keep') {
        await this.addFile(join(folder, ...path.split('/')), `${name}/${path}`);
      }
    }
  }

  /** Adds a file as it is now (see the class); nothing if it no longer exists. */
  async addFile(file: string, name: string): Promise<void> {
    let handle;
    try {
      handle = await open(file, 'r');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
      throw error;
    }
    try {
      const { size } = await handle.stat();
      const { entry, done } = this.#entry({ name, type: 'file', size });
      const chunk = Buffer.alloc(Math.min(size, 256 * 1024));
      for (let at = 0; at < size; ) {
        const { bytesRead } = await handle.read(chunk, 0, Math.min(chunk.length, size - at), at);
        // Shorter than it was: the rest is zeros, as a file truncated under a base backup is sent.
        const piece = bytesRead > 0 ? Buffer.from(chunk.subarray(0, bytesRead)) : Buffer.alloc(Math.min(chunk.length, size - at));
        at += piece.length;
        if (!entry.write(piece)) await drained(entry);
      }
      entry.end(undefined);
      await done;
      this.#count(name, size);
    } finally {
      await handle.close();
    }
  }

  #count(name: string, size: number): void {
    if (name === MANIFEST_NAME) return;
    this.counts.bytes += size;
    if (name.startsWith('db/')) this.counts.databaseFiles += 1;
    else this.counts.mediaFiles += 1;
  }

  /** Ends the archive; resolves when all of it is written. */
  async finish(): Promise<ArchiveCounts> {
    this.#pack.finalize();
    await this.#written;
    return this.counts;
  }

  /** Ends the archive unfinished (a reader sees it truncated). */
  abort(error: Error): void {
    this.#pack.destroy(error);
  }
}

/**
 * Reads an archive through, checking it; with `into`, writes its db/ and media/ there. Throws
 * InvalidBackup when the file is not a whole backup of this product (truncated files fail in gzip's
 * or tar's own checks).
 */
export async function readBackup(input: Readable, into: string | null): Promise<{ manifest: BackupManifest; counts: ArchiveCounts }> {
  const extract = tarExtract();
  const gunzip = createGunzip();
  const reading = pipeline(input, gunzip, extract).catch((error: unknown) => {
    throw error instanceof InvalidBackup ? error : new InvalidBackup(error instanceof Error ? error.message : String(error));
  });
  let manifest: BackupManifest | null = null;
  const counts: ArchiveCounts = { databaseFiles: 0, mediaFiles: 0, bytes: 0 };
  let hasVersion = false;
  const consume = async () => {
    for await (const entry of extract) {
      const { name, type, size = 0 } = entry.header;
      if (manifest === null) {
        if (name !== MANIFEST_NAME || type !== 'file' || size > 65_536) throw new InvalidBackup(`it does not begin with ${MANIFEST_NAME}`);
        manifest = parseManifest((await Readable.from(entry).toArray()).map((chunk: Buffer) => chunk.toString('utf8')).join(''));
        continue;
      }
      const path = safeName(name);
      if (type === 'directory') {
        if (into) await mkdir(join(into, ...path.split('/')), { recursive: true, mode: 0o700 });
        entry.resume();
        continue;
      }
      if (type !== 'file') throw new InvalidBackup(`${name} is a ${type ?? 'special entry'}, not a file`);
      if (path === 'db/PG_VERSION') hasVersion = true;
      if (path.startsWith('db/')) counts.databaseFiles += 1;
      else counts.mediaFiles += 1;
      counts.bytes += size;
      if (into) {
        const target = join(into, ...path.split('/'));
        await mkdir(join(target, '..'), { recursive: true, mode: 0o700 });
        await pipeline(entry, createWriteStream(target, { mode: 0o600, flags: 'wx' }));
      } else {
        entry.resume();
        await new Promise<void>((done) => entry.once('end', () => done()));
      }
    }
  };
  try {
    await Promise.all([reading, consume()]);
  } catch (error) {
    extract.destroy();
    if (error instanceof InvalidBackup) throw error;
    throw new InvalidBackup(error instanceof Error ? error.message : String(error));
  }
  if (manifest === null) throw new InvalidBackup('it is empty');
  if (!hasVersion) throw new InvalidBackup('it holds no database (db/PG_VERSION is missing)');
  return { manifest, counts };
}

function parseManifest(text: string): BackupManifest {
  let value: Partial<BackupManifest>;
  try {
    value = JSON.parse(text) as Partial<BackupManifest>;
  } catch {
    throw new InvalidBackup(`${MANIFEST_NAME} is not JSON`);
  }
  if (value.format !== BACKUP_FORMAT) throw new InvalidBackup('it was not written by npm run backup');
  if (value.version !== 1) throw new InvalidBackup(`its format version ${String(value.version)} is newer than this product reads`);
  if (value.database?.engine !== 'pglite') throw new InvalidBackup('it does not hold an embedded database');
  return value as BackupManifest;
}

/** The entry's name if it is a path under db/ or media/, without `..`, empty segments or a leading slash. */
function safeName(name: string): string {
  const trimmed = name.replace(/\/+$/, '');
  const segments = trimmed.split('/');
  const wellFormed = segments.every((segment) => segment !== '' && segment !== '.' && segment !== '..' && !segment.includes('\\') && !segment.includes('\0'));
  if (!wellFormed || posix.isAbsolute(trimmed) || !['db', 'media'].includes(segments[0])) throw new InvalidBackup(`it holds an entry outside db/ and media/ (${JSON.stringify(name.slice(0, 80))})`);
  return trimmed;
}
