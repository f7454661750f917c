/**
 * Databases for tests. Creating and migrating a PGlite database takes seconds, so the server
 * suite's global setup makes one migrated, seeded template per run and every test file clones
 * it: a PGlite data-dir dump, or (with TEST_DATABASE_URL) a PostgreSQL database created with
 * `TEMPLATE`. Without a template (other suites), a fresh in-memory database is made and seeded.
 */
import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import pg from 'pg';
import { migrateToLatest } from '../../src/server/db/migrate.js';
import { openDatabase, type DatabaseHandle } from '../../src/server/db/open-database.js';
import { seedDatabase } from '../../src/server/db/seed.js';

/** The first administrator of every test database. */
export const TEST_ADMIN = { email: 'admin@example.com', password: 'admin-password-for-tests' } as const;

/** What the server suite's global setup hands to each test file (vitest provide/inject). */
export type TestDatabaseTemplate =
  | { engine: 'pglite'; dumpPath: string }
  | { engine: 'postgres'; serverUrl: string; templateName: string; runId: string };

declare module 'vitest' {
  export interface ProvidedContext {
    testDatabaseTemplate: TestDatabaseTemplate | null;
  }
}

export interface TestDatabase {
  handle: DatabaseHandle;
  /** postgres:// URL when on a PostgreSQL server, null for PGlite. */
  url: string | null;
  /** Closes the connections and removes the database. */
  dispose(): Promise<void>;
}

/** The template provided by the server suite's global setup, when running under it. */
export async function providedTemplate(): Promise<TestDatabaseTemplate | null> {
  try {
    const { inject } = await import('vitest');
    return inject('testDatabaseTemplate') ?? null;
  } catch {
    return null; // not under vitest, or no global setup provided one
  }
}

export async function openTestDatabase(template?: TestDatabaseTemplate | null): Promise<TestDatabase> {
  const source = template === undefined ? await providedTemplate() : template;
  if (source?.engine === 'postgres') return clonePostgresTemplate(source);
  if (source?.engine === 'pglite') {
    const dump = await readFile(source.dumpPath);
    const handle = await openDatabase({ kind: 'pglite-memory' }, { loadDataDir: new Blob([dump]) });
    return { handle, url: null, dispose: () => handle.close() };
  }
  const handle = await openDatabase({ kind: 'pglite-memory' });
  await prepareDatabase(handle);
  return { handle, url: null, dispose: () => handle.close() };
}

/** Migrate and seed with the test administrator. */
export async function prepareDatabase(handle: DatabaseHandle): Promise<void> {
  await migrateToLatest(handle.db);
  await seedDatabase(handle.db, { adminEmail: TEST_ADMIN.email, adminPassword: TEST_ADMIN.password, now: Date.now });
}

export function withDatabase(serverUrl: string, database: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${database}`;
  return url.href;
}

/** Runs statements on the server's maintenance connection (CREATE/DROP DATABASE cannot run in a transaction). */
export async function onServer<T>(serverUrl: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: withDatabase(serverUrl, 'postgres') });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

async function clonePostgresTemplate(template: Extract<TestDatabaseTemplate, { engine: 'postgres' }>): Promise<TestDatabase> {
  const name = `${template.runId}_${randomBytes(4).toString('hex')}`;
  await onServer(template.serverUrl, async (client) => {
    // Two files cloning at the same instant can see each other's copy in progress: try again.
    for (let attempt = 0; ; attempt++) {
      try {
        await client.query(`create database "${name}" template "${template.templateName}"`);
        return;
      } catch (error) {
        if (attempt >= 20 || !/being accessed by other users/.test(String(error))) throw error;
        await new Promise((resolve) => setTimeout(resolve, 100 + Math.random() * 200));
      }
    }
  });
  const url = withDatabase(template.serverUrl, name);
  const handle = await openDatabase({ kind: 'postgres', url }, { poolSize: 5 });
  return {
    handle,
    url,
    async dispose() {
      await handle.close();
      await onServer(template.serverUrl, (client) => client.query(`drop database if exists "${name}" with (force)`));
    },
  };
}
