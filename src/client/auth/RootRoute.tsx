/**
 * `/`: asks the server whether the visitor has a session (GET /auth/check, never cached).
 * Authenticated: on to /dashboard. Not authenticated, or the check failed: the login screen.
 */
import { useQuery } from '@tanstack/react-query';
import { Navigate } from 'react-router';
import { apiPaths } from '../../shared/api-paths';
import { useHttpClient } from '../providers/http-client-context';
import { AUTH_CHECK_QUERY } from '../providers/query-client';
import { Loading } from './Loading';

export function RootRoute() {
  const httpClient = useHttpClient();
  const check = useQuery({
    ...AUTH_CHECK_QUERY,
    queryFn: () => httpClient.request<{ isAuthentication: boolean }>(apiPaths.check, { skipRefresh: true }),
  });
  if (check.isPending) return <Loading />;
  if (check.isError) console.error('Session check failed', check.error);
  return <Navigate to={check.data?.isAuthentication ? '/dashboard' : '/login'} replace />;
}
