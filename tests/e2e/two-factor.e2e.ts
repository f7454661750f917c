/**
 * Two-factor sign-in on screen: a cashier whose role requires it signs in, lands on My profile and
 * can go nowhere else until it is on; sets it up from the key shown (as an authenticator app would
 * from the QR code), keeps the recovery codes, and from then on signs in with a code, or with a
 * recovery code once; an administrator resets it for a lost phone.
 */
import { Secret, TOTP } from 'otpauth';
import { beforeAll, expect, test } from 'vitest';
import { adminClient, type ApiClient } from './api.js';
import { LOGIN, login, screenshot } from './browser.js';
import { setUpSuite } from './suite.js';
import { logout, path, see } from './ui.js';

const suite = setUpSuite('two-factor');
let api: ApiClient;
const cashier = { email: 'cashier@e2e.test', fullName: 'Cara Cashier', password: 'Counting-coins-at-dusk-7', roles: ['CASHIER'] };

beforeAll(async () => {
  api = await adminClient(suite.server);
  await api.expect(201, 'POST', '/api/admin/auth/role', { name: 'CASHIER', description: 'Takes payments', permissions: ['tours.read', 'bookings.read'], requireTwoFactor: true });
  await api.createUser(cashier);
});

function codeOf(secret: string, atMs = Date.now()): string {
  return TOTP.generate({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30, timestamp: atMs });
}

/** The login form, with the code field the server asked for. */
async function signInWithCode(page: Awaited<ReturnType<typeof suite.open>>['page'], code: () => string): Promise<void> {
  await page.goto('/login');
  await page.getByLabel(LOGIN.email).fill(cashier.email);
  await page.getByLabel(LOGIN.password).fill(cashier.password);
  await page.getByRole('checkbox', { name: LOGIN.captcha }).check();
  await page.getByRole('button', { name: LOGIN.submit }).click();
  const field = page.getByLabel(/code from your authenticator app/i);
  await field.waitFor();
  await field.fill(code());
  // A captcha answer is good once: the first try spent it.
  await page.getByRole('checkbox', { name: LOGIN.captcha }).check();
  await page.getByRole('button', { name: LOGIN.submit }).click();
  await page.waitForURL((url) => url.pathname !== '/login', { timeout: 15_000 });
}

test('a role that requires it: set up before anything else, then signed in with a code or a recovery code; an administrator resets it', async () => {
  const { page } = await suite.open({ viewport: { width: 390, height: 844 } });
  await login(page, cashier.email, cashier.password);
  await page.waitForURL((url) => url.pathname === '/profile');
  await see(page, /A role of yours requires two-factor sign-in/);
  // Nowhere else opens until it is on.
  await page.goto('/bookings');
  await page.waitForURL((url) => url.pathname === '/profile');

  await page.getByRole('button', { name: 'Set up two-factor sign-in' }).click();
  await page.getByRole('img', { name: /QR code/ }).waitFor();
  const key = (await page.getByText(/Type this key into the app/).locator('span').innerText()).replace(/\s/g, '');
  expect(key).toMatch(/^[A-Z2-7]{32}$/);
  await screenshot(page, 'two-factor-set-up-phone');
  await page.getByLabel('Code from the app').fill(codeOf(key));
  await page.getByRole('button', { name: 'Turn on' }).click();
  const list = page.getByRole('list', { name: 'Recovery codes' });
  await list.waitFor();
  const codes = (await list.locator('li').allInnerTexts()).map((code) => code.trim());
  expect(codes).toHaveLength(10);
  await screenshot(page, 'two-factor-recovery-codes-phone');
  await page.getByRole('button', { name: 'I have saved them' }).click();
  await see(page, /Recovery codes left: 10 of 10/);
  await page.goto('/bookings');
  await page.waitForURL((url) => url.pathname === '/bookings');

  // Next time: the password, then a code (of the next 30 s step: the one used to turn it on is spent).
  await logout(page);
  await signInWithCode(page, () => codeOf(key, Date.now() + 30_000));
  expect(path(page)).not.toBe('/profile');

  // A lost phone: a recovery code signs in, once.
  await logout(page);
  await signInWithCode(page, () => codes[0]!);
  await page.goto('/profile');
  await see(page, /Recovery codes left: 9 of 10/);
  // It cannot be turned off while the role requires it.
  await see(page, /A role of yours requires two-factor sign-in, so it stays on/);

  // The administrator resets it: the password alone signs in, and the role sends them to set it up again.
  const adminPage = (await suite.open()).page;
  await login(adminPage, suite.server.admin.email, suite.server.admin.password);
  const user = await api.userByEmail(cashier.email);
  await adminPage.goto(`/users/${user.id}/show`);
  await adminPage.getByRole('button', { name: 'Reset two-factor' }).click();
  await adminPage.getByRole('button', { name: 'Reset' }).click();
  await see(adminPage, /Two-factor sign-in was reset/);
  await logout(page);
  await login(page, cashier.email, cashier.password);
  await page.waitForURL((url) => url.pathname === '/profile');
  await see(page, /A role of yours requires two-factor sign-in/);
});
