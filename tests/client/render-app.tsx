/**
 * The whole browser app in jsdom, as main.tsx wires it, on a memory data router: one HTTP client
 * (with an injected base URL and cookie-jar fetch), the providers built on it, the spec's query
 * client and the colour mode provider.
 */
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { showSessionExpired } from '../../src/client/layout/ToastHost';
import { createAuthProvider } from '../../src/client/providers/auth-provider';
import { createDataProvider, withLinkedInvalidation } from '../../src/client/providers/data-provider';
import { createHttpClient } from '../../src/client/providers/http-client';
import { createQueryClient } from '../../src/client/providers/query-client';
import { loadRuntimeConfig } from '../../src/client/providers/runtime-config';
import { appRoutes } from '../../src/client/router';
import type { PublicConfig } from '../../src/shared/types';

export interface RenderAppOptions {
  baseUrl: string;
  fetch: typeof fetch;
  /** History before the app starts; the last entry is the page opened. */
  entries: string[];
  /** Default: read from GET /api/config, as the app does at start. */
  config?: PublicConfig;
}

export async function renderApp({ baseUrl, fetch, entries, config }: RenderAppOptions) {
  const httpClient = createHttpClient({ baseUrl, fetch, onSessionExpired: showSessionExpired });
  const queryClient = createQueryClient();
  const authProvider = createAuthProvider(httpClient);
  const dataProvider = withLinkedInvalidation(createDataProvider(httpClient), queryClient);
  const runtimeConfig = config ?? (await loadRuntimeConfig(httpClient));
  const services = { config: runtimeConfig, httpClient, authProvider, dataProvider, queryClient };
  const router = createMemoryRouter(appRoutes(services, { initialMode: 'light' }), { initialEntries: entries, initialIndex: entries.length - 1 });
  render(<RouterProvider router={router} />);
  return { router, queryClient, httpClient, authProvider, dataProvider };
}
