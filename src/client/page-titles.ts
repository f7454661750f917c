/**
 * The browser tab's title for each screen: `Users · Travel Back Office`. The public pages' titles
 * are here; the resources name their own screens, registered when the signed-in app loads (so the
 * sign-in page does not carry every resource's module). Until then a protected path is titled with
 * the app's name alone.
 */
export const APP_NAME = 'Travel Back Office';

const PUBLIC_TITLES: [RegExp, string][] = [
  [/^\/login$/, 'Sign in'],
  [/^\/forgot-password$/, 'Forgot password'],
  [/^\/reset-password$/, 'Choose a new password'],
  [/^\/404$/, 'Page not found'],
  [/^\/500$/, 'Server error'],
];
const APP_TITLES: [RegExp, string][] = [
  [/^\/dashboard$/, 'Dashboard'],
  [/^\/profile$/, 'My profile'],
  [/^\/check-in$/, 'Check-in'],
  [/^\/day-sheet$/, 'Day sheet'],
  [/^\/margins$/, 'Margins'],
  [/^\/access-denied$/, 'Access denied'],
];

let titles: [RegExp, string][] = PUBLIC_TITLES;
let registered = false;
const listeners = new Set<() => void>();

/** The signed-in app's screens (its own and each resource's), once it has loaded. */
export function registerAppTitles(resourceTitles: [RegExp, string][]): void {
  if (registered) return;
  registered = true;
  titles = [...PUBLIC_TITLES, ...APP_TITLES, ...resourceTitles];
  for (const listener of listeners) listener();
}

/** For useSyncExternalStore: changes when the app's titles arrive. */
export function subscribeToTitles(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
export function titlesVersion(): boolean {
  return registered;
}

export function pageTitle(pathname: string): string {
  if (pathname === '/') return APP_NAME;
  const screen = titles.find(([pattern]) => pattern.test(pathname))?.[1];
  if (!screen) return registered ? `Page not found · ${APP_NAME}` : APP_NAME;
  return `${screen} · ${APP_NAME}`;
}
