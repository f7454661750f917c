/**
 * The account and the app's frame: forgot and reset password through the mail outbox, logout
 * (the back button, and what survives it), the theme (query parameter, colour mode choice),
 * the error pages, and toasts. One server for the file.
 */
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, test } from 'vitest';
import { adminClient, ApiClient, type ApiClient as Client } from './api.js';
import { backgroundRgb, isDark, login, LOGIN, screenshot } from './browser.js';
import { sleep } from './harness.js';
import { setUpSuite } from './suite.js';
import { logout, menuEntry, onLoginScreen, path, see, signedIn, toast, toasts } from './ui.js';

const suite = setUpSuite('account');
let api: Client;

beforeAll(async () => {
  api = await adminClient(suite.server);
});

/** The colour-mode control of the app bar: a button opening a menu of Light / Dark / Auto. */
async function chooseColourMode(page: Page, mode: 'Light' | 'Dark' | 'Auto'): Promise<void> {
  await page.getByRole('button', { name: /theme|colou?r mode/i }).first().click();
  await page.getByRole('menuitem', { name: new RegExp(mode, 'i') }).click();
}

async function pageIsDark(page: Page): Promise<boolean> {
  return isDark(await backgroundRgb(page, '#root > *'));
}

describe('my profile and the audit log', () => {
  test('a user renames themself and changes their password with the current one; another device is signed out; the administrator reads it in the audit log', async () => {
    const user = { email: 'self-service@e2e.test', fullName: 'Self Service', password: 'First-password-123', roles: ['STAFF'] };
    await api.createUser(user);
    const other = await suite.open();
    await login(other.page, user.email, user.password);
    await signedIn(other.page);
    const { page } = await suite.open();
    await login(page, user.email, user.password);
    await signedIn(page);

    await page.getByRole('button', { name: /account/i }).click();
    await page.getByRole('menuitem', { name: /my profile/i }).click();
    await page.waitForURL((url) => url.pathname === '/profile');
    await page.getByLabel(/^full name/i).fill('Selma Service');
    await page.getByRole('button', { name: /save name/i }).click();
    await toast(page, /your name is saved/i).first().waitFor();
    await expect.poll(() => page.getByRole('button', { name: /account/i }).getAttribute('aria-label')).toMatch(/Selma Service/);

    // A wrong current password: the field says so, nothing changes.
    await page.getByLabel(/^current password/i).fill('Not-my-password-1');
    await page.getByLabel(/^new password\W*$/i).fill('Second-password-456');
    await page.getByLabel(/^new password again/i).fill('Second-password-456');
    await page.getByRole('button', { name: /change password/i }).click();
    await see(page, 'is not correct');
    await page.getByLabel(/^current password/i).fill(user.password);
    await page.getByRole('button', { name: /change password/i }).click();
    await toast(page, /password is changed/i).first().waitFor();
    await screenshot(page, 'journey-profile-password-changed');
    expect(await page.getByLabel(/^current password/i).inputValue(), 'the form is emptied').toBe('');

    // Still signed in here; the other device's next action sends it to the login screen.
    await page.reload();
    await page.getByLabel(/^current password/i).waitFor();
    await other.page.reload();
    await onLoginScreen(other.page);

    // The administrator sees both changes in the audit log, filtered by action.
    const admin = await suite.open();
    await login(admin.page, suite.server.admin.email, suite.server.admin.password);
    await signedIn(admin.page);
    await menuEntry(admin.page, 'Audit log').click();
    await admin.page.waitForURL((url) => url.pathname === '/audit');
    await admin.page.getByPlaceholder(/search/i).fill('self-service@e2e.test');
    await see(admin.page, 'Password changed');
    await see(admin.page, 'Own name changed');
    await admin.page.getByRole('combobox', { name: /action/i }).click();
    await admin.page.getByRole('option', { name: 'Password changed' }).click();
    await expect.poll(() => admin.page.getByText('Own name changed').count()).toBe(0);
    await see(admin.page, 'Password changed');
    await screenshot(admin.page, 'journey-audit-log');
  });

  test('without audit.read there is no Audit log entry, and /audit is refused', async () => {
    const user = { email: 'no-audit@e2e.test', fullName: 'No Audit', password: 'Plain-password-123', roles: ['STAFF'] };
    await api.createUser(user);
    const { page } = await suite.open();
    await login(page, user.email, user.password);
    await signedIn(page);
    expect(await menuEntry(page, 'Audit log').count()).toBe(0);
    await page.goto('/audit');
    await see(page, /not allowed|permission|access denied|unauthori[sz]ed/i);
  });
});

describe('forgot password', () => {
  test('the link from the mail opens the reset page; the new password works, the old one does not, and the link works once', async () => {
    const user = { email: 'forgetful@e2e.test', fullName: 'Forgetful Person', password: 'Old-password-123', roles: ['STAFF'] };
    await api.createUser(user);
    const { page } = await suite.open();

    await page.goto('/login');
    await page.getByRole('link', { name: /forgot/i }).click();
    await page.waitForURL((url) => url.pathname === '/forgot-password');
    await page.getByLabel(/e-?mail/i).fill(user.email);
    await page.getByRole('button', { name: /send|reset|submit/i }).click();
    await see(page, /if this address belongs to an account|on its way|check your (mail|inbox)/i);
    await screenshot(page, 'journey-forgot-password-sent');

    const mail = await suite.server.waitForMail((m) => m.to === user.email && /reset/i.test(m.subject));
    const link = /https?:\/\/\S+\/reset-password\?token=\S+/.exec(mail.text)?.[0];
    expect(link, `a reset link in the mail:\n${mail.text}`).toBeTruthy();
    expect(link!.startsWith(`${suite.server.baseUrl}/reset-password?token=`)).toBe(true);

    await page.goto(link!);
    expect(path(page)).toBe('/reset-password');
    await page.getByLabel(/^new password/i).fill('New-password-456');
    const confirm = page.getByLabel(/confirm|repeat/i);
    if ((await confirm.count()) > 0) await confirm.fill('New-password-456');
    await page.getByRole('button', { name: /reset|change|save|set/i }).click();
    await see(page, /password has been changed|sign in with the new password|password changed/i);
    await screenshot(page, 'journey-reset-password-done');

    // The new password works.
    await login(page, user.email, 'New-password-456');
    await signedIn(page);
    await logout(page);

    // The old one does not.
    await page.getByLabel(LOGIN.email).fill(user.email);
    await page.getByLabel(LOGIN.password).fill(user.password);
    await page.getByRole('checkbox', { name: LOGIN.captcha }).check();
    await page.getByRole('button', { name: LOGIN.submit }).click();
    await see(page, /invalid|incorrect|wrong/i);
    expect(path(page)).toBe('/login');

    // The link cannot be used twice.
    await page.goto(link!);
    await page.getByLabel(/^new password/i).fill('Third-password-789');
    if ((await confirm.count()) > 0) await confirm.fill('Third-password-789');
    await page.getByRole('button', { name: /reset|change|save|set/i }).click();
    await see(page, /invalid or has expired|ask for a new one/i);
    const third = await new ApiClient(suite.server.baseUrl).login(user.email, 'Third-password-789');
    expect(third.status).toBe(401);
  });
});

describe('logout', () => {
  test('after logout the back button shows no protected data; the theme and "Trust this device" choices survive', async () => {
    const { page } = await suite.open();
    await login(page, suite.server.admin.email, suite.server.admin.password, { persist: true });
    await signedIn(page);
    await chooseColourMode(page, 'Dark');
    await expect.poll(() => pageIsDark(page)).toBe(true);
    await menuEntry(page, 'Users').click();
    await see(page, suite.server.admin.email);

    await logout(page);
    await page.goBack();
    // Whatever the back button lands on, no user data is on the screen and the session is gone.
    await page.waitForLoadState();
    await onLoginScreen(page);
    expect(await page.getByText(suite.server.admin.email).count(), 'no protected data after back').toBe(0);
    await page.goForward().catch(() => undefined);
    await page.goto('/users');
    await onLoginScreen(page);

    // The choices made before logging out are still there.
    expect(await page.evaluate(() => localStorage.getItem('persist'))).toBe('true');
    expect(await page.getByRole('checkbox', { name: LOGIN.trust }).isChecked()).toBe(true);
    expect(await pageIsDark(page), 'the dark theme survives logout').toBe(true);
    await screenshot(page, 'journey-after-logout-dark');
  });
});

describe('theme', () => {
  test('?theme=dark switches to dark, ?theme=<script> is ignored, and the colour mode choice persists across reloads', async () => {
    const { page } = await suite.open({ colorScheme: 'light' });
    await page.goto('/login');
    await onLoginScreen(page);
    expect(await pageIsDark(page)).toBe(false);

    await page.goto('/login?theme=dark');
    await onLoginScreen(page);
    await expect.poll(() => pageIsDark(page)).toBe(true);
    await screenshot(page, 'journey-theme-param-dark');

    const dialogs: string[] = [];
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    await page.goto('/login');
    await page.evaluate(() => localStorage.clear());
    await page.goto(`/login?theme=${encodeURIComponent('<script>alert(1)</script>')}`);
    await onLoginScreen(page);
    expect(await pageIsDark(page), 'an invalid theme parameter changes nothing').toBe(false);
    expect(await page.locator('script:not([src])').filter({ hasText: 'alert(1)' }).count()).toBe(0);
    expect(dialogs).toEqual([]);

    // The colour mode chosen in the app bar persists across reloads.
    await login(page, suite.server.admin.email, suite.server.admin.password);
    await signedIn(page);
    await chooseColourMode(page, 'Dark');
    await expect.poll(() => pageIsDark(page)).toBe(true);
    await page.reload();
    await signedIn(page);
    expect(await pageIsDark(page), 'dark after a reload').toBe(true);
    await chooseColourMode(page, 'Light');
    await expect.poll(() => pageIsDark(page)).toBe(false);
    await page.reload();
    await signedIn(page);
    expect(await pageIsDark(page), 'light after a reload').toBe(false);
  });

  test('"auto" follows the system preference', async () => {
    const { page } = await suite.open({ colorScheme: 'dark' });
    await page.goto('/login');
    await onLoginScreen(page);
    expect(await pageIsDark(page), 'dark system, nothing chosen: dark').toBe(true);
    await page.emulateMedia({ colorScheme: 'light' });
    await expect.poll(() => pageIsDark(page)).toBe(false);
  });
});

describe('error pages and toasts', () => {
  test('/404, /500 and an unknown protected path each show their page', async () => {
    const { page } = await suite.open();
    await page.goto('/404');
    await see(page, /not found|404/i);
    expect(path(page)).toBe('/404');
    await page.goto('/500');
    await see(page, /server error|went wrong|500/i);
    expect(path(page)).toBe('/500');

    // Signed out, an unknown path is protected like any other.
    await page.goto('/no/such/page');
    await onLoginScreen(page);
    await login(page, suite.server.admin.email, suite.server.admin.password);
    await page.waitForURL((url) => url.pathname === '/no/such/page');
    await see(page, /not found|404/i);
    await menuEntry(page, 'Dashboard').waitFor(); // inside the layout
    await screenshot(page, 'journey-unknown-protected-path');
  });

  test('a toast appears top-right below the app bar, has a close button, and closes itself after about 5 seconds', async () => {
    const user = await api.createUser({ email: 'toast@e2e.test', fullName: 'Toast Subject', password: 'Bread-and-jam-123', roles: ['STAFF'] });
    const { page } = await suite.open();
    await login(page, suite.server.admin.email, suite.server.admin.password);
    await signedIn(page);

    const saveName = async (name: string) => {
      await page.goto(`/users/${user.id}`);
      const field = page.getByLabel(/full name/i);
      await expect.poll(() => field.inputValue()).not.toBe('');
      await field.fill(name);
      await page.getByRole('button', { name: /^save$/i }).click();
    };

    // A real action that tells the user something: saving a user.
    await saveName('Toast Subject Two');
    const first = toasts(page).first();
    await first.waitFor();
    const shownAt = Date.now();
    await page.mouse.move(5, 795); // not hovering the toast (that pauses it)
    expect(await first.getAttribute('role')).toBe('alert');
    const box = (await first.boundingBox())!;
    const viewport = page.viewportSize()!;
    expect(box.y, 'near the top').toBeLessThan(200);
    expect(viewport.width - (box.x + box.width), 'near the right edge').toBeLessThan(100);
    const bar = (await page.locator('header').first().boundingBox())!;
    expect(box.y, 'below the app bar, whose buttons it would cover').toBeGreaterThanOrEqual(bar.y + bar.height);
    // Nor over the page's own buttons at its top right (the page it lands on after the save).
    await sleep(400); // the toasts are placed again 300 ms after the page under them changed
    const placed = (await first.boundingBox())!;
    const covered = await page.locator('#main-content').evaluate((main, toastBox) => {
      return Array.from(main.querySelectorAll('button, a[href], [role="button"], [role="tab"], input'))
        .map((element) => ({ text: element.textContent?.trim() || element.getAttribute('aria-label') || element.tagName, r: element.getBoundingClientRect() }))
        .filter(({ r }) => r.width > 0 && r.height > 0 && r.left < toastBox.x + toastBox.width && r.right > toastBox.x && r.top < toastBox.y + toastBox.height && r.bottom > toastBox.y)
        .map(({ text }) => text);
    }, placed);
    expect(covered, 'no button of the page under the toast').toEqual([]);
    // Not the screenshot helper: it disables animations, which ends the toast's countdown at once.
    await page.screenshot({ path: 'screenshots/e2e/journey-toast.png', animations: 'allow' });
    await first.waitFor({ state: 'detached', timeout: 9000 });
    const closedAfter = Date.now() - shownAt;
    // Timed from this process: not before about 5 s, and by itself. A loaded machine adds seconds
    // to the upper end (7.5 s seen in CI); tests/client/components/toasts.test.tsx pins 5000 ms.
    expect(closedAfter, 'closes itself after about 5 s').toBeGreaterThan(4000);
    expect(closedAfter).toBeLessThan(9000);

    // The close button closes it at once.
    await saveName('Toast Subject Three');
    const second = toasts(page).first();
    await second.waitFor();
    await second.getByRole('button', { name: /close/i }).click();
    await second.waitFor({ state: 'detached', timeout: 2000 });
    expect(await toast(page, /.+/).count()).toBe(0);
    await sleep(100);
  });
});
