/** The browser tab's title for each screen: `Users · Travel Back Office`. Resources name their own screens. */
import { RESOURCE_TITLES } from './resources';

export const APP_NAME = 'Travel Back Office';

const TITLES: [RegExp, string][] = [
  [/^\/login$/, 'Sign in'],
  [/^\/forgot-password$/, 'Forgot password'],
  [/^\/reset-password$/, 'Choose a new password'],
  [/^\/404$/, 'Page not found'],
  [/^\/500$/, 'Server error'],
  [/^\/dashboard$/, 'Dashboard'],
  [/^\/profile$/, 'My profile'],
  [/^\/access-denied$/, 'Access denied'],
  ...RESOURCE_TITLES,
];

export function pageTitle(pathname: string): string {
  if (pathname === '/') return APP_NAME;
  const screen = TITLES.find(([pattern]) => pattern.test(pathname))?.[1] ?? 'Page not found';
  return `${screen} · ${APP_NAME}`;
}
