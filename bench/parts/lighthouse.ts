/**
 * Lighthouse (desktop preset) on /login and, signed in, /dashboard; and (its default, a phone on a
 * slow network) on a shop's tour page: the median of five runs each.
 */
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import lighthouse from 'lighthouse';
import desktop from 'lighthouse/core/config/desktop-config.js';
import { computeMedianRun } from 'lighthouse/core/lib/median-run.js';
import { chromium } from 'playwright-core';
import { row } from '../lib/report.ts';
import type { BenchServer } from '../lib/servers.ts';
import { tourOnSale } from './first-view.ts';
import { ADMIN, CHROMIUM, QUICK, sleep } from '../lib/settings.ts';

type Result = NonNullable<Awaited<ReturnType<typeof lighthouse>>>['lhr'];

export async function lighthouseRows(server: BenchServer): Promise<void> {
  console.log('\nbench: Lighthouse (desktop preset)');
  const port = 9300 + Math.floor(Math.random() * 500);
  const profile = mkdtempSync(join(tmpdir(), 'bo-bench-chrome-'));
  const chrome = spawn(CHROMIUM, ['--headless=new', '--no-sandbox', `--remote-debugging-port=${port}`, `--user-data-dir=${profile}`, 'about:blank'], { stdio: 'ignore' });
  // No Chromium, or one that dies before it listens: this part fails (a row), the bench goes on.
  let gone: Error | null = null;
  chrome.once('error', (error) => (gone = error));
  chrome.once('exit', (code) => (gone ??= new Error(`Chromium exited (${code}) before it listened`)));
  try {
    for (;;) {
      if (gone) throw gone;
      if (await fetch(`http://127.0.0.1:${port}/json/version`).then(() => true, () => false)) break;
      await sleep(100);
    }
    // One Lighthouse run's score moves with whatever else the machine is doing; Lighthouse's own
    // advice (docs/variability.md) is the median of five runs, chosen by its computeMedianRun.
    const runs = QUICK ? 1 : 5;
    const audit = async (url: string, phone = false) => {
      const lhrs: Result[] = [];
      for (let i = 0; i < runs; i++) {
        const categories = phone ? ['performance', 'accessibility', 'best-practices', 'seo'] : ['performance', 'accessibility', 'best-practices'];
        const result = await lighthouse(url, { port, output: 'json', logLevel: 'error', disableStorageReset: true, onlyCategories: categories }, phone ? undefined : desktop);
        if (!result) throw new Error(`Lighthouse answered nothing for ${url}`);
        lhrs.push(result.lhr);
      }
      const lhr = computeMedianRun(lhrs);
      // BENCH_LIGHTHOUSE_DIR=dir keeps each page's median report (JSON, for the Lighthouse viewer).
      if (process.env.BENCH_LIGHTHOUSE_DIR) {
        mkdirSync(process.env.BENCH_LIGHTHOUSE_DIR, { recursive: true });
        writeFileSync(join(process.env.BENCH_LIGHTHOUSE_DIR, `${new URL(url).pathname.replace(/\W+/g, '') || 'root'}.json`), JSON.stringify(lhr));
      }
      const c = lhr.categories;
      const score = (value: number | null) => Math.round((value ?? 0) * 100);
      const ms = (id: string) => `${Math.round(lhr.audits[id].numericValue ?? 0)} ms`;
      const all = lhrs.map((one) => score(one.categories.performance.score)).sort((a, b) => a - b);
      return {
        performance: score(c.performance.score),
        accessibility: score(c.accessibility.score),
        practices: score(c['best-practices'].score),
        seo: c.seo ? score(c.seo.score) : null,
        detail: `median of ${runs} run(s) (performance ${all.join(', ')}): FCP ${ms('first-contentful-paint')}, LCP ${ms('largest-contentful-paint')}, TBT ${ms('total-blocking-time')}, CLS ${(lhr.audits['cumulative-layout-shift'].numericValue ?? 0).toFixed(3)}, SI ${ms('speed-index')}`,
      };
    };
    const loginScores = await audit(`${server.baseUrl}/login`);
    // Sign in within the same browser, so the dashboard audit runs with a live session.
    const cdp = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
    const page = await cdp.contexts()[0].newPage();
    await page.goto(`${server.baseUrl}/login`);
    await page.getByLabel(/e-?mail/i).fill(ADMIN.email);
    await page.getByLabel(/^password/i).fill(ADMIN.password);
    await page.getByRole('checkbox').check();
    await page.getByRole('button', { name: /sign in/i }).click();
    await page.waitForURL('**/dashboard');
    await page.close();
    const dashboardScores = await audit(`${server.baseUrl}/dashboard`);
    await cdp.close().catch(() => {});
    for (const [name, s] of [
      ['/login', loginScores],
      ['/dashboard (with its charts)', dashboardScores],
    ] as const) {
      row('Lighthouse', `${name}: performance / accessibility / best practices`, `${s.performance} / ${s.accessibility} / ${s.practices}; ${s.detail}`, 'performance ≥ 95', s.performance >= 95);
    }
    // A customer's phone: Lighthouse's own mobile preset (a mid-range phone on a slow 4G network).
    const code = await tourOnSale(server);
    const tour = await audit(`${server.baseUrl}/shop/tours/${code}`, true);
    row(
      'Lighthouse',
      'a shop tour page, mobile: performance / accessibility / best practices / SEO',
      `${tour.performance} / ${tour.accessibility} / ${tour.practices} / ${tour.seo}; ${tour.detail}`,
      'performance ≥ 95, the others 100',
      tour.performance >= 95 && tour.accessibility === 100 && tour.practices === 100 && tour.seo === 100,
    );
  } finally {
    const gone = new Promise((resolve) => chrome.on('exit', resolve));
    chrome.kill('SIGKILL');
    await gone;
    rmSync(profile, { recursive: true, force: true, maxRetries: 5, retryDelay: 200 });
  }
}
