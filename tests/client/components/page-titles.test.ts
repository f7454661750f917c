/** Each screen names itself in the browser's tab (and history, bookmarks, screen readers' window list). */
import { expect, test, vi } from 'vitest';
import { pageTitle, registerAppTitles } from '../../../src/client/page-titles';
import { RESOURCE_TITLES } from '../../../src/client/resources';

test('before the signed-in app has loaded, a protected path is titled with the app’s name alone', async () => {
  // A fresh copy of the module, as a page load has: other files in this worker have registered the app's titles.
  vi.resetModules();
  const fresh = await import('../../../src/client/page-titles');
  expect(fresh.pageTitle('/users')).toBe('Travel Back Office');
  expect(fresh.pageTitle('/login')).toBe('Sign in · Travel Back Office');
});

test.each([
  ['/', 'Travel Back Office'],
  ['/bookings/create', 'New booking · Travel Back Office'],
  ['/login', 'Sign in · Travel Back Office'],
  ['/dashboard', 'Dashboard · Travel Back Office'],
  ['/users', 'Users · Travel Back Office'],
  ['/users/create', 'New user · Travel Back Office'],
  ['/users/3f1c/show', 'User · Travel Back Office'],
  ['/users/3f1c', 'Edit user · Travel Back Office'],
  ['/roles/3f1c/permissions', 'Role permissions · Travel Back Office'],
  ['/audit', 'Audit log · Travel Back Office'],
  ['/profile', 'My profile · Travel Back Office'],
  ['/access-denied', 'Access denied · Travel Back Office'],
  ['/no/such/page', 'Page not found · Travel Back Office'],
])('%s → %s', (pathname, title) => {
  registerAppTitles(RESOURCE_TITLES);
  expect(pageTitle(pathname)).toBe(title);
});
