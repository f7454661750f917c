/**
 * Inside the admin app: when the session ends (this tab's refresh refused, or signed out in
 * another tab), signs this tab out locally: the query cache and react-admin's store are cleared,
 * and the session guard sends the user to /login with the page to come back to. Forms keep their
 * drafts (KeepDraft listens to the same event).
 */
import { useEffect } from 'react';
import { useLogout } from 'react-admin';
import { onSessionEvent } from './session-events';

export function SessionWatcher() {
  const logout = useLogout();
  useEffect(
    () =>
      onSessionEvent((event) => {
        if (event.type === 'ended') void logout({ localOnly: true }, false);
      }),
    [logout],
  );
  return null;
}
