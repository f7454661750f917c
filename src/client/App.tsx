/**
 * The react-admin app, loaded on demand for every path but the sign-in, password and error pages
 * (router.tsx). Reads as a table of contents: `/` runs the auth check; every other path is behind
 * the session guard inside the layout (unknown ones: NotFound). Heavy screens load lazily.
 */
import type { QueryClient } from '@tanstack/react-query';
import { lazy, useEffect, useState } from 'react';
import { CssBaseline } from '@mui/material';
import { AccessDenied, AdminContext, AuthCallback, AuthenticationError, CoreAdminUI, CustomRoutes, Error as ErrorPage, LoadingPage, localStorageStore, Resource } from 'react-admin';
import { Route } from 'react-router';
import { RootRoute } from './auth/RootRoute';
import { createI18nProvider } from './i18n';
import { currentLanguage } from './i18n/language';
import { Layout, Toasts } from './layout';
import { RequirePermission } from './layout/RequirePermission';
import Dashboard from './pages/Dashboard';
import { NotFound } from './pages/NotFound';
import { registerAppTitles } from './page-titles';
import { RESOURCES, RESOURCE_TITLES } from './resources';
import { registerResourceGrants } from './providers/auth-provider';
import { createDataProvider, withLinkedInvalidation, type BackOfficeDataProvider } from './providers/data-provider';
import { createQueryClient } from './providers/query-client';
import { adminCache, wantToasts, type AppServices } from './services';
import { useColourMode } from './theme/colour-mode';
import { darkTheme, lightTheme } from './theme/themes';

// The resources' screens name the browser's tab from now on (page-titles.ts).
registerAppTitles(RESOURCE_TITLES);
// What an action of a resource needs when it is not `<name>.<verb>` (resellers.manage for a reseller's create and edit).
registerResourceGrants(Object.fromEntries(RESOURCES.filter((resource) => resource.grants).map((resource) => [resource.name, resource.grants!])));

let defaults: { queryClient: QueryClient; dataProvider: BackOfficeDataProvider } | null = null;

/** The query cache (unused data kept 60 s, no refetch on focus) and the dataProvider on the one HTTP client, made once. */
function adminServices(services: AppServices) {
  if (services.queryClient && services.dataProvider) return { queryClient: services.queryClient, dataProvider: services.dataProvider };
  defaults ??= (() => {
    const queryClient = services.queryClient ?? createQueryClient();
    return { queryClient, dataProvider: services.dataProvider ?? withLinkedInvalidation(createDataProvider(services.httpClient), queryClient) };
  })();
  return defaults;
}
const Profile = lazy(() => import('./pages/Profile'));
const CheckIn = lazy(() => import('./pages/operations/CheckIn'));
const DaySheet = lazy(() => import('./pages/operations/DaySheet'));
const PassengerLists = lazy(() => import('./pages/operations/PassengerLists'));
const Margins = lazy(() => import('./pages/reports/Margins'));

export default function App({ services }: { services: AppServices }) {
  const { resolved } = useColourMode();
  const { queryClient, dataProvider } = adminServices(services);
  const [i18nProvider] = useState(createI18nProvider);
  // react-admin keeps its own copy of the language: it starts as the one the screens are in.
  const [store] = useState(() => {
    const created = localStorageStore();
    created.setItem('locale', currentLanguage());
    return created;
  });
  adminCache.queryClient = queryClient;
  useEffect(wantToasts, []);
  // react-admin's <Admin> is its context and its UI; the UI is composed here with every page given,
  // because <Admin>'s own UI imports its default sign-in form (a react-hook-form form with its
  // inputs, a tenth of the dashboard's first download) even when loginPage is false.
  return (
    <AdminContext authProvider={services.authProvider} dataProvider={dataProvider} i18nProvider={i18nProvider} store={store} queryClient={queryClient} theme={resolved === 'dark' ? darkTheme : lightTheme}>
      <CssBaseline enableColorScheme>
        <CoreAdminUI
          disableTelemetry
          title="Travel Back Office"
          layout={Layout}
          loginPage={false}
          catchAll={NotFound}
          accessDenied={AccessDenied}
          authCallbackPage={AuthCallback}
          authenticationError={AuthenticationError}
          error={ErrorPage}
          loading={LoadingPage}
        >
          <CustomRoutes noLayout>
            <Route path="/" element={<RootRoute />} />
          </CustomRoutes>
          <CustomRoutes>
            <Route path="/dashboard" element={<Dashboard />} />
            <Route path="/profile" element={<Profile />} />
            <Route path="/check-in" element={<RequirePermission resource="checkin" action="create" children={<CheckIn />} />} />
            <Route path="/day-sheet" element={<RequirePermission resource="departures" action="list" children={<DaySheet />} />} />
            <Route path="/passenger-lists" element={<RequirePermission resource="bookings" action="list" children={<PassengerLists />} />} />
            <Route path="/margins" element={<RequirePermission resource="reports" action="read" children={<Margins />} />} />
            {RESOURCES.flatMap((resource) => resource.routes ?? []).map(({ path, element }) => (
              <Route key={path} path={path} element={element} />
            ))}
          </CustomRoutes>
          {/* Their names are messages: resources.<name>.name */}
          {RESOURCES.map(({ name, list, create, edit, show, icon, recordRepresentation }) => (
            <Resource key={name} name={name} list={list} create={create} edit={edit} show={show} icon={icon} recordRepresentation={recordRepresentation} />
          ))}
        </CoreAdminUI>
        <Toasts />
      </CssBaseline>
    </AdminContext>
  );
}
