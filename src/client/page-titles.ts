/** The browser tab's title for each screen: `Users · Travel Back Office`. */
export const APP_NAME = 'Travel Back Office';

const TITLES: [RegExp, string][] = [
  [/^\/login$/, 'Sign in'],
  [/^\/forgot-password$/, 'Forgot password'],
  [/^\/reset-password$/, 'Choose a new password'],
  [/^\/404$/, 'Page not found'],
  [/^\/500$/, 'Server error'],
  [/^\/dashboard$/, 'Dashboard'],
  [/^\/profile$/, 'My profile'],
  [/^\/audit$/, 'Audit log'],
  [/^\/users$/, 'Users'],
  [/^\/users\/create$/, 'New user'],
  [/^\/users\/[^/]+\/show$/, 'User'],
  [/^\/users\/[^/]+$/, 'Edit user'],
  [/^\/roles$/, 'Roles'],
  [/^\/roles\/create$/, 'New role'],
  [/^\/roles\/[^/]+\/show$/, 'Role'],
  [/^\/roles\/[^/]+\/permissions$/, 'Role permissions'],
  [/^\/roles\/[^/]+$/, 'Edit role'],
];

export function pageTitle(pathname: string): string {
  if (pathname === '/') return APP_NAME;
  const screen = TITLES.find(([pattern]) => pattern.test(pathname))?.[1] ?? 'Page not found';
  return `${screen} · ${APP_NAME}`;
}
