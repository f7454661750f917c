/**
 * Looking up a message: the same rules as react-admin's Polyglot (`%{name}` filled in, `a |||| b`
 * chosen by `smart_count`: the first form for 1, the second for any other number, in English and
 * German alike), for the pages outside react-admin, which must not load it. A key with no message
 * is shown as the key and recorded, so a test can fail on it (missingTranslations).
 */
import { fill, type Values } from '../../shared/i18n/fill';

export { fill, type Values };
export type Phrases = Record<string, string>;

const missing = new Set<string>();

/** Keys a screen asked for that have no message, as `language:key`, since the last clear. */
export function missingTranslations(): string[] {
  return [...missing].sort();
}

export function clearMissingTranslations(): void {
  missing.clear();
}

export function reportMissing(language: string, key: string): void {
  missing.add(`${language}:${key}`);
}

export function translateFrom(phrases: Phrases, language: string, key: string, values?: Values): string {
  const message = Object.hasOwn(phrases, key) ? phrases[key] : undefined;
  if (message === undefined) {
    reportMissing(language, key);
    return key;
  }
  return fill(message, values);
}
