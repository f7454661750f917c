/**
 * Opens the database the configuration names: a PostgreSQL server through a `pg` pool, or the
 * embedded PGlite (in a directory, or in memory). Both speak the same SQL through Kysely.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, renameSync, rmSync, rmdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { basename, dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Extensions } from '@electric-sql/pglite';
import { Kysely, PostgresDialect, sql } from 'kysely';
import type { DatabaseTarget } from '../config.js';
import { PGliteDialect } from './pglite-dialect.js';
import { PGliteOnWorker, preparedQuery, type PGliteProtocol, type PGliteQueryable, type PreparedStatements } from './pglite-worker.js';
import { preparingPool } from './prepared-statements.js';
import type { Database } from './schema.js';

export interface DatabaseHandle {
  db: Kysely<Database>;
  engine: 'pglite' | 'postgres';
  /** Answers when the database does; throws otherwise. */
  ping(timeoutMs?: number): Promise<void>;
  /** Closes connections (PostgreSQL) or flushes and closes the embedded database (PGlite). */
  close(): Promise<void>;
  /** Set when this open created the embedded database: how long it took, and the peak memory of the process that did it. */
  created?: ClusterCreation;
  /** The embedded database's thread ended without being closed (a crash): nothing more can be done in this process. */
  onFailure(listener: (reason: string) => void): void;
  /** The embedded database's thread's memory (its WebAssembly memory and JavaScript heap, bytes); absent on a PostgreSQL server. */
  memory?(): Promise<{ wasmBytes: number; heapUsed: number; heapTotal: number }>;
}

export interface ClusterCreation {
  ms: number;
  peakRssKb: number;
}

export interface OpenDatabaseOptions {
  /** PGlite only: start from a dumped data directory (tests clone a migrated template this way). */
  loadDataDir?: Blob;
  /** PostgreSQL only: pool size. */
  poolSize?: number;
}

/**
 * The embedded database's buffer cache. Pages it touches stay resident for good (WebAssembly
 * memory never shrinks), and PGlite's default is 128 MB. 16 MB held the hot pages of a back office
 * of 100,000 users, the operating system's file cache keeps the rest close, and the user list's
 * rate at 100,000 users measured the same as with 32 MB (npm run bench). On Node 24, 8 MB: with
 * 100,000 bookings, 50 connections selling then listing them took the server's peak resident
 * memory to 244 MB with 16 MB and to 238 MB with 8 MB (202 MB against 210 MB at start); the
 * bench's lists at 100,000 users and 1,000,000 bookings keep their ratio to the database alone.
 * These settings come after PGlite's own (PGlite.defaultStartParams), which the thread that runs
 * it adds.
 */
export const PGLITE_SETTINGS = ['-c', 'shared_buffers=8MB'];

/**
 * PostgreSQL extensions the embedded database loads (PGlite's contrib modules, by name): pg_trgm,
 * whose trigram indexes serve the searches (migration 0005), and btree_gist, whose operators let one
 * exclusion constraint keep a guide or vehicle in one place at a time (migration 0029). Every PGlite that opens the product's
 * data must load them, since writing a row updates those indexes. The worker thread imports the
 * same modules by name.
 */
export const PGLITE_EXTENSION_NAMES = ['pg_trgm', 'btree_gist'] as const;

/**
 * PGlite and its extensions, loaded only where the database runs on this thread (in memory, or a
 * dumped directory: tests and tools). The product's server runs it on the worker thread; importing
 * PGlite on the main thread as well added 12 MB of resident memory in a process of its own (node
 * --expose-gc, RSS after a collection before and after the import). In the server, whose worker
 * loads the same files, the cold start's peak measured 207-209 MB after against 210-212 MB before:
 * within the runs' spread, so no more is claimed for it than that nothing is loaded twice.
 */
export async function loadPGlite() {
  const [pglite, { pg_trgm }, { btree_gist }] = await Promise.all([import('@electric-sql/pglite'), import('@electric-sql/pglite/contrib/pg_trgm'), import('@electric-sql/pglite/contrib/btree_gist')]);
  const extensions: Extensions = { pg_trgm, btree_gist };
  return { ...pglite, extensions, startParams: [...pglite.PGlite.defaultStartParams, ...PGLITE_SETTINGS] };
}

export async function openDatabase(target: DatabaseTarget, options: OpenDatabaseOptions = {}): Promise<DatabaseHandle> {
  if (target.kind === 'postgres') return openPostgres(target.url, options.poolSize ?? 10);
  if (target.kind === 'pglite-file' && !options.loadDataDir) {
    // The product's own embedded database: created once, then run on a thread of its own.
    const created = await createClusterOnce(target.dataDir);
    const listeners: ((reason: string) => void)[] = [];
    const pglite = await PGliteOnWorker.start({
      dataDir: target.dataDir,
      settings: PGLITE_SETTINGS,
      extensions: [...PGLITE_EXTENSION_NAMES],
      onFailure: (reason) => listeners.forEach((listener) => listener(reason)),
    });
    return { ...wrapPGlite(pglite), onFailure: (listener) => listeners.push(listener), memory: () => pglite.memory(), ...(created && { created }) };
  }
  const { PGlite, parse, protocol, extensions, startParams } = await loadPGlite();
  const pglite = new PGlite({
    dataDir: target.kind === 'pglite-file' ? target.dataDir : undefined,
    loadDataDir: options.loadDataDir,
    startParams,
    extensions,
  });
  await pglite.waitReady;
  // Statements prepared as on the worker thread (preparedQuery).
  const statements: PreparedStatements = new Map();
  return wrapPGlite({
    query: async <R>(sql: string, params: unknown[] = []) =>
      (await preparedQuery(pglite as unknown as PGliteProtocol, { protocol, parse } as unknown as Parameters<typeof preparedQuery>[1], statements, sql, params)) as { rows: R[]; command?: string; affectedRows?: number },
    get closed() {
      return pglite.closed;
    },
    close: () => pglite.close(),
  });
}

/**
 * Creates the embedded cluster on first start, in a short-lived child process. PGlite's initdb
 * runs a second PostgreSQL instance beside the first and peaks near 750-800 MB; in the server's own
 * process that memory would stay resident for its whole life (WebAssembly memory never shrinks).
 * The child builds the cluster in a sibling folder that is renamed into place only when complete,
 * so a start interrupted at any moment leaves either no cluster or a whole one.
 */
async function createClusterOnce(dataDir: string): Promise<ClusterCreation | null> {
  if (existsSync(join(dataDir, 'PG_VERSION'))) return null;
  const started = performance.now();
  mkdirSync(dirname(dataDir), { recursive: true });
  if (existsSync(dataDir) && readdirSync(dataDir).length > 0) {
    throw new Error(`${dataDir} holds files but no database (no PG_VERSION): move them away or point DATA_DIR elsewhere`);
  }
  const building = join(dirname(dataDir), `.${basename(dataDir)}-creating-${process.pid}`);
  rmSync(building, { recursive: true, force: true });
  const pgliteEntry = pathToFileURL(createRequire(import.meta.url).resolve('@electric-sql/pglite')).href;
  const script =
    'const { PGlite } = await import(process.argv[1]); const db = new PGlite({ dataDir: process.argv[2] }); await db.waitReady; await db.close();' +
    ' process.stdout.write(String(process.resourceUsage().maxRSS));';
  const peakRssKb = await new Promise<number>((resolve, reject) => {
    const child = spawn(process.execPath, ['--input-type=module', '-e', script, pgliteEntry, building], { stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('exit', (code, signal) =>
      code === 0
        ? resolve(Number(stdout.trim()) || 0)
        : reject(new Error(`creating the embedded database failed (${signal ?? `exit ${code}`}): ${stderr.trim().split('\n').pop() ?? ''}`)),
    );
  }).catch((error: unknown) => {
    rmSync(building, { recursive: true, force: true });
    throw error;
  });
  if (existsSync(dataDir)) rmdirSync(dataDir); // empty, checked above
  renameSync(building, dataDir);
  return { ms: performance.now() - started, peakRssKb };
}

export function wrapPGlite(pglite: PGliteQueryable): DatabaseHandle {
  const db = new Kysely<Database>({ dialect: new PGliteDialect(pglite) });
  return {
    db,
    engine: 'pglite',
    ping: sharedPing((timeoutMs) => withTimeout(sql`select 1`.execute(db), timeoutMs)),
    async close() {
      await db.destroy();
      if (!pglite.closed) await pglite.close();
    },
    onFailure() {}, // in this thread, a crash of PGlite is a crash of the process
  };
}

async function openPostgres(connectionString: string, max: number): Promise<DatabaseHandle> {
  // Loaded only for a PostgreSQL server: the embedded database never needs the driver.
  const { default: pg } = await import('pg');
  const pool = new pg.Pool({
    connectionString,
    max,
    // Fail fast when the server is down, so callers get 503 rather than hanging.
    connectionTimeoutMillis: 3000,
    idleTimeoutMillis: 30_000,
  });
  // A connection dying (PostgreSQL stopped or restarted) must not crash the process: idle
  // clients report through the pool, clients lent out report on themselves. Either way the
  // query in flight fails (→ 503 UNAVAILABLE) and the pool drops the broken client.
  pool.on('error', () => {});
  pool.on('connect', (client) => {
    client.on('error', () => {});
  });
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool: preparingPool(pool) }) });
  return {
    db,
    engine: 'postgres',
    ping: sharedPing((timeoutMs) => withTimeout(sql`select 1`.execute(db), timeoutMs)),
    close: () => db.destroy(),
    onFailure() {}, // a lost connection is the pool's to replace (503 UNAVAILABLE meanwhile)
  };
}

/**
 * Pings asked for while one is under way share it: a burst of health checks (a load balancer's
 * probes, a monitor retrying) asks the database once, and each gets the answer of a ping that was
 * still running when it asked.
 */
function sharedPing(ping: (timeoutMs?: number) => Promise<void>): (timeoutMs?: number) => Promise<void> {
  let running: Promise<void> | null = null;
  return (timeoutMs) => {
    running ??= ping(timeoutMs).finally(() => {
      running = null;
    });
    return running;
  };
}

async function withTimeout<T>(promise: Promise<T>, timeoutMs = 2000): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      promise,
      new Promise((_, reject) => {
        timer = setTimeout(() => reject(new DatabaseTimeoutError()), timeoutMs);
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
}

export class DatabaseTimeoutError extends Error {
  constructor() {
    super('The database did not answer in time');
    this.name = 'DatabaseTimeoutError';
  }
}
