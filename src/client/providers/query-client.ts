/**
 * React Query settings of the spec (§9): unused data kept 60 s; no refetch on mount, focus or
 * reconnect by default. The auth check overrides them (kept 0 s, refetched on mount and reconnect).
 */
import { QueryClient } from '@tanstack/react-query';

export const CACHE_GC_TIME_MS = 60_000;

export const AUTH_CHECK_QUERY = {
  queryKey: ['auth', 'check'] as const,
  gcTime: 0,
  refetchOnMount: 'always' as const,
  refetchOnReconnect: true,
  retry: false,
};

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        gcTime: CACHE_GC_TIME_MS,
        refetchOnMount: false,
        refetchOnWindowFocus: false,
        refetchOnReconnect: false,
        // Errors are answers here (403 is handled by the HTTP client): no blind retries.
        retry: false,
      },
      mutations: { retry: false },
    },
  });
}
