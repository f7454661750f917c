/**
 * The language of the screens: the user's choice (kept on their account), else this browser's last
 * one, else the browser's own language if the product has it, else English. Everything that
 * formats for people (dates, numbers, money) reads intlLocale(), and the page's `lang` follows.
 * Small and free of react-admin: the sign-in page uses it too.
 */
import { setDefaultMoneyLocale } from '../../shared/money';
import { STAFF_LANGUAGES, type StaffLanguage } from '../../shared/staff-languages';
import { getStoredLanguage, setStoredLanguage } from '../providers/local-settings';

export const LANGUAGES = STAFF_LANGUAGES;
export type Language = StaffLanguage;

/** Each language's name in itself, as a language menu shows it. */
export const LANGUAGE_NAMES: Record<Language, string> = { en: 'English', de: 'Deutsch' };

/** The formats each language's readers expect (British English: 27 Nov 2026, 14:05). */
const INTL_LOCALES: Record<Language, string> = { en: 'en-GB', de: 'de-DE' };

export function isLanguage(value: unknown): value is Language {
  return (LANGUAGES as readonly unknown[]).includes(value);
}

function browserLanguage(): Language {
  const preferred = typeof navigator === 'undefined' ? [] : (navigator.languages ?? [navigator.language]);
  for (const tag of preferred) {
    const base = tag?.toLowerCase().split('-')[0];
    if (isLanguage(base)) return base;
  }
  return 'en';
}

function initialLanguage(): Language {
  const stored = getStoredLanguage();
  return isLanguage(stored) ? stored : browserLanguage();
}

let current: Language = initialLanguage();
const listeners = new Set<() => void>();

export function currentLanguage(): Language {
  return current;
}

/** The Intl locale of the current language. */
export function intlLocale(): string {
  return INTL_LOCALES[current];
}

export function subscribeToLanguage(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** A name inside a sentence: English writes it in lower case ("Open bookings"), German keeps its capital ("Buchungen öffnen"). */
export function inSentence(text: string, language: string = current): string {
  return language === 'en' ? text.toLowerCase() : text;
}

/** "a, b and c" / "a, b und c" in the current language. */
export function listOf(items: string[]): string {
  return new Intl.ListFormat(INTL_LOCALES[current], { type: 'conjunction' }).format(items);
}

/** Makes `language` the screens' language: kept in this browser, set on the page, told to the formats. */
export function applyLanguage(language: Language): void {
  setStoredLanguage(language);
  if (typeof document !== 'undefined') document.documentElement.lang = language;
  setDefaultMoneyLocale(INTL_LOCALES[language]);
  if (language === current) return;
  current = language;
  listeners.forEach((listener) => listener());
}

applyLanguage(current);
