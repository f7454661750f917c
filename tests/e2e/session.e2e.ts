// engine: dependent (run again on the PostgreSQL server by `--engine-dependent`)
/**
 * Signing in and staying signed in: the newcomer's first visit, deep links, reloads, "Trust this
 * device", sessions ended elsewhere, and tabs reloading together. One server for the file; the
 * first journey meets its empty database.
 */
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { adminClient, ApiClient } from './api.js';
import { login, screenshot } from './browser.js';
import { setUpSuite } from './suite.js';
import { EXPIRED_MESSAGE, logout, menuEntry, onLoginScreen, path, sawText, see, signedIn, title, toast, watchForText } from './ui.js';

const suite = setUpSuite('session');

/** Waits until the users list shows its rows (the admin at least). */
async function usersListShown(page: Page): Promise<void> {
  await page.waitForURL((url) => url.pathname === '/users');
  await page.getByText(suite.server.admin.email).first().waitFor();
}

describe('signing in', () => {
  test('a newcomer opens /, is shown the login screen, signs in as the first administrator and lands on the dashboard', async () => {
    const { page } = await suite.open();
    await page.goto('/');
    await onLoginScreen(page);
    await screenshot(page, 'journey-newcomer-login');
    await login(page, suite.server.admin.email, suite.server.admin.password);
    await page.waitForURL((url) => url.pathname === '/dashboard');
    await signedIn(page);
    await see(page, suite.server.admin.email);
    await screenshot(page, 'journey-newcomer-dashboard');
  });

  test('a deep link to a protected page while signed out goes to /login, and after login back to that page', async () => {
    const adminId = (await (await adminClient(suite.server)).userByEmail(suite.server.admin.email)).id;
    const { page } = await suite.open();
    await page.goto(`/users/${adminId}/show`);
    await onLoginScreen(page);
    await login(page, suite.server.admin.email, suite.server.admin.password);
    await page.waitForURL((url) => url.pathname === `/users/${adminId}/show`);
    await see(page, suite.server.admin.email);
    expect(path(page)).toBe(`/users/${adminId}/show`);
  });

  test('a reload on a protected page shows "Loading..." and then the same page, still signed in', async () => {
    const { page } = await suite.open();
    await login(page, suite.server.admin.email, suite.server.admin.password);
    await menuEntry(page, 'Users').click();
    await usersListShown(page);
    await watchForText(page, 'Loading...');
    const refreshes: number[] = [];
    page.on('response', (response) => {
      if (response.url().includes('/api/auth/refresh-token')) refreshes.push(response.status());
    });
    await page.reload();
    await usersListShown(page);
    await signedIn(page);
    expect(await sawText(page, 'Loading...'), '"Loading..." while the session is restored').toBe(true);
    expect(refreshes).toEqual([200]);
    expect(path(page)).toBe('/users');
  });
});

describe('"Trust this device"', () => {
  /** The browser is closed and opened again: only cookies with an expiry survive (session cookies die with the browser). */
  async function reopenBrowser(persist: boolean): Promise<Page> {
    const first = await suite.open();
    await login(first.page, suite.server.admin.email, suite.server.admin.password, { persist });
    await signedIn(first.page);
    const state = await first.context.storageState();
    const session = state.cookies.find((cookie) => cookie.name === 'bo_session');
    expect(session, 'the session cookie').toBeTruthy();
    expect(session!.httpOnly).toBe(true);
    expect(session!.sameSite).toBe('Strict');
    expect(session!.expires > 0, 'a persistent cookie exactly when the device is trusted').toBe(persist);
    const stored = state.origins.flatMap((origin) => origin.localStorage).find((item) => item.name === 'persist');
    expect(stored?.value).toBe(String(persist));
    await first.context.close();

    const restarted = await suite.open({ storageState: { cookies: state.cookies.filter((cookie) => cookie.expires > 0), origins: state.origins } });
    await restarted.page.goto('/users');
    return restarted.page;
  }

  test('with it, the session survives closing and reopening the browser', async () => {
    const page = await reopenBrowser(true);
    await usersListShown(page);
    await signedIn(page);
  });

  test('without it, the session ends with the browser', async () => {
    const page = await reopenBrowser(false);
    await onLoginScreen(page);
  });
});

describe('a session ended elsewhere', () => {
  test('a logout in another browser context with the same cookies: the next action says "Your login has expired." and goes to /login', async () => {
    const first = await suite.open();
    await login(first.page, suite.server.admin.email, suite.server.admin.password, { persist: true });
    await menuEntry(first.page, 'Users').click();
    await usersListShown(first.page);

    // The same profile in a second window: it carries the same cookies, restores the session, and signs out.
    const second = await suite.open({ storageState: await first.context.storageState() });
    await second.page.goto('/dashboard');
    await signedIn(second.page);
    await logout(second.page);

    await menuEntry(first.page, 'Roles').click();
    await toast(first.page, EXPIRED_MESSAGE).waitFor();
    await onLoginScreen(first.page);
    await screenshot(first.page, 'journey-session-ended-elsewhere');
  });

  test('a password reset: the next action says "Your login has expired." and goes to /login', async () => {
    const admin = await adminClient(suite.server);
    const user = { email: 'reset.elsewhere@e2e.test', fullName: 'Reset Elsewhere', password: 'First-password-123', roles: ['ADMIN'] };
    await admin.createUser(user);

    const { page } = await suite.open();
    await login(page, user.email, user.password);
    await menuEntry(page, 'Users').click();
    await usersListShown(page);

    // Someone with access to the mailbox resets the password (outside this browser).
    const outside = new ApiClient(suite.server.baseUrl);
    expect((await outside.call('POST', '/api/auth/forget-password', { body: { email: user.email } })).status).toBe(200);
    const mail = await suite.server.waitForMail((m) => m.to === user.email && /reset/i.test(m.subject));
    const token = new URL(/https?:\/\/\S+/.exec(mail.text)![0]).searchParams.get('token');
    expect((await outside.call('PATCH', '/api/auth/reset-password', { body: { token, password: 'Second-password-456' } })).status).toBe(200);

    await menuEntry(page, 'Roles').click();
    await toast(page, EXPIRED_MESSAGE).waitFor();
    await onLoginScreen(page);
  });
});

test('three tabs of one browser reloading at the same moment all stay signed in', async () => {
  const { context, page } = await suite.open();
  await login(page, suite.server.admin.email, suite.server.admin.password);
  const tabs = [page, await context.newPage(), await context.newPage()];
  const where = ['/users', '/roles', '/dashboard'];
  await tabs[0].goto(where[0]);
  await tabs[1].goto(where[1]);
  await tabs[2].goto(where[2]);
  for (const tab of tabs) await signedIn(tab);

  const refreshStatuses: number[] = [];
  context.on('response', (response) => {
    if (response.url().includes('/api/auth/refresh-token')) refreshStatuses.push(response.status());
  });
  for (let round = 0; round < 2; round += 1) {
    await Promise.all(tabs.map((tab) => tab.reload()));
    await Promise.all(tabs.map((tab) => signedIn(tab)));
    tabs.forEach((tab, index) => expect(path(tab)).toBe(where[index]));
  }
  await see(tabs[0], suite.server.admin.email);
  await see(tabs[1], 'ADMIN');
  expect(refreshStatuses.length).toBeGreaterThanOrEqual(6);
  expect(refreshStatuses.every((status) => status === 200), `refresh answers ${refreshStatuses.join(',')}`).toBe(true);

  // And each tab goes on working afterwards.
  await menuEntry(tabs[2], 'Roles').click();
  await see(tabs[2], 'ADMIN');
  for (const tab of tabs) expect(await tab.getByText(EXPIRED_MESSAGE).count()).toBe(0);
  await title(tabs[2], /roles/i).waitFor();
});
