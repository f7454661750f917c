/**
 * Colour mode: light, dark or auto (follows the system preference), kept in local storage under
 * a key of our own so it survives logout. A `theme` query parameter of letters, digits and spaces
 * naming a mode sets it; anything else in the parameter is ignored.
 */
import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { COLOUR_MODES, getStoredColourMode, setStoredColourMode, type ColourMode } from '../providers/local-settings';

export const THEME_PARAM_PATTERN = /^[A-Za-z0-9 ]+$/;

/** The mode named by a `theme` query value, or null when the value is not allowed or names no mode. */
export function colourModeFromParam(value: string | null): ColourMode | null {
  if (value === null || !THEME_PARAM_PATTERN.test(value)) return null;
  const mode = value.trim().toLowerCase() as ColourMode;
  return COLOUR_MODES.includes(mode) ? mode : null;
}

/** Applies a valid `theme` query parameter to the stored choice; returns the mode to start with. */
export function initialColourMode(search: string): ColourMode {
  const fromParam = colourModeFromParam(new URLSearchParams(search).get('theme'));
  if (fromParam) setStoredColourMode(fromParam);
  return fromParam ?? getStoredColourMode();
}

function systemPrefersDark(): boolean {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function' && window.matchMedia('(prefers-color-scheme: dark)').matches;
}

interface ColourModeContextValue {
  mode: ColourMode;
  resolved: 'light' | 'dark';
  setMode(mode: ColourMode): void;
}

const ColourModeContext = createContext<ColourModeContextValue | null>(null);

export function ColourModeProvider({ initialMode, children }: { initialMode: ColourMode; children: ReactNode }) {
  const [mode, setModeState] = useState<ColourMode>(initialMode);
  const [systemDark, setSystemDark] = useState(systemPrefersDark);

  useEffect(() => {
    if (typeof window.matchMedia !== 'function') return;
    const query = window.matchMedia('(prefers-color-scheme: dark)');
    const onChange = () => setSystemDark(query.matches);
    query.addEventListener?.('change', onChange);
    return () => query.removeEventListener?.('change', onChange);
  }, []);

  const setMode = useCallback((next: ColourMode) => {
    setStoredColourMode(next);
    setModeState(next);
  }, []);
  const value = useMemo<ColourModeContextValue>(
    () => ({ mode, resolved: mode === 'auto' ? (systemDark ? 'dark' : 'light') : mode, setMode }),
    [mode, systemDark, setMode],
  );
  return <ColourModeContext.Provider value={value}>{children}</ColourModeContext.Provider>;
}

export function useColourMode(): ColourModeContextValue {
  const value = useContext(ColourModeContext);
  if (!value) throw new Error('useColourMode needs a ColourModeProvider');
  return value;
}

/**
 * A `theme` parameter met while the app runs (a link such as /users?theme=dark) sets the mode too,
 * not only the one the page was loaded with. Reacts to the URL changing, not to the mode, so a
 * choice made in the app bar afterwards stands.
 */
export function ThemeFromQuery() {
  const { search } = useLocation();
  const { setMode } = useColourMode();
  useEffect(() => {
    const fromParam = colourModeFromParam(new URLSearchParams(search).get('theme'));
    if (fromParam) setMode(fromParam);
  }, [search, setMode]);
  return null;
}
