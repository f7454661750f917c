/**
 * A save after the session has ended (SESSION_TTL passed) is shown as refused, changes nothing on
 * the server, and after signing in again the form is back with what was typed. A server of its
 * own, with 6-second sessions.
 */
import { beforeAll, expect, test } from 'vitest';
import { adminClient, type ApiClient, type User } from './api.js';
import { login, screenshot } from './browser.js';
import { setUpSuite } from './suite.js';
import { onLoginScreen, path, toasts } from './ui.js';

const suite = setUpSuite('session-end', { SESSION_TTL: '6s' });
let api: ApiClient;
let sam: User;

beforeAll(async () => {
  api = await adminClient(suite.server);
  sam = await api.createUser({ email: 'sam@e2e.test', fullName: 'Sam Staff', password: 'Quiet-harbour-lantern-9', roles: ['STAFF'] });
});

test('saving a user after the session ended: no success, nothing changed, and the typed name comes back after signing in', async () => {
  const { page } = await suite.open();
  await login(page, suite.server.admin.email, suite.server.admin.password);
  await page.goto(`/users/${sam.id}`);
  const name = page.getByLabel(/^full name/i);
  await expect.poll(() => name.inputValue()).toBe('Sam Staff');
  await name.fill('Samantha Staff');

  // The session ends on the server: wait until the session cookie is no longer honoured.
  await expect
    .poll(async () => ((await (await page.request.get('/api/auth/check')).json()) as { isAuthentication: boolean }).isAuthentication, { timeout: 15_000, interval: 250 })
    .toBe(false);

  await page.getByRole('button', { name: 'Save' }).click();
  await onLoginScreen(page);
  await toasts(page).filter({ hasText: 'Nothing was saved' }).first().waitFor();
  await screenshot(page, 'honest-save-after-session-end');
  expect(await toasts(page).filter({ hasText: /User saved/ }).count()).toBe(0);
  expect(await page.getByText(/missing id/i).count()).toBe(0);
  // A client of its own: the first one's session has ended too.
  expect((await (await adminClient(suite.server)).userByEmail('sam@e2e.test')).fullName).toBe('Sam Staff');

  await login(page, suite.server.admin.email, suite.server.admin.password);
  await page.waitForURL((url) => url.pathname === `/users/${sam.id}`);
  await expect.poll(() => page.getByLabel(/^full name/i).inputValue(), { timeout: 10_000 }).toBe('Samantha Staff');
  expect(path(page)).toBe(`/users/${sam.id}`);
});
