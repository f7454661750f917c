/**
 * Entry: builds the one HTTP client and the providers on it, reads the runtime settings, then
 * mounts the routes (router.tsx) in a browser-history data router whose default error page
 * ("Unexpected Application Error!") catches what nothing else does. The react-admin app itself
 * (with its query cache, dataProvider and toasts) is a separate download, fetched when a
 * protected path is opened.
 */
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { createAuthProvider } from './providers/auth-provider';
import { createHttpClient } from './providers/http-client';
import { loadRuntimeConfig } from './providers/runtime-config';
import { appRoutes } from './router';
import { wantToasts } from './services';
import { reloadOnStaleChunks } from './stale-chunks';
import { initialColourMode } from './theme/colour-mode';

async function start(): Promise<void> {
  reloadOnStaleChunks();
  // Relative `/api/` on the page's own origin.
  // The toast library loads with the first toast, not with the page.
  const httpClient = createHttpClient({
    onSessionExpired: () => {
      wantToasts();
      void import('./layout/ToastHost').then((toasts) => toasts.showSessionExpired());
    },
  });
  const config = await loadRuntimeConfig(httpClient);
  const authProvider = createAuthProvider(httpClient);
  // The query cache and the dataProvider are made by the admin app when it loads (App.tsx).
  const services = { config, httpClient, authProvider };

  const router = createBrowserRouter(appRoutes(services, { initialMode: initialColourMode(window.location.search) }));
  // Rendered as a transition: React works on the first screen in slices and hands the main thread
  // back between them, so a click or a keystroke during start-up is not kept waiting.
  const root = createRoot(document.getElementById('root')!);
  startTransition(() => {
    root.render(
      <StrictMode>
        <RouterProvider router={router} />
      </StrictMode>,
    );
  });
}

void start();
