/**
 * Browser helpers: Debian's Chromium through playwright-core, one new context per journey with
 * the reCAPTCHA stand-in routed in and every other outside host refused, the real login form,
 * screenshots under screenshots/e2e/, and an axe-core pass that fails on serious or critical
 * violations (its results land in screenshots/e2e/axe/<screen>.json for the run's summary).
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Page } from 'playwright-core';
import { ROOT } from './harness.js';
import { recaptchaStandIn } from './recaptcha-stand-in.js';

export const SCREENSHOT_DIR = join(ROOT, 'screenshots/e2e');
export const AXE_DIR = join(SCREENSHOT_DIR, 'axe');

const require = createRequire(import.meta.url);
const axeSource = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.E2E_CHROMIUM ?? '/usr/bin/chromium',
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
}

const CAPTCHA_HOSTS = new Set(['www.google.com', 'www.gstatic.com', 'www.recaptcha.net', 'recaptcha.net']);
const LOCAL_HOSTS = new Set(['127.0.0.1', 'localhost']);

/** What each context saw go wrong in its pages: uncaught exceptions and refused outside requests. */
const pageErrors = new WeakMap<BrowserContext, string[]>();

export interface JourneyContextOptions extends BrowserContextOptions {
  baseURL: string;
}

/**
 * A fresh browser profile. Google's captcha script is answered by the stand-in; any other host
 * outside this machine is refused (and noted), so a forgotten telemetry or font call shows up.
 */
export async function newContext(browser: Browser, options: JourneyContextOptions): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'en-GB', ...options });
  const errors: string[] = [];
  pageErrors.set(context, errors);
  const standIn = recaptchaStandIn();
  await context.route(
    (url) => !LOCAL_HOSTS.has(url.hostname) && url.protocol !== 'data:' && url.protocol !== 'blob:',
    async (route) => {
      const url = new URL(route.request().url());
      if (CAPTCHA_HOSTS.has(url.hostname) && url.pathname.startsWith('/recaptcha/')) {
        if (/\.js$/.test(url.pathname)) {
          await route.fulfill({ status: 200, contentType: 'text/javascript; charset=utf-8', body: standIn });
        } else {
          await route.fulfill({ status: 204, body: '' });
        }
        return;
      }
      errors.push(`request to an outside host refused: ${url.href}`);
      await route.abort('blockedbyclient');
    },
  );
  context.on('page', (page) => watchPage(page, errors));
  return context;
}

function watchPage(page: Page, errors: string[]): void {
  page.on('pageerror', (error) => errors.push(`uncaught in page ${page.url()}: ${error.message}`));
}

/** Uncaught page exceptions and outside requests seen by this context so far (then forgets them). */
export function takePageErrors(context: BrowserContext): string[] {
  const errors = pageErrors.get(context) ?? [];
  const taken = [...errors];
  errors.length = 0;
  return taken;
}

/** Closes the context and fails when any of its pages threw. */
export async function closeContext(context: BrowserContext): Promise<void> {
  const errors = takePageErrors(context);
  await context.close();
  if (errors.length > 0) throw new Error(`the browser reported:\n${errors.join('\n')}`);
}

/** Labels of the login form (src/client/layout/LoginPage or wherever it lives). */
export const LOGIN = {
  email: /e-?mail/i,
  password: /^password\b/i, // MUI appends ' *' to a required field's label
  trust: /trust this device/i,
  captcha: /i'm not a robot/i,
  submit: /^sign in$/i,
};

/**
 * Signs in through the real login form (on the current page when it is the login page,
 * otherwise on /login), ticking the captcha stand-in; waits until the app leaves /login.
 */
export async function login(page: Page, email: string, password: string, options: { persist?: boolean } = {}): Promise<void> {
  if (new URL(page.url()).pathname !== '/login') await page.goto('/login');
  await page.getByLabel(LOGIN.email).fill(email);
  await page.getByLabel(LOGIN.password).fill(password);
  const trust = page.getByRole('checkbox', { name: LOGIN.trust });
  await trust.setChecked(options.persist ?? false);
  await page.getByRole('checkbox', { name: LOGIN.captcha }).check();
  await page.getByRole('button', { name: LOGIN.submit }).click();
  await page.waitForURL((url) => url.pathname !== '/login', { timeout: 15_000 });
}

function fileName(name: string): string {
  return name.replace(/[^a-z0-9._-]+/gi, '-').replace(/^-+|-+$/g, '');
}

/** Saves screenshots/e2e/<name>.png (every run, for people to look at). */
export async function screenshot(page: Page, name: string): Promise<string> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const path = join(SCREENSHOT_DIR, `${fileName(name)}.png`);
  await page.screenshot({ path, fullPage: true, animations: 'disabled' });
  return path;
}

export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  helpUrl: string;
  nodes: { target: unknown[]; html: string; failureSummary?: string }[];
}

export interface AxeScreenSummary {
  screen: string;
  url: string;
  passes: number;
  incomplete: number;
  violations: { id: string; impact: string | null; nodes: number; help: string }[];
  seriousOrCritical: number;
}

/**
 * Runs axe-core on the page (injected through evaluate, so a Content-Security-Policy cannot block
 * it) and throws, printing them, when there are serious or critical violations.
 */
export async function checkA11y(page: Page, name: string): Promise<AxeScreenSummary> {
  const hasAxe = await page.evaluate(() => typeof (window as unknown as { axe?: unknown }).axe !== 'undefined');
  if (!hasAxe) await page.evaluate(axeSource);
  const results = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (context: unknown, options: unknown) => Promise<unknown> } }).axe;
    return axe.run(document, { resultTypes: ['violations', 'incomplete'] });
  });
  const { violations, passes, incomplete } = results as { violations: AxeViolation[]; passes: unknown[]; incomplete: unknown[] };
  const blocking = violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical');
  const summary: AxeScreenSummary = {
    screen: name,
    url: new URL(page.url()).pathname + new URL(page.url()).search,
    passes: passes.length,
    incomplete: incomplete.length,
    violations: violations.map((violation) => ({ id: violation.id, impact: violation.impact, nodes: violation.nodes.length, help: violation.help })),
    seriousOrCritical: blocking.length,
  };
  mkdirSync(AXE_DIR, { recursive: true });
  writeFileSync(join(AXE_DIR, `${fileName(name)}.json`), `${JSON.stringify({ ...summary, details: violations }, null, 2)}\n`);
  if (blocking.length > 0) {
    const text = blocking
      .map(
        (violation) =>
          `  [${violation.impact}] ${violation.id}: ${violation.help} (${violation.helpUrl})\n` +
          violation.nodes
            .slice(0, 5)
            .map((node) => `      at ${JSON.stringify(node.target)}: ${node.html.slice(0, 200)}\n        ${(node.failureSummary ?? '').replace(/\n/g, '\n        ')}`)
            .join('\n'),
      )
      .join('\n');
    throw new Error(`axe: ${blocking.length} serious or critical violation(s) on ${name} (${summary.url}):\n${text}`);
  }
  return summary;
}

/** The computed background colour of the page body, as [r, g, b]. */
export async function backgroundRgb(page: Page, selector = 'body'): Promise<[number, number, number]> {
  const colour = await page.locator(selector).first().evaluate((element) => {
    // The first ancestor-or-self with an opaque background decides what the eye sees.
    let node: Element | null = element;
    while (node) {
      const value = getComputedStyle(node).backgroundColor;
      if (value && !/rgba\(.*,\s*0\)$/.test(value) && value !== 'transparent') return value;
      node = node.parentElement;
    }
    return 'rgb(255, 255, 255)';
  });
  const parts = colour.match(/\d+(\.\d+)?/g)?.map(Number) ?? [255, 255, 255];
  return [parts[0], parts[1], parts[2]];
}

/** Dark when the relative luminance of the colour is low. */
export function isDark([r, g, b]: [number, number, number]): boolean {
  return 0.2126 * r + 0.7152 * g + 0.0722 * b < 100;
}

const inFlight = new WeakMap<Page, { count: number; lastChange: number }>();

/** Counts the page's requests in flight from now on, for {@link settled}. */
export function trackRequests(page: Page): void {
  if (inFlight.has(page)) return;
  const state = { count: 0, lastChange: Date.now() };
  inFlight.set(page, state);
  const done = () => {
    state.count = Math.max(0, state.count - 1);
    state.lastChange = Date.now();
  };
  page.on('request', () => {
    state.count += 1;
    state.lastChange = Date.now();
  });
  page.on('requestfinished', done);
  page.on('requestfailed', done);
}

/**
 * Waits until no request of the page has been in flight for `quietMs`, its pictures are decoded
 * and its fonts loaded: what the screen shows is final. Quicker than Playwright's `networkidle`
 * (a fixed 500 ms of silence after a page load), and it also works after an in-app navigation.
 */
export async function settled(page: Page, quietMs = 150, timeoutMs = 15_000): Promise<void> {
  const state = inFlight.get(page);
  if (!state) throw new Error('settled() needs trackRequests(page) first');
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (state.count === 0 && Date.now() - state.lastChange >= quietMs) break;
    if (Date.now() > deadline) throw new Error(`${state.count} requests still in flight after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  await page.evaluate(async () => {
    await document.fonts.ready;
    await Promise.all(Array.from(document.images, (image) => (image.complete ? undefined : image.decode().catch(() => undefined))));
  });
}

/**
 * Goes to a path of the app as its own links do (history and the router, no reload): the bundle,
 * the session and what the app has cached stay, as they do for a person clicking through. A path
 * whose screen is already shown (another tab or query of it) is loaded afresh instead, so that the
 * screen reads its address from the start.
 */
export async function goInApp(page: Page, path: string): Promise<void> {
  const current = new URL(page.url());
  const target = new URL(path, current);
  if (current.origin !== target.origin || current.pathname === target.pathname) {
    await page.goto(path);
    return;
  }
  await page.evaluate((to) => {
    window.history.pushState({}, '', to);
    window.dispatchEvent(new PopStateEvent('popstate', { state: {} }));
  }, target.pathname + target.search);
  await page.waitForURL((url) => url.pathname === target.pathname && url.search === target.search);
}
