/**
 * The authProvider and the HTTP client against the real server (in-process, free port,
 * in-memory database, captcha on through a local fake siteverify).
 */
import { afterAll, beforeAll, beforeEach, describe, expect, test, vi } from 'vitest';
import { startTestServer, type TestServer } from '../../helpers/test-server';
import { logOut, getAuth, getUserState, setCredentials } from '../../../src/client/providers/auth-state';
import { createAuthProvider } from '../../../src/client/providers/auth-provider';
import { createDataProvider } from '../../../src/client/providers/data-provider';
import { ApiError, createHttpClient, NOT_SAVED_SESSION_MESSAGE } from '../../../src/client/providers/http-client';
import { onSessionEvent, type SessionEvent } from '../../../src/client/session/session-events';
import { createCookieJar, type CookieJar } from '../cookie-jar';

let server: TestServer;
let jar: CookieJar;

let expiries = 0;

function clients(existingJar = jar) {
  const http = createHttpClient({ baseUrl: `${server.baseUrl}/api/`, fetch: existingJar.fetch, onSessionExpired: () => (expiries += 1) });
  return { http, auth: createAuthProvider(http), data: createDataProvider(http) };
}

async function signIn(persist = false) {
  const { auth } = clients();
  await auth.login({ email: server.admin.email, password: server.admin.password, persist, captcha: server.captchaToken });
}

const count = (call: string) => jar.calls.filter((c) => c === call).length;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});
beforeEach(() => {
  expiries = 0;
  jar = createCookieJar();
  logOut();
});

describe('login', () => {
  test('sends the captcha answer in the g-recaptcha-response query parameter and keeps the token only in memory', async () => {
    const urls: string[] = [];
    const spying: typeof fetch = (input, init) => {
      urls.push(String(input));
      return jar.fetch(input, init);
    };
    const http = createHttpClient({ baseUrl: `${server.baseUrl}/api/`, fetch: spying });
    await createAuthProvider(http).login({ email: server.admin.email, password: server.admin.password, persist: false, captcha: server.captchaToken });

    expect(urls[0]).toBe(`${server.baseUrl}/api/auth/login?g-recaptcha-response=${server.captchaToken}`);
    const token = getAuth().token;
    expect(token).toMatch(/^ey/);
    expect(getUserState().user?.email).toBe(server.admin.email);
    expect(getUserState().role?.permissions).toContain('users.delete');
    const stored = [...Object.values(window.localStorage), ...Object.values(window.sessionStorage)].join(' ');
    expect(stored).not.toContain(token!);
    expect(document.cookie).not.toContain(token!);
  });

  test('a wrong captcha answer is refused with CAPTCHA_FAILED and no token is kept', async () => {
    const { auth } = clients();
    const failure = await auth.login({ email: server.admin.email, password: server.admin.password, persist: false, captcha: 'not-the-answer' }).catch((e) => e);
    expect(failure).toBeInstanceOf(ApiError);
    expect(failure.status).toBe(400);
    expect(failure.data.code).toBe('CAPTCHA_FAILED');
    expect(getAuth().token).toBeNull();
  });

  test('a wrong password gives the server’s 401 message', async () => {
    const { auth } = clients();
    const failure = await auth.login({ email: server.admin.email, password: 'wrong password here', persist: false, captcha: server.captchaToken }).catch((e) => e);
    expect(failure.status).toBe(401);
    expect(failure.message).toBe('The e-mail address or password is incorrect.');
  });
});

describe('session restore', () => {
  test('after a reload (fresh providers, same cookie jar) checkAuth restores the session', async () => {
    await signIn();
    logOut(); // the reload: memory is gone, the cookie stays
    const { auth } = clients();
    await expect(auth.checkAuth({})).resolves.toBeUndefined();
    expect(getAuth().token).toMatch(/^ey/);
    expect(getUserState().user?.email).toBe(server.admin.email);
    expect(count('GET /api/auth/refresh-token')).toBe(1);
    await expect(auth.getIdentity!()).resolves.toMatchObject({ email: server.admin.email });
  });

  test('without a session cookie checkAuth rejects towards /login', async () => {
    const { auth } = clients();
    await expect(auth.checkAuth({})).rejects.toMatchObject({ redirectTo: '/login' });
    expect(getAuth().token).toBeNull();
    expect(expiries).toBe(0); // a failed restore is not an expired login: straight to /login, no message
  });

  test('parallel restores share one refresh', async () => {
    await signIn();
    logOut();
    const { auth } = clients();
    const results = await Promise.all([auth.restoreSession(), auth.restoreSession(), auth.restoreSession()]);
    expect(results).toEqual([true, true, true]);
    expect(count('GET /api/auth/refresh-token')).toBe(1);
  });
});

describe('403: refresh once, retry once', () => {
  test('an unusable token is refreshed once and the call retried once', async () => {
    await signIn();
    setCredentials('not.a.token');
    const { data } = clients();
    const answer = await data.getList('users', { pagination: { page: 1, perPage: 10 }, sort: { field: 'email', order: 'ASC' }, filter: {} });
    expect(answer.total).toBeGreaterThanOrEqual(1);
    expect(count('GET /api/auth/refresh-token')).toBe(1);
    expect(count('GET /api/admin/auth/user')).toBe(2);
    expect(getAuth().token).toMatch(/^ey/);
  });

  test('ten parallel 403s share one refresh', async () => {
    await signIn();
    setCredentials('not.a.token');
    const { data } = clients();
    const lists = await Promise.all(
      Array.from({ length: 10 }, () => data.getList('roles', { pagination: { page: 1, perPage: 10 }, sort: { field: 'name', order: 'ASC' }, filter: {} })),
    );
    expect(lists.every((list) => (list.total ?? 0) >= 2)).toBe(true);
    expect(count('GET /api/auth/refresh-token')).toBe(1);
    expect(count('GET /api/admin/auth/role')).toBe(20);
  });

  test('a 403 that persists after the refresh is the answer: one refresh, one retry, then the error', async () => {
    await signIn();
    const staffEmail = `staff-${Date.now()}@example.com`;
    const { data } = clients();
    await data.create('users', { data: { email: staffEmail, fullName: 'Staff Member', password: 'a long enough password', roles: ['STAFF'] } });
    logOut();
    await clients().auth.login({ email: staffEmail, password: 'a long enough password', persist: false, captcha: server.captchaToken });
    jar.calls.length = 0;
    const failure = await clients().data.getList('users', { pagination: { page: 1, perPage: 10 }, sort: { field: 'email', order: 'ASC' }, filter: {} }).catch((e) => e);
    expect(failure.status).toBe(403);
    expect(failure.data.code).toBe('FORBIDDEN');
    expect(failure.sessionExpired).toBe(false);
    expect(count('GET /api/auth/refresh-token')).toBe(1);
    expect(count('GET /api/admin/auth/user')).toBe(2);
  });

  test('a refused refresh gives "Your login has expired." (announced once, to this tab and the others); checkError lets the failure stand', async () => {
    await signIn();
    setCredentials('not.a.token');
    jar.clear(); // the session cookie is gone (ended elsewhere)
    const { data, auth } = clients();
    const events: SessionEvent[] = [];
    const stop = onSessionEvent((event) => events.push(event));
    const otherTab = new BroadcastChannel('bo-session');
    const heardByOtherTab = new Promise((resolve) => (otherTab.onmessage = (message) => resolve(message.data)));
    const failure = await data.getOne('roles', { id: '00000000-0000-4000-8000-000000000000' }).catch((e) => e);
    stop();
    expect(failure).toBeInstanceOf(ApiError);
    expect(failure.sessionExpired).toBe(true);
    expect(failure.message).toBe('Your login has expired.');
    expect(expiries).toBe(1);
    expect(events).toEqual([{ type: 'ended', reason: 'expired' }]);
    expect(await heardByOtherTab).toEqual({ type: 'ended', reason: 'expired' });
    otherTab.close();
    // Resolving keeps the call failed: react-admin would answer a rejected checkError with an
    // empty success. The layout's SessionWatcher signs the tab out on the announcement instead.
    await expect(auth.checkError(failure)).resolves.toBeUndefined();
    // A change refused this way says that nothing was saved.
    const refusedChange = await data.update('roles', { id: '00000000-0000-4000-8000-000000000000', data: { description: 'x' }, previousData: {} as never }).catch((e) => e);
    expect(refusedChange.message).toBe(NOT_SAVED_SESSION_MESSAGE);
  });

  test('ten parallel calls meeting a refused refresh: one refresh, one "expired" announcement, ten failures', async () => {
    await signIn();
    setCredentials('not.a.token');
    jar.clear();
    jar.calls.length = 0;
    const { data } = clients();
    const failures = await Promise.all(
      Array.from({ length: 10 }, () => data.getList('users', { pagination: { page: 1, perPage: 5 }, sort: { field: 'email', order: 'ASC' }, filter: {} }).catch((e) => e)),
    );
    expect(failures.every((failure) => failure instanceof ApiError && failure.sessionExpired)).toBe(true);
    expect(count('GET /api/auth/refresh-token')).toBe(1);
    expect(expiries).toBe(1);
  });

  test('a session ended by logout elsewhere makes the next call expire', async () => {
    await signIn();
    const elsewhere = createCookieJar();
    for (const [name, cookie] of jar.cookies) elsewhere.cookies.set(name, cookie);
    const other = createHttpClient({ baseUrl: `${server.baseUrl}/api/`, fetch: elsewhere.fetch });
    await other.request('auth/logout', { method: 'POST', skipRefresh: true });
    const failure = await clients().data.getList('roles', { pagination: { page: 1, perPage: 5 }, sort: { field: 'name', order: 'ASC' }, filter: {} }).catch((e) => e);
    expect(failure.sessionExpired).toBe(true);
  });

  test('other errors are not a logout: checkError resolves (they are only logged)', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const { auth } = clients();
    await expect(auth.checkError(new ApiError(500, { code: 'INTERNAL' }))).resolves.toBeUndefined();
    await expect(auth.checkError(new ApiError(403, { code: 'FORBIDDEN' }))).resolves.toBeUndefined();
    expect(logged).toHaveBeenCalledTimes(2);
    logged.mockRestore();
  });
});

describe('logout', () => {
  test('calls the API, then clears the token and the user; the session cannot be restored', async () => {
    await signIn(true);
    window.localStorage.setItem('persist', 'true');
    window.localStorage.setItem('colourMode', 'dark');
    const { auth } = clients();
    await expect(auth.logout({})).resolves.toBe('/login');
    expect(count('POST /api/auth/logout')).toBe(1);
    expect(getAuth().token).toBeNull();
    expect(getUserState()).toEqual({ user: null, role: null });
    // The session's cookie is gone; the device's stays (it opens nothing by itself: it lets this device past an account's sign-in lock).
    expect([...jar.cookies.keys()]).toEqual(['bo_device']);
    expect(await clients().auth.restoreSession()).toBe(false);
    expect(window.localStorage.getItem('persist')).toBe('true');
    expect(window.localStorage.getItem('colourMode')).toBe('dark');
  });
});

describe('canAccess', () => {
  test('maps resource and action onto the permissions of the user’s roles', async () => {
    await signIn();
    const { auth } = clients();
    await expect(auth.canAccess!({ resource: 'users', action: 'delete' })).resolves.toBe(true);
    await expect(auth.canAccess!({ resource: 'roles', action: 'edit' })).resolves.toBe(true);
    await expect(auth.canAccess!({ resource: 'invoices', action: 'list' })).resolves.toBe(false);
    logOut();
    await expect(auth.canAccess!({ resource: 'users', action: 'list' })).resolves.toBe(false);
  });
});
