import type { ReactNode } from 'react';
import { Layout as RaLayout } from 'react-admin';
import { RequireSession } from '../auth/RequireSession';
import { SessionWatcher } from '../session/SessionWatcher';
import { AppBar } from './AppBar';
import { Menu } from './Menu';
import { PageError } from './PageError';
import { TwoFactorGate } from './TwoFactorGate';

/** Every protected page: behind the session guard, inside the dashboard shell. */
export function Layout({ children }: { children: ReactNode }) {
  return (
    <RequireSession>
      <SessionWatcher />
      <RaLayout appBar={AppBar} menu={Menu} error={PageError}>
        <TwoFactorGate>{children}</TwoFactorGate>
      </RaLayout>
    </RequireSession>
  );
}
