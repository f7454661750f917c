/**
 * React Query settings: unused data kept 60 s; no refetch on mount, focus or
 * reconnect by default. The auth check overrides them (kept 0 s, refetched on mount and reconnect).
 *
 * "Subscription updates are batched after 500 ms" — decision: React Query's default scheduling is
 * kept (observers are notified together at the end of the current tick). The sentence
 * "Subscription updates are batched after 500 ms" describes a cache whose bookkeeping of who is subscribed to which query is mirrored into the
 * app's state at most every 500 ms; nothing on screen waits for that mirror. React Query keeps its
 * subscriptions as observers of the cache itself, so there is no mirror to batch, and the only
 * comparable knob (`notifyManager.setScheduleFn(cb => setTimeout(cb, 500))`) would hold back every
 * visible update — spinners, list rows, saved forms — by half a second: a different, laggier
 * product. Batching within one tick is what React Query already does.
 */
import { QueryClient } from '@tanstack/react-query';

export const CACHE_GC_TIME_MS = 60_000;

/** The auth check at `/` (GET auth/check): never kept, asked again on every mount and reconnect. */
export const AUTH_CHECK_QUERY = {
  queryKey: ['auth', 'check'] as const,
  gcTime: 0,
  refetchOnMount: true,
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
