/**
 * Opens the database the configuration names: a PostgreSQL server through a `pg` pool, or the
 * embedded PGlite (in a directory, or in memory). Both speak the same SQL through Kysely.
 */
import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import type { DatabaseTarget } from '../config.js';
import { PGliteDialect } from './pglite-dialect.js';
import type { Database } from './schema.js';

export interface DatabaseHandle {
  db: Kysely<Database>;
  engine: 'pglite' | 'postgres';
  /** Answers when the database does; throws otherwise. */
  ping(timeoutMs?: number): Promise<void>;
  /** Closes connections (PostgreSQL) or flushes and closes the embedded database (PGlite). */
  close(): Promise<void>;
}

export interface OpenDatabaseOptions {
  /** PGlite only: start from a dumped data directory (tests clone a migrated template this way). */
  loadDataDir?: Blob;
  /** PostgreSQL only: pool size. */
  poolSize?: number;
}

export async function openDatabase(target: DatabaseTarget, options: OpenDatabaseOptions = {}): Promise<DatabaseHandle> {
  if (target.kind === 'postgres') return openPostgres(target.url, options.poolSize ?? 10);
  if (target.kind === 'pglite-file') mkdirSync(target.dataDir, { recursive: true });
  const pglite = new PGlite({
    dataDir: target.kind === 'pglite-file' ? target.dataDir : undefined,
    loadDataDir: options.loadDataDir,
  });
  await pglite.waitReady;
  return wrapPGlite(pglite);
}

export function wrapPGlite(pglite: PGlite): DatabaseHandle {
  const db = new Kysely<Database>({ dialect: new PGliteDialect(pglite) });
  return {
    db,
    engine: 'pglite',
    ping: (timeoutMs) => withTimeout(sql`select 1`.execute(db), timeoutMs),
    async close() {
      await db.destroy();
      if (!pglite.closed) await pglite.close();
    },
  };
}

function openPostgres(connectionString: string, max: number): DatabaseHandle {
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
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  return {
    db,
    engine: 'postgres',
    ping: (timeoutMs) => withTimeout(sql`select 1`.execute(db), timeoutMs),
    close: () => db.destroy(),
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
