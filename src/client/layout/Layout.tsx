import type { ReactNode } from 'react';
import { Layout as RaLayout, useLocaleState } from 'react-admin';
import { RequireSession } from '../auth/RequireSession';
import { SessionWatcher } from '../session/SessionWatcher';
import { AppBar } from './AppBar';
import { LanguageFromAccount } from './LanguageMenu';
import { Menu } from './Menu';
import { PageError } from './PageError';
import { TwoFactorGate } from './TwoFactorGate';

/** Every protected page: behind the session guard, inside the dashboard shell. */
export function Layout({ children }: { children: ReactNode }) {
  // A new language draws the page again, so every date and amount on it follows.
  const [locale] = useLocaleState();
  return (
    <RequireSession>
      <SessionWatcher />
      <LanguageFromAccount />
      <RaLayout appBar={AppBar} menu={Menu} error={PageError}>
        <TwoFactorGate key={locale}>{children}</TwoFactorGate>
      </RaLayout>
    </RequireSession>
  );
}
