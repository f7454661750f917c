/**
 * The router's error page: what nothing else caught. Its heading is the router's own words
 * ("Unexpected Application Error!"); under it, what happened in plain words and a Reload button,
 * never the router's developer text. A chunk of a newer deployment that failed to load reloads
 * the page once by itself.
 */
import { useEffect } from 'react';
import { useRouteError } from 'react-router';
import { usePublicTranslate } from '../i18n/usePublicTranslate';
import { getStoredColourMode } from '../providers/local-settings';
import { isChunkLoadError, reloadOnceForNewVersion } from '../stale-chunks';

/**
 * This page may show when the theme itself failed to load, so it carries its own colours: the
 * app's two palettes (contrast checked like the themes), chosen as the app chooses its mode.
 */
const PALETTES = {
  light: { background: '#ffffff', text: '#1b2330', muted: '#4a5568', accent: '#1565c0', onAccent: '#ffffff' },
  dark: { background: '#121212', text: '#e8eaed', muted: '#b0b8c4', accent: '#90caf9', onAccent: '#0d1b2a' },
} as const;

function colours() {
  const stored = getStoredColourMode();
  const prefersDark = typeof window.matchMedia === 'function' && window.matchMedia('(prefers-color-scheme: dark)').matches;
  return PALETTES[stored === 'dark' || (stored === 'auto' && prefersDark) ? 'dark' : 'light'];
}

function ErrorExplanation({ error }: { error: unknown }) {
  const newVersion = isChunkLoadError(error);
  const detail = error instanceof Error ? error.message : typeof error === 'string' ? error : null;
  const palette = colours();
  const t = usePublicTranslate();
  const page = {
    fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif',
    maxWidth: 560,
    margin: '0 auto',
    padding: '10vh 20px 0',
    lineHeight: 1.5,
    color: palette.text,
  } as const;
  const button = {
    font: 'inherit',
    fontWeight: 600,
    padding: '8px 20px',
    border: 0,
    borderRadius: 6,
    background: palette.accent,
    color: palette.onAccent,
    cursor: 'pointer',
  } as const;
  return (
    <div style={{ minHeight: '100vh', background: palette.background }}>
      <main style={page}>
        <p style={{ fontWeight: 700, color: palette.accent, margin: 0 }}>Travel Back Office</p>
        <h1 style={{ fontSize: '1.75rem', margin: '8px 0 16px' }}>{t('app_error.title')}</h1>
        <p>{newVersion ? t('app_error.new_version') : t('app_error.failed')}</p>
        <p style={{ display: 'flex', gap: 16, alignItems: 'center', flexWrap: 'wrap' }}>
          <button type="button" style={button} onClick={() => window.location.reload()}>
            {t('app_error.reload')}
          </button>
          <a href="/dashboard" style={{ color: palette.accent }}>
            {t('public.to_dashboard')}
          </a>
        </p>
        {detail && <p style={{ color: palette.muted, fontSize: '0.875rem' }}>{t('app_error.details', { detail })}</p>}
      </main>
    </div>
  );
}

export function AppErrorPage() {
  const error = useRouteError();
  useEffect(() => {
    if (isChunkLoadError(error)) reloadOnceForNewVersion();
  }, [error]);
  return <ErrorExplanation error={error} />;
}
