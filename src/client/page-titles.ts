/**
 * The browser tab's title for each screen: `Users · Travel Back Office`. The public pages' titles
 * are here; the resources name their own screens, registered when the signed-in app loads (so the
 * sign-in page does not carry every resource's module). Until then a protected path is titled with
 * the app's name alone.
 */
import { currentLanguage } from './i18n/language';
import { PUBLIC_MESSAGES, type PublicMessages } from './i18n/public-messages';
import { translateFrom } from './i18n/translate';

export const APP_NAME = 'Travel Back Office';

/** A screen's title: its words, or how to word it in the current language. */
export type Title = string | (() => string);

const publicTitle = (key: keyof PublicMessages) => () => translateFrom(PUBLIC_MESSAGES[currentLanguage()], currentLanguage(), key);

const PUBLIC_TITLES: [RegExp, Title][] = [
  [/^\/login$/, publicTitle('title.login')],
  [/^\/forgot-password$/, publicTitle('title.forgot_password')],
  [/^\/reset-password$/, publicTitle('title.reset_password')],
  [/^\/404$/, publicTitle('title.not_found')],
  [/^\/500$/, publicTitle('title.server_error')],
];

let titles: [RegExp, Title][] = PUBLIC_TITLES;
let registered = false;
const listeners = new Set<() => void>();

/** The signed-in app's screens (its own and each resource's), once it has loaded. */
export function registerAppTitles(appTitles: [RegExp, Title][]): void {
  if (registered) return;
  registered = true;
  titles = [...PUBLIC_TITLES, ...appTitles];
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
  const title = titles.find(([pattern]) => pattern.test(pathname))?.[1];
  if (!title) return registered ? `${publicTitle('title.not_found')()} · ${APP_NAME}` : APP_NAME;
  return `${typeof title === 'function' ? title() : title} · ${APP_NAME}`;
}
