/**
 * The react-admin app: providers, routes and resources. Reads as a table of contents.
 * Routes (spec §2): `/`, /login, /forgot-password, /reset-password, /404 and /500 outside the
 * layout; every other path behind the session guard inside the layout (unknown ones: NotFound).
 */
import type { QueryClient } from '@tanstack/react-query';
import { Admin, CustomRoutes, Resource } from 'react-admin';
import { Route } from 'react-router';
import type { PublicConfig } from '../shared/types';
import { ForgotPasswordPage } from './auth/ForgotPasswordPage';
import { ResetPasswordPage } from './auth/ResetPasswordPage';
import { RootRoute } from './auth/RootRoute';
import { RuntimeConfigContext } from './auth/RuntimeConfig';
import { i18nProvider } from './i18n';
import { Layout, Login, Toasts } from './layout';
import Dashboard from './pages/Dashboard';
import { NotFound, NotFoundPage } from './pages/NotFound';
import Profile from './pages/Profile';
import RolePermissions from './pages/RolePermissions';
import { ServerErrorPage } from './pages/ServerError';
import type { BackOfficeAuthProvider } from './providers/auth-provider';
import type { BackOfficeDataProvider } from './providers/data-provider';
import type { HttpClient } from './providers/http-client';
import { HttpClientContext } from './providers/http-client-context';
import audit from './resources/audit';
import roles from './resources/roles';
import users from './resources/users';
import { ThemeFromQuery, useColourMode } from './theme/colour-mode';
import { darkTheme, lightTheme } from './theme/themes';

export interface AppProps {
  config: PublicConfig;
  /** The one HTTP client; the providers are built on it too. */
  httpClient: HttpClient;
  authProvider: BackOfficeAuthProvider;
  dataProvider: BackOfficeDataProvider;
  queryClient: QueryClient;
}

export function App({ config, httpClient, authProvider, dataProvider, queryClient }: AppProps) {
  const { resolved } = useColourMode();
  return (
    <HttpClientContext.Provider value={httpClient}>
      <RuntimeConfigContext.Provider value={config}>
        <ThemeFromQuery />
        <Admin
          disableTelemetry
          title="Travel Back Office"
          authProvider={authProvider}
          dataProvider={dataProvider}
          i18nProvider={i18nProvider}
          queryClient={queryClient}
          layout={Layout}
          loginPage={Login}
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
          <Route path="/profile" element={<Profile />} />
          </CustomRoutes>
          <Resource name="users" {...users} />
          <Resource name="roles" {...roles} />
          <Resource name="audit" {...audit} />
        </Admin>
      </RuntimeConfigContext.Provider>
    </HttpClientContext.Provider>
  );
}
