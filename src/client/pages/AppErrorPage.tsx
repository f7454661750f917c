/**
 * The router's error page: what nothing else caught. Its heading is the router's own words
 * ("Unexpected Application Error!"); under it, what happened in plain words and a Reload button,
 * never the router's developer text. A chunk of a newer deployment that failed to load reloads
 * the page once by itself.
 */
import { useEffect } from 'react';
import { useRouteError } from 'react-router';
import { isChunkLoadError, reloadOnceForNewVersion } from '../stale-chunks';

const page = {
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif',
  maxWidth: 560,
  margin: '10vh auto',
  padding: '0 20px',
  lineHeight: 1.5,
  color: '#1b2330',
} as const;

const button = {
  font: 'inherit',
  fontWeight: 600,
  padding: '8px 20px',
  border: 0,
  borderRadius: 6,
  background: '#1565c0',
  color: '#fff',
  cursor: 'pointer',
} as const;

function ErrorExplanation({ error }: { error: unknown }) {
  const newVersion = isChunkLoadError(error);
  const detail = error instanceof Error ? error.message : typeof error === 'string' ? error : null;
  return (
    <main style={page}>
      <p style={{ fontWeight: 700, color: '#1565c0', margin: 0 }}>Travel Back Office</p>
      <h1 style={{ fontSize: '1.75rem', margin: '8px 0 16px' }}>Unexpected Application Error!</h1>
      <p>
        {newVersion
          ? 'A new version of the app was installed while this page was open, and part of it could not be loaded. Reload to continue with the new version.'
          : 'Something in the app failed. Nothing you did caused it. Reloading usually helps; if it keeps happening, tell an administrator.'}
      </p>
      <p style={{ display: 'flex', gap: 16, alignItems: 'center', flexWrap: 'wrap' }}>
        <button type="button" style={button} onClick={() => window.location.reload()}>
          Reload
        </button>
        <a href="/dashboard" style={{ color: '#1565c0' }}>
          Go to the dashboard
        </a>
      </p>
      {detail && <p style={{ color: '#4a5568', fontSize: '0.875rem' }}>Details: {detail}</p>}
    </main>
  );
}

export function AppErrorPage() {
  const error = useRouteError();
  useEffect(() => {
    if (isChunkLoadError(error)) reloadOnceForNewVersion();
  }, [error]);
  return <ErrorExplanation error={error} />;
}
