// `npm run bench`: every figure of the performance budget, measured in one run, printed as one
// table with PASS/FAIL per budget (exit code 1 when any budget fails). BENCH_QUICK=1 runs shorter.
// Each part is a file of parts/; what they share is in lib/.
//
//   1. JavaScript for the first view of /login and of /dashboard (parts/first-view.ts).
//   2. API throughput with autocannon (50 connections) on the embedded database and on the
//      PostgreSQL server: health, the user list at 10,000 and 100,000 users beside the database's
//      own rate for the same queries (bench/database-rate.ts, in a process launched with the
//      server's Node flags), a search at 100,000 users, refresh, login (parts/api.ts).
//   3. Login storm: 200 concurrent sign-ins while /api/health is polled; its p99 (parts/storm.ts).
//   4. Cold start on the embedded database, and the server's peak resident memory (below).
//   5. Lighthouse (desktop preset) on /login and /dashboard (parts/lighthouse.ts).
//   6. On both engines: the tours list at 1,000 and 10,000 tours and 12-megapixel uploads
//      (parts/catalogue.ts); bookings sold from 50 connections, the bookings list at 100,000 and
//      1,000,000 bookings and the reports (parts/bookings.ts).
//
// The rows are seeded with the product's own bulk rows (src/server/db/bulk-rows.ts, tested by
// tests/server/bulk-rows.test.ts). BENCH_DATABASE_URL: the PostgreSQL server (default
// postgres://postgres@127.0.0.1:5432/test); a database of its own is created and dropped.
//   7. On both engines: OCTO's availability calendar and availability at 100 and 10,000 departures
//      of a product, and reserve + confirm from 50 connections beside staff bookings (parts/octo.ts).
//   8. On both engines: a day sheet of 200 departures at 10,000 bookings in the table and (after
//      the bookings part) past 1,000,000, and a resource's schedule and the assignment conflict
//      check at 100 and 10,000 assignments of the resource (parts/operations.ts).
// BENCH_SKIP=embedded,pg,users,storm,browser,lighthouse,catalogue,operations,bookings,octo skips
// parts (for work on one part; the budgets are judged on a full run). `embedded` skips every part
// on the embedded database, cold start included, as `pg` does for the PostgreSQL server.
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import type * as OpenDatabase from '../src/server/db/open-database.ts';
import { ms, part, peakRssKb, printTable, row } from './lib/report.ts';
import { startServer } from './lib/servers.ts';
import { DURATION, PG_URL, QUICK, root, SKIP, WARMUP } from './lib/settings.ts';

const started = Date.now();
// The runtime every measure below is taken on (the `node` dependency's Node 24 under npm run bench).
console.log(`bench: Node ${process.version} (${process.execPath}), ${cpus().length} cores`);

function run(cmd: string, args: string[]): void {
  const result = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: process.env });
  if (result.status !== 0) throw new Error(`${cmd} ${args.join(' ')} failed`);
}
if (!existsSync(join(root, 'dist/client/index.html')) || !existsSync(join(root, 'dist/server/server/server.bundle.mjs')) || process.env.BENCH_BUILD === '1') {
  console.log('bench: building the product (npm run build)…');
  run('npm', ['run', '--silent', 'build']);
}
console.log('bench: building the stock react-admin app (bench/stock-app)…');
run('npx', ['vite', 'build', '--config', 'bench/stock-app/vite.config.ts']);

// The parts load the built product (dist), so they come after the build.
const { apiRows } = await import('./parts/api.ts');
const { bookingRows } = await import('./parts/bookings.ts');
const { catalogueRows } = await import('./parts/catalogue.ts');
const { octoRows } = await import('./parts/octo.ts');
const { shopRows } = await import('./parts/shop.ts');
const { dayOfTourRows, daySheetAtScale } = await import('./parts/operations.ts');
const { firstViewRows } = await import('./parts/first-view.ts');
const { lighthouseRows } = await import('./parts/lighthouse.ts');
const { loginStorm } = await import('./parts/storm.ts');
const { pgliteSeed, postgresSeed } = await import('./lib/seed.ts');

/** The day of the tour's first half (parts/operations.ts), or nothing when skipped or failed twice: the server to go on with, and the day sheet's p50 at 10,000 bookings. */
async function theDayOfTheTour(engine: string, running: Awaited<ReturnType<typeof startServer>>, env: Record<string, string>, seed: Parameters<typeof dayOfTourRows>[3]) {
  if (SKIP.has('operations')) return { server: running, daySheetP50: null };
  const measured = await part(engine, 'the day of the tour', () => dayOfTourRows(engine, running, env, seed));
  return measured ?? { server: await startServer(env), daySheetP50: null };
}

const dataDir = mkdtempSync(join(tmpdir(), 'bo-bench-'));
const pgDatabase = `bench_${randomBytes(4).toString('hex')}`;
const pgUrl = (() => {
  const url = new URL(PG_URL);
  url.pathname = `/${pgDatabase}`;
  return url.toString();
})();
let exitCode = 0;
try {
  const { openDatabase } = (await import(join(root, 'dist/server/server/db/open-database.js'))) as typeof OpenDatabase;
  // Embedded database.
  if (!SKIP.has('embedded')) {
    const embeddedEnv = { DATA_DIR: dataDir };
    const embeddedTarget = { kind: 'pglite-file' as const, dataDir: join(dataDir, 'db') };
    const seedEmbedded = pgliteSeed(dataDir);
    const embedded = SKIP.has('users') ? await startServer(embeddedEnv) : await apiRows('embedded database', embeddedEnv, seedEmbedded, embeddedTarget);
    if (!SKIP.has('storm')) await part('login storm', 'login storm', () => loginStorm(embedded));
    if (!SKIP.has('browser')) await part('first view', 'first view', () => firstViewRows(embedded));
    if (!SKIP.has('browser') && !SKIP.has('lighthouse')) await part('Lighthouse', 'Lighthouse', () => lighthouseRows(embedded));
    const catalogue = SKIP.has('catalogue') ? embedded : await catalogueRows('embedded database', embedded, embeddedEnv, seedEmbedded);
    const day = await theDayOfTheTour('embedded database', catalogue, embeddedEnv, seedEmbedded);
    const sales = SKIP.has('bookings') ? day.server : await bookingRows('embedded database', day.server, embeddedEnv, seedEmbedded, embeddedTarget);
    if (day.daySheetP50 !== null && !SKIP.has('bookings')) await part('embedded database', 'the day sheet at scale', () => daySheetAtScale('embedded database', sales, day.daySheetP50!));
    const resold = SKIP.has('octo') ? sales : ((await part('embedded database', 'selling over OCTO', () => octoRows('embedded database', sales, embeddedEnv, seedEmbedded, embeddedTarget))) ?? (await startServer(embeddedEnv)));
    // The shop sells the OCTO part's two products: it runs only after that part.
    const shopped = SKIP.has('octo') || SKIP.has('shop') ? resold : ((await part('embedded database', 'selling in the shop', () => shopRows('embedded database', resold, embeddedEnv))) ?? (await startServer(embeddedEnv)));
    await shopped.stop();
    const cold = await startServer(embeddedEnv);
    row('server', 'cold start, embedded database with 100,000 users (spawn → first healthy answer)', ms(cold.coldStartMs), '< 3 s', cold.coldStartMs < 3000);
    await cold.stop();
    // A first start creates the embedded database in a child process that exits when done; the
    // server's own memory never holds it. Measured here through the same code the server runs.
    const freshDir = mkdtempSync(join(tmpdir(), 'bo-bench-create-'));
    const fresh = await openDatabase({ kind: 'pglite-file', dataDir: join(freshDir, 'db') });
    await fresh.close();
    rmSync(freshDir, { recursive: true, force: true });
    if (fresh.created) row('server', 'first start only: creating the embedded database (a child process that exits when done)', `${ms(fresh.created.ms)}, peak ${(fresh.created.peakRssKb / 1024).toFixed(0)} MB`);
  }

  // PostgreSQL server.
  if (!SKIP.has('pg')) {
    const pg = (await import('pg')).default;
    const admin = new pg.Client({ connectionString: PG_URL });
    await admin.connect();
    await admin.query(`create database ${pgDatabase}`);
    await admin.end();
    const pgEnv = { DATABASE_URL: pgUrl };
    const pgTarget = { kind: 'postgres' as const, url: pgUrl };
    const seedServer = postgresSeed(pgUrl);
    const server = SKIP.has('users') ? await startServer(pgEnv) : await apiRows('PostgreSQL server', pgEnv, seedServer, pgTarget);
    if (!SKIP.has('storm')) await part('login storm', 'login storm', () => loginStorm(server));
    const catalogue = SKIP.has('catalogue') ? server : await catalogueRows('PostgreSQL server', server, pgEnv, seedServer);
    const day = await theDayOfTheTour('PostgreSQL server', catalogue, pgEnv, seedServer);
    const sales = SKIP.has('bookings') ? day.server : await bookingRows('PostgreSQL server', day.server, pgEnv, seedServer, pgTarget);
    if (day.daySheetP50 !== null && !SKIP.has('bookings')) await part('PostgreSQL server', 'the day sheet at scale', () => daySheetAtScale('PostgreSQL server', sales, day.daySheetP50!));
    const resold = SKIP.has('octo') ? sales : ((await part('PostgreSQL server', 'selling over OCTO', () => octoRows('PostgreSQL server', sales, pgEnv, seedServer, pgTarget))) ?? (await startServer(pgEnv)));
    const shopped = SKIP.has('octo') || SKIP.has('shop') ? resold : ((await part('PostgreSQL server', 'selling in the shop', () => shopRows('PostgreSQL server', resold, pgEnv))) ?? (await startServer(pgEnv)));
    await shopped.stop();
  }
  for (const [engine, peak] of Object.entries(peakRssKb)) {
    row('server', `peak resident memory of the server process on the ${engine} (VmHWM over every start and load above, uploads included; launched as npm start launches it)`, `${(peak / 1024).toFixed(0)} MB`, '< 250 MB', peak < 250 * 1024);
  }
} catch (error) {
  console.error(`bench: ${error instanceof Error ? error.stack : String(error)}`);
  exitCode = 2;
} finally {
  rmSync(dataDir, { recursive: true, force: true });
  if (!SKIP.has('pg')) {
    const pg = (await import('pg')).default;
    const admin = new pg.Client({ connectionString: PG_URL });
    await admin.connect().then(() => admin.query(`drop database if exists ${pgDatabase} with (force)`)).catch(() => {});
    await admin.end().catch(() => {});
  }
}

const failed = printTable(
  `Benchmark (${QUICK ? 'quick' : 'full'} run, ${DURATION} s per load test after ${WARMUP} s of warm-up for the user list and the database alone, ${Math.round((Date.now() - started) / 1000)} s in all, ${new Date().toISOString().slice(0, 10)}, Node ${process.version}, ${cpus().length} cores)`,
);
process.exit(exitCode || (failed > 0 ? 1 : 0));
