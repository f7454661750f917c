// engine: independent (never opens the test database: left out of the suite's run on a PostgreSQL server)
/**
 * The embedded database as the product runs it (DATA_DIR): created once by a child process and
 * renamed into place, then run on a worker thread behind the PGlite dialect. Statements outside
 * transactions are handed over without waiting for each other; a transaction has the database
 * to itself from BEGIN to COMMIT or ROLLBACK.
 */
import { existsSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { isDatabaseUnavailable } from '../../src/server/db/errors.js';
import { maintainDatabase } from '../../src/server/db/maintenance.js';
import { openDatabase, PGLITE_SETTINGS, type DatabaseHandle } from '../../src/server/db/open-database.js';
import { PGliteOnWorker } from '../../src/server/db/pglite-worker.js';
import { isUniqueViolation } from '../../src/server/db/query-helpers.js';

let root: string;
let handle: DatabaseHandle;

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'bo-embedded-'));
  handle = await openDatabase({ kind: 'pglite-file', dataDir: join(root, 'db') });
  await sql`create table items (id int primary key, label text not null)`.execute(handle.db);
}, 60_000);
afterAll(async () => {
  await handle?.close();
  await rm(root, { recursive: true, force: true });
});

const count = async () => (await sql<{ n: number }>`select count(*)::int as n from items`.execute(handle.db)).rows[0].n;

describe('the embedded database on its worker thread', () => {
  test('the first start leaves a whole cluster and no building folder behind', () => {
    expect(existsSync(join(root, 'db', 'PG_VERSION'))).toBe(true);
    expect(readdirSync(root).sort()).toEqual(['db']);
    expect(handle.created?.peakRssKb).toBeGreaterThan(0);
  });

  test('statements started while a transaction is open never see inside it', async () => {
    const seenDuring: Promise<number>[] = [];
    const transaction = handle.db
      .transaction()
      .execute(async (trx) => {
        await sql`insert into items values (1, 'uncommitted')`.execute(trx);
        // Other callers ask while the transaction holds its row and goes on working: they wait
        // for it (round trips to the worker inside the transaction all come first).
        let answeredDuring = 0;
        for (let i = 0; i < 5; i += 1) seenDuring.push(count().finally(() => (answeredDuring += 1)));
        for (let i = 0; i < 3; i += 1) expect((await sql<{ n: number }>`select count(*)::int as n from items`.execute(trx)).rows[0].n).toBe(1);
        expect(answeredDuring).toBe(0);
        throw new Error('roll it back');
      })
      .catch((error: Error) => error.message);
    expect(await transaction).toBe('roll it back');
    expect(await Promise.all(seenDuring)).toEqual([0, 0, 0, 0, 0]);
    expect(await count()).toBe(0);
  });

  test('a committed transaction is seen whole by the statements queued behind it', async () => {
    const during: Promise<number>[] = [];
    await handle.db.transaction().execute(async (trx) => {
      await sql`insert into items values (2, 'a')`.execute(trx);
      during.push(count());
      await sql`insert into items values (3, 'b')`.execute(trx);
    });
    expect(await Promise.all(during)).toEqual([2]);
  });

  test('many statements at once all get their own answers, in any mix with transactions', async () => {
    const answers = await Promise.all(
      Array.from({ length: 60 }, (_, i) =>
        i % 10 === 0
          ? handle.db.transaction().execute(async (trx) => {
              await sql`insert into items values (${100 + i}, ${`row ${i}`})`.execute(trx);
              return (await sql<{ label: string }>`select label from items where id = ${100 + i}`.execute(trx)).rows[0].label;
            })
          : sql<{ v: number }>`select ${i}::int as v`.execute(handle.db).then((result) => `value ${result.rows[0].v}`),
      ),
    );
    answers.forEach((answer, i) => expect(answer).toBe(i % 10 === 0 ? `row ${i}` : `value ${i}`));
  });

  test('more distinct statements than it keeps prepared: each still answers rightly, evicted ones prepared again', async () => {
    // 150 texts, more than the 64 kept at once, then the first ones again (closed since): every
    // answer is its own, and the database keeps no more than 64 of them.
    const ask = (i: number) => sql<{ v: number; label: string }>`select ${i}::int + ${sql.raw(String(i))} as v, ${`text ${i}`}::text as label`.execute(handle.db);
    for (let round = 0; round < 2; round += 1) {
      for (let i = 0; i < 150; i += 1) expect((await ask(i)).rows[0]).toEqual({ v: 2 * i, label: `text ${i}` });
    }
    const kept = await sql<{ n: number }>`select count(*)::int as n from pg_prepared_statements`.execute(handle.db);
    expect(kept.rows[0].n).toBeGreaterThan(0);
    expect(kept.rows[0].n).toBeLessThanOrEqual(64);
  });

  test('the thread says what it holds: PostgreSQL’s WebAssembly memory and its own heap (the metrics read it)', async () => {
    const memory = await handle.memory!();
    expect(memory.wasmBytes).toBeGreaterThan(16 * 1024 * 1024);
    expect(memory.wasmBytes % 65_536).toBe(0); // whole WebAssembly pages
    expect(memory.heapTotal).toBeGreaterThanOrEqual(memory.heapUsed);
    expect(memory.heapUsed).toBeGreaterThan(0);
  });

  test("PostgreSQL's error fields cross the thread: a duplicate key is still a unique violation", async () => {
    const error = await sql`insert into items values (2, 'again')`.execute(handle.db).catch((e: unknown) => e);
    expect(isUniqueViolation(error)).toBe(true);
    expect((error as Error).message).toMatch(/duplicate key/);
  });

  test('what was committed is there after closing and opening again', async () => {
    const before = await count();
    await handle.close();
    handle = await openDatabase({ kind: 'pglite-file', dataDir: join(root, 'db') });
    expect(await count()).toBe(before);
  }, 30_000);

  test('once its thread has ended, a query fails as "unavailable" (answered 503), not as a crash', async () => {
    const created = await openDatabase({ kind: 'pglite-file', dataDir: join(root, 'db2') });
    await created.close();
    const failures: string[] = [];
    const worker = await PGliteOnWorker.start({ dataDir: join(root, 'db2'), settings: PGLITE_SETTINGS, onFailure: (reason) => failures.push(reason) });
    expect((await worker.query<{ one: number }>('select 1 as one')).rows).toEqual([{ one: 1 }]);
    await worker.close();
    const error = await worker.query('select 1').catch((e: unknown) => e);
    expect(isDatabaseUnavailable(error)).toBe(true);
    expect(failures).toEqual([]); // closed on purpose: no failure

    // A crash of the thread: queries under way fail as unavailable, and the owner hears of it once.
    const crashing = await PGliteOnWorker.start({ dataDir: join(root, 'db2'), settings: PGLITE_SETTINGS, onFailure: (reason) => failures.push(reason) });
    const underWay = crashing.query('select pg_sleep(1)').catch((e: unknown) => e);
    await crashing.terminate();
    expect(isDatabaseUnavailable(await underWay)).toBe(true);
    expect(failures).toHaveLength(1);
    expect(failures[0]).toMatch(/exited/);
  }, 60_000);
});

describe('housekeeping (no autovacuum runs inside PGlite)', () => {
  const pages = async () =>
    (await sql<{ pages: number; visible: number; tuples: number }>`select relpages as pages, relallvisible as visible, reltuples::int as tuples from pg_class where relname = 'leftovers'`.execute(handle.db)).rows[0];

  test('maintenance reclaims deleted rows, marks pages all-visible and refreshes the statistics', async () => {
    await sql`create table leftovers (id int primary key, label text not null)`.execute(handle.db);
    await sql`insert into leftovers select g, repeat('x', 200) from generate_series(1, 3000) g`.execute(handle.db);
    await sql`delete from leftovers where id % 2 = 0`.execute(handle.db);
    await sql`checkpoint`.execute(handle.db);
    const before = await pages();
    expect(before.visible).toBe(0); // never vacuumed: every index-only scan still visits the table

    expect(await maintainDatabase(handle)).toBe(true);
    const after = await pages();
    expect(after.pages).toBeGreaterThan(0);
    expect(after.visible).toBe(after.pages);
    expect(after.tuples).toBe(1500);
    // The deleted rows' space is reused: as many rows again fit in the pages already there.
    await sql`insert into leftovers select g, repeat('x', 200) from generate_series(3001, 4500) g`.execute(handle.db);
    await maintainDatabase(handle);
    expect((await pages()).pages).toBe(after.pages);
  }, 30_000);

  test('on a PostgreSQL server it leaves the work to autovacuum and sends nothing', async () => {
    const untouchable = new Proxy({}, { get: () => { throw new Error('no statement should be sent'); } });
    expect(await maintainDatabase({ engine: 'postgres', db: untouchable as DatabaseHandle['db'] })).toBe(false);
  });
});

describe('first start', () => {
  test('a folder with files but no database is refused with a message saying so, and left alone', async () => {
    const dataDir = join(root, 'not-a-db');
    mkdirSync(dataDir);
    writeFileSync(join(dataDir, 'notes.txt'), 'mine');
    await expect(openDatabase({ kind: 'pglite-file', dataDir })).rejects.toThrow(/holds files but no database/);
    expect(readdirSync(dataDir)).toEqual(['notes.txt']);
  });
});
