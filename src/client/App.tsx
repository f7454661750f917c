/**
 * The react-admin app: providers, routes and resources. Reads as a table of contents.
 * Routes (spec §2): `/`, /login, /forgot-password, /reset-password, /404 and /500 outside the
 * layout; every other path behind the session guard inside the layout.
 */
import type { QueryClient } from '@tanstack/react-query';
import { Admin, CustomRoutes, Resource } from 'react-admin';
import { Route } from 'react-router';
import type { PublicConfig } from '../shared/types';
import { ForgotPasswordPage } from './auth/ForgotPasswordPage';
import { LoginPage } from './auth/LoginPage';
import { ResetPasswordPage } from './auth/ResetPasswordPage';
import { RootRoute } from './auth/RootRoute';
import { RuntimeConfigContext } from './auth/RuntimeConfig';
import { Layout, Toasts } from './layout';
import Dashboard from './pages/Dashboard';
import { NotFound, NotFoundPage } from './pages/NotFound';
import RolePermissions from './pages/RolePermissions';
import { ServerErrorPage } from './pages/ServerError';
import type { BackOfficeAuthProvider } from './providers/auth-provider';
import type { BackOfficeDataProvider } from './providers/data-provider';
import roles from './resources/roles';
import users from './resources/users';
import { useColourMode } from './theme/colour-mode';
import { darkTheme, lightTheme } from './theme/themes';

export interface AppProps {
  config: PublicConfig;
  authProvider: BackOfficeAuthProvider;
  dataProvider: BackOfficeDataProvider;
  queryClient: QueryClient;
}

export function App({ config, authProvider, dataProvider, queryClient }: AppProps) {
  const { resolved } = useColourMode();
  return (
    <RuntimeConfigContext.Provider value={config}>
      <Admin
        disableTelemetry
        title="Travel Back Office"
        authProvider={authProvider}
        dataProvider={dataProvider}
        queryClient={queryClient}
        layout={Layout}
        loginPage={LoginPage}
        notification={Toasts}
        catchAll={NotFound}
        theme={resolved === 'dark' ? darkTheme : lightTheme}
      >
        <CustomRoutes noLayout>
          <Route path="/" element={<RootRoute />} />
          <Route path="/forgot-password" element={<ForgotPasswordPage />} />
          <Route path="/reset-password" element={<ResetPasswordPage />} />
          <Route path="/404" element={<NotFoundPage />} />
          <Route path="/500" element={<ServerErrorPage />} />
        </CustomRoutes>
        <CustomRoutes>
          <Route path="/dashboard" element={<Dashboard />} />
          <Route path="/roles/:id/permissions" element={<RolePermissions />} />
        </CustomRoutes>
        <Resource name="users" {...users} />
        <Resource name="roles" {...roles} />
      </Admin>
    </RuntimeConfigContext.Provider>
  );
}
