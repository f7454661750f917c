// `npm run size-budgets`: the bench's first-view budgets alone, in seconds (CI runs it after the
// build): the JavaScript /login and /dashboard load in Chromium beside a stock react-admin app
// (bench/parts/first-view.ts), /login ≤ 50% of stock and the dashboard's first paint ≤ stock; the
// shop's tour page and booking page ≤ 15% of stock each, and the widget's embed.js ≤ 5 KB gzip.
// Exit code 1 when a budget fails. Needs the built product (npm run build).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { printTable } from './lib/report.ts';
import { startServer } from './lib/servers.ts';
import { root } from './lib/settings.ts';

if (!existsSync(join(root, 'dist/client/index.html')) || !existsSync(join(root, 'dist/server/server/server.bundle.mjs'))) {
  console.error('size-budgets: the product is not built: run `npm run build` first');
  process.exit(2);
}
const stock = spawnSync('npx', ['vite', 'build', '--config', 'bench/stock-app/vite.config.ts', '--logLevel', 'warn'], { cwd: root, stdio: 'inherit' });
if (stock.status !== 0) process.exit(2);

const { firstViewRows } = await import('./parts/first-view.ts');
const dataDir = mkdtempSync(join(tmpdir(), 'bo-size-'));
let failed = 0;
try {
  const server = await startServer({ DATA_DIR: dataDir });
  try {
    await firstViewRows(server);
  } finally {
    await server.stop();
  }
  failed = printTable('First-view budgets (the bench\'s browser part, alone)');
} catch (error) {
  console.error(`size-budgets: ${error instanceof Error ? error.stack : String(error)}`);
  failed = 1;
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
process.exit(failed > 0 ? 1 : 0);
