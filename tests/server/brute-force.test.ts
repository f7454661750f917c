/**
 * Brute-force protection (Keycloak-style, two tiers) through the real login route, the clock moved
 * instead of slept; and the Redis store shared by two throttles.
 */
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { LoginThrottle, RedisThrottleStore, waitFor } from '../../src/server/auth/login-throttle.js';
import { expectError } from '../helpers/assertions.js';
import { createTestApp, createUser, login, type TestApp } from '../helpers/test-app.js';

let t: TestApp;
const password = 'the right password 42';
const users: Record<string, { id: string; email: string }> = {};

beforeAll(async () => {
  t = await createTestApp();
  // Created up front: the tests move the clock past the admin token's life.
  const adminToken = (await login(t.app, t.admin)).accessToken;
  for (const name of ['pair', 'growing', 'patient', 'targeted', 'besieged', 'guarded']) users[name] = await createUser(t.app, adminToken, { email: `${name}@example.com`, password });
});
afterAll(async () => t?.close());

function attempt(email: string, pass: string, ip = '10.0.0.1', cookie?: string) {
  return t.app.inject({ method: 'POST', url: '/api/auth/login?g-recaptcha-response=test-captcha-ok', payload: { email, password: pass }, remoteAddress: ip, ...(cookie && { headers: { cookie } }) });
}

/** The known-device cookie an answer sets, as a browser would send it back. */
function deviceCookieOf(response: { cookies: { name: string; value: string }[] }): string {
  const cookie = response.cookies.find((one) => one.name === 'bo_device');
  expect(cookie, 'a known-device cookie').toBeDefined();
  return `bo_device=${cookie!.value}`;
}

async function fail(email: string, times: number, ip = '10.0.0.1') {
  for (let i = 0; i < times; i++) expectError(await attempt(email, `wrong password ${i}`, ip), 401, 'INVALID_CREDENTIALS');
}

test('the wait each count earns', () => {
  expect([4, 5, 6, 9, 10, 15, 75, 80, 100].map((n) => waitFor(n, 5) / 60_000)).toEqual([0, 1, 0, 0, 2, 3, 15, 15, 15]);
  expect([29, 30, 34, 35].map((n) => waitFor(n, 30) / 60_000)).toEqual([0, 1, 0, 2]);
});

describe('one account from one address', () => {
  test('4 failures: still free; the 5th: a 1-minute wait in which even the right password gets the same 401', async () => {
    const user = users.pair;
    await fail(user.email, 4);
    expect((await attempt(user.email, password)).statusCode).toBe(200); // a success clears the pair
    await fail(user.email, 5);
    const refused = await attempt(user.email, password);
    expectError(refused, 401, 'INVALID_CREDENTIALS');
    expect(refused.json().message).toBe('The e-mail address or password is incorrect.');
    // Another address is not held up by this pair.
    expect((await attempt(user.email, password, '10.9.9.9')).statusCode).toBe(200);
    t.clock.advance(59_999);
    expectError(await attempt(user.email, password), 401, 'INVALID_CREDENTIALS');
    t.clock.advance(1);
    expect((await attempt(user.email, password)).statusCode).toBe(200);
  });

  test('10 failures wait 2 minutes; the wait grows to at most 15 minutes', async () => {
    const user = users.growing;
    await fail(user.email, 5, '10.0.0.2');
    t.clock.advance(60_000);
    await fail(user.email, 5, '10.0.0.2');
    t.clock.advance(119_999);
    expectError(await attempt(user.email, password, '10.0.0.2'), 401, 'INVALID_CREDENTIALS');
    t.clock.advance(1);
    expect((await attempt(user.email, password, '10.0.0.2')).statusCode).toBe(200);

    for (let round = 1; round <= 16; round++) {
      await fail(user.email, 5, '10.0.0.3');
      t.clock.advance(Math.min(round, 15) * 60_000);
    }
    await fail(user.email, 5, '10.0.0.3'); // the 85th failure: capped at 15 minutes
    t.clock.advance(15 * 60_000 - 1);
    expectError(await attempt(user.email, password, '10.0.0.3'), 401, 'INVALID_CREDENTIALS');
    t.clock.advance(1);
    expect((await attempt(user.email, password, '10.0.0.3')).statusCode).toBe(200);
  });

  test('counts reset after 12 hours without a failure', async () => {
    const user = users.patient;
    await fail(user.email, 4, '10.0.0.4');
    t.clock.advance(12 * 60 * 60_000);
    await fail(user.email, 4, '10.0.0.4');
    expect((await attempt(user.email, password, '10.0.0.4')).statusCode).toBe(200);
  });
});

describe('one account from anywhere', () => {
  test('30 failures from 10 addresses lock the account everywhere for a minute', async () => {
    const user = users.targeted;
    for (let i = 0; i < 10; i++) await fail(user.email, 3, `10.1.0.${i}`);
    expectError(await attempt(user.email, password, '10.2.0.1'), 401, 'INVALID_CREDENTIALS');
    t.clock.advance(60_000);
    expect((await attempt(user.email, password, '10.2.0.1')).statusCode).toBe(200);
  });

  test('the account’s own devices pass the lock: a script cannot keep its user out, and a forged device cookie does not help it', async () => {
    const user = users.besieged;
    const other = users.patient;
    // The user signed in from their laptop yesterday (and someone else from this one before).
    const elsewhere = await attempt(other.email, password, '10.4.0.1');
    const laptop = deviceCookieOf(await attempt(user.email, password, '10.4.0.1', deviceCookieOf(elsewhere)));
    expect(laptop.split('.')[3]!.split('~')).toHaveLength(2);
    const usersDevice = deviceCookieOf(await attempt(other.email, password, '10.4.0.2'));
    // A script tries passwords from 12 addresses, and renews the lock as it runs out.
    for (let i = 0; i < 12; i++) await fail(user.email, 3, `10.5.0.${i}`);
    const stranger = await attempt(user.email, password, '10.6.0.1');
    expectError(stranger, 401, 'INVALID_CREDENTIALS');
    // The laptop signs in, from its own address or a new one (a café), while the lock runs.
    const fromLaptop = await attempt(user.email, password, '10.6.0.2', laptop);
    expect(fromLaptop.statusCode, fromLaptop.body).toBe(200);
    const signedIn = await t.database.handle.db.selectFrom('audit_log').select('details').where('action', '=', 'login.success').orderBy('id', 'desc').limit(1).executeTakeFirstOrThrow();
    expect(signedIn.details).toMatchObject({ knownDevice: true });
    // A cookie of another account's device, or one altered, or one signed by another server, is a stranger's.
    const [version, device, issued, accounts, mac] = laptop.slice('bo_device='.length).split('.');
    const forged = [
      usersDevice,
      // Another account's entry, or the user's alone, under the laptop's signature; a forged signature; none; a date moved on; noise.
      `bo_device=${version}.${device}.${issued}.${accounts!.split('~')[0]}.${mac}`,
      `bo_device=${version}.${device}.${issued}.${accounts}.${Buffer.from('x'.repeat(32)).toString('base64url')}`,
      `bo_device=${version}.${device}.${issued}.${accounts}`,
      `bo_device=${version}.${device}.${Number(issued) + 86_400}.${accounts}.${mac}`,
      'bo_device=' + 'A'.repeat(5000),
    ];
    for (const cookie of forged) expectError(await attempt(user.email, password, '10.6.0.3', cookie), 401, 'INVALID_CREDENTIALS');
    // The laptop still meets its own address's limit: five wrong passwords typed on it, then a wait.
    for (let i = 0; i < 5; i++) expectError(await attempt(user.email, `wrong on the laptop ${i}`, '10.6.0.4', laptop), 401, 'INVALID_CREDENTIALS');
    expectError(await attempt(user.email, password, '10.6.0.4', laptop), 401, 'INVALID_CREDENTIALS');
    // An administrator sees the lock on the user's page, and may lift it.
    const admin = (await t.app.inject({ method: 'POST', url: '/api/auth/login?g-recaptcha-response=test-captcha-ok', payload: t.admin, remoteAddress: '10.9.0.1' })).json().access_token as string;
    const asAdmin = (method: 'GET' | 'DELETE') => t.app.inject({ method, url: `/api/admin/auth/user/${user.id}/sign-in-lock`, headers: { authorization: `Bearer ${admin}` } });
    const lock = (await asAdmin('GET')).json<{ failures: number; lockedUntil: string | null }>();
    expect(lock.failures).toBe(35); // the script's 30 until the lock (a try during a wait is not counted), and the laptop's 5
    expect(new Date(lock.lockedUntil!).getTime()).toBeGreaterThan(t.clock.time);
    expect((await asAdmin('DELETE')).json()).toEqual({ failures: 0, lockedUntil: null });
    const lifted = await t.database.handle.db.selectFrom('audit_log').select(['target_id', 'details']).where('action', '=', 'login.lock_lifted').executeTakeFirstOrThrow();
    expect(lifted).toMatchObject({ target_id: user.id, details: { lockedUntil: lock.lockedUntil } });
    expect((await attempt(user.email, password, '10.6.0.5')).statusCode).toBe(200);
  });

  test('a device cookie buys a handful of guesses, not a way round the lock; a new password ends its pass; it lasts 180 days', async () => {
    const user = users.guarded;
    const laptop = deviceCookieOf(await attempt(user.email, password, '10.7.0.1'));
    for (let i = 0; i < 12; i++) await fail(user.email, 3, `10.7.1.${i}`);
    expectError(await attempt(user.email, password, '10.7.2.1'), 401, 'INVALID_CREDENTIALS');
    // Someone holding the cookie guesses from many addresses: after ten failures through it, it passes the lock no more.
    for (let i = 0; i < 10; i++) expectError(await attempt(user.email, `stolen cookie guess ${i}`, `10.7.3.${i}`, laptop), 401, 'INVALID_CREDENTIALS');
    expectError(await attempt(user.email, password, '10.7.4.1', laptop), 401, 'INVALID_CREDENTIALS');
    // The lock ends (an administrator lifts it): the device signs in and its count starts again.
    await t.app.loginThrottle.liftAccountLock(user.email);
    const again = deviceCookieOf(await attempt(user.email, password, '10.7.5.1', laptop));
    for (let i = 0; i < 12; i++) await fail(user.email, 3, `10.7.6.${i}`);
    expect((await attempt(user.email, password, '10.7.7.1', again)).statusCode).toBe(200);
    // A new password (a reset, a change) ends every device's pass for the account.
    const { hashPassword } = await import('../../src/server/auth/passwords.js');
    await t.database.handle.db.updateTable('users').set({ password_hash: await hashPassword('a brand new password 77') }).where('id', '=', user.id).execute();
    for (let i = 0; i < 12; i++) await fail(user.email, 3, `10.7.8.${i}`);
    expectError(await attempt(user.email, 'a brand new password 77', '10.7.9.1', again), 401, 'INVALID_CREDENTIALS');
    // And 180 days on, the server no longer takes the cookie it signed (whatever the browser kept).
    await t.app.loginThrottle.liftAccountLock(user.email);
    const fresh = deviceCookieOf(await attempt(user.email, 'a brand new password 77', '10.7.10.1'));
    t.clock.advance(181 * 86_400_000);
    for (let i = 0; i < 12; i++) await fail(user.email, 3, `10.7.11.${i}`);
    expectError(await attempt(user.email, 'a brand new password 77', '10.7.12.1', fresh), 401, 'INVALID_CREDENTIALS');
  });

  test('unknown accounts are counted alike, so the answers tell nothing', async () => {
    await fail('nobody-here@example.com', 5, '10.3.0.1');
    const locked = await attempt('nobody-here@example.com', 'anything at all', '10.3.0.1');
    expectError(locked, 401, 'INVALID_CREDENTIALS');
  });

  test('lockouts are written to the audit log', async () => {
    const rows = await t.database.handle.db.selectFrom('audit_log').select(['action', 'details']).where('action', '=', 'login.lockout').execute();
    expect(rows.length).toBeGreaterThanOrEqual(3);
  });
});

describe.skipIf(!process.env.TEST_REDIS_URL)('Redis store (TEST_REDIS_URL)', () => {
  test('two instances share the counts and the wait', async () => {
    const prefix = `bo:test-bf:${process.pid}:${Date.now()}:`;
    const clients = [new Redis(process.env.TEST_REDIS_URL!), new Redis(process.env.TEST_REDIS_URL!)];
    const [a, b] = clients.map((redis) => new LoginThrottle(new RedisThrottleStore(redis, prefix), Date.now));
    try {
      for (let i = 0; i < 4; i++) await (i % 2 ? a : b).recordFailure('shared@example.com', '10.0.0.1');
      expect(await a.retryAfterMs('shared@example.com', '10.0.0.1')).toBe(0);
      expect((await b.recordFailure('Shared@Example.com', '10.0.0.1')).waitMs).toBe(60_000);
      expect(await a.retryAfterMs('shared@example.com', '10.0.0.1')).toBeGreaterThan(59_000);
    } finally {
      await Promise.all(clients.map((redis) => redis.quit()));
    }
  });
});
