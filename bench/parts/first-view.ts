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
import { signIn, type BenchServer } from '../lib/servers.ts';
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
    await shopRows(server, fresh, stockView.bytes);
  } finally {
    stock.close();
    await browser.close();
  }
}

/** A tour on sale in the shop, with one date: what its pages need to be drawn. Answers its code. */
export async function tourOnSale(server: BenchServer): Promise<string> {
  const { token } = await signIn(server.baseUrl);
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  const call = async (method: string, path: string, body: unknown) => {
    const answer = await fetch(`${server.baseUrl}${path}`, { method, headers, body: JSON.stringify(body) });
    if (answer.status >= 300) throw new Error(`${method} ${path}: ${answer.status} ${await answer.text()}`);
    return (await answer.json()) as { id: string };
  };
  const code = `SIZE-${Date.now().toString(36).toUpperCase()}`;
  const tour = await call('POST', '/api/tours', {
    code,
    title: 'Glaciers and hot springs',
    summary: 'Three days of ice, steam and northern lights',
    description: '<p>Three days along the <b>south coast</b>.</p>',
    timeZone: 'Atlantic/Reykjavik',
    currency: 'EUR',
    durationDays: 3,
    status: 'published',
    bookableOnline: true,
    prices: { ADULT: 89_900, CHILD: 59_900, INFANT: 0 },
  });
  const start = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
  await call('POST', '/api/departures', { tourId: tour.id, startDate: start, startTime: '09:00', capacity: 16 });
  await call('PUT', '/api/shop-settings', { enabled: true, holdMinutes: 30, payLater: true, embedOrigins: [], showSeatsBelow: 10 });
  return code;
}

/** The shop's pages and the widget's script, beside the stock app's first view. */
async function shopRows(server: BenchServer, fresh: () => Promise<Page>, stockBytes: number): Promise<void> {
  const code = await tourOnSale(server);
  let page = await fresh();
  const tourView = await scriptBytes(page, async () => {
    await page.goto(`${server.baseUrl}/shop/tours/${code}`);
    await page.getByRole('heading', { level: 1 }).waitFor();
  });
  const tourRatio = tourView.bytes / stockBytes;
  row('first view', 'shop: a tour page', `${kb(tourView.bytes)} gzip in ${tourView.files} file(s) = ${(tourRatio * 100).toFixed(1)}% of stock`, '≤ 15% of stock', tourRatio <= 0.15);
  page = await fresh();
  const bookView = await scriptBytes(page, async () => {
    await page.goto(`${server.baseUrl}/shop/tours/${code}/book`);
    await page.getByRole('button', { name: /hold my seats/i }).waitFor();
  });
  const bookRatio = bookView.bytes / stockBytes;
  row('first view', 'shop: a tour’s booking page (its own script)', `${kb(bookView.bytes)} gzip in ${bookView.files} file(s) = ${(bookRatio * 100).toFixed(1)}% of stock`, '≤ 15% of stock', bookRatio <= 0.15);
  const embed = await fetch(`${server.baseUrl}/shop/embed.js`);
  const embedGzip = gzipSync(Buffer.from(await embed.arrayBuffer()), { level: 9 }).length;
  row('first view', 'shop: the widget’s embed.js', `${kb(embedGzip)} gzip`, '≤ 5 KB', embed.status === 200 && embedGzip <= 5 * 1024);
}
