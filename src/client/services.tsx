/**
 * What main.tsx builds once and every page reaches through context: the one HTTP client, the
 * providers on it, the query cache and the runtime settings. The sign-in and password pages use
 * it without loading react-admin (they are in the first download; the admin app is not).
 */
import type { QueryClient } from '@tanstack/react-query';
import { createContext, useContext, type ReactNode } from 'react';
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
  dataProvider: BackOfficeDataProvider;
  queryClient: QueryClient;
}

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
