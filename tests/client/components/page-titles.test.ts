/** Each screen names itself in the browser's tab (and history, bookmarks, screen readers' window list). */
import { expect, test } from 'vitest';
import { pageTitle } from '../../../src/client/page-titles';

test.each([
  ['/', 'Travel Back Office'],
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
  expect(pageTitle(pathname)).toBe(title);
});
