/**
 * JavaScript for the first view of /login and of /dashboard (gzip -9 of every script the page
 * loads in Chromium), beside a stock react-admin app (bench/stock-app) built by the run.
 */
import { existsSync, readFileSync } from 'node:fs';
import { createServer as createHttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium, type Page, type Response } from 'playwright-core';
import { kb, row } from '../lib/report.ts';
import type { BenchServer } from '../lib/servers.ts';
import { ADMIN, CHROMIUM, root } from '../lib/settings.ts';

/** The dashboard's module asked for once the page has painted and the browser is idle (the charts, @mui/x-charts). */
const AFTER_FIRST_PAINT = /^MonthlyReportCard-/;

async function scriptBytes(page: Page, open: () => Promise<void>) {
  const bodies: Promise<number>[] = [];
  const names: string[] = [];
  const onResponse = (response: Response) => {
    if (response.request().resourceType() !== 'script') return;
    names.push(response.url().split('/').pop() ?? '');
    bodies.push(response.body().then((body) => gzipSync(body, { level: 9 }).length, () => 0));
  };
  page.on('response', onResponse);
  await open();
  await page.waitForLoadState('networkidle');
  page.off('response', onResponse);
  const sizes = await Promise.all(bodies);
  // When each script was asked for (the page's own resource timing): the charts' module and the
  // modules it imports are asked for together, once the page has painted and the browser is idle.
  const started = await page.evaluate(() => Object.fromEntries(performance.getEntriesByType('resource').map((entry) => [entry.name.split('/').pop(), entry.startTime])));
  const chartsAskedAt = Math.min(...names.filter((name) => AFTER_FIRST_PAINT.test(name)).map((name) => started[name] ?? Infinity));
  const late = names.map((name) => (started[name] ?? 0) >= chartsAskedAt - 50);
  if (process.env.BENCH_VERBOSE === '1') console.log(`    ${names.map((name, i) => `${name} ${sizes[i]}${late[i] ? ' (after paint)' : ''}`).join(', ')}`);
  const after = sizes.filter((_, i) => late[i]);
  return { bytes: sizes.reduce((a, b) => a + b, 0), files: sizes.length, afterPaint: { bytes: after.reduce((a, b) => a + b, 0), files: after.length } };
}

function serveStatic(dir: string): Promise<{ url: string; close: () => void }> {
  const types: Record<string, string> = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css', '.svg': 'image/svg+xml' };
  const server = createHttpServer((req, res) => {
    const url = req.url ?? '/';
    const path = join(dir, url === '/' || !extname(url) ? 'index.html' : url.split('?')[0]);
    if (!path.startsWith(dir) || !existsSync(path)) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { 'content-type': types[extname(path)] ?? 'application/octet-stream' }).end(readFileSync(path));
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve({ url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, close: () => server.close() })));
}

export async function firstViewRows(server: BenchServer): Promise<void> {
  console.log('\nbench: JavaScript per first view (Chromium)');
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox'] });
  const stock = await serveStatic(join(root, 'bench/.out/stock'));
  try {
    const fresh = async () => (await browser.newContext()).newPage();
    let page = await fresh();
    const stockView = await scriptBytes(page, async () => {
      await page.goto(stock.url);
      await page.getByText('user0@example.com').waitFor();
    });
    page = await fresh();
    const login = await scriptBytes(page, async () => {
      await page.goto(`${server.baseUrl}/login`);
      await page.getByRole('button', { name: /sign in/i }).waitFor();
    });
    await page.getByLabel(/e-?mail/i).fill(ADMIN.email);
    await page.getByLabel(/^password/i).fill(ADMIN.password);
    await page.getByRole('checkbox').check();
    await page.getByRole('button', { name: /sign in/i }).click();
    await page.waitForURL('**/dashboard');
    // The dashboard's first view for a signed-in user: a new page of the same browser.
    const second = await page.context().newPage();
    const dashboard = await scriptBytes(second, async () => {
      await second.goto(`${server.baseUrl}/dashboard`);
      await second.getByText(ADMIN.email).first().waitFor();
      await second.getByTestId('monthly-report').waitFor();
    });
    row('first view', 'stock react-admin app (one ListGuesser)', `${kb(stockView.bytes)} gzip in ${stockView.files} file(s)`);
    const loginRatio = login.bytes / stockView.bytes;
    row('first view', '/login', `${kb(login.bytes)} gzip in ${login.files} files = ${(loginRatio * 100).toFixed(0)}% of stock`, '≤ 50% of stock', loginRatio <= 0.5);
    const firstView = dashboard.bytes - dashboard.afterPaint.bytes;
    const dashRatio = firstView / stockView.bytes;
    row('first view', '/dashboard after sign-in (what its first paint needs)', `${kb(firstView)} gzip in ${dashboard.files - dashboard.afterPaint.files} files = ${(dashRatio * 100).toFixed(0)}% of stock`, '≤ stock', dashRatio <= 1);
    row(
      'first view',
      '/dashboard with its charts (@mui/x-charts, asked for after the first paint)',
      `${kb(dashboard.bytes)} gzip in ${dashboard.files} files = ${((dashboard.bytes / stockView.bytes) * 100).toFixed(0)}% of stock (charts ${kb(dashboard.afterPaint.bytes)})`,
    );
    if (dashboard.afterPaint.files === 0) throw new Error('the dashboard loaded no charts module: is the bench signed in as a holder of reports.read?');
  } finally {
    stock.close();
    await browser.close();
  }
}

