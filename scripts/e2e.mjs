#!/usr/bin/env node
// `npm run test:e2e [-- vitest args] [-- --multi-instance]`: the end-to-end journeys in headless
// Chromium against the production build.
//
// 1. Builds (`npm run build`) when dist/ is missing or older than its sources.
// 2. Runs `vitest run --project e2e` with the verbose reporter (each journey with its time), two
//    journey files at a time (E2E_WORKERS=1 runs them one by one).
//    `--engine-dependent` runs only the journeys whose outcome depends on the database engine.
//    `--multi-instance` runs only tests/e2e/multi-instance.e2e.ts (it needs E2E_DATABASE_URL and
//    E2E_REDIS_URL); without it, that file is left out.
// 3. Prints the axe-core summary of every screen checked and writes screenshots/e2e/axe-summary.json.
// Exits with vitest's status: non-zero when a journey fails.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { clientEntry, newest, serverEntry } from './lib/build.mjs';
import { filesMarked } from './lib/test-files.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const MULTI_INSTANCE_FILE = 'tests/e2e/multi-instance.e2e.ts';
/**
 * The journeys whose outcome depends on the database engine: `--engine-dependent` runs only these,
 * which is what CI runs a second time on the PostgreSQL server. The embedded database is PostgreSQL
 * too, with one connection; what differs on a server is concurrency over a pool of connections
 * (refresh tokens rotated by three tabs at once, the same booking sent twice, seats taken at once)
 * and the driver's reading of dates, times and sums (departures in their zone, the dashboard's
 * totals: a server's driver reads a bigint sum as text, the embedded one as a number). The other journeys
 * (users, roles, the catalogue, forms, layout, accessibility, tabs, the browser's handling of
 * refused calls) meet the same SQL on either engine, and the server suite proves every route's
 * answers on both. Each such file says so in its first line (`// engine: dependent`, lib/test-files.mjs).
 */
const ENGINE_DEPENDENT_FILES = filesMarked(root, 'tests/e2e', /\.e2e\.ts$/, 'dependent');
const axeDir = join(root, 'screenshots/e2e/axe');
const axeSummaryFile = join(root, 'screenshots/e2e/axe-summary.json');

/** The oldest of the build's outputs (0 when one is missing). */
function oldestOutput() {
  const outputs = [clientEntry, serverEntry];
  if (!outputs.every((p) => existsSync(p))) return 0;
  return Math.min(...outputs.map((p) => statSync(p).mtimeMs));
}

function ensureBuild() {
  const sources = ['src', 'index.html', 'vite.config.ts', 'tsconfig.json', 'tsconfig.server.json', 'package.json'];
  if (oldestOutput() >= newest(sources) && process.env.E2E_FORCE_BUILD !== 'true') {
    console.log('e2e: the production build in dist/ is up to date.');
    return;
  }
  console.log('e2e: building the production build (npm run build)…');
  const result = spawnSync('npm', ['run', '--silent', 'build'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) {
    console.error('e2e: the build failed.');
    process.exit(result.status ?? 1);
  }
}

function parseArgs(argv) {
  const args = [];
  let multiInstance = false;
  let engineDependent = false;
  for (const arg of argv) {
    if (arg === '--multi-instance') multiInstance = true;
    else if (arg === '--engine-dependent') engineDependent = true;
    else if (arg !== '--') args.push(arg);
  }
  return { args, multiInstance, engineDependent };
}

function printAxeSummary() {
  if (!existsSync(axeDir)) return;
  const screens = readdirSync(axeDir)
    .filter((file) => file.endsWith('.json'))
    .sort()
    .map((file) => JSON.parse(readFileSync(join(axeDir, file), 'utf8')))
    .map(({ details: _details, ...summary }) => summary);
  if (screens.length === 0) return;
  writeFileSync(axeSummaryFile, `${JSON.stringify(screens, null, 2)}\n`);
  console.log('\naxe-core summary (serious/critical fail the run):');
  const width = Math.max(...screens.map((s) => s.screen.length));
  for (const s of screens) {
    const counts = {};
    for (const v of s.violations) counts[v.impact ?? 'unknown'] = (counts[v.impact ?? 'unknown'] ?? 0) + 1;
    const listed = s.violations.map((v) => `${v.id}(${v.impact}, ${v.nodes})`).join(' ');
    const verdict = s.seriousOrCritical > 0 ? 'FAIL' : 'ok  ';
    console.log(`  ${verdict} ${s.screen.padEnd(width)}  ${String(s.passes).padStart(3)} rules pass, ${s.violations.length} violated${listed ? `: ${listed}` : ''}`);
  }
  console.log(`  (written to ${axeSummaryFile})`);
}

const { args, multiInstance, engineDependent } = parseArgs(process.argv.slice(2));
const env = { ...process.env };
const vitestArgs = ['vitest', 'run', '--project', 'e2e'];
if (multiInstance) {
  if (!env.E2E_DATABASE_URL) {
    console.error('e2e: --multi-instance needs E2E_DATABASE_URL (two servers share one PostgreSQL database).');
    process.exit(2);
  }
  env.E2E_MULTI_INSTANCE = 'true';
  vitestArgs.push(MULTI_INSTANCE_FILE);
} else if (engineDependent) {
  vitestArgs.push(...ENGINE_DEPENDENT_FILES);
} else {
  vitestArgs.push('--exclude', MULTI_INSTANCE_FILE);
}
if (!args.some((arg) => arg.startsWith('--reporter'))) vitestArgs.push('--reporter=verbose');
// Every journey file starts its own server (free port, fresh DATA_DIR and database) and its own
// Chromium, so files run side by side: E2E_WORKERS of them at once (default 2, the machine's
// cores here; 1 runs them one after another).
const workers = Number(env.E2E_WORKERS ?? 2);
if (!args.some((arg) => arg.startsWith('--maxWorkers') || arg.includes('ileParallelism'))) {
  vitestArgs.push(workers > 1 ? '--fileParallelism' : '--no-file-parallelism', `--maxWorkers=${Math.max(1, workers)}`);
}
vitestArgs.push(...args);

ensureBuild();
rmSync(axeDir, { recursive: true, force: true });
mkdirSync(axeDir, { recursive: true });

console.log(`e2e: npx ${vitestArgs.join(' ')}`);
console.log(`e2e: database: ${env.E2E_DATABASE_URL ? `PostgreSQL server (${env.E2E_DATABASE_URL.replace(/\/\/[^@]*@/, '//…@')}), a database of its own per server` : 'embedded (PGlite), fresh per server'}`);
const started = Date.now();
const result = spawnSync('npx', vitestArgs, { cwd: root, stdio: 'inherit', env });
printAxeSummary();
console.log(`\ne2e: ${result.status === 0 ? 'passed' : 'FAILED'} in ${Math.round((Date.now() - started) / 1000)} s; screenshots in screenshots/e2e/, server logs in screenshots/e2e-logs/`);
process.exit(result.status ?? 1);
