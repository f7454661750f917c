/**
 * The whole app against the real server (in-process, in-memory database, captcha on), as a user
 * meets it: a deep link while signed out, the login form with its captcha and the return to the
 * page, the layout's not-found page, logout clearing the cache, a session ended elsewhere; the
 * users and roles screens (server field errors next to the fields, edits that save, permission
 * switches, a refused delete, what a staff member does not see); and the pages outside the layout.
 * One server for the file: starting one costs seconds. Google's widget is outside the machine: a
 * stand-in checkbox answers with the fake siteverify's token.
 */
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { forwardRef, useImperativeHandle, useState } from 'react';
import { toast } from 'react-toastify';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test, vi } from 'vitest';
import { RegisterPage } from '../../../src/client/auth/RegisterPage';
import { createAuthProvider } from '../../../src/client/providers/auth-provider';
import { getAuth, getUserState, logOut, setCredentials } from '../../../src/client/providers/auth-state';
import { createDataProvider } from '../../../src/client/providers/data-provider';
import { createHttpClient } from '../../../src/client/providers/http-client';
import { HttpClientContext } from '../../../src/client/providers/http-client-context';
import { startTestServer, type TestServer } from '../../helpers/test-server';
import { createCookieJar, type CookieJar } from '../cookie-jar';
import { renderApp } from '../render-app';
import { fakeToken } from '../tokens';

const captcha = vi.hoisted(() => ({ answer: '', resets: 0, siteKeys: [] as string[] }));

vi.mock('react-google-recaptcha', () => {
  interface Props {
    sitekey: string;
    onChange?: (value: string | null) => void;
  }
  const StandIn = forwardRef<{ reset(): void }, Props>(function StandIn({ sitekey, onChange }, ref) {
    const [solved, setSolved] = useState(false);
    captcha.siteKeys.push(sitekey);
    useImperativeHandle(ref, () => ({
      reset() {
        captcha.resets += 1;
        setSolved(false);
      },
    }));
    return (
      <label>
        <input
          type="checkbox"
          checked={solved}
          onChange={() => {
            setSolved(true);
            onChange?.(captcha.answer);
          }}
        />
        I'm not a robot
      </label>
    );
  });
  return { default: StandIn };
});

let server: TestServer;
let jar: CookieJar;
const STAFF_PASSWORD = 'staff member passphrase';

beforeAll(async () => {
  server = await startTestServer();
  captcha.answer = server.captchaToken;
  // A role and a staff member holding it, made through the API.
  const http = createHttpClient({ baseUrl: apiBase(), fetch: createCookieJar().fetch });
  await createAuthProvider(http).login({ email: server.admin.email, password: server.admin.password, persist: false, captcha: server.captchaToken });
  const data = createDataProvider(http);
  await data.create('roles', { data: { name: 'TOUR_GUIDE', description: 'Leads the tours', permissions: ['dashboard.read'] } });
  await data.create('users', { data: { email: 'sam@agency.example', fullName: 'Sam Staff', password: STAFF_PASSWORD, roles: ['STAFF', 'TOUR_GUIDE'] } });
  logOut();
});
afterAll(async () => {
  await server?.close();
});
beforeEach(() => {
  jar = createCookieJar();
  logOut();
  captcha.resets = 0;
  captcha.siteKeys.length = 0;
});
afterEach(() => {
  act(() => toast.dismiss());
  vi.restoreAllMocks();
});

const apiBase = () => `${server.baseUrl}/api/`;
const open = (...entries: string[]) => renderApp({ baseUrl: apiBase(), fetch: jar.fetch, entries });

/** react-admin logs refused calls to the console in development: quiet, where a refusal is the point. */
const quietConsole = () => vi.spyOn(console, 'error').mockImplementation(() => {});

async function fillLogin(email: string, password: string) {
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText(/^email/i), email);
  await user.type(screen.getByLabelText(/^password/i), password);
  return user;
}

/** Signs in through the API with this test's cookie jar, then loads the app at `path` afresh (memory empty, cookie kept). */
async function openSignedIn(path: string, email = server.admin.email, password = server.admin.password) {
  const http = createHttpClient({ baseUrl: apiBase(), fetch: jar.fetch });
  await createAuthProvider(http).login({ email, password, persist: false, captcha: server.captchaToken });
  logOut();
  const app = await renderApp({ baseUrl: apiBase(), fetch: jar.fetch, entries: [path], config: { recaptchaSiteKey: null, cardPayments: false, mailSent: true } });
  return { ...app, user: userEvent.setup() };
}

async function resetLinkFor(email: string): Promise<string> {
  for (let attempt = 0; attempt < 50; attempt += 1) {
    const files = (await readdir(server.outboxDir).catch(() => [] as string[])).filter((file) => file.endsWith('.json')).sort();
    for (const file of files.reverse()) {
      const mail = JSON.parse(await readFile(join(server.outboxDir, file), 'utf8')) as { to: string; text: string };
      const link = /https?:\/\/\S+reset-password\?token=\S+/.exec(mail.text)?.[0];
      if (mail.to === email && link) return link;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no reset mail for ${email}`);
}

describe('signing in from a deep link', () => {
  test('/users while signed out: "Loading...", then /login (from, replaced); the captcha unlocks "Sign in"; login returns to /users', async () => {
    const { router } = await open('/start', '/users?page=1');
    expect(screen.getByText('Loading...')).toBeInTheDocument();

    await screen.findByRole('heading', { name: 'Sign in' });
    expect(router.state.location.pathname).toBe('/login');
    expect(router.state.historyAction).toBe('REPLACE');
    expect(router.state.location.state).toMatchObject({ from: { pathname: '/users', search: '?page=1' }, nextPathname: '/users', nextSearch: '?page=1' });
    expect(captcha.siteKeys).toContain('test-recaptcha-site-key');
    expect(screen.getByRole('link', { name: 'Forgot password?' })).toHaveAttribute('href', '/forgot-password');
    expect(screen.getByRole('checkbox', { name: 'Trust this device' })).not.toBeChecked();

    const user = await fillLogin(server.admin.email, server.admin.password);
    const signIn = screen.getByRole('button', { name: 'Sign in' });
    expect(signIn).toBeDisabled(); // until the captcha is solved
    await user.click(screen.getByRole('checkbox', { name: "I'm not a robot" }));
    expect(signIn).toBeEnabled();
    await user.click(signIn);

    await waitFor(() => expect(router.state.location.pathname).toBe('/users'));
    expect(router.state.location.search).toBe('?page=1');
    expect(await screen.findByText(server.admin.email, {}, { timeout: 10_000 })).toBeInTheDocument();
    expect(jar.calls).toContain('POST /api/auth/login');
    expect(getAuth().token).toMatch(/^ey/);
    // The sign-in page replaced itself too: "back" leaves the app's pages, not into /login.
    await router.navigate(-1);
    expect(router.state.location.pathname).toBe('/start');
  });

  test('a wrong password shows the server’s message and resets the captcha', async () => {
    await open('/login');
    const user = await fillLogin(server.admin.email, 'not the password at all');
    await user.click(screen.getByRole('checkbox', { name: "I'm not a robot" }));
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('The e-mail address or password is incorrect.')).toBeInTheDocument();
    expect(captcha.resets).toBe(1);
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeDisabled();
    expect(getAuth().token).toBeNull();
  });

  test('"Trust this device" is kept in local storage under `persist`', async () => {
    await open('/login');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('checkbox', { name: 'Trust this device' }));
    expect(window.localStorage.getItem('persist')).toBe('true');
    await user.click(screen.getByRole('checkbox', { name: 'Trust this device' }));
    expect(window.localStorage.getItem('persist')).toBe('false');
  });

  test('without a site key there is no widget and "Sign in" needs only the fields', async () => {
    await renderApp({ baseUrl: apiBase(), fetch: jar.fetch, entries: ['/login'], config: { recaptchaSiteKey: null, cardPayments: false, mailSent: true } });
    await fillLogin('someone@example.com', 'some password');
    expect(screen.queryByRole('checkbox', { name: "I'm not a robot" })).toBeNull();
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeEnabled();
  });
});

describe('the business', () => {
  test('an administrator’s sign-in on a business with no name goes to the Business screen, once; a refused save names the field and keeps what was typed', async () => {
    const http = createHttpClient({ baseUrl: apiBase(), fetch: createCookieJar().fetch });
    await createAuthProvider(http).login({ email: server.admin.email, password: server.admin.password, persist: false, captcha: server.captchaToken });
    const unnamed = { name: null, email: null, phone: null, address: null, website: null };
    await http.request('business', { method: 'PUT', mutation: true, body: unnamed });
    logOut();
    try {
      const { router } = await open('/login');
      const user = await fillLogin(server.admin.email, server.admin.password);
      await user.click(screen.getByRole('checkbox', { name: "I'm not a robot" }));
      await user.click(screen.getByRole('button', { name: 'Sign in' }));
      await waitFor(() => expect(router.state.location.pathname).toBe('/business'), { timeout: 10_000 });
      expect(await screen.findByText(/Your business has no name yet/, {}, { timeout: 10_000 })).toBeInTheDocument();

      await user.type(screen.getByRole('textbox', { name: 'Name' }), 'Harbour Tours');
      await user.type(screen.getByRole('textbox', { name: 'E-mail' }), 'not an address');
      await user.click(screen.getByRole('button', { name: 'Save' }));
      expect(await screen.findByText('E-mail: must be an e-mail address such as bookings@example.com')).toBeInTheDocument();
      expect(screen.getByRole('textbox', { name: 'Name' })).toHaveValue('Harbour Tours');

      await user.clear(screen.getByRole('textbox', { name: 'E-mail' }));
      await user.type(screen.getByRole('textbox', { name: 'E-mail' }), ' hello@harbour.example ');
      await user.click(screen.getByRole('button', { name: 'Save' }));
      await waitFor(async () => expect(await http.request('business')).toMatchObject({ name: 'Harbour Tours', email: 'hello@harbour.example' }));
      expect(await screen.findByRole('textbox', { name: 'E-mail' })).toHaveValue('hello@harbour.example');

      // Named now: the dashboard stays the dashboard.
      await router.navigate('/dashboard');
      await screen.findByRole('heading', { name: /Welcome/ }, { timeout: 10_000 });
      expect(router.state.location.pathname).toBe('/dashboard');
    } finally {
      await http.request('business', { method: 'PUT', mutation: true, body: { ...unnamed, name: 'Harbour Tours' } });
    }
  });
});

describe('signed in', () => {
  async function signInDirectly() {
    const probe = await open('/login');
    const user = await fillLogin(server.admin.email, server.admin.password);
    await user.click(screen.getByRole('checkbox', { name: "I'm not a robot" }));
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(probe.router.state.location.pathname).toBe('/dashboard'));
    await screen.findByRole('heading', { name: /^Welcome/ });
    return { ...probe, user };
  }

  test('/login while signed in (e.g. "back" after signing in) goes on to the page instead of a second sign-in', async () => {
    const { router } = await signInDirectly();
    await router.navigate('/login', { state: { nextPathname: '/roles', nextSearch: '' } });
    await waitFor(() => expect(router.state.location.pathname).toBe('/roles'));
    expect(router.state.historyAction).toBe('REPLACE');
  });

  test('an unknown path shows the not-found page inside the layout', async () => {
    const { router } = await signInDirectly();
    await router.navigate('/no/such/page');
    expect(await screen.findByRole('heading', { name: 'Page not found', level: 1 })).toBeInTheDocument();
    expect(screen.getByRole('menuitem', { name: 'Dashboard' })).toBeInTheDocument();
  });

  test('logout calls the API, clears token, user and the whole query cache, and keeps colour mode and `persist`', async () => {
    window.localStorage.setItem('colourMode', 'dark');
    const { router, queryClient, user } = await signInDirectly();
    window.localStorage.setItem('persist', 'true');
    await router.navigate('/roles');
    await screen.findByText('STAFF', {}, { timeout: 10_000 });
    expect(queryClient.getQueryCache().getAll().length).toBeGreaterThan(0);

    await user.click(screen.getByRole('button', { name: /account|profile/i }));
    await user.click(await screen.findByRole('menuitem', { name: /logout/i }));

    await screen.findByRole('heading', { name: 'Sign in' });
    await waitFor(() => expect(queryClient.getQueryCache().getAll()).toEqual([]));
    expect(jar.calls).toContain('POST /api/auth/logout');
    expect(getAuth().token).toBeNull();
    expect(getUserState()).toEqual({ user: null, role: null });
    expect(window.localStorage.getItem('colourMode')).toBe('dark');
    expect(window.localStorage.getItem('persist')).toBe('true');
  });

  test('a session ended elsewhere: the next call shows "Your login has expired." once and goes to /login', async () => {
    quietConsole();
    const { router } = await signInDirectly();
    setCredentials(fakeToken({ sub: server.admin.email, userId: getUserState().user!.id, roles: ['ADMIN'] })); // refused by the server…
    jar.clear(); // …and the session cookie is gone
    await router.navigate('/roles');
    await screen.findByRole('heading', { name: 'Sign in' }, { timeout: 10_000 });
    const toasts = await screen.findAllByRole('alert');
    expect(toasts.filter((toast) => within(toast).queryByText('Your login has expired.'))).toHaveLength(1);
    expect(router.state.location.pathname).toBe('/login');
    expect(getAuth().token).toBeNull();
  });
});

describe('the users and roles screens', () => {
  beforeEach(() => {
    quietConsole();
  });

  test('creating a user: the server’s field error shows next to the field; then the user is created', async () => {
    const { user, router } = await openSignedIn('/users/create');
    await user.type(await screen.findByLabelText(/^e-mail/i), 'newcomer@agency.example');
    await user.type(screen.getByLabelText(/^full name/i), 'Nora Newcomer');
    await user.click(screen.getByRole('radio', { name: /set a password now/i }));
    await user.type(screen.getByLabelText(/^password/i), 'password1234'); // 12 characters, but a common password
    await user.click(screen.getByRole('button', { name: 'Save' }));

    const passwordField = screen.getByLabelText(/^password/i);
    await waitFor(() => expect(passwordField).toHaveAttribute('aria-invalid', 'true'), { timeout: 10_000 });
    expect(passwordField).toHaveAccessibleDescription(/common|guess/i);
    expect(await screen.findByText('Some fields need attention: see the messages under them.')).toBeInTheDocument();

    await user.clear(passwordField);
    await user.type(passwordField, 'a rather unusual passphrase');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(router.state.location.pathname).toMatch(/^\/users\/[^/]+\/show$/), { timeout: 10_000 });
    expect(await screen.findByText('Nora Newcomer')).toBeInTheDocument();
    await waitFor(() => expect(screen.getAllByRole('alert').map((toast) => toast.textContent)).toContain('User created'));
  });

  test('editing a user really saves (status and name), and the list shows it', async () => {
    const { user, router } = await openSignedIn('/users');
    await user.click(await screen.findByText('sam@agency.example', {}, { timeout: 10_000 }));
    await waitFor(() => expect(router.state.location.pathname).toMatch(/\/show$/));
    // The user's page has loaded (lazily) and replaced the list, whose rows have Edit links too.
    await waitFor(() => expect(screen.queryByRole('columnheader', { name: /e-mail/i })).toBeNull(), { timeout: 10_000 });
    await user.click(await screen.findByRole('link', { name: /edit/i }));
    const name = await screen.findByLabelText(/^full name/i);
    await user.clear(name);
    await user.type(name, 'Samantha Staff');
    await user.click(screen.getByRole('combobox', { name: /status/i }));
    await user.click(await screen.findByRole('option', { name: /disabled/i }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(router.state.location.pathname).toMatch(/\/show$/), { timeout: 10_000 });
    expect(await screen.findByText('Samantha Staff')).toBeInTheDocument();
    expect(screen.getByText('Disabled')).toBeInTheDocument();

    // The server has it too.
    const http = createHttpClient({ baseUrl: apiBase(), fetch: jar.fetch });
    const list = await createDataProvider(http).getList('users', { pagination: { page: 1, perPage: 10 }, sort: { field: 'email', order: 'ASC' }, filter: { q: 'sam@' } });
    expect(list.data[0]).toMatchObject({ fullName: 'Samantha Staff', status: 'disabled' });
    await createDataProvider(http).update('users', { id: list.data[0].id, data: { status: 'active' }, previousData: list.data[0] });
  });

  test('an administrator changes a user’s e-mail address (at once where no mail server could confirm it); another user’s address is refused in place', async () => {
    const http = createHttpClient({ baseUrl: apiBase(), fetch: createCookieJar().fetch });
    await createAuthProvider(http).login({ email: server.admin.email, password: server.admin.password, persist: false, captcha: server.captchaToken });
    const made = await createDataProvider(http).create('users', { data: { email: 'rita@agency.example', fullName: 'Rita Renamed', password: STAFF_PASSWORD, roles: ['STAFF'] } });
    logOut();
    const { user, router } = await openSignedIn(`/users/${made.data.id}`);
    const email = await screen.findByRole('textbox', { name: /^e-mail/i }, { timeout: 10_000 });
    expect(email).not.toHaveAttribute('readonly');
    await user.clear(email);
    await user.type(email, 'sam@agency.example');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('This e-mail address belongs to another user.', {}, { timeout: 10_000 })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(`/users/${made.data.id}`);
    await user.clear(email);
    await user.type(email, 'rita.new@agency.example');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(router.state.location.pathname).toMatch(/\/show$/), { timeout: 10_000 });
    expect(await screen.findByText('rita.new@agency.example')).toBeInTheDocument();
    const { data } = await createDataProvider(http).getOne('users', { id: made.data.id });
    expect(data.email).toBe('rita.new@agency.example');
  });

  test('role permissions: a switch per catalogue entry, labelled by name and description, grants and revokes', async () => {
    const { user, router } = await openSignedIn('/roles');
    await user.click(await screen.findByText('TOUR_GUIDE', {}, { timeout: 10_000 }));
    await waitFor(() => expect(router.state.location.pathname).toMatch(/^\/roles\/[^/]+\/show$/));
    // The role's page has loaded (lazily) and replaced the list, whose rows have Permissions links too.
    await screen.findByText('Users holding it', {}, { timeout: 10_000 });
    await user.click(await screen.findByRole('link', { name: /permissions/i }));
    const grant = await screen.findByRole('switch', { name: /users\.read\s*List and view users/ }, { timeout: 10_000 });
    expect(grant).not.toBeChecked();
    expect(screen.getByRole('switch', { name: /dashboard\.read/ })).toBeChecked();

    await user.click(grant);
    await waitFor(() => expect(jar.calls.some((call) => /^POST \/api\/admin\/auth\/role\/[^/]+\/permission$/.test(call))).toBe(true));
    expect(await screen.findByText(/Permission users\.read granted to TOUR_GUIDE/)).toBeInTheDocument();
    expect(screen.getByRole('switch', { name: /users\.read/ })).toBeChecked();

    await user.click(screen.getByRole('switch', { name: /users\.read/ }));
    expect(await screen.findByText(/Permission users\.read revoked from TOUR_GUIDE/)).toBeInTheDocument();
    expect(screen.getByRole('switch', { name: /users\.read/ })).not.toBeChecked();
  });

  test('deleting a role still held asks first, then shows the server’s refusal', async () => {
    const { user, router } = await openSignedIn('/roles');
    await user.click(await screen.findByText('TOUR_GUIDE', {}, { timeout: 10_000 }));
    await waitFor(() => expect(router.state.location.pathname).toMatch(/^\/roles\/[^/]+\/show$/));
    await screen.findByText('Users holding it');
    await user.click(screen.getByRole('button', { name: /delete/i }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent(/Delete the role TOUR_GUIDE\?/);
    await user.click(within(dialog).getByRole('button', { name: /confirm/i }));
    const refusal = await screen.findByRole('alert', {}, { timeout: 10_000 });
    expect(refusal.textContent).toMatch(/held|holds|user/i);
    expect(jar.calls.some((call) => /^DELETE \/api\/admin\/auth\/role\//.test(call))).toBe(true);
  });

  test('a staff member sees no Users or Roles entries and no admin counts on the dashboard', async () => {
    await openSignedIn('/dashboard', 'sam@agency.example', STAFF_PASSWORD);
    expect(await screen.findByRole('heading', { name: /Welcome/ }, { timeout: 10_000 })).toBeInTheDocument();
    expect(screen.getByRole('menuitem', { name: 'Dashboard' })).toBeInTheDocument();
    expect(screen.getByText('STAFF')).toBeInTheDocument();
    expect(screen.getByText('TOUR_GUIDE')).toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: 'Users' })).toBeNull();
    expect(screen.queryByRole('menuitem', { name: 'Roles' })).toBeNull();
    expect(screen.queryByRole('link', { name: /open users/i })).toBeNull();
  });
});

describe('the pages outside the layout', () => {
  const openPage = (path: string) => renderApp({ baseUrl: apiBase(), fetch: jar.fetch, entries: [path], config: { recaptchaSiteKey: null, cardPayments: false, mailSent: true } });

  test('an administrator’s own profile says where to change their e-mail address (their user page), not to ask an administrator', async () => {
    const { user, router } = await openSignedIn('/profile');
    expect(await screen.findByText(/Your e-mail address and roles are changed on/, {}, { timeout: 10_000 })).toBeInTheDocument();
    expect(screen.queryByText(/Ask an administrator/)).toBeNull();
    await user.click(screen.getByRole('link', { name: 'your user page' }));
    await waitFor(() => expect(router.state.location.pathname).toMatch(/^\/users\/[0-9a-f-]+$/), { timeout: 10_000 });
    expect(await screen.findByRole('textbox', { name: /^e-mail/i }, { timeout: 10_000 })).toHaveValue(server.admin.email);
  });

  test('a link to confirm a new e-mail address that is not valid says so, after the button, and changes nothing', async () => {
    await openPage('/confirm-email?token=not-a-real-token');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Confirm my new address' }));
    expect(await screen.findByText(/This confirmation link is invalid or has expired/)).toBeInTheDocument();
    expect(jar.calls).toContain('POST /api/auth/confirm-email');
  });

  test('forgot password: "Email", "Send reset link", then a neutral confirmation (also for an unknown address)', async () => {
    await openPage('/forgot-password');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(/^email/i), 'nobody@example.com');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByText(/if nobody@example\.com belongs to an account/i)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to sign in' })).toHaveAttribute('href', '/login');
    expect(jar.calls).toContain('POST /api/auth/forget-password');
  });

  test('reset password with the e-mailed token: the policy is checked, then the new password works', async () => {
    await openPage('/forgot-password');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(/^email/i), server.admin.email);
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    await screen.findByText(/belongs to an account/i);
    const link = new URL(await resetLinkFor(server.admin.email));

    await openPage(`${link.pathname}${link.search}`);
    await user.type(await screen.findByLabelText(/^new password/i), 'short');
    await user.type(screen.getByLabelText(/^confirm password/i), 'different');
    await user.click(screen.getByRole('button', { name: 'Set new password' }));
    expect(await screen.findByText('Use at least 12 characters.')).toBeInTheDocument();
    expect(screen.getByText('The passwords do not match.')).toBeInTheDocument();

    const password = 'a brand new travel passphrase';
    await user.clear(screen.getByLabelText(/^new password/i));
    await user.type(screen.getByLabelText(/^new password/i), password);
    await user.clear(screen.getByLabelText(/^confirm password/i));
    await user.type(screen.getByLabelText(/^confirm password/i), password);
    await user.click(screen.getByRole('button', { name: 'Set new password' }));
    expect(await screen.findByRole('heading', { name: 'Password changed' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login');
    expect(jar.calls).toContain('PATCH /api/auth/reset-password');

    const http = createHttpClient({ baseUrl: apiBase(), fetch: createCookieJar().fetch });
    await expect(createAuthProvider(http).login({ email: server.admin.email, password, persist: false, captcha: server.captchaToken })).resolves.toBeDefined();
    server.admin.password = password;
  });

  test('a reset link that is not valid says so and offers a new one', async () => {
    await openPage('/reset-password?token=not-a-real-token-at-all');
    const user = userEvent.setup();
    const password = 'another long passphrase here';
    await user.type(await screen.findByLabelText(/^new password/i), password);
    await user.type(screen.getByLabelText(/^confirm password/i), password);
    await user.click(screen.getByRole('button', { name: 'Set new password' }));
    expect(await screen.findByText(/invalid, has expired or has already been used/i)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ask for a new link' })).toHaveAttribute('href', '/forgot-password');
  });

  test('/404 and /500 are pages of their own with a way home', async () => {
    await openPage('/404');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to the dashboard' })).toHaveAttribute('href', '/dashboard');
    await openPage('/500');
    expect(await screen.findByRole('heading', { name: 'Something went wrong' })).toBeInTheDocument();
  });

  test('the register form (not routed) creates an account through admin/auth/signup and shows field errors', async () => {
    const http = createHttpClient({ baseUrl: apiBase(), fetch: jar.fetch });
    await createAuthProvider(http).login({ email: server.admin.email, password: server.admin.password, persist: false, captcha: server.captchaToken });
    render(
      <HttpClientContext.Provider value={http}>
        <RegisterPage />
      </HttpClientContext.Provider>,
    );
    const user = userEvent.setup();
    await user.type(screen.getByLabelText(/^full name/i), 'Nina Navigator');
    await user.type(screen.getByLabelText(/^email/i), 'not-an-address');
    await user.type(screen.getByLabelText(/^password/i), 'a long enough passphrase');
    await user.click(screen.getByRole('button', { name: 'Register' }));
    await waitFor(() => expect(screen.getByLabelText(/^email/i)).toHaveAccessibleDescription(/\S/)); // the server’s message for the field
    expect(screen.getByLabelText(/^email/i)).toHaveAttribute('aria-invalid', 'true');

    await user.clear(screen.getByLabelText(/^email/i));
    await user.type(screen.getByLabelText(/^email/i), 'nina@agency.example');
    await user.click(screen.getByRole('button', { name: 'Register' }));
    expect(await screen.findByText('The account of nina@agency.example is ready.')).toBeInTheDocument();
    expect(jar.calls.filter((call) => call === 'POST /api/admin/auth/signup')).toHaveLength(2);
  });
});
