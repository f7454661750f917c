/**
 * Entry: builds the one HTTP client and the providers on it, reads the runtime settings, then
 * mounts the app in a browser-history data router whose default error page
 * ("Unexpected Application Error!") catches what nothing else does.
 */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { App } from './App';
import { showSessionExpired } from './layout/Toasts';
import { createAuthProvider } from './providers/auth-provider';
import { createDataProvider, withLinkedInvalidation } from './providers/data-provider';
import { createHttpClient } from './providers/http-client';
import { createQueryClient } from './providers/query-client';
import { loadRuntimeConfig } from './providers/runtime-config';
import { appRoutes } from './router';
import { ColourModeProvider, initialColourMode } from './theme/colour-mode';

async function start(): Promise<void> {
  // Relative `/api/` on the page's own origin.
  const httpClient = createHttpClient({ onSessionExpired: showSessionExpired });
  const config = await loadRuntimeConfig(httpClient);
  const queryClient = createQueryClient();
  const authProvider = createAuthProvider(httpClient);
  const dataProvider = withLinkedInvalidation(createDataProvider(httpClient), queryClient);
  const initialMode = initialColourMode(window.location.search);

  const router = createBrowserRouter(
    appRoutes(
      <ColourModeProvider initialMode={initialMode}>
        <App config={config} httpClient={httpClient} authProvider={authProvider} dataProvider={dataProvider} queryClient={queryClient} />
      </ColourModeProvider>,
    ),
  );

  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <RouterProvider router={router} />
    </StrictMode>,
  );
}

void start();
