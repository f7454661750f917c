/**
 * A tab left open across a deployment asks for code chunks that no longer exist. The first such
 * failure reloads the page once (the new version's index names the new chunks); if the reload
 * did not help within a minute, the error page says so and offers a Reload button instead of
 * reloading in a loop.
 */
const RELOADED_AT = 'bo-reloaded-for-new-version';
const RELOAD_WINDOW_MS = 60_000;

/** Chromium, Firefox and Safari's words for a dynamic import whose file could not be fetched. */
export function isChunkLoadError(error: unknown): boolean {
  const message = error instanceof Error ? error.message : typeof error === 'string' ? error : '';
  return /Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed|Unable to preload CSS/i.test(message);
}

/** Reloads unless this tab already did so for the same reason in the last minute; true when it reloads. */
export function reloadOnceForNewVersion(reload: () => void = () => window.location.reload()): boolean {
  try {
    const last = Number(sessionStorage.getItem(RELOADED_AT));
    if (last && Date.now() - last < RELOAD_WINDOW_MS) return false;
    sessionStorage.setItem(RELOADED_AT, String(Date.now()));
  } catch {
    return false; // without storage a reload could loop: show the error page instead
  }
  reload();
  return true;
}

/** Vite reports a chunk (or its CSS) that failed to load as `vite:preloadError`, cancellable. */
export function reloadOnStaleChunks(): void {
  window.addEventListener('vite:preloadError', (event) => {
    if (reloadOnceForNewVersion()) event.preventDefault();
  });
}
