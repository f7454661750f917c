/**
 * Seeding the bench's database with the product's rows in bulk (src/server/db/bulk-rows.ts, built
 * into dist like the rest of the server), on the embedded database or a PostgreSQL server, each
 * time followed by the housekeeping the product does.
 */
import { join } from 'node:path';
import type * as BulkRows from '../../src/server/db/bulk-rows.ts';
import type * as OpenDatabase from '../../src/server/db/open-database.ts';
import { root } from './settings.ts';

export const bulk = (await import(join(root, 'dist/server/server/db/bulk-rows.js'))) as typeof BulkRows;

/** Runs the statements, then the housekeeping, in a database the bench opens for the moment (the server is stopped). */
export type Seed = (statements: string[]) => Promise<void>;

export function pgliteSeed(dataDir: string): Seed {
  return async (statements) => {
    const { loadPGlite } = (await import(join(root, 'dist/server/server/db/open-database.js'))) as typeof OpenDatabase;
    const { PGlite, extensions } = await loadPGlite();
    const db = new PGlite({ dataDir: join(dataDir, 'db'), extensions });
    for (const statement of statements) await db.exec(statement);
    await db.query(bulk.MAINTAIN_SQL);
    await db.close();
  };
}

export function postgresSeed(url: string): Seed {
  return async (statements) => {
    const pg = (await import('pg')).default;
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    for (const statement of statements) await client.query(statement);
    await client.query(bulk.MAINTAIN_SQL);
    await client.end();
  };
}
