/**
 * The route guard of every protected page: with no token held it restores the
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
  // Subscribed so that a token change (logout, expiry) re-renders the guard.
  useSyncExternalStore(subscribe, () => getAuth().token);
  // A page opened with no token held restores the session first; until it has finished
  // (token AND user loaded), nothing protected renders.
  const [restore, setRestore] = useState<'running' | 'done'>(() => (getAuth().token === null ? 'running' : 'done'));

  useEffect(() => {
    if (restore !== 'running' || !authProvider) return;
    let active = true;
    void authProvider.restoreSession().then(() => {
      if (active) setRestore('done');
    });
    return () => {
      active = false;
    };
  }, [restore, authProvider]);

  if (restore === 'running') return <Loading />;
  if (currentSubject() === '') {
    const state = { from: location, nextPathname: location.pathname, nextSearch: location.search };
    return <Navigate to="/login" replace state={state} />;
  }
  return <>{children}</>;
}
