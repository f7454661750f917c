/**
 * Backups' parts that need no running server: the settings, the archive's checks against a file
 * that comes from anywhere, the scheduled backups' rotation, and the claim on a data directory.
 * (The round trip through a running server under load is in tests/faults/backup-restore.faults.ts.)
 */
import { createReadStream, existsSync, readdirSync, writeFileSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGzip, gzipSync } from 'node:zlib';
import { pack as tarPack } from 'tar-stream';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BACKUP_FORMAT, MANIFEST_NAME, readBackup } from '../../src/server/backup/archive.js';
import { BackupSchedule, BackupTaker } from '../../src/server/backup/backups.js';
import { claimDataDir, controlSocketPath, DataDirInUse } from '../../src/server/backup/control.js';
import { ConfigError, loadConfig } from '../../src/server/config.js';

let work: string;
beforeEach(async () => {
  work = await mkdtemp(join(tmpdir(), 'bo-backups-'));
});
afterEach(async () => {
  await rm(work, { recursive: true, force: true });
});

const manifest = { format: BACKUP_FORMAT, version: 1, takenAt: '2026-11-27T08:00:00.000Z', takenFrom: 'stopped server', database: { engine: 'pglite', postgresVersion: '17', lastMigration: null }, mediaIncluded: true };

/** A gzip'd tar of the given entries, in order, as a hostile or broken file could hold them. */
async function archive(entries: { name: string; body?: string; type?: 'file' | 'directory' | 'symlink'; linkname?: string }[]): Promise<Buffer> {
  const pack = tarPack();
  const chunks: Buffer[] = [];
  const done = pipeline(pack, createGzip(), async (source: AsyncIterable<Buffer>) => {
    for await (const chunk of source) chunks.push(chunk);
  });
  for (const entry of entries) {
    await new Promise<void>((resolve, reject) => {
      const callback = (error?: Error | null) => (error ? reject(error) : resolve());
      if (entry.type === 'directory' || entry.type === 'symlink') pack.entry({ name: entry.name, type: entry.type, linkname: entry.linkname }, callback);
      else pack.entry({ name: entry.name }, entry.body ?? '', callback);
    });
  }
  pack.finalize();
  await done;
  return Buffer.concat(chunks);
}

const good = [{ name: MANIFEST_NAME, body: JSON.stringify(manifest) }, { name: 'db/', type: 'directory' as const }, { name: 'db/PG_VERSION', body: '17\n' }, { name: 'media/pictures/a.webp', body: 'picture' }];

describe('a backup file read back', () => {
  it('restores what a whole backup holds, and counts it', async () => {
    const into = join(work, 'into');
    const { manifest: read, counts } = await readBackup(Readable.from(await archive(good)), into);
    expect(read.takenAt).toBe(manifest.takenAt);
    expect(counts).toEqual({ databaseFiles: 1, mediaFiles: 1, bytes: 10 });
    expect(await readFile(join(into, 'media/pictures/a.webp'), 'utf8')).toBe('picture');
  });

  it.each([
    ['an entry that climbs out of the folder', [...good, { name: 'db/../../escaped', body: 'x' }], /outside db\/ and media\//],
    ['an absolute name', [...good, { name: '/tmp/escaped', body: 'x' }], /outside db\/ and media\//],
    ['a name outside db/ and media/', [...good, { name: 'etc/passwd', body: 'x' }], /outside db\/ and media\//],
    ['a symbolic link', [...good, { name: 'db/link', type: 'symlink' as const, linkname: '/etc/passwd' }], /not a file/],
    ['no manifest first', good.slice(1), /does not begin with backup\.json/],
    ['a manifest of something else', [{ name: MANIFEST_NAME, body: '{"format":"other"}' }, ...good.slice(1)], /not written by npm run backup/],
    ['a newer format', [{ name: MANIFEST_NAME, body: JSON.stringify({ ...manifest, version: 2 }) }, ...good.slice(1)], /newer than this product reads/],
    ['no database in it', [good[0], good[3]], /holds no database/],
  ])('refuses %s, writing nothing outside the folder it restores into', async (_, entries, reason) => {
    const into = join(work, 'into');
    await expect(readBackup(Readable.from(await archive(entries)), into)).rejects.toThrow(reason);
    expect(existsSync(join(work, 'escaped'))).toBe(false);
    expect(existsSync('/tmp/escaped')).toBe(false);
  });

  it('refuses a cut-off file and a file that is not gzip', async () => {
    const whole = await archive([...good, { name: 'db/base/1', body: 'x'.repeat(200_000) }]);
    await expect(readBackup(Readable.from(whole.subarray(0, whole.length - 40)), null)).rejects.toThrow(/not a usable backup/);
    await expect(readBackup(Readable.from(Buffer.from('{"not": "a backup"}')), null)).rejects.toThrow(/not a usable backup/);
    await expect(readBackup(Readable.from(gzipSync('plain text, not a tar')), null)).rejects.toThrow(/not a usable backup/);
  });
});

describe('scheduled backups (BACKUP_DIR)', () => {
  it('writes one at start and one every interval, whole files under a dated name, keeping the newest BACKUP_KEEP', async () => {
    // A stopped data directory: the taker reads it as it is.
    const dataDir = join(work, 'data');
    await mkdir(join(dataDir, 'db/base'), { recursive: true });
    await writeFile(join(dataDir, 'db/PG_VERSION'), '17\n');
    await writeFile(join(dataDir, 'db/base/1'), 'rows');
    await writeFile(join(dataDir, 'db/postmaster.pid'), '123');
    await mkdir(join(dataDir, 'media/pictures'), { recursive: true });
    await writeFile(join(dataDir, 'media/pictures/a.webp'), 'picture');
    await writeFile(join(dataDir, 'media/pictures/b.webp.1f2e.part'), 'half a picture');
    const dir = join(work, 'backups');
    await mkdir(dir);
    writeFileSync(join(dir, 'backup-2026-01-01T00-00-00-000Z.tar.gz.partial'), 'interrupted');
    writeFileSync(join(dir, 'notes.txt'), 'the operator’s own file');
    const lines: string[] = [];
    const log = { info: (_: object, message: string) => lines.push(message), error: (fields: object, message: string) => lines.push(`${message} ${JSON.stringify(fields)}`) };
    const schedule = new BackupSchedule({ dir, intervalMs: 150, keep: 2 }, new BackupTaker({ dataDir, media: { kind: 'files', dir: join(dataDir, 'media') } }), log);
    await schedule.start();
    try {
      for (let waited = 0; lines.filter((line) => line === 'scheduled backup written').length < 4; waited += 50) {
        if (waited > 10_000) throw new Error(`only: ${lines.join('; ')}`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    } finally {
      schedule.stop();
    }
    await new Promise((resolve) => setTimeout(resolve, 300)); // one under way when stopped ends
    const names = readdirSync(dir).sort();
    const backups = names.filter((name) => name.endsWith('.tar.gz'));
    expect(backups).toHaveLength(2);
    for (const name of backups) expect(name).toMatch(/^backup-\d{4}-\d\d-\d\dT\d\d-\d\d-\d\d-\d{3}Z\.tar\.gz$/);
    expect(names).toContain('notes.txt');
    expect(names.some((name) => name.endsWith('.partial'))).toBe(false);
    const into = join(work, 'restored');
    const { manifest: read, counts } = await readBackup(createReadStream(join(dir, backups[1])), into);
    expect(read).toMatchObject({ takenFrom: 'stopped server', mediaIncluded: true, database: { postgresVersion: '17' } });
    expect(counts).toMatchObject({ databaseFiles: 2, mediaFiles: 1 });
    expect(existsSync(join(into, 'db/postmaster.pid'))).toBe(false);
    expect(existsSync(join(into, 'media/pictures/b.webp.1f2e.part'))).toBe(false);
  });

  it('is configured with BACKUP_DIR, BACKUP_INTERVAL and BACKUP_KEEP, for the embedded database only', () => {
    const dataDir = join(work, 'data');
    expect(loadConfig({ DATA_DIR: dataDir }).backups).toBeNull();
    expect(loadConfig({ DATA_DIR: dataDir, BACKUP_DIR: join(work, 'b') }).backups).toEqual({ dir: join(work, 'b'), intervalMs: 86_400_000, keep: 7 });
    expect(loadConfig({ DATA_DIR: dataDir, BACKUP_DIR: join(work, 'b'), BACKUP_INTERVAL: '6h', BACKUP_KEEP: '28' }).backups).toEqual({ dir: join(work, 'b'), intervalMs: 21_600_000, keep: 28 });
    const refused = (env: Record<string, string>) => {
      try {
        loadConfig({ DATA_DIR: dataDir, ...env });
      } catch (error) {
        expect(error).toBeInstanceOf(ConfigError);
        return (error as Error).message;
      }
      throw new Error('accepted');
    };
    expect(refused({ BACKUP_DIR: join(work, 'b'), DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/test' })).toMatch(/pg_dump/);
    expect(refused({ BACKUP_DIR: join(work, 'b'), DATABASE_URL: 'memory://' })).toMatch(/memory:\/\//);
    expect(refused({ BACKUP_INTERVAL: '1h' })).toMatch(/BACKUP_DIR.*must be set when BACKUP_INTERVAL is/);
    expect(refused({ BACKUP_DIR: join(work, 'b'), BACKUP_KEEP: '0' })).toMatch(/BACKUP_KEEP/);
    expect(refused({ BACKUP_DIR: join(work, 'b'), BACKUP_INTERVAL: 'daily' })).toMatch(/BACKUP_INTERVAL/);
    expect(refused({ BACKUP_DIR: join(dataDir, 'db', 'backups') })).toMatch(/inside DATA_DIR\/db/);
  });
});

describe('one process on a data directory', () => {
  it('refuses a second claim, naming who holds it, and takes over a socket that a killed process left', async () => {
    const dataDir = join(work, 'data');
    const first = await claimDataDir(dataDir, 'server');
    const second = await claimDataDir(dataDir, 'backup').catch((error: unknown) => error);
    expect(second).toBeInstanceOf(DataDirInUse);
    expect((second as Error).message).toMatch(new RegExp(`in use by a running server \\(process ${process.pid}\\)`));
    await first.release();
    // What a killed process leaves: the socket's name with nobody behind it.
    const released = await claimDataDir(dataDir, 'restore');
    await released.release();
    writeFileSync(controlSocketPath(dataDir), '');
    const again = await claimDataDir(dataDir, 'server');
    await again.release();
  });

  it('names a short socket inside the data directory and a long one in the temporary folder', () => {
    expect(controlSocketPath('/srv/travel/data')).toBe('/srv/travel/data/.control.sock');
    const long = controlSocketPath(`/srv/${'very-long-folder-name/'.repeat(6)}data`);
    expect(long.startsWith(tmpdir())).toBe(true);
    expect(long).toMatch(/travel-back-office-[0-9a-f]{16}\.sock$/);
  });
});

