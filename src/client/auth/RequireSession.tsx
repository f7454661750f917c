/**
 * The route guard of every protected page (spec §2, §4): with no token held it restores the
 * session from the refresh cookie, showing "Loading..."; a user with no subject is sent to
 * /login with the requested location in state `from` (and react-admin's nextPathname/nextSearch),
 * replacing the history entry.
 */
import { useEffect, useState, useSyncExternalStore, type ReactNode } from 'react';
import { useAuthProvider } from 'react-admin';
import { Navigate, useLocation } from 'react-router';
import { currentSubject, getAuth, subscribe } from '../providers/auth-state';
import type { BackOfficeAuthProvider } from '../providers/auth-provider';
import { Loading } from './Loading';

export function RequireSession({ children }: { children: ReactNode }) {
  const location = useLocation();
  const authProvider = useAuthProvider() as BackOfficeAuthProvider | undefined;
  const token = useSyncExternalStore(subscribe, () => getAuth().token);
  const [restore, setRestore] = useState<'idle' | 'running' | 'failed'>('idle');

  useEffect(() => {
    if (token !== null || !authProvider) return;
    let active = true;
    setRestore('running');
    authProvider.restoreSession().then((ok) => {
      if (active) setRestore(ok ? 'idle' : 'failed');
    });
    return () => {
      active = false;
    };
  }, [token, authProvider]);

  if (token === null && restore !== 'failed') return <Loading />;
  if (currentSubject() === '') {
    const state = { from: location, nextPathname: location.pathname, nextSearch: location.search };
    return <Navigate to="/login" replace state={state} />;
  }
  return <>{children}</>;
}
