/**
 * The screen never says something happened when it did not.
 *
 * Saves made after the session has ended (signed out elsewhere, or SESSION_TTL passed) are shown
 * as refused, never as saved; nothing changes on the server; the user is sent to /login, and after
 * signing in again is back on the same page with what they typed (passwords excepted). A session
 * ended in another tab sends this one to /login too. A list or page whose load failed says why,
 * with a Retry button, and never passes for an empty result. The whole app against a real server.
 */
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'react-toastify';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test, vi } from 'vitest';
import { createAuthProvider } from '../../../src/client/providers/auth-provider';
import { getAuth, getUserState, logOut, setCredentials } from '../../../src/client/providers/auth-state';
import { createDataProvider } from '../../../src/client/providers/data-provider';
import { createHttpClient, NOT_SAVED_SESSION_MESSAGE } from '../../../src/client/providers/http-client';
import { DRAFT_RESTORED_MESSAGE } from '../../../src/client/session/KeepDraft';
import type { Role, User } from '../../../src/shared/types';
import { startTestServer, type TestServer } from '../../helpers/test-server';
import { createCookieJar, type CookieJar } from '../cookie-jar';
import { renderApp } from '../render-app';
import { fakeToken } from '../tokens';

let server: TestServer;
let jar: CookieJar;
/** What the server really holds, read with a token of its own (the app's token state is not touched). */
let adminToken = '';
async function serverHolds<T>(path: string): Promise<T> {
  const response = await fetch(`${apiBase()}${path}`, { headers: { Authorization: `Bearer ${adminToken}` } });
  expect(response.status).toBe(200);
  return (await response.json()) as T;
}
let sam: User;
const READER_PASSWORD = 'quiet harbour lantern 42';
let guides: Role;

beforeAll(async () => {
  // Signing in again happens on the page: the captcha is off here (the app suite covers it).
  server = await startTestServer({ env: { CAPTCHA_DISABLED: 'true' } });
  const http = createHttpClient({ baseUrl: apiBase(), fetch: createCookieJar().fetch });
  await createAuthProvider(http).login({ email: server.admin.email, password: server.admin.password, persist: false, captcha: server.captchaToken });
  const admin = createDataProvider(http);
  adminToken = getAuth().token!;
  guides = (await admin.create('roles', { data: { name: 'TOUR_GUIDE', description: 'Leads the tours', permissions: ['dashboard.read'] } })).data as Role;
  await admin.create('roles', { data: { name: 'USER_READER', permissions: ['dashboard.read', 'users.read'] } });
  await admin.create('users', { data: { email: 'reader@agency.example', fullName: 'Rita Reader', password: READER_PASSWORD, roles: ['USER_READER'] } });
  sam = (await admin.create('users', { data: { email: 'sam@agency.example', fullName: 'Sam Staff', password: 'staff member passphrase', roles: ['STAFF'] } }))
    .data as User;
  logOut();
});
afterAll(async () => {
  await server?.close();
});
beforeEach(() => {
  answered = [];
  requested = [];
  breakCalls = null;
  jar = createCookieJar();
  logOut();
  sessionStorage.clear();
});
afterEach(() => {
  act(() => toast.dismiss());
  vi.restoreAllMocks();
});

const apiBase = () => `${server.baseUrl}/api/`;

/** Calls whose path matches fail this way until set back to null (the network, or the server, misbehaving). */
let breakCalls: { match: RegExp; failure: 'network' | 500 } | null = null;
function unreliableFetch(): typeof fetch {
  return async (input, init) => {
    const url = String(input);
    requested.push(`${init?.method ?? 'GET'} ${new URL(url).pathname}`);
    if (breakCalls && breakCalls.match.test(url)) {
      if (breakCalls.failure === 'network') throw new TypeError('Failed to fetch');
      return new Response(JSON.stringify({ code: 'INTERNAL', message: 'Something went wrong on our side.', requestId: 'req-42' }), {
        status: 500,
        headers: { 'Content-Type': 'application/json' },
      });
    }
    const response = await jar.fetch(input, init);
    answered.push(`${response.status} ${init?.method ?? 'GET'} ${new URL(url).pathname}`);
    return response;
  };
}
/** Every answer the app got, as "STATUS METHOD /path"; every request it sent (answered or not), as "METHOD /path". */
let answered: string[] = [];
let requested: string[] = [];

/** Signs in with this test's cookie jar, then opens the app at `path` (token in memory restored from the cookie). */
async function openSignedIn(path: string, email = server.admin.email, password = server.admin.password) {
  vi.spyOn(console, 'error').mockImplementation(() => {}); // refused calls are logged: expected here
  const http = createHttpClient({ baseUrl: apiBase(), fetch: jar.fetch });
  await createAuthProvider(http).login({ email, password, persist: false, captcha: server.captchaToken });
  logOut();
  const app = await renderApp({ baseUrl: apiBase(), fetch: unreliableFetch(), entries: ['/dashboard', path], config: { recaptchaSiteKey: null, cardPayments: false, mailSent: true } });
  return { ...app, user: userEvent.setup() };
}

/** The session ends behind the page's back: its token is refused and the cookie is gone. */
function endSession() {
  setCredentials(fakeToken({ sub: server.admin.email, userId: getUserState().user!.id, roles: ['ADMIN'] }));
  jar.clear();
}

function toastTexts(): string[] {
  return screen.queryAllByRole('alert').map((element) => element.textContent ?? '');
}

async function expectRefusedAndOnLogin(router: Awaited<ReturnType<typeof openSignedIn>>['router'], success: RegExp) {
  await screen.findByRole('heading', { name: 'Sign in' }, { timeout: 10_000 });
  await waitFor(() => expect(toastTexts().some((text) => text.includes(NOT_SAVED_SESSION_MESSAGE))).toBe(true));
  expect(toastTexts().filter((text) => success.test(text))).toEqual([]);
  expect(toastTexts().join('\n')).not.toMatch(/missing id|Invalid dataProvider response/i);
  expect(router.state.location.pathname).toBe('/login');
  expect(getAuth().token).toBeNull();
}

async function signInAgain(user: ReturnType<typeof userEvent.setup>) {
  await user.type(await screen.findByLabelText(/^email/i, {}, { timeout: 10_000 }), server.admin.email);
  await user.type(screen.getByLabelText(/^password/i), server.admin.password);
  await user.click(screen.getByRole('button', { name: 'Sign in' }));
}

describe('a save after the session ended', () => {
  test('editing a user: refused, not saved, and after signing in again the form is back with the typed name', async () => {
    const { router, user } = await openSignedIn(`/users/${sam.id}`);
    const name = await screen.findByLabelText(/^Full name/, {}, { timeout: 10_000 });
    await waitFor(() => expect(name).toHaveValue('Sam Staff'));
    await user.clear(name);
    await user.type(name, 'Samantha Staff');
    endSession();
    await user.click(screen.getByRole('button', { name: 'Save' }));

    await expectRefusedAndOnLogin(router, /User saved/);
    expect((await serverHolds<User>(`user/profile/${sam.id}`)).fullName).toBe('Sam Staff');

    await signInAgain(user);
    await waitFor(() => expect(router.state.location.pathname).toBe(`/users/${sam.id}`), { timeout: 10_000 });
    await waitFor(() => expect(screen.getByLabelText(/^Full name/)).toHaveValue('Samantha Staff'), { timeout: 10_000 });
    await waitFor(() => expect(toastTexts()).toContain(DRAFT_RESTORED_MESSAGE));
  });

  test('creating a user: no "missing id", no user created; the draft comes back without the password', async () => {
    const { router, user } = await openSignedIn('/users/create');
    await user.type(await screen.findByLabelText(/^E-mail/, {}, { timeout: 10_000 }), 'new.guide@agency.example');
    await user.type(screen.getByLabelText(/^Full name/), 'New Guide');
    await user.click(screen.getByRole('radio', { name: /set a password now/i }));
    await user.type(screen.getByLabelText(/^Password/), 'a long enough passphrase');
    endSession();
    await user.click(screen.getByRole('button', { name: 'Save' }));

    await expectRefusedAndOnLogin(router, /User created/);
    expect((await serverHolds<{ total: number }>('admin/auth/user?q=new.guide')).total).toBe(0);
    expect(JSON.stringify(sessionStorage)).not.toContain('a long enough passphrase');

    await signInAgain(user);
    await waitFor(() => expect(router.state.location.pathname).toBe('/users/create'), { timeout: 10_000 });
    await waitFor(() => expect(screen.getByLabelText(/^E-mail/)).toHaveValue('new.guide@agency.example'), { timeout: 10_000 });
    expect(screen.getByLabelText(/^Full name/)).toHaveValue('New Guide');
    expect(screen.getByLabelText(/^Password/)).toHaveValue('');
  });

  test('a permission switch: no "granted" toast, the switch goes back, the role keeps its permissions', async () => {
    const { router, user } = await openSignedIn(`/roles/${guides.id}/permissions`);
    const usersRead = await screen.findByRole('switch', { name: /users\.read/ }, { timeout: 10_000 });
    expect(usersRead).not.toBeChecked();
    endSession();
    await user.click(usersRead);
    await expectRefusedAndOnLogin(router, /granted/);
    expect((await serverHolds<{ data: string[] }>(`admin/auth/role/${guides.id}/permission`)).data).toEqual(['dashboard.read']);
  });

  test('deleting a role: no "Role deleted", the role is still there', async () => {
    const response = await fetch(`${apiBase()}admin/auth/role`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${adminToken}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ name: 'SEASONAL', permissions: [] }),
    });
    const doomed = (await response.json()) as Role;
    const { router, user } = await openSignedIn(`/roles/${doomed.id}/show`);
    await user.click(await screen.findByRole('button', { name: 'Delete' }, { timeout: 10_000 }));
    const dialog = await screen.findByRole('dialog');
    endSession();
    await user.click(within(dialog).getByRole('button', { name: /confirm|delete/i }));
    await expectRefusedAndOnLogin(router, /Role deleted/);
    expect((await serverHolds<Role>(`admin/auth/role/${doomed.id}`)).name).toBe('SEASONAL');
  });

  test('the profile name: "Your name is saved." never shows, and the typed name comes back', async () => {
    const { router, user } = await openSignedIn('/profile');
    const name = await screen.findByLabelText(/^Full name/, {}, { timeout: 10_000 });
    await user.clear(name);
    await user.type(name, 'The Boss');
    endSession();
    await user.click(screen.getByRole('button', { name: 'Save name' }));
    await expectRefusedAndOnLogin(router, /Your name is saved/);

    await signInAgain(user);
    await waitFor(() => expect(router.state.location.pathname).toBe('/profile'), { timeout: 10_000 });
    await waitFor(() => expect(screen.getByLabelText(/^Full name/)).toHaveValue('The Boss'), { timeout: 10_000 });
    expect((await serverHolds<User>(`user/profile/${getUserState().user!.id}`)).fullName).not.toBe('The Boss');
  });
});

describe('one session per browser', () => {
  test('signed out in another tab: this tab leaves the protected pages for /login at once', async () => {
    const { router } = await openSignedIn('/roles');
    await screen.findByText('TOUR_GUIDE', {}, { timeout: 10_000 });
    // Another tab of the same browser: its own channel, as a second page would have.
    const otherTab = new BroadcastChannel('bo-session');
    otherTab.postMessage({ type: 'ended', reason: 'signed-out' });
    otherTab.close();
    await screen.findByRole('heading', { name: 'Sign in' }, { timeout: 10_000 });
    expect(router.state.location.pathname).toBe('/login');
    expect(router.state.location.state).toMatchObject({ nextPathname: '/roles' });
    expect(getAuth().token).toBeNull();
  });
});

describe('a failed load', () => {
  test('the users list with the server unreachable: the cause and Retry, no "no results", no pagination; Retry loads the rows', async () => {
    breakCalls = { match: /\/admin\/auth\/user\?/, failure: 'network' };
    const { user } = await openSignedIn('/users');
    const alert = await screen.findByText(/The users could not be loaded\. The server could not be reached\./, {}, { timeout: 10_000 });
    expect(alert).toBeInTheDocument();
    expect(screen.queryByText(/No users match/)).toBeNull();
    expect(screen.queryByText(/\d+-\d+ of \d+/)).toBeNull();
    expect(screen.queryByText('sam@agency.example')).toBeNull();

    breakCalls = null;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('sam@agency.example', {}, { timeout: 10_000 })).toBeInTheDocument();
    expect(screen.queryByText(/could not be loaded/)).toBeNull();
  });

  test('the roles list with a server error names it and gives the request id', async () => {
    breakCalls = { match: /\/admin\/auth\/role\?/, failure: 500 };
    await openSignedIn('/roles');
    expect(await screen.findByText(/The roles could not be loaded\. The server failed to answer\./, {}, { timeout: 10_000 })).toBeInTheDocument();
    expect(screen.getByText(/req-42/)).toBeInTheDocument();
    expect(screen.queryByText(/No roles match/)).toBeNull();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });

  test('a user page whose load failed stays put with the cause and Retry (no "element does not exist", no redirect)', async () => {
    breakCalls = { match: new RegExp(`/admin/auth/user/${sam.id}$`), failure: 'network' };
    const { router, user } = await openSignedIn(`/users/${sam.id}/show`);
    expect(await screen.findByText(/This user could not be loaded\. The server could not be reached\./, {}, { timeout: 10_000 })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(`/users/${sam.id}/show`);
    expect(toastTexts().join('\n')).not.toMatch(/does not exist/i);
    breakCalls = null;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('sam@agency.example', {}, { timeout: 10_000 })).toBeInTheDocument();
  });

  test('a user locked out of new devices: the page says until when, a failed read of it says so with Retry, and the lock can be lifted', async () => {
    // A script's 30 wrong passwords for Sam from ten addresses lock the account for new devices.
    for (let i = 0; i < 30; i++) await server.app.loginThrottle.recordFailure('sam@agency.example', `10.77.0.${i % 10}`);
    breakCalls = { match: /\/sign-in-lock$/, failure: 500 };
    const { user } = await openSignedIn(`/users/${sam.id}/show`);
    expect(await screen.findByText(/the sign-in lock could not be loaded\. The server failed to answer\./i, {}, { timeout: 10_000 })).toBeInTheDocument();
    breakCalls = null;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    const notice = (await screen.findByText('Sign-in from new devices is paused', {}, { timeout: 10_000 })).closest('[role="alert"]') as HTMLElement;
    expect(notice.textContent).toMatch(/After 30 failed sign-ins for this account, sign-in from devices Sam Staff has not used before is refused until .*\d\d:\d\d/);
    await user.click(within(notice).getByRole('button', { name: 'Lift the lock' }));
    await waitFor(() => expect(screen.queryByText('Sign-in from new devices is paused')).toBeNull());
    expect(answered).toContain(`200 DELETE /api/admin/auth/user/${sam.id}/sign-in-lock`);
    expect(await server.app.loginThrottle.accountLock('sam@agency.example')).toEqual({ failures: 0, lockedUntil: null });
  });

  test('a role edit page whose load failed shows the cause, and no form to save', async () => {
    breakCalls = { match: new RegExp(`/admin/auth/role/${guides.id}$`), failure: 500 };
    await openSignedIn(`/roles/${guides.id}`);
    expect(await screen.findByText(/This role could not be loaded\. The server failed to answer\./, {}, { timeout: 10_000 })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
  });

  test("a role's permission page whose load failed offers Retry, which loads the switches", async () => {
    breakCalls = { match: /\/permission$/, failure: 'network' };
    const { user } = await openSignedIn(`/roles/${guides.id}/permissions`);
    expect(await screen.findByText(/This role's permissions could not be loaded\. The server could not be reached\./, {}, { timeout: 10_000 })).toBeInTheDocument();
    breakCalls = null;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('switch', { name: /users\.read/ }, { timeout: 10_000 })).toBeInTheDocument();
  });
});

describe('the dashboard’s figures', () => {
  test('a summary whose load failed says so, with no figure shown as if it were true, and Retry loads them', async () => {
    breakCalls = { match: /\/reports\/summary$/, failure: 500 };
    const { user } = await openSignedIn('/dashboard');
    expect(await screen.findByText(/The figures could not be loaded\. The server failed to answer\./, {}, { timeout: 10_000 })).toBeInTheDocument();
    expect(screen.queryByText('Bookings made')).toBeNull();
    breakCalls = null;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Bookings made', {}, { timeout: 10_000 })).toBeInTheDocument();
    expect(screen.queryByText(/could not be loaded/)).toBeNull();
  });

  test('a monthly report whose load failed says so inside its card; the rest of the dashboard stands', async () => {
    breakCalls = { match: /\/reports\/monthly/, failure: 'network' };
    const { user } = await openSignedIn('/dashboard');
    expect(await screen.findByText(/The monthly figures could not be loaded\. The server could not be reached\./, {}, { timeout: 10_000 })).toBeInTheDocument();
    expect(screen.getByText('Bookings made')).toBeInTheDocument();
    breakCalls = null;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(screen.queryByText(/The monthly figures could not be loaded/)).toBeNull(), { timeout: 10_000 });
    expect(answered.some((line) => /^200 GET \/api\/reports\/monthly$/.test(line))).toBe(true);
  });
});

describe('screens fit the permissions', () => {
  test('with users.read alone: the users list works, with no role filter, no Actions column and no refused call', async () => {
    const { user, router } = await openSignedIn('/users', 'reader@agency.example', READER_PASSWORD);
    expect(await screen.findByText('sam@agency.example', {}, { timeout: 10_000 })).toBeInTheDocument();
    expect(document.title).toBe('Users · Travel Back Office');
    expect(screen.queryByRole('combobox', { name: 'Role' })).toBeNull();
    expect(screen.queryByRole('columnheader', { name: 'Actions' })).toBeNull();
    expect(screen.queryByRole('link', { name: /edit/i })).toBeNull();
    // A user's page: no Edit, no Delete, and still no call that is refused.
    // The row's link is worked out after an access check; on a loaded machine that and the page's
    // load can take seconds, so the wait is for the page itself, then for the user it shows.
    await user.click(screen.getByText('sam@agency.example'));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/users/${sam.id}/show`), { timeout: 10_000 });
    // The page may first draw the user from the list's cache and then again from its own load, so
    // the check is of what stays on screen, not of the first element that showed the name.
    await waitFor(() => {
      expect(screen.getByText('Full name')).toBeInTheDocument();
      expect(screen.getByText('Sam Staff')).toBeInTheDocument();
    }, { timeout: 10_000 });
    expect(screen.queryByRole('link', { name: /edit/i })).toBeNull();
    expect(screen.queryByRole('button', { name: /delete/i })).toBeNull();
    expect(answered.filter((line) => !line.startsWith('200 '))).toEqual([]);
    expect(answered.filter((line) => line.endsWith('/api/admin/auth/role'))).toEqual([]); // the roles list is not asked for
  });
});

describe('one refetch after a change', () => {
  test('deleting a user from the list asks for the list once', async () => {
    const response = await fetch(`${apiBase()}admin/auth/signup`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${adminToken}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: 'leaving@agency.example', fullName: 'Leaving Soon', password: 'quiet harbour lantern 42', roles: ['STAFF'] }),
    });
    expect(response.status).toBe(201);
    const { user } = await openSignedIn('/users');
    const row = (await screen.findByText('leaving@agency.example', {}, { timeout: 10_000 })).closest('tr')!;
    await user.click(await within(row as HTMLElement).findByRole('button', { name: /delete/i }));
    const before = requested.length;
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: /confirm/i }));
    await waitFor(() => expect(screen.queryByText('leaving@agency.example')).toBeNull(), { timeout: 10_000 });
    await waitFor(() => expect(requested.slice(before).filter((line) => line === 'GET /api/admin/auth/user')).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 300)); // nothing more arrives
    expect(requested.slice(before).filter((line) => line === 'GET /api/admin/auth/user')).toHaveLength(1);
  });

  test('saving a role asks for nothing the answer already gave', async () => {
    const { user } = await openSignedIn(`/roles/${guides.id}`);
    const description = await screen.findByLabelText(/^Description/, {}, { timeout: 10_000 });
    await waitFor(() => expect(description).toHaveValue('Leads the tours'));
    await user.type(description, ' and the walks');
    const before = requested.length;
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('Leads the tours and the walks', {}, { timeout: 10_000 });
    await new Promise((resolve) => setTimeout(resolve, 300));
    const after = requested.slice(before);
    expect(after.filter((line) => line === `PATCH /api/admin/auth/role/${guides.id}`)).toHaveLength(1);
    expect(after.filter((line) => line === `GET /api/admin/auth/role/${guides.id}`).length).toBeLessThanOrEqual(1);
  });
});

describe('forms validate in the app, from the server’s rules', () => {
  test('the new-user form names every bad field at once, in plain words, and accepts an address with an apostrophe and a plus', async () => {
    const { router, user } = await openSignedIn('/users/create');
    const email = await screen.findByLabelText(/^E-mail/, {}, { timeout: 10_000 });
    expect(email.closest('form')).toHaveAttribute('novalidate');
    await user.type(email, 'not an address');
    await user.type(screen.getByLabelText(/^Full name/), '   ');
    await user.click(screen.getByRole('radio', { name: /set a password now/i }));
    await user.type(screen.getByLabelText(/^Password/), 'too short');
    const before = requested.length;
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Enter an e-mail address such as name@example.com.')).toBeInTheDocument();
    expect(screen.getByText('Enter a full name.')).toBeInTheDocument();
    expect(screen.getByText('Use at least 12 characters.')).toBeInTheDocument();
    expect(document.body.textContent).not.toMatch(/must match pattern/);
    expect(requested.slice(before).filter((line) => line.startsWith('POST'))).toEqual([]); // nothing sent

    await user.clear(email);
    await user.type(email, "o'brien+x@example.com");
    await user.clear(screen.getByLabelText(/^Full name/));
    await user.type(screen.getByLabelText(/^Full name/), "Aoife O'Brien");
    await user.clear(screen.getByLabelText(/^Password/));
    await user.type(screen.getByLabelText(/^Password/), 'quiet harbour lantern 42');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(router.state.location.pathname).toMatch(/^\/users\/[^/]+\/show$/), { timeout: 10_000 });
    expect((await serverHolds<{ data: User[] }>("admin/auth/user?q=o'brien")).data.map((u) => u.email)).toEqual(["o'brien+x@example.com"]);
  });

  test('the server says a blank name in words too (no schema text)', async () => {
    const response = await fetch(`${apiBase()}admin/auth/user/${sam.id}`, {
      method: 'PATCH',
      headers: { Authorization: `Bearer ${adminToken}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ fullName: '   ' }),
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ code: 'VALIDATION', errors: { fullName: 'must not be blank' } });
  });
});

describe('invitations', () => {
  test('a new user invited by e-mail shows as "Invited", and the administrator can send the link again', async () => {
    const { router, user } = await openSignedIn('/users/create');
    await user.type(await screen.findByLabelText(/^E-mail/, {}, { timeout: 10_000 }), 'invitee@agency.example');
    await user.type(screen.getByLabelText(/^Full name/), 'Ivy Invitee');
    expect(screen.getByRole('radio', { name: /send an invitation/i })).toBeChecked(); // the default
    expect(screen.queryByLabelText(/^Password/)).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(router.state.location.pathname).toMatch(/^\/users\/[^/]+\/show$/), { timeout: 10_000 });
    await waitFor(() => expect(toastTexts()).toContain('User created. An invitation was sent to invitee@agency.example.'));
    expect(await screen.findByText('Invited')).toBeInTheDocument();

    await user.click(await screen.findByRole('button', { name: /resend invitation/i }));
    await waitFor(() => expect(toastTexts()).toContain('A new invitation was sent to invitee@agency.example. The earlier link no longer works.'));
    expect(answered).toContain(`200 POST /api/admin/auth/user/${router.state.location.pathname.split('/')[2]}/invitation`);

    await router.navigate('/users');
    await waitFor(() => {
      const row = screen.getByText('invitee@agency.example').closest('tr');
      expect(row).not.toBeNull();
      expect(within(row as HTMLElement).getByText('Invited')).toBeInTheDocument();
    }, { timeout: 10_000 });
  });
});
