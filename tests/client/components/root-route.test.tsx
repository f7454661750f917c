/** `/`: the auth check decides between the dashboard and the login screen. */
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { expect, test, vi } from 'vitest';
import { RootRoute } from '../../../src/client/auth/RootRoute';
import { createHttpClient } from '../../../src/client/providers/http-client';
import { HttpClientContext } from '../../../src/client/providers/http-client-context';
import { createQueryClient } from '../../../src/client/providers/query-client';

let fetchStub: typeof fetch;

function renderRoot() {
  const router = createMemoryRouter(
    [
      { path: '/', element: <RootRoute /> },
      { path: '/login', element: <p>Login screen</p> },
      { path: '/dashboard', element: <p>Dashboard screen</p> },
    ],
    { initialEntries: ['/'] },
  );
  render(
    <HttpClientContext.Provider value={createHttpClient({ fetch: fetchStub })}>
      <QueryClientProvider client={createQueryClient()}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </HttpClientContext.Provider>,
  );
  return router;
}

// The network is outside the component: answer GET /api/auth/check as the server would.
function answerCheck(response: () => Promise<Response>) {
  const calls: string[] = [];
  fetchStub = (async (input: string, init: RequestInit) => {
    calls.push(`${init.method} ${input} ${init.credentials}`);
    return response();
  }) as typeof fetch;
  return calls;
}

test('authenticated: redirected to /dashboard', async () => {
  const calls = answerCheck(async () => new Response('{"isAuthentication":true}', { status: 200 }));
  const router = renderRoot();
  expect(await screen.findByText('Dashboard screen')).toBeInTheDocument();
  expect(router.state.location.pathname).toBe('/dashboard');
  expect(calls).toEqual(['GET /api/auth/check include']);
});

test('not authenticated: the login screen', async () => {
  answerCheck(async () => new Response('{"isAuthentication":false}', { status: 200 }));
  renderRoot();
  expect(await screen.findByText('Login screen')).toBeInTheDocument();
});

test('the check errors: the login screen', async () => {
  vi.spyOn(console, 'error').mockImplementation(() => {});
  answerCheck(async () => new Response('{"code":"INTERNAL","message":"boom"}', { status: 500 }));
  renderRoot();
  expect(await screen.findByText('Login screen')).toBeInTheDocument();
});

test('"Loading..." while the check runs', async () => {
  let answer!: (response: Response) => void;
  answerCheck(() => new Promise<Response>((resolve) => (answer = resolve)));
  renderRoot();
  expect(screen.getByText('Loading...')).toBeInTheDocument();
  answer(new Response('{"isAuthentication":false}', { status: 200 }));
  expect(await screen.findByText('Login screen')).toBeInTheDocument();
});
