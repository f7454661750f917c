/**
 * What main.tsx builds once and every page reaches through context: the one HTTP client, the
 * providers on it, the query cache and the runtime settings. The sign-in and password pages use
 * it without loading react-admin (they are in the first download; the admin app is not).
 */
import type { QueryClient } from '@tanstack/react-query';
import { createContext, useContext, useSyncExternalStore, type ReactNode } from 'react';
import type { PublicConfig } from '../shared/types';
import { RuntimeConfigContext } from './auth/RuntimeConfig';
import type { BackOfficeAuthProvider } from './providers/auth-provider';
import type { BackOfficeDataProvider } from './providers/data-provider';
import type { HttpClient } from './providers/http-client';
import { HttpClientContext } from './providers/http-client-context';

export interface AppServices {
  config: PublicConfig;
  httpClient: HttpClient;
  authProvider: BackOfficeAuthProvider;
  /** Default: made by the admin app when it first loads (so the sign-in page does not download them). */
  dataProvider?: BackOfficeDataProvider;
  queryClient?: QueryClient;
}

/** The admin app's query cache once it exists: a sign-in marks its `auth` answers stale (identity, permissions). */
export const adminCache: { queryClient: QueryClient | null } = { queryClient: null };

const ServicesContext = createContext<AppServices | null>(null);

export function useServices(): AppServices {
  const services = useContext(ServicesContext);
  if (!services) throw new Error('useServices needs a ServicesProvider (the app shell gives one)');
  return services;
}

export function ServicesProvider({ services, children }: { services: AppServices; children: ReactNode }) {
  return (
    <ServicesContext.Provider value={services}>
      <HttpClientContext.Provider value={services.httpClient}>
        <RuntimeConfigContext.Provider value={services.config}>{children}</RuntimeConfigContext.Provider>
      </HttpClientContext.Provider>
    </ServicesContext.Provider>
  );
}

/**
 * The toast container (and its library) is mounted the first time anything may show a toast: the
 * admin app loading, or a message raised on a sign-in page. Until then the pages do without it.
 */
let toastsWanted = false;
const toastListeners = new Set<() => void>();

export function wantToasts(): void {
  if (toastsWanted) return;
  toastsWanted = true;
  for (const listener of toastListeners) listener();
}

export function useToastsWanted(): boolean {
  return useSyncExternalStore(
    (listener) => {
      toastListeners.add(listener);
      return () => toastListeners.delete(listener);
    },
    () => toastsWanted,
  );
}
