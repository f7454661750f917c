/**
 * Settings kept in local storage under keys of our own, so they survive logout (react-admin
 * resets its own store on logout). Never the token: that lives only in memory.
 */
export const PERSIST_KEY = 'persist';
export const COLOUR_MODE_KEY = 'colourMode';

export type ColourMode = 'light' | 'dark' | 'auto';
export const COLOUR_MODES: ColourMode[] = ['light', 'dark', 'auto'];

function read(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null; // storage disabled: fall back to defaults
  }
}

function write(key: string, value: string): void {
  try {
    window.localStorage.setItem(key, value);
  } catch {
    // storage disabled: the choice lasts until the page is closed
  }
}

/** "Trust this device": a boolean, false unless stored as true. */
export function getPersist(): boolean {
  return read(PERSIST_KEY) === 'true';
}

export function setPersist(value: boolean): void {
  write(PERSIST_KEY, JSON.stringify(value));
}

export function getStoredColourMode(): ColourMode {
  const value = read(COLOUR_MODE_KEY);
  return COLOUR_MODES.includes(value as ColourMode) ? (value as ColourMode) : 'auto';
}

export function setStoredColourMode(mode: ColourMode): void {
  write(COLOUR_MODE_KEY, mode);
}

export const LANGUAGE_KEY = 'language';

/** The language this browser last used (for the sign-in page before anyone signs in), or null. */
export function getStoredLanguage(): string | null {
  return read(LANGUAGE_KEY);
}

export function setStoredLanguage(language: string): void {
  write(LANGUAGE_KEY, language);
}
