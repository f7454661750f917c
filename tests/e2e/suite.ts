/**
 * One server and one browser per test file (journeys of a file share them), a fresh browser
 * context per journey, and the checks every journey gets for free after it ends: no stack trace
 * or 5xx in the server log, no uncaught exception in any page. A failing journey leaves a
 * screenshot of each of its pages in screenshots/e2e/failures/.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import { launchBrowser, newContext, SCREENSHOT_DIR, takePageErrors, type JourneyContextOptions } from './browser.js';
import { startServer, type RunningServer } from './harness.js';

export interface Journey {
  context: BrowserContext;
  page: Page;
}

export interface Suite {
  readonly server: RunningServer;
  readonly browser: Browser;
  /**
   * A new browser profile (context) with one page, closed and checked after the journey; with
   * `keep`, it lives until the end of the file (checked after each journey, closed at the end).
   */
  open(options?: Omit<JourneyContextOptions, 'baseURL'> & { keep?: boolean }): Promise<Journey>;
}

export function setUpSuite(name: string, env?: Record<string, string>): Suite {
  let server: RunningServer | undefined;
  let browser: Browser | undefined;
  let contexts: BrowserContext[] = [];
  const kept: BrowserContext[] = [];

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer({ name, env }), launchBrowser()]);
  });

  afterEach(async ({ task }) => {
    const open = contexts;
    contexts = [];
    const failed = task.result?.state === 'fail';
    const pageErrors: string[] = [];
    for (const [index, context] of open.entries()) {
      if (failed) {
        const dir = join(SCREENSHOT_DIR, 'failures');
        mkdirSync(dir, { recursive: true });
        for (const [pageIndex, page] of context.pages().entries()) {
          const file = join(dir, `${name}-${task.name}-${index}-${pageIndex}`.replace(/[^a-z0-9._-]+/gi, '-').slice(0, 150) + '.png');
          await page.screenshot({ path: file }).catch(() => undefined);
        }
      }
      pageErrors.push(...takePageErrors(context));
      await context.close().catch(() => undefined);
    }
    for (const context of kept) pageErrors.push(...takePageErrors(context));
    expect(server?.takeLogProblems() ?? [], `problems in the server log ${server?.logFile}`).toEqual([]);
    expect(pageErrors, 'errors in the browser').toEqual([]);
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  return {
    get server() {
      if (!server) throw new Error('the server did not start');
      return server;
    },
    get browser() {
      if (!browser) throw new Error('the browser did not start');
      return browser;
    },
    async open({ keep = false, ...options } = {}) {
      const context = await newContext(this.browser, { ...options, baseURL: this.server.baseUrl });
      (keep ? kept : contexts).push(context);
      const page = await context.newPage();
      return { context, page };
    },
  };
}
