/** The session guard of protected pages. */
import { render, screen } from '@testing-library/react';
import { AuthContext } from 'react-admin';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { beforeEach, expect, test } from 'vitest';
import { RequireSession } from '../../../src/client/auth/RequireSession';
import type { BackOfficeAuthProvider } from '../../../src/client/providers/auth-provider';
import { logOut, setCredentials } from '../../../src/client/providers/auth-state';
import { fakeToken } from '../tokens';

function LoginProbe() {
  const location = useLocation();
  return <pre data-testid="login-state">{JSON.stringify(location.state)}</pre>;
}

function renderGuard(restore: () => Promise<boolean>, path = '/users?page=2') {
  const authProvider = { restoreSession: restore } as unknown as BackOfficeAuthProvider;
  const router = createMemoryRouter(
    [
      { path: '/login', element: <LoginProbe /> },
      { path: '/start', element: <p>Start</p> },
      { path: '*', element: <RequireSession><p>Protected page</p></RequireSession> },
    ],
    { initialEntries: ['/start', path], initialIndex: 1 },
  );
  render(
    <AuthContext.Provider value={authProvider}>
      <RouterProvider router={router} />
    </AuthContext.Provider>,
  );
  return router;
}

beforeEach(() => logOut());

test('with no token it shows "Loading..." while the session is restored, then the page', async () => {
  let finish!: (ok: boolean) => void;
  let calls = 0;
  renderGuard(() => {
    calls += 1;
    return new Promise<boolean>((resolve) => (finish = resolve));
  });
  expect(screen.getByText('Loading...')).toBeInTheDocument();
  expect(screen.queryByText('Protected page')).toBeNull();
  setCredentials(fakeToken({ sub: 'ana@example.com', userId: 'u1', roles: ['STAFF'] }));
  finish(true);
  expect(await screen.findByText('Protected page')).toBeInTheDocument();
  expect(calls).toBe(1);
});

test('a failed restore sends the user to /login with `from`, replacing the history entry', async () => {
  const router = renderGuard(async () => false);
  const state = JSON.parse((await screen.findByTestId('login-state')).textContent!);
  expect(router.state.location.pathname).toBe('/login');
  expect(router.state.historyAction).toBe('REPLACE');
  expect(state.from).toMatchObject({ pathname: '/users', search: '?page=2' });
  expect(state).toMatchObject({ nextPathname: '/users', nextSearch: '?page=2' });
  // Replaced, not pushed: going back leaves the protected page behind.
  await router.navigate(-1);
  expect(router.state.location.pathname).toBe('/start');
});

test('a held token with an empty subject is signed out: straight to /login without a restore', async () => {
  let calls = 0;
  setCredentials(fakeToken({ sub: '', userId: 'u1', roles: [] }));
  const router = renderGuard(async () => {
    calls += 1;
    return true;
  });
  await screen.findByTestId('login-state');
  expect(router.state.location.pathname).toBe('/login');
  expect(calls).toBe(0);
});

test('an undecodable token (InvalidTokenError) counts as signed out', async () => {
  setCredentials('garbage');
  const router = renderGuard(async () => true);
  await screen.findByTestId('login-state');
  expect(router.state.location.pathname).toBe('/login');
});

test('a held token with a subject shows the page at once', () => {
  setCredentials(fakeToken({ sub: 'ana@example.com', userId: 'u1', roles: ['STAFF'] }));
  renderGuard(async () => false);
  expect(screen.getByText('Protected page')).toBeInTheDocument();
});
