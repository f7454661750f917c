/**
 * The app's routes. The sign-in, password and error pages (outside the layout) are part
 * of the first download and render in a light MUI shell; every other path loads the react-admin
 * app on demand, which routes on its own (`/`, the layout, the resources). An error nothing else
 * catches shows the app's error page, headed as the router's default one ("Unexpected Application
 * Error!"), with a Reload button. main.tsx mounts these in a browser router; tests in a memory router.
 */
import { CssBaseline, ThemeProvider } from '@mui/material';
import { createTheme } from '@mui/material/styles';
import { lazy, Suspense, useEffect, useMemo, useSyncExternalStore, type ReactNode } from 'react';
import { Outlet, useLocation, type RouteObject } from 'react-router';
import { currentLanguage, subscribeToLanguage } from './i18n/language';
import { pageTitle, subscribeToTitles, titlesVersion } from './page-titles';
import { Loading } from './auth/Loading';
import { LoginPage } from './auth/LoginPage';
import { AppErrorPage } from './pages/AppErrorPage';
import { NotFoundPage } from './pages/NotFoundPage';
import { ServerErrorPage } from './pages/ServerError';
import { ServicesProvider, useToastsWanted, type AppServices } from './services';
import { ColourModeProvider, ThemeFromQuery, useColourMode } from './theme/colour-mode';
import type { ColourMode } from './providers/local-settings';
import { darkTheme, lightTheme } from './theme/themes';

// The app and the messages of the language the screens are in (German is a chunk of its own).
const AdminApp = lazy(async () => {
  const [app, i18n] = await Promise.all([import('./App'), import('./i18n')]);
  await i18n.loadLanguage(currentLanguage());
  return app;
});
// Pages a visitor seldom opens arrive when opened, so the sign-in page carries only itself.
const ForgotPasswordPage = lazy(() => import('./auth/ForgotPasswordPage').then((module) => ({ default: module.ForgotPasswordPage })));
const ResetPasswordPage = lazy(() => import('./auth/ResetPasswordPage').then((module) => ({ default: module.ResetPasswordPage })));
const ConfirmEmailPage = lazy(() => import('./auth/ConfirmEmailPage').then((module) => ({ default: module.ConfirmEmailPage })));
/** The toast container and its library arrive when first wanted (toasts raised before then wait in its queue). */
const ToastHost = lazy(() => import('./layout/ToastHost').then((module) => ({ default: module.ToastHost })));

/** The frame of every page: services, colour mode (with `?theme=`) and the one toast container. */
function Shell({ services, initialMode }: { services: AppServices; initialMode: ColourMode }) {
  const toasts = useToastsWanted();
  const { pathname } = useLocation();
  const appTitlesLoaded = useSyncExternalStore(subscribeToTitles, titlesVersion);
  const language = useSyncExternalStore(subscribeToLanguage, currentLanguage);
  useEffect(() => {
    document.title = pageTitle(pathname);
  }, [pathname, appTitlesLoaded, language]);
  return (
    <ServicesProvider services={services}>
      <ColourModeProvider initialMode={initialMode}>
        <ThemeFromQuery />
        <Outlet />
        {toasts && (
          <Suspense fallback={null}>
            <ToastHost />
          </Suspense>
        )}
      </ColourModeProvider>
    </ServicesProvider>
  );
}

/** The MUI theme of the pages outside react-admin (react-admin's <Admin> brings its own). */
function PublicTheme() {
  const { resolved } = useColourMode();
  const theme = useMemo(() => createTheme(resolved === 'dark' ? darkTheme : lightTheme), [resolved]);
  return (
    <ThemeProvider theme={theme}>
      {/* The browser's own controls (a checkbox, a scrollbar) follow the theme's light or dark too. */}
      <CssBaseline enableColorScheme />
      <Outlet />
    </ThemeProvider>
  );
}

export interface AppRoutesOptions {
  initialMode?: ColourMode;
  /** What renders for the protected paths; default the react-admin app, loaded on demand. */
  admin?: ReactNode;
}

export function appRoutes(services: AppServices, options: AppRoutesOptions = {}): RouteObject[] {
  return [
    {
      element: <Shell services={services} initialMode={options.initialMode ?? 'light'} />,
      errorElement: <AppErrorPage />,
      children: [
        {
          element: <PublicTheme />,
          children: [
            { path: '/login', element: <LoginPage /> },
            {
              path: '/forgot-password',
              element: (
                <Suspense fallback={<Loading />}>
                  <ForgotPasswordPage />
                </Suspense>
              ),
            },
            {
              path: '/reset-password',
              element: (
                <Suspense fallback={<Loading />}>
                  <ResetPasswordPage />
                </Suspense>
              ),
            },
            {
              path: '/confirm-email',
              element: (
                <Suspense fallback={<Loading />}>
                  <ConfirmEmailPage />
                </Suspense>
              ),
            },
            { path: '/404', element: <NotFoundPage /> },
            { path: '/500', element: <ServerErrorPage /> },
          ],
        },
        { path: '*', element: <Suspense fallback={<Loading />}>{options.admin ?? <AdminApp services={services} />}</Suspense> },
      ],
    },
  ];
}
