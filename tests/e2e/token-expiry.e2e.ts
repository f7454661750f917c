/**
 * With a 2-second access token, working on through several expiries never shows an error and
 * never asks to sign in again: each expired call is answered 403, refreshed unseen, and retried.
 * A server of its own (ACCESS_TOKEN_TTL=2s).
 */
import type { Page } from 'playwright-core';
import { expect, test } from 'vitest';
import { login } from './browser.js';
import { sleep } from './harness.js';
import { setUpSuite } from './suite.js';
import { EXPIRED_MESSAGE, menuEntry, path, see, signedIn, toasts } from './ui.js';

const suite = setUpSuite('token-expiry', { ACCESS_TOKEN_TTL: '2s' });

test('with a 2-second access token, working through several expiries shows no error and never asks to sign in', async () => {
  const { page } = await suite.open();
  const visitedLogin: string[] = [];
  const refreshes: number[] = [];
  const failures: string[] = [];
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame() && new URL(frame.url()).pathname === '/login') visitedLogin.push(frame.url());
  });
  page.on('response', (response) => {
    const url = new URL(response.url());
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

  const steps: [string, (p: Page) => Promise<void>][] = [
    ['open the users list', async (p) => {
      await menuEntry(p, 'Users').click();
      await see(p, suite.server.admin.email);
    }],
    ['open the roles list', async (p) => {
      await menuEntry(p, 'Roles').click();
      await see(p, 'STAFF');
    }],
    ['open a role', async (p) => {
      await p.getByText('STAFF', { exact: true }).first().click();
      await p.waitForURL((url) => /^\/roles\/[^/]+/.test(url.pathname));
      await see(p, /dashboard\.read|Open the dashboard/);
    }],
    ['open the users list again, sorted by e-mail', async (p) => {
      await menuEntry(p, 'Users').click();
      await p.getByRole('columnheader', { name: /e-?mail/i }).getByRole('button').click();
      await p.waitForURL((url) => url.searchParams.get('sort') === 'email');
      await see(p, suite.server.admin.email);
    }],
    ['open the dashboard', async (p) => {
      await menuEntry(p, 'Dashboard').click();
      await see(p, suite.server.admin.email);
    }],
  ];

  for (const [step, act] of steps) {
    await sleep(2500); // the access token has expired by now
    await act(page);
    await noErrorShown(step);
  }
  await sleep(2500);
  await page.reload();
  await signedIn(page);
  await noErrorShown('a reload');

  expect(visitedLogin, 'never sent to /login').toEqual([]);
  expect(failures, 'API failures other than the 403s that trigger a refresh').toEqual([]);
  expect(refreshes.every((status) => status === 200), `refresh answers ${refreshes.join(',')}`).toBe(true);
  expect(refreshes.length, 'an unseen refresh after each expiry').toBeGreaterThanOrEqual(steps.length);
});
