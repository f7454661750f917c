import type { ReactNode } from 'react';
import { Layout as RaLayout, useLocaleState } from 'react-admin';
import { RequireSession } from '../auth/RequireSession';
import { SessionWatcher } from '../session/SessionWatcher';
import { AppBar } from './AppBar';
import { LanguageFromAccount } from './LanguageMenu';
import { Menu } from './Menu';
import { PageError } from './PageError';
import { TwoFactorGate } from './TwoFactorGate';

/**
 * The shell is as wide as the window, never its content: react-admin's layout is at least as wide
 * as what it holds (min-width: fit-content, and flex items that do not shrink below their content),
 * so one wide table (the bookings list in German at 1280 px, 1,391 px) made the whole page scroll
 * sideways and pushed the list's own buttons out of sight. A list's table scrolls sideways in its
 * own box instead.
 */
const SHELL = {
  minWidth: 0,
  '& .RaLayout-appFrame, & .RaLayout-contentWithSidebar, & .RaLayout-content, & .RaList-main': { minWidth: 0 },
  '& .RaDatagrid-tableWrapper': { overflowX: 'auto' },
} as const;

/** Every protected page: behind the session guard, inside the dashboard shell. */
export function Layout({ children }: { children: ReactNode }) {
  // A new language draws the page again, so every date and amount on it follows.
  const [locale] = useLocaleState();
  return (
    <RequireSession>
      <SessionWatcher />
      <LanguageFromAccount />
      <RaLayout appBar={AppBar} menu={Menu} error={PageError} sx={SHELL}>
        <TwoFactorGate key={locale}>{children}</TwoFactorGate>
      </RaLayout>
    </RequireSession>
  );
}
