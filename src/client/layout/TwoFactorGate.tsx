/**
 * A role of the signed-in user requires two-factor sign-in and they have none yet: every page but
 * My profile (where it is set up) leads there. The server refuses them everything else anyway
 * (403 TOTP_SETUP_REQUIRED); this keeps the screens from showing a page of refusals.
 */
import { useSyncExternalStore, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { getUserState, subscribe } from '../providers/auth-state';

export function mustSetUpTwoFactor(): boolean {
  const twoFactor = getUserState().twoFactor;
  return twoFactor !== undefined && twoFactor.required && !twoFactor.enabled;
}

export function TwoFactorGate({ children }: { children: ReactNode }) {
  const mustSetUp = useSyncExternalStore(subscribe, mustSetUpTwoFactor);
  const { pathname } = useLocation();
  if (mustSetUp && pathname !== '/profile') return <Navigate to="/profile" replace />;
  return children;
}
