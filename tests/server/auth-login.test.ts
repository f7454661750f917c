/** POST /api/auth/login: captcha through the fake siteverify, credentials, the session cookie. */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { decodeJwt, expectError } from '../helpers/assertions.js';
import { as, createTestApp, createUser, login, sessionCookieOf, type TestApp } from '../helpers/test-app.js';

let t: TestApp;
let adminToken: string;

beforeAll(async () => {
  t = await createTestApp();
  adminToken = (await login(t.app, t.admin)).accessToken;
});
afterAll(async () => t?.close());

function postLogin(body: unknown, query = '?g-recaptcha-response=test-captcha-ok', headers: Record<string, string> = {}) {
  return t.app.inject({ method: 'POST', url: `/api/auth/login${query}`, payload: body as object, headers });
}

describe('successful sign-in', () => {
  test('answers an access token with the contract claims and sets a browser-session cookie', async () => {
    const response = await postLogin({ email: t.admin.email, password: t.admin.password });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    const body = response.json();
    expect(Object.keys(body)).toEqual(['access_token']);
    const claims = decodeJwt(body.access_token);
    expect(claims.header).toEqual({ alg: 'HS256', typ: 'JWT' });
    expect(claims.payload).toMatchObject({ sub: t.admin.email, roles: ['ADMIN'] });
    for (const claim of ['userId', 'sid', 'jti'] as const) expect(typeof claims.payload[claim]).toBe('string');
    expect(claims.payload.exp - claims.payload.iat).toBe(15 * 60);

    const cookie = sessionCookieOf(response)!;
    expect(cookie.value).toMatch(/^[A-Za-z0-9_-]{43}$/); // 256 bits, base64url
    expect(cookie.raw).toMatch(/; Path=\/api\/auth/);
    expect(cookie.raw).toMatch(/; HttpOnly/);
    expect(cookie.raw).toMatch(/; SameSite=Strict/);
    expect(cookie.raw).not.toMatch(/Max-Age|Expires/i); // a browser-session cookie
    expect(cookie.raw).not.toMatch(/Secure/); // plain HTTP request
  });

  test('persist=true makes the cookie live PERSISTENT_SESSION_TTL', async () => {
    const response = await postLogin({ email: t.admin.email, password: t.admin.password, persist: true });
    expect(sessionCookieOf(response)!.maxAge).toBe(30 * 24 * 3600);
  });

  test('the e-mail matches in any case and around spaces', async () => {
    const response = await postLogin({ email: `  ${t.admin.email.toUpperCase()} `, password: t.admin.password });
    expect(response.statusCode).toBe(200);
  });

  test('records the time of the last sign-in', async () => {
    t.clock.advance(60_000);
    const { accessToken } = await login(t.app, t.admin);
    const me = decodeJwt(accessToken).payload.userId;
    const profile = await as(t.app, accessToken)({ method: 'GET', url: `/api/user/profile/${me}` });
    expect(profile.json().lastLoginAt).toBe(new Date(t.clock.time).toISOString());
  });

  test('the cookie is Secure whenever PUBLIC_URL is https, even when the request reached the server as plain HTTP', async () => {
    const behindProxy = await createTestApp({ env: { PUBLIC_URL: 'https://office.example.com' } });
    try {
      const response = await behindProxy.app.inject({
        method: 'POST',
        url: '/api/auth/login?g-recaptcha-response=test-captcha-ok',
        headers: { origin: 'https://office.example.com' },
        payload: { email: behindProxy.admin.email, password: behindProxy.admin.password },
      });
      expect(response.statusCode, response.body).toBe(200);
      expect(sessionCookieOf(response)!.raw).toMatch(/; Secure/);
    } finally {
      await behindProxy.close();
    }
    // Over plain HTTP with an http PUBLIC_URL (a laptop): not Secure, or the browser would drop it.
    const plain = await t.app.inject({ method: 'POST', url: '/api/auth/login?g-recaptcha-response=test-captcha-ok', payload: { email: t.admin.email, password: t.admin.password } });
    expect(sessionCookieOf(plain)!.raw).not.toMatch(/; Secure/);
  });

  test('the cookie is Secure when the request came over HTTPS (through a trusted proxy)', async () => {
    const proxied = await createTestApp({ env: { TRUST_PROXY: '127.0.0.1' } });
    try {
      const response = await proxied.app.inject({
        method: 'POST',
        url: '/api/auth/login?g-recaptcha-response=test-captcha-ok',
        headers: { 'x-forwarded-proto': 'https' },
        payload: { email: proxied.admin.email, password: proxied.admin.password },
      });
      expect(response.statusCode).toBe(200);
      expect(sessionCookieOf(response)!.raw).toMatch(/; Secure/);
    } finally {
      await proxied.close();
    }
  });
});

describe('refused credentials: one answer for every reason', () => {
  const expected = { code: 'INVALID_CREDENTIALS', message: 'The e-mail address or password is incorrect.' };

  test('wrong password', async () => {
    const response = await postLogin({ email: t.admin.email, password: 'not-the-password' });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual(expected);
    expect(sessionCookieOf(response)).toBeNull();
  });

  test('unknown user', async () => {
    const response = await postLogin({ email: 'nobody@example.com', password: 'whatever-password' });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual(expected);
  });

  test('disabled user, even with the right password', async () => {
    const user = await createUser(t.app, adminToken, { email: 'disabled@example.com' });
    await as(t.app, adminToken)({ method: 'PATCH', url: `/api/admin/auth/user/${user.id}`, payload: { status: 'disabled' } });
    const response = await postLogin({ email: user.email, password: user.password });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual(expected);
  });

  test('failures and successes are written to the audit log, without the password', async () => {
    const rows = await t.database.handle.db.selectFrom('audit_log').selectAll().where('action', 'in', ['login.failure', 'login.success']).execute();
    expect(rows.some((row) => row.action === 'login.failure')).toBe(true);
    expect(rows.some((row) => row.action === 'login.success')).toBe(true);
    expect(JSON.stringify(rows)).not.toContain('not-the-password');
  });
});

describe('captcha', () => {
  test('a missing captcha response is 400 CAPTCHA_FAILED, before the credentials are looked at', async () => {
    const response = await postLogin({ email: t.admin.email, password: t.admin.password }, '');
    expectError(response, 400, 'CAPTCHA_FAILED');
  });

  test('a wrong captcha response is refused; the verifier posted secret, response and remote address', async () => {
    t.siteverify!.requests.length = 0;
    const response = await postLogin({ email: t.admin.email, password: t.admin.password }, '?g-recaptcha-response=forged');
    expectError(response, 400, 'CAPTCHA_FAILED');
    expect(t.siteverify!.requests).toEqual([{ secret: 'test-recaptcha-secret', response: 'forged', remoteip: '127.0.0.1' }]);
  });

  test('a captcha solved on another site (hostname) is refused', async () => {
    t.siteverify!.hostname = 'evil.example';
    try {
      expectError(await postLogin({ email: t.admin.email, password: t.admin.password }), 400, 'CAPTCHA_FAILED');
    } finally {
      t.siteverify!.hostname = 'office.test';
    }
  });

  test.each(['http-error', 'garbage'] as const)('siteverify failing (%s) refuses the login: fail closed', async (mode) => {
    t.siteverify!.mode = mode;
    try {
      expectError(await postLogin({ email: t.admin.email, password: t.admin.password }), 400, 'CAPTCHA_FAILED');
    } finally {
      t.siteverify!.mode = 'ok';
    }
  });

  test('with no captcha keys the captcha is off: the parameter is accepted and ignored', async () => {
    const open = await createTestApp({ captcha: false });
    try {
      const config = await open.app.inject({ method: 'GET', url: '/api/config' });
      expect(config.json()).toEqual({ recaptchaSiteKey: null, cardPayments: false, mailSent: false });
      const credentials = { email: open.admin.email, password: open.admin.password };
      expect((await open.app.inject({ method: 'POST', url: '/api/auth/login', payload: credentials })).statusCode).toBe(200);
      expect((await open.app.inject({ method: 'POST', url: '/api/auth/login?g-recaptcha-response=x', payload: credentials })).statusCode).toBe(200);
    } finally {
      await open.close();
    }
  });
});

describe('bad input', () => {
  test.each([
    ['missing password', { email: 'a@b.c' }, { password: 'is required' }],
    ['missing e-mail', { password: 'x' }, { email: 'is required' }],
    ['wrong types', { email: 42, password: true }, { email: 'must be a string', password: 'must be a string' }],
    ['unknown field', { email: 'a@b.c', password: 'x', admin: true }, { admin: 'is not allowed' }],
    ['persist not a boolean', { email: 'a@b.c', password: 'x', persist: 'yes' }, { persist: 'must be a boolean' }],
    ['empty strings', { email: '', password: '' }, { email: 'must be at least 1 characters long' }],
  ])('%s → 400 VALIDATION with field errors', async (_name, body, errors) => {
    const response = await postLogin(body);
    expectError(response, 400, 'VALIDATION');
    expect(response.json().errors).toMatchObject(errors);
  });

  test('an array or a string body is refused', async () => {
    expectError(await postLogin([1, 2]), 400, 'VALIDATION');
    expectError(await postLogin('"just a string"', undefined, { 'content-type': 'application/json' }), 400, 'VALIDATION');
  });

  test('a too long captcha parameter is refused', async () => {
    const response = await postLogin({ email: t.admin.email, password: 'x' }, `?g-recaptcha-response=${'a'.repeat(5000)}`);
    expectError(response, 400, 'VALIDATION');
  });
});
