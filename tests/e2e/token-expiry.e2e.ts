/**
 * With a 2-second access token, working on through several expiries never shows an error and
 * never asks to sign in again: each expired call is answered 403, refreshed unseen, and retried.
 * A server of its own (ACCESS_TOKEN_TTL=2s).
 *
 * Between steps the journey waits until every access token the page was ever given (read from
 * the answers of sign-in and refresh) has expired: no new token for a token's lifetime, and the
 * newest one refused by the server as expired — a condition, not a guess at how long two seconds
 * take on a busy machine.
 */
import type { Page, Response } from 'playwright-core';
import { expect, test } from 'vitest';
import { login } from './browser.js';
import { sleep } from './harness.js';
import { setUpSuite } from './suite.js';
import { EXPIRED_MESSAGE, menuEntry, path, row, see, signedIn, toasts } from './ui.js';

const suite = setUpSuite('token-expiry', { ACCESS_TOKEN_TTL: '2s' });

test('with a 2-second access token, working through several expiries shows no error and never asks to sign in', async () => {
  const { page } = await suite.open();
  const visitedLogin: string[] = [];
  const refreshes: number[] = [];
  const failures: string[] = [];
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame() && new URL(frame.url()).pathname === '/login') visitedLogin.push(frame.url());
  });
  const tokens = new TokensGiven(2_000);
  page.on('response', (response) => {
    const url = new URL(response.url());
    if (url.pathname === '/api/auth/login' || url.pathname === '/api/auth/refresh-token') tokens.readFrom(response);
    if (url.pathname === '/api/auth/refresh-token') refreshes.push(response.status());
    else if (url.pathname.startsWith('/api/') && response.status() >= 400 && response.status() !== 403) failures.push(`${response.status()} ${url.pathname}`);
  });

  await login(page, suite.server.admin.email, suite.server.admin.password);
  await signedIn(page);
  visitedLogin.length = 0; // the login itself does not count

  const noErrorShown = async (step: string) => {
    expect(await toasts(page).filter({ hasText: /error|expired|denied|forbidden|failed/i }).count(), `error toast after ${step}`).toBe(0);
    expect(await page.getByText(EXPIRED_MESSAGE).count(), `expired message after ${step}`).toBe(0);
    expect(path(page), `still in the app after ${step}`).not.toBe('/login');
  };

  // Each step waits for its own screen's data. The steps that must ask the server for something
  // new (a list not cached yet) must refresh unseen on the way; the others may be served from
  // the cache, and must then show no error either.
  const steps: [string, { asksServer: boolean }, (p: Page) => Promise<void>][] = [
    ['open the users list', { asksServer: true }, async (p) => {
      await menuEntry(p, 'Users').click();
      await p.waitForURL((url) => url.pathname === '/users');
      await row(p, suite.server.admin.email).waitFor();
    }],
    ['open the roles list', { asksServer: true }, async (p) => {
      await menuEntry(p, 'Roles').click();
      await p.waitForURL((url) => url.pathname === '/roles');
      await row(p, 'STAFF').waitFor();
    }],
    ['open a role', { asksServer: false }, async (p) => {
      await row(p, 'STAFF').getByText('STAFF', { exact: true }).click();
      await p.waitForURL((url) => /^\/roles\/[^/]+/.test(url.pathname));
      await see(p, /dashboard\.read|Open the dashboard/);
    }],
    ['open the users list again, sorted by e-mail', { asksServer: true }, async (p) => {
      await menuEntry(p, 'Users').click();
      await p.waitForURL((url) => url.pathname === '/users');
      // The rows of the unsorted list are on screen from the cache at once: wait for the sorted
      // list's own answer, which comes after the unseen refresh and the retry.
      const sorted = p.waitForResponse((r) => {
        const url = new URL(r.url());
        return url.pathname === '/api/admin/auth/user' && url.searchParams.get('sort') === 'email' && r.status() === 200;
      });
      await p.getByRole('columnheader', { name: /e-?mail/i }).getByRole('button').click();
      await p.waitForURL((url) => url.searchParams.get('sort') === 'email');
      await sorted;
      await row(p, suite.server.admin.email).waitFor();
    }],
    ['open the dashboard', { asksServer: false }, async (p) => {
      await menuEntry(p, 'Dashboard').click();
      await p.waitForURL((url) => url.pathname === '/dashboard');
      await see(p, suite.server.admin.email);
    }],
  ];

  for (const [step, { asksServer }, act] of steps) {
    await tokens.allExpired(suite.server.baseUrl);
    const refreshesBefore = refreshes.length;
    await act(page);
    if (asksServer) await expect.poll(() => refreshes.length, { message: `an unseen refresh during ${step}` }).toBeGreaterThan(refreshesBefore);
    await noErrorShown(step);
  }
  await tokens.allExpired(suite.server.baseUrl);
  await page.reload();
  await signedIn(page);
  await noErrorShown('a reload');

  expect(visitedLogin, 'never sent to /login').toEqual([]);
  expect(failures, 'API failures other than the 403s that trigger a refresh').toEqual([]);
  expect(refreshes.every((status) => status === 200), `refresh answers ${refreshes.join(',')}`).toBe(true);
  expect(refreshes.length, 'an unseen refresh after each expiry that asked the server').toBeGreaterThanOrEqual(steps.filter(([, { asksServer }]) => asksServer).length + 1);
});

/**
 * The access tokens the page has been given, and a wait until every one of them has expired.
 *
 * A token can arrive while the wait is under way (a screen refetching in the background gets a
 * 403 and refreshes unseen), and a token's body may not be readable from the browser; so the wait
 * also keeps the instant of the last token answer, waits the token's lifetime past it (the server
 * sets `exp` to the second the token was signed in, floored, plus the lifetime), and starts again
 * if another token came meanwhile.
 */
class TokensGiven {
  private readonly tokens: string[] = [];
  private readonly reading: Promise<void>[] = [];
  private answers = 0;
  private lastAnswerAt = 0;

  constructor(private readonly lifetimeMs: number) {}

  readFrom(response: Response): void {
    if (response.status() !== 200) return;
    this.answers += 1;
    this.lastAnswerAt = Date.now();
    this.reading.push(
      response
        .json()
        .then((body: { access_token?: string; token?: string }) => {
          const token = body.access_token ?? body.token;
          if (token) this.tokens.push(token);
        })
        .catch(() => undefined),
    );
  }

  /** Resolves once no token answer came for a token's lifetime and the newest token read is answered 403 TOKEN_EXPIRED. */
  async allExpired(baseUrl: string, timeoutMs = 15_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const answersBefore = this.answers;
      await Promise.all(this.reading);
      expect(this.tokens.length, 'the page was given an access token').toBeGreaterThan(0);
      const pause = this.lastAnswerAt + this.lifetimeMs + 50 - Date.now();
      if (pause > 0) await sleep(pause);
      await this.newestRefused(baseUrl, deadline);
      if (this.answers === answersBefore) return;
      if (Date.now() > deadline) throw new Error(`the page kept being given access tokens for ${timeoutMs} ms`);
    }
  }

  private async newestRefused(baseUrl: string, deadline: number): Promise<void> {
    const latest = this.tokens.map((token) => ({ token, claims: claimsOf(token) })).sort((a, b) => b.claims.exp - a.claims.exp)[0];
    for (;;) {
      const answer = await fetch(`${baseUrl}/api/user/profile/${latest.claims.userId}`, { headers: { authorization: `Bearer ${latest.token}` } });
      const body = (await answer.json()) as { code?: string };
      if (answer.status === 403 && body.code === 'TOKEN_EXPIRED') return;
      expect(answer.status, `the newest token is still accepted or refused for another reason: ${body.code}`).toBe(200);
      if (Date.now() > deadline) throw new Error('the newest access token was still accepted at the deadline');
      await sleep(100);
    }
  }
}

function claimsOf(token: string): { userId: string; exp: number } {
  return JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString('utf8')) as { userId: string; exp: number };
}
