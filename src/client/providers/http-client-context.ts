/**
 * The app's one HTTP client, handed down by <App> so that the pages outside react-admin's
 * providers (`/`, the password pages, the register form) use the same client as the providers.
 */
import { createContext, useContext } from 'react';
import type { HttpClient } from './http-client';

export const HttpClientContext = createContext<HttpClient | null>(null);

export function useHttpClient(): HttpClient {
  const client = useContext(HttpClientContext);
  if (!client) throw new Error('useHttpClient needs an HttpClientContext provider (App gives one)');
  return client;
}
