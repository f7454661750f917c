/**
 * The screen never says something happened when it did not, in Chromium against the production
 * build: a load that failed says why and offers Retry; signing out in one tab takes the other tabs
 * to /login; a code chunk that could not be downloaded recovers; the new-user form names every
 * bad field at once; a user allowed only to read users meets no refused call.
 */
import { beforeAll, describe, expect, test } from 'vitest';
import { adminClient, type ApiClient } from './api.js';
import { login, screenshot } from './browser.js';
import { setUpSuite } from './suite.js';
import { onLoginScreen, path, row, see, signedIn, toast } from './ui.js';

const suite = setUpSuite('honest-screens');
let api: ApiClient;
const READER = { email: 'reader@e2e.test', fullName: 'Rita Reader', password: 'Quiet-harbour-lantern-42' };

beforeAll(async () => {
  api = await adminClient(suite.server);
  await api.createRole('USER_READER', ['dashboard.read', 'users.read']);
  await api.createUser({ ...READER, roles: ['USER_READER'] });
});

describe('a failed load', () => {
  test('a blocked users list shows the cause and Retry, never "no results" or a count; Retry shows the users', async () => {
    const { page } = await suite.open();
    await login(page, suite.server.admin.email, suite.server.admin.password);
    await signedIn(page);
    let blocked = true;
    await page.route('**/api/admin/auth/user?**', (route) => (blocked ? route.abort('connectionrefused') : route.continue()));
    await page.goto('/users');
    await see(page, 'The users could not be loaded. The server could not be reached.');
    await screenshot(page, 'honest-list-load-failed');
    expect(await page.getByText(/No users match/).count()).toBe(0);
    expect(await page.getByText(/\d+\s*[-–]\s*\d+\s+of\s+\d+/).count()).toBe(0);
    blocked = false;
    await page.getByRole('button', { name: 'Retry' }).click();
    await see(page, suite.server.admin.email);
    expect(await page.getByText(/could not be loaded/).count()).toBe(0);
  });
});

describe('one session per browser', () => {
  test('signing out in tab A puts tab B on /login within 2 seconds; signing in again in A lets B go on', async () => {
    const { context, page: tabA } = await suite.open();
    await login(tabA, suite.server.admin.email, suite.server.admin.password);
    await signedIn(tabA);
    const tabB = await context.newPage();
    await tabB.goto('/roles');
    await see(tabB, 'STAFF');

    // From the moment tab A's sign-out is answered to tab B's arrival on /login.
    let signedOutAt = 0;
    let tabBOnLoginAt = 0;
    tabA.on('response', (response) => {
      if (response.url().endsWith('/api/auth/logout')) signedOutAt = Date.now();
    });
    tabB.on('framenavigated', (frame) => {
      if (frame === tabB.mainFrame() && new URL(frame.url()).pathname === '/login' && !tabBOnLoginAt) tabBOnLoginAt = Date.now();
    });
    await tabA.getByRole('button', { name: /account/i }).first().click();
    await tabA.getByRole('menuitem', { name: /log ?out/i }).click();
    await onLoginScreen(tabB, 5_000);
    expect(signedOutAt).toBeGreaterThan(0);
    expect(tabBOnLoginAt - signedOutAt, 'tab B on /login after tab A signed out (ms)').toBeLessThan(2_000);
    expect(await tabB.getByText('STAFF', { exact: true }).count(), 'no roles left on screen').toBe(0);

    await login(tabA, suite.server.admin.email, suite.server.admin.password);
    await signedIn(tabA);
    await tabB.waitForURL((url) => url.pathname === '/roles', { timeout: 5_000 });
    await see(tabB, 'STAFF');
  });
});

describe('a stale tab', () => {
  test('a code chunk that fails to download once: the page reloads by itself and the screen appears', async () => {
    const { page } = await suite.open();
    let failures = 0;
    // The users list's own chunk, as if a deployment had replaced it: its first download is refused
    // (whenever the page first asks for it), then the route is removed (`times: 1`), so the
    // reloaded page fetches it as usual.
    await page.route(
      /\/assets\/UserList-[^/]+\.js$/,
      async (route) => {
        failures += 1;
        await route.fulfill({ status: 404, contentType: 'text/plain', body: 'gone' });
      },
      { times: 1 },
    );
    await login(page, suite.server.admin.email, suite.server.admin.password);
    await signedIn(page);
    let loads = 0;
    page.on('load', () => (loads += 1));
    await page.getByRole('menuitem', { name: /^users$/i }).click();
    // The dashboard shows the administrator's address too: wait for the list's own row, after the reload.
    await expect.poll(() => failures, { timeout: 15_000 }).toBe(1);
    await expect.poll(() => loads, { message: 'the page reloaded itself', timeout: 15_000 }).toBe(1);
    await page.waitForURL((url) => url.pathname === '/users');
    await row(page, suite.server.admin.email).waitFor({ timeout: 15_000 });
    await page.waitForLoadState('networkidle');
    expect(await page.getByText(/Hey developer|errorElement/).count()).toBe(0);
  });

  test('a chunk that keeps failing: the app’s error page with Reload, not the router’s developer page', async () => {
    const { page } = await suite.open();
    await login(page, suite.server.admin.email, suite.server.admin.password);
    await signedIn(page);
    await page.route(/\/assets\/RoleList-[^/]+\.js$/, (route) => route.fulfill({ status: 404, contentType: 'text/plain', body: 'gone' }));
    await page.getByRole('menuitem', { name: /^roles$/i }).click();
    await see(page, /A new version of the app/, 15_000);
    await screenshot(page, 'honest-stale-chunk');
    expect(await page.getByRole('button', { name: 'Reload' }).count()).toBeGreaterThan(0);
    expect(await page.getByText(/Hey developer|errorElement/).count()).toBe(0);
  });
});

describe('forms', () => {
  test('the new-user form names three bad fields at once, and accepts o’brien+x@example.com', async () => {
    const { page } = await suite.open();
    await login(page, suite.server.admin.email, suite.server.admin.password);
    await signedIn(page);
    await page.goto('/users/create');
    await page.getByLabel(/^e-?mail/i).fill('not an address');
    await page.getByLabel(/^full name/i).fill('   ');
    await page.getByRole('radio', { name: /set a password now/i }).check();
    await page.getByLabel(/^password/i).fill('short');
    await page.getByRole('button', { name: 'Save' }).click();
    await see(page, 'Enter an e-mail address such as name@example.com.');
    await see(page, 'Enter a full name.');
    await see(page, 'Use at least 12 characters.');
    await screenshot(page, 'honest-user-form-errors');
    expect(path(page)).toBe('/users/create');

    await page.getByLabel(/^e-?mail/i).fill("o'brien+x@example.com");
    await page.getByLabel(/^full name/i).fill("Aoife O'Brien");
    await page.getByLabel(/^password/i).fill('Quiet-harbour-lantern-7');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL((url) => /^\/users\/[^/]+\/show$/.test(url.pathname));
    await toast(page, 'User created').waitFor();
    expect((await api.userByEmail("o'brien+x@example.com")).fullName).toBe("Aoife O'Brien");
  });
});

describe('screens fit the permissions', () => {
  test('with users.read alone the users list works and the browser meets no refused call', async () => {
    const { page } = await suite.open();
    const refused: string[] = [];
    page.on('response', (response) => {
      if (response.url().includes('/api/') && response.status() >= 400) refused.push(`${response.status()} ${new URL(response.url()).pathname}`);
    });
    await login(page, READER.email, READER.password);
    await signedIn(page);
    await page.getByRole('menuitem', { name: /^users$/i }).click();
    await see(page, suite.server.admin.email);
    expect(await page.getByRole('combobox', { name: /^role/i }).count()).toBe(0);
    expect(await page.getByRole('columnheader', { name: 'Actions' }).count()).toBe(0);
    await page.getByText(suite.server.admin.email).first().click();
    await page.waitForURL((url) => /\/show$/.test(url.pathname));
    await see(page, 'Last sign-in');
    await page.waitForLoadState('networkidle');
    expect(refused).toEqual([]);
  });
});

describe('invitations', () => {
  test('an invited colleague chooses a password with the link once; the second use fails; "Invited" until the first sign-in', async () => {
    const { page } = await suite.open();
    await login(page, suite.server.admin.email, suite.server.admin.password);
    await signedIn(page);
    await page.goto('/users/create');
    await page.getByLabel(/^e-?mail/i).fill('ivy@e2e.test');
    await page.getByLabel(/^full name/i).fill('Ivy Invitee');
    // This server has no mail server (its mail goes to the outbox): the form starts on a password, and says why.
    expect(await page.getByRole('radio', { name: /set a password now/i }).isChecked()).toBe(true);
    await see(page, 'No mail server is set up (SMTP_URL): an invitation would only reach the server’s outbox folder, so set a password and pass it on.');
    await page.getByRole('radio', { name: /send an invitation/i }).check();
    await page.getByRole('button', { name: 'Save' }).click();
    await toast(page, 'User created. An invitation was sent to ivy@e2e.test.').waitFor();
    await see(page, 'Invited');
    await screenshot(page, 'honest-invited-user');

    const mail = await suite.server.waitForMail((candidate) => candidate.to === 'ivy@e2e.test');
    const link = /https?:\/\/\S+\/reset-password\?token=\S+/.exec(mail.text)?.[0];
    expect(link, mail.text).toBeTruthy();

    const invitee = await suite.open();
    await invitee.page.goto(link!);
    await see(invitee.page, 'Welcome: choose your password');
    await invitee.page.getByLabel(/^new password/i).fill('Ivy-harbour-lantern-21');
    await invitee.page.getByLabel(/^confirm password/i).fill('Ivy-harbour-lantern-21');
    await invitee.page.getByRole('button', { name: 'Set my password' }).click();
    await see(invitee.page, 'Your password is set.');
    expect((await api.userByEmail('ivy@e2e.test')).lastLoginAt).toBeNull(); // still invited until the first sign-in

    await invitee.page.goto(link!);
    await invitee.page.getByLabel(/^new password/i).fill('Another-harbour-lantern-22');
    await invitee.page.getByLabel(/^confirm password/i).fill('Another-harbour-lantern-22');
    await invitee.page.getByRole('button', { name: 'Set my password' }).click();
    await see(invitee.page, 'This invitation link is invalid, has expired or has already been used.');

    await login(invitee.page, 'ivy@e2e.test', 'Ivy-harbour-lantern-21');
    await signedIn(invitee.page);
    expect((await api.userByEmail('ivy@e2e.test')).lastLoginAt).not.toBeNull();
  });
});
