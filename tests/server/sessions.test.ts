/** The session's whole life: refresh and rotation, reuse detection, the grace window, check, logout, expiry. */
import { createSigner } from 'fast-jwt';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { loadOrCreateJwtSecret } from '../../src/server/db/seed.js';
import { decodeJwt, expectError } from '../helpers/assertions.js';
import { as, createTestApp, createUser, login, refresh, sessionCookieOf, type TestApp } from '../helpers/test-app.js';

let t: TestApp;
let adminId: string;
const GRACE_MS = 10_000;

beforeAll(async () => {
  t = await createTestApp({ refreshGraceMs: GRACE_MS });
  adminId = decodeJwt((await login(t.app, t.admin)).accessToken).payload.userId;
});

/** A fresh administrator token (tests move the clock past older ones). */
const adminToken = async () => (await login(t.app, t.admin)).accessToken;
afterAll(async () => t?.close());

function meUrl(token: string): string {
  try {
    return `/api/user/profile/${decodeJwt(token).payload.userId}`;
  } catch {
    return `/api/user/profile/${adminId}`; // not a JWT at all: any URL behind the guard will do
  }
}
/** The app's own signing key: JWT_SECRET, or the one it made and stored at start. */
const signingKey = async () => t.config.jwtSecret ?? loadOrCreateJwtSecret(t.database.handle.db, () => 'not-the-key');
const callAs = (token: string) => as(t.app, token)({ method: 'GET', url: meUrl(token) });
const check = (refreshToken?: string) =>
  t.app.inject({ method: 'GET', url: '/api/auth/check', ...(refreshToken !== undefined && { cookies: { bo_session: refreshToken } }) });

describe('refresh', () => {
  test('rotates the cookie and answers a new access token for the same session', async () => {
    const first = await login(t.app, t.admin);
    const response = await refresh(t.app, first.refreshToken);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(Object.keys(body)).toEqual(['token']);
    const claims = decodeJwt(body.token).payload;
    const original = decodeJwt(first.accessToken).payload;
    expect(claims).toMatchObject({ sub: t.admin.email, userId: original.userId, sid: original.sid, roles: ['ADMIN'] });
    expect(claims.jti).not.toBe(original.jti);
    const cookie = sessionCookieOf(response)!;
    expect(cookie.value).not.toBe(first.refreshToken);
    expect(cookie.raw).toMatch(/Path=\/api\/auth; HttpOnly; SameSite=Strict/);
    expect((await callAs(body.token)).statusCode).toBe(200);
  });

  test('only a hash of the refresh token is stored', async () => {
    const { refreshToken } = await login(t.app, t.admin);
    const rows = await t.database.handle.db.selectFrom('refresh_tokens').select('token_hash').execute();
    expect(rows.every((row) => /^[0-9a-f]{64}$/.test(row.token_hash))).toBe(true);
    expect(rows.some((row) => row.token_hash === refreshToken)).toBe(false);
  });

  test('a persistent session keeps a persistent cookie, with the time it has left', async () => {
    const first = await login(t.app, { ...t.admin, persist: true });
    t.clock.advance(24 * 3600 * 1000);
    const response = await refresh(t.app, first.refreshToken);
    expect(sessionCookieOf(response)!.maxAge).toBe(29 * 24 * 3600);
  });

  test('without a cookie, or with a made-up one: 403 REFRESH_INVALID, and the cookie is cleared', async () => {
    const none = await t.app.inject({ method: 'GET', url: '/api/auth/refresh-token' });
    expectError(none, 403, 'REFRESH_INVALID');
    expect(none.json().message).toBe('Your login has expired.');
    const madeUp = await refresh(t.app, 'A'.repeat(43));
    expectError(madeUp, 403, 'REFRESH_INVALID');
    expect(sessionCookieOf(madeUp)!.raw).toMatch(/Expires=Thu, 01 Jan 1970/);
    expectError(await refresh(t.app, 'garbage with spaces;'), 403, 'REFRESH_INVALID');
  });
});

describe('reuse detection', () => {
  test('a rotated token presented after the grace window revokes the whole family', async () => {
    const first = await login(t.app, t.admin);
    const second = await refresh(t.app, first.refreshToken);
    const current = sessionCookieOf(second)!.value;
    const currentAccess = second.json().token;

    t.clock.advance(GRACE_MS + 1);
    expectError(await refresh(t.app, first.refreshToken), 403, 'REFRESH_INVALID');
    // The thief's replay ended the legitimate holder's session too: both tokens and the access token are dead.
    expectError(await refresh(t.app, current), 403, 'REFRESH_INVALID');
    expectError(await callAs(currentAccess), 403, 'TOKEN_INVALID');
    expectError(await callAs(first.accessToken), 403, 'TOKEN_INVALID');
    const audit = await t.database.handle.db.selectFrom('audit_log').select('target_id').where('action', '=', 'session.reuse_detected').execute();
    expect(audit.map((row) => row.target_id)).toContain(decodeJwt(first.accessToken).payload.sid);
  });

  test('other sessions of the same user are untouched', async () => {
    const victim = await login(t.app, t.admin);
    const other = await login(t.app, t.admin);
    await refresh(t.app, victim.refreshToken);
    t.clock.advance(GRACE_MS + 1);
    await refresh(t.app, victim.refreshToken);
    expect((await refresh(t.app, other.refreshToken)).statusCode).toBe(200);
  });

  test('within the grace window (parallel tabs) a rotated token is rotated again, in the same family', async () => {
    const first = await login(t.app, t.admin);
    const tabA = await refresh(t.app, first.refreshToken);
    t.clock.advance(GRACE_MS - 1000);
    const tabB = await refresh(t.app, first.refreshToken);
    expect(tabB.statusCode).toBe(200);
    expect(decodeJwt(tabB.json().token).payload.sid).toBe(decodeJwt(first.accessToken).payload.sid);
    // Both tabs carry on.
    expect((await refresh(t.app, sessionCookieOf(tabA)!.value)).statusCode).toBe(200);
    expect((await refresh(t.app, sessionCookieOf(tabB)!.value)).statusCode).toBe(200);
  });

  test('the grace window counts from the first rotation, not from the latest reuse', async () => {
    const first = await login(t.app, t.admin);
    await refresh(t.app, first.refreshToken);
    t.clock.advance(GRACE_MS - 1000);
    expect((await refresh(t.app, first.refreshToken)).statusCode).toBe(200);
    t.clock.advance(2000);
    expectError(await refresh(t.app, first.refreshToken), 403, 'REFRESH_INVALID');
  });

  test('parallel refreshes of one token all succeed (rows are locked, not raced)', async () => {
    const first = await login(t.app, t.admin);
    const answers = await Promise.all([1, 2, 3, 4].map(() => refresh(t.app, first.refreshToken)));
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200, 200]);
    expect(new Set(answers.map((answer) => sessionCookieOf(answer)!.value)).size).toBe(4);
  });
});

describe('check', () => {
  test('true for a live session, and it never rotates', async () => {
    const { refreshToken } = await login(t.app, t.admin);
    for (let i = 0; i < 3; i++) {
      const response = await check(refreshToken);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ isAuthentication: true });
      expect(response.headers['set-cookie']).toBeUndefined();
    }
    // Still the first token of its family: a refresh with it is a first use, not a reuse.
    t.clock.advance(GRACE_MS * 10);
    expect((await refresh(t.app, refreshToken)).statusCode).toBe(200);
  });

  test('false without a cookie, for an unknown one, and for a rotated one past the grace window', async () => {
    expect((await check()).json()).toEqual({ isAuthentication: false });
    expect((await check('B'.repeat(43))).json()).toEqual({ isAuthentication: false });
    const { refreshToken } = await login(t.app, t.admin);
    await refresh(t.app, refreshToken);
    expect((await check(refreshToken)).json()).toEqual({ isAuthentication: true });
    t.clock.advance(GRACE_MS + 1);
    expect((await check(refreshToken)).json()).toEqual({ isAuthentication: false });
  });
});

describe('logout', () => {
  test('ends the session: refresh refused, access token refused, cookie cleared; twice is fine', async () => {
    const session = await login(t.app, t.admin);
    const response = await t.app.inject({ method: 'POST', url: '/api/auth/logout', cookies: { bo_session: session.refreshToken } });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: 'Signed out.' });
    expect(sessionCookieOf(response)!.raw).toMatch(/bo_session=; Max-Age=0|Expires=Thu, 01 Jan 1970/);
    expectError(await refresh(t.app, session.refreshToken), 403, 'REFRESH_INVALID');
    expectError(await callAs(session.accessToken), 403, 'TOKEN_INVALID');
    expect((await check(session.refreshToken)).json()).toEqual({ isAuthentication: false });

    const again = await t.app.inject({ method: 'POST', url: '/api/auth/logout', cookies: { bo_session: session.refreshToken } });
    expect(again.statusCode).toBe(200);
  });

  test('without any cookie it still answers 200 (idempotent)', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/auth/logout' });
    expect(response.statusCode).toBe(200);
  });

  test('with only the bearer token it ends that token’s session', async () => {
    const session = await login(t.app, t.admin);
    const response = await as(t.app, session.accessToken)({ method: 'POST', url: '/api/auth/logout' });
    expect(response.statusCode).toBe(200);
    expectError(await refresh(t.app, session.refreshToken), 403, 'REFRESH_INVALID');
  });

  test('a JSON content type with an empty body is accepted', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { 'content-type': 'application/json' }, payload: '' });
    expect(response.statusCode).toBe(200);
  });

  test('signing out one session leaves the user’s other sessions alone', async () => {
    const kept = await login(t.app, t.admin);
    const ended = await login(t.app, t.admin);
    await t.app.inject({ method: 'POST', url: '/api/auth/logout', cookies: { bo_session: ended.refreshToken } });
    expect((await callAs(kept.accessToken)).statusCode).toBe(200);
  });
});

describe('expiry', () => {
  test('a browser-session login ends on the server after SESSION_TTL (12h)', async () => {
    const session = await login(t.app, t.admin);
    t.clock.advance(12 * 3600 * 1000 - 1000);
    const refreshed = await refresh(t.app, session.refreshToken);
    expect(refreshed.statusCode).toBe(200);
    t.clock.advance(2000);
    expectError(await refresh(t.app, sessionCookieOf(refreshed)!.value), 403, 'REFRESH_INVALID');
    expectError(await callAs(refreshed.json().token), 403, 'TOKEN_INVALID');
  });

  test('a persistent login lasts PERSISTENT_SESSION_TTL (30d)', async () => {
    let { refreshToken } = await login(t.app, { ...t.admin, persist: true });
    t.clock.advance(29 * 24 * 3600 * 1000);
    const refreshed = await refresh(t.app, refreshToken);
    expect(refreshed.statusCode).toBe(200);
    refreshToken = sessionCookieOf(refreshed)!.value;
    t.clock.advance(2 * 24 * 3600 * 1000);
    expectError(await refresh(t.app, refreshToken), 403, 'REFRESH_INVALID');
  });

  test('an access token expires after ACCESS_TOKEN_TTL: 403 TOKEN_EXPIRED, and a refresh brings a new one', async () => {
    const session = await login(t.app, t.admin);
    t.clock.advance(15 * 60 * 1000);
    expectError(await callAs(session.accessToken), 403, 'TOKEN_EXPIRED');
    const refreshed = await refresh(t.app, session.refreshToken);
    expect((await callAs(refreshed.json().token)).statusCode).toBe(200);
  });
});

describe('access tokens', () => {
  test('no token: 403 TOKEN_MISSING', async () => {
    expectError(await t.app.inject({ method: 'GET', url: '/api/admin/auth/user' }), 403, 'TOKEN_MISSING');
    expectError(await t.app.inject({ method: 'GET', url: '/api/admin/auth/user', headers: { authorization: 'Basic YWRtaW46YWRtaW4=' } }), 403, 'TOKEN_MISSING');
  });

  test('tampered, foreign-key, "none" and other-algorithm tokens: 403 TOKEN_INVALID', async () => {
    const { accessToken } = await login(t.app, t.admin);
    const [header, payload, signature] = accessToken.split('.');
    const claims = decodeJwt(accessToken).payload;
    const elevated = Buffer.from(JSON.stringify({ ...claims, userId: '00000000-0000-4000-8000-000000000000' })).toString('base64url');
    const none = `${Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url')}.${payload}.`;
    const otherKey = createSigner({ key: 'x'.repeat(40), algorithm: 'HS256' })({ ...claims });
    const hs512 = createSigner({ key: 'x'.repeat(64), algorithm: 'HS512' })({ ...claims });
    for (const token of [`${header}.${elevated}.${signature}`, none, otherKey, hs512, 'not-a-jwt', `${accessToken}x`]) {
      expectError(await callAs(token), 403, 'TOKEN_INVALID');
    }
  });

  test('signed with the real key but not as HS256, or with the algorithm spelled "None"/"NONE": 403 TOKEN_INVALID', async () => {
    const { accessToken } = await login(t.app, t.admin);
    const claims = decodeJwt(accessToken).payload;
    const secret = await signingKey();
    // The real key works with HS256 (so the refusals below are about the algorithm alone)…
    expect((await callAs(createSigner({ key: secret, algorithm: 'HS256' })({ ...claims, jti: 'same-key-hs256' }))).statusCode).toBe(200);
    // …and not with any other.
    for (const algorithm of ['HS384', 'HS512'] as const) {
      expectError(await callAs(createSigner({ key: secret, algorithm })({ ...claims })), 403, 'TOKEN_INVALID');
    }
    const payload = accessToken.split('.')[1];
    for (const alg of ['None', 'NONE', 'nOnE', '']) {
      const header = Buffer.from(JSON.stringify({ alg, typ: 'JWT' })).toString('base64url');
      expectError(await callAs(`${header}.${payload}.`), 403, 'TOKEN_INVALID');
    }
  });

  test('right key, right algorithm, but past its expiry or missing the session claim: refused', async () => {
    const { accessToken } = await login(t.app, t.admin);
    const claims = decodeJwt(accessToken).payload;
    const secret = await signingKey();
    const sign = createSigner({ key: secret, algorithm: 'HS256' });
    const past = Math.floor(t.clock.now() / 1000) - 1;
    expectError(await callAs(sign({ ...claims, exp: past })), 403, 'TOKEN_EXPIRED');
    const { sid: _sid, ...withoutSession } = claims;
    expectError(await callAs(sign(withoutSession)), 403, 'TOKEN_INVALID');
    // A session id that is not this user's: refused (the session must belong to the user).
    const other = await createUser(t.app, await adminToken(), { email: 'session-owner@example.com' });
    const otherSid = decodeJwt((await login(t.app, other)).accessToken).payload.sid;
    expectError(await callAs(sign({ ...claims, sid: otherSid })), 403, 'TOKEN_INVALID');
  });

  test('a disabled user’s token stops working on the next call, and so does their session', async () => {
    const user = await createUser(t.app, await adminToken(), { email: 'soon-disabled@example.com' });
    const session = await login(t.app, user);
    expect((await callAs(session.accessToken)).statusCode).toBe(200);
    await as(t.app, await adminToken())({ method: 'PATCH', url: `/api/admin/auth/user/${user.id}`, payload: { status: 'disabled' } });
    expectError(await callAs(session.accessToken), 403, 'TOKEN_INVALID');
    expectError(await refresh(t.app, session.refreshToken), 403, 'REFRESH_INVALID');
    // Enabling again does not bring the ended session back.
    await as(t.app, await adminToken())({ method: 'PATCH', url: `/api/admin/auth/user/${user.id}`, payload: { status: 'active' } });
    expectError(await refresh(t.app, session.refreshToken), 403, 'REFRESH_INVALID');
  });

  test('a deleted user’s token stops working on the next call', async () => {
    const user = await createUser(t.app, await adminToken(), { email: 'soon-deleted@example.com' });
    const session = await login(t.app, user);
    await as(t.app, await adminToken())({ method: 'DELETE', url: `/api/admin/auth/user/${user.id}` });
    expectError(await callAs(session.accessToken), 403, 'TOKEN_INVALID');
    expectError(await refresh(t.app, session.refreshToken), 403, 'REFRESH_INVALID');
  });
});

describe('housekeeping', () => {
  test('sessions that ended over a day ago are purged; live ones stay', async () => {
    const ended = await login(t.app, t.admin);
    await t.app.inject({ method: 'POST', url: '/api/auth/logout', cookies: { bo_session: ended.refreshToken } });
    t.clock.advance(25 * 3600 * 1000);
    const live = await login(t.app, { ...t.admin, persist: true });
    await t.app.sessions.purgeExpired();
    const ids = (await t.database.handle.db.selectFrom('sessions').select('id').execute()).map((row) => row.id);
    expect(ids).not.toContain(decodeJwt(ended.accessToken).payload.sid);
    expect(ids).toContain(decodeJwt(live.accessToken).payload.sid);
    expectError(await refresh(t.app, ended.refreshToken), 403, 'REFRESH_INVALID');
    expect((await refresh(t.app, live.refreshToken)).statusCode).toBe(200);
  });
});
