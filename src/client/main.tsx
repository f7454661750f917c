/**
 * Entry: builds the one HTTP client and the providers on it, reads the runtime settings, then
 * mounts the routes (router.tsx) in a browser-history data router whose default error page
 * ("Unexpected Application Error!") catches what nothing else does. The react-admin app itself
 * is a separate download, fetched when a protected path is opened.
 */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { showSessionExpired } from './layout/ToastHost';
import { createAuthProvider } from './providers/auth-provider';
import { createDataProvider, withLinkedInvalidation } from './providers/data-provider';
import { createHttpClient } from './providers/http-client';
import { createQueryClient } from './providers/query-client';
import { loadRuntimeConfig } from './providers/runtime-config';
import { appRoutes } from './router';
import { initialColourMode } from './theme/colour-mode';

async function start(): Promise<void> {
  // Relative `/api/` on the page's own origin.
  const httpClient = createHttpClient({ onSessionExpired: showSessionExpired });
  const config = await loadRuntimeConfig(httpClient);
  const queryClient = createQueryClient();
  const authProvider = createAuthProvider(httpClient);
  const dataProvider = withLinkedInvalidation(createDataProvider(httpClient), queryClient);
  const services = { config, httpClient, authProvider, dataProvider, queryClient };

  const router = createBrowserRouter(appRoutes(services, { initialMode: initialColourMode(window.location.search) }));
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <RouterProvider router={router} />
    </StrictMode>,
  );
}

void start();
