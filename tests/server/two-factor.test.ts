/**
 * Two-factor sign-in through the API, as staff and an administrator rely on it: set-up with a code,
 * sign-in that asks for a code without saying whether the password was right, codes and recovery
 * codes that work once, wrong codes counted toward the lockouts, turning it off with the password,
 * an administrator's reset, and a role that requires it (its members set it up before anything else).
 */
import { TOTP, Secret } from 'otpauth';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { PAIR_THRESHOLD } from '../../src/server/auth/login-throttle.js';
import { expectError } from '../helpers/assertions.js';
import { as, createTestApp, createUser, login, type TestApp } from '../helpers/test-app.js';

let t: TestApp;
let adminToken: string;
const run = Math.random().toString(36).slice(2, 8);
const PASSWORD = 'a-long-enough-password';

beforeAll(async () => {
  t = await createTestApp();
  t.clock.time = Date.parse('2031-05-04T10:00:10Z');
  adminToken = (await login(t.app, t.admin)).accessToken;
});
afterAll(async () => t?.close());

/** The code an authenticator app shows now (by the server's clock). */
function codeNow(secret: string, atMs = t.clock.time): string {
  return TOTP.generate({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30, timestamp: atMs });
}

function signIn(email: string, password: string, totp?: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/auth/login?g-recaptcha-response=test-captcha-ok',
    payload: { email, password, ...(totp !== undefined && { totp }) },
  });
}

async function aUserWithTwoFactor(name: string): Promise<{ email: string; secret: string; recoveryCodes: string[]; token: string; id: string }> {
  const email = `${name}.${run}@example.test`;
  const { id } = await createUser(t.app, adminToken, { email, roles: ['STAFF'] });
  const token = (await login(t.app, { email, password: PASSWORD })).accessToken;
  const me = as(t.app, token);
  const setup = await me({ method: 'POST', url: '/api/auth/totp/setup' });
  expect(setup.statusCode).toBe(200);
  const { secret, otpauthUrl } = setup.json<{ secret: string; otpauthUrl: string }>();
  expect(otpauthUrl).toMatch(/^otpauth:\/\/totp\/.*\?.*secret=[A-Z2-7]+/);
  expect(otpauthUrl).toContain('algorithm=SHA1');
  expect(otpauthUrl).toContain('digits=6');
  expect(otpauthUrl).toContain('period=30');
  const enabled = await me({ method: 'POST', url: '/api/auth/totp/enable', payload: { code: codeNow(secret) } });
  expect(enabled.statusCode).toBe(200);
  const { recoveryCodes } = enabled.json<{ recoveryCodes: string[] }>();
  // The step of the code that turned it on is used: the next sign-in needs the next step's code.
  t.clock.advance(30_000);
  return { email, secret, recoveryCodes, token, id };
}

describe('setting it up', () => {
  test('a wrong code is refused and nothing changes; the right one turns it on and shows ten recovery codes once', async () => {
    const email = `setup.${run}@example.test`;
    await createUser(t.app, adminToken, { email, roles: ['STAFF'] });
    const me = as(t.app, (await login(t.app, { email, password: PASSWORD })).accessToken);
    expect((await me({ method: 'GET', url: '/api/auth/totp' })).json()).toEqual({ enabled: false, required: false, recoveryCodesLeft: 0 });
    expectError(await me({ method: 'POST', url: '/api/auth/totp/enable', payload: { code: '123456' } }), 409, 'CONFLICT');
    const { secret } = (await me({ method: 'POST', url: '/api/auth/totp/setup' })).json<{ secret: string }>();
    const wrong = codeNow(secret) === '000000' ? '111111' : '000000';
    expectError(await me({ method: 'POST', url: '/api/auth/totp/enable', payload: { code: wrong } }), 400, 'VALIDATION');
    // Still off: the password alone signs in.
    expect((await signIn(email, PASSWORD)).statusCode).toBe(200);
    const enabled = await me({ method: 'POST', url: '/api/auth/totp/enable', payload: { code: codeNow(secret) } });
    expect(enabled.statusCode).toBe(200);
    const codes = enabled.json<{ recoveryCodes: string[] }>().recoveryCodes;
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    expect((await me({ method: 'GET', url: '/api/auth/totp' })).json()).toEqual({ enabled: true, required: false, recoveryCodesLeft: 10 });
    expectError(await me({ method: 'POST', url: '/api/auth/totp/setup' }), 409, 'CONFLICT');
    // Kept only as hashes.
    const stored = await t.database.handle.db.selectFrom('recovery_codes').select('code_hash').execute();
    for (const code of codes) expect(stored.map((row) => row.code_hash)).not.toContain(code);
    const audit = await t.database.handle.db.selectFrom('audit_log').select(['action', 'target_id']).where('action', '=', 'two_factor.enabled').execute();
    expect(audit.length).toBeGreaterThan(0);
  });
});

describe('signing in with it on', () => {
  test('without a code: 401 TOTP_REQUIRED, the same answer whether or not the password was right', async () => {
    const user = await aUserWithTwoFactor('asked');
    const right = await signIn(user.email, PASSWORD);
    const wrong = await signIn(user.email, 'not the password at all');
    expectError(right, 401, 'TOTP_REQUIRED');
    expect(wrong.statusCode).toBe(right.statusCode);
    expect(wrong.body).toBe(right.body);
  });

  test('with the current code it signs in; the same code never signs in again, the next one does', async () => {
    const user = await aUserWithTwoFactor('once');
    const code = codeNow(user.secret);
    const first = await signIn(user.email, PASSWORD, code);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ access_token: expect.any(String) });
    expectError(await signIn(user.email, PASSWORD, code), 401, 'INVALID_CREDENTIALS');
    t.clock.advance(30_000);
    expect((await signIn(user.email, PASSWORD, codeNow(user.secret))).statusCode).toBe(200);
    // A phone a step behind still signs in (the window is one step either side).
    t.clock.advance(30_000);
    expect((await signIn(user.email, PASSWORD, codeNow(user.secret, t.clock.time + 30_000))).statusCode).toBe(200);
  });

  test('one code sent twice at once signs in once', async () => {
    const user = await aUserWithTwoFactor('race');
    const code = codeNow(user.secret);
    const answers = await Promise.all([signIn(user.email, PASSWORD, code), signIn(user.email, PASSWORD, code), signIn(user.email, PASSWORD, code)]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 401, 401]);
  });

  test('a wrong code with the right password is a failed sign-in: the same answer as a wrong password, and counted toward the lockouts', async () => {
    const user = await aUserWithTwoFactor('wrongcode');
    const good = codeNow(user.secret);
    const bad = good === '999999' ? '888888' : '999999';
    const wrongCode = await signIn(user.email, PASSWORD, bad);
    expectError(wrongCode, 401, 'INVALID_CREDENTIALS');
    expect(wrongCode.body).toBe((await signIn(user.email, 'a wrong password', good)).body);
    for (let attempt = 2; attempt < PAIR_THRESHOLD; attempt++) expectError(await signIn(user.email, PASSWORD, bad), 401, 'INVALID_CREDENTIALS');
    // Locked now: even the right code and password wait.
    expectError(await signIn(user.email, PASSWORD, codeNow(user.secret)), 401, 'INVALID_CREDENTIALS');
    const failures = await t.database.handle.db.selectFrom('audit_log').select('details').where('action', '=', 'login.failure').where('target_id', '=', user.id).execute();
    expect(failures.filter((row) => (row.details as { reason?: string }).reason === 'wrong_code').length).toBeGreaterThanOrEqual(PAIR_THRESHOLD - 1);
    expect(await t.database.handle.db.selectFrom('audit_log').select('id').where('action', '=', 'login.lockout').where('target_id', '=', user.id).executeTakeFirst()).toBeDefined();
  });

  test('a recovery code signs in once (any case, with or without its dash), and the audit log says so', async () => {
    const user = await aUserWithTwoFactor('recovery');
    const recovery = user.recoveryCodes[3]!;
    expect((await signIn(user.email, PASSWORD, recovery.toUpperCase().replace('-', ' '))).statusCode).toBe(200);
    expectError(await signIn(user.email, PASSWORD, recovery), 401, 'INVALID_CREDENTIALS');
    expect((await as(t.app, user.token)({ method: 'GET', url: '/api/auth/totp' })).json()).toMatchObject({ enabled: true, recoveryCodesLeft: 9 });
    const used = await t.database.handle.db.selectFrom('audit_log').select('details').where('action', '=', 'two_factor.recovery_code_used').where('target_id', '=', user.id).execute();
    expect(used).toEqual([{ details: { recoveryCodesLeft: 9 } }]);
  });
});

describe('turning it off and resetting it', () => {
  test('off with the password only (a wrong one is refused and counted); then the password alone signs in', async () => {
    const user = await aUserWithTwoFactor('off');
    const me = as(t.app, user.token);
    expectError(await me({ method: 'POST', url: '/api/auth/totp/disable', payload: { password: 'not it' } }), 400, 'VALIDATION');
    expect((await me({ method: 'POST', url: '/api/auth/totp/disable', payload: { password: PASSWORD } })).statusCode).toBe(200);
    expect((await signIn(user.email, PASSWORD)).statusCode).toBe(200);
    expectError(await me({ method: 'POST', url: '/api/auth/totp/disable', payload: { password: PASSWORD } }), 409, 'CONFLICT');
  });

  test('an administrator resets a user’s second factor (staff may not); audited', async () => {
    const user = await aUserWithTwoFactor('lostphone');
    const other = await aUserWithTwoFactor('colleague');
    expectError(await as(t.app, other.token)({ method: 'POST', url: `/api/admin/auth/user/${user.id}/totp/reset` }), 403, 'FORBIDDEN');
    const reset = await as(t.app, adminToken)({ method: 'POST', url: `/api/admin/auth/user/${user.id}/totp/reset` });
    expect(reset.statusCode).toBe(200);
    expect(reset.json()).toMatchObject({ reset: true });
    expect((await signIn(user.email, PASSWORD)).statusCode).toBe(200);
    expectError(await as(t.app, adminToken)({ method: 'POST', url: '/api/admin/auth/user/00000000-0000-4000-8000-000000000000/totp/reset' }), 404, 'NOT_FOUND');
    const audit = await t.database.handle.db.selectFrom('audit_log').select(['actor_id', 'details']).where('action', '=', 'two_factor.reset').where('target_id', '=', user.id).execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]!.details).toEqual({ hadSecondFactor: true });
    // A second reset finds nothing to take away, and says so.
    expect((await as(t.app, adminToken)({ method: 'POST', url: `/api/admin/auth/user/${user.id}/totp/reset` })).json()).toMatchObject({ reset: false });
  });
});

describe('a role that requires it', () => {
  test('its member signs in to set it up and is refused everything else until then; it cannot be turned off', async () => {
    const admin = as(t.app, adminToken);
    const role = await admin({ method: 'POST', url: '/api/admin/auth/role', payload: { name: `CASHIER_${run.toUpperCase()}`, permissions: ['tours.read'], requireTwoFactor: true } });
    expect(role.statusCode).toBe(201);
    expect(role.json()).toMatchObject({ requireTwoFactor: true });
    const email = `cashier.${run}@example.test`;
    const { id } = await createUser(t.app, adminToken, { email, roles: [role.json<{ name: string }>().name] });
    const signedIn = await signIn(email, PASSWORD);
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json()).toMatchObject({ twoFactorSetUpRequired: true });
    const me = as(t.app, signedIn.json<{ access_token: string }>().access_token);
    expectError(await me({ method: 'GET', url: '/api/tours' }), 403, 'TOTP_SETUP_REQUIRED');
    expect((await me({ method: 'GET', url: `/api/user/profile/${id}` })).statusCode).toBe(200);
    expect((await me({ method: 'GET', url: '/api/auth/totp' })).json()).toEqual({ enabled: false, required: true, recoveryCodesLeft: 0 });
    const { secret } = (await me({ method: 'POST', url: '/api/auth/totp/setup' })).json<{ secret: string }>();
    expect((await me({ method: 'POST', url: '/api/auth/totp/enable', payload: { code: codeNow(secret) } })).statusCode).toBe(200);
    // The same session carries on, now allowed what the role grants.
    expect((await me({ method: 'GET', url: '/api/tours' })).statusCode).toBe(200);
    expectError(await me({ method: 'POST', url: '/api/auth/totp/disable', payload: { password: PASSWORD } }), 409, 'CONFLICT');
    // Requiring it of a role whose members are signed in takes effect on their next call.
    const reader = (await admin({ method: 'POST', url: '/api/admin/auth/role', payload: { name: `READER_${run.toUpperCase()}`, permissions: ['tours.read'] } })).json<{ id: string; name: string }>();
    const plainEmail = `plain.${run}@example.test`;
    await createUser(t.app, adminToken, { email: plainEmail, roles: [reader.name] });
    const plain = as(t.app, (await login(t.app, { email: plainEmail, password: PASSWORD })).accessToken);
    expect((await plain({ method: 'GET', url: '/api/tours' })).statusCode).toBe(200);
    expect((await admin({ method: 'PATCH', url: `/api/admin/auth/role/${reader.id}`, payload: { requireTwoFactor: true } })).statusCode).toBe(200);
    expectError(await plain({ method: 'GET', url: '/api/tours' }), 403, 'TOTP_SETUP_REQUIRED');
    expect((await admin({ method: 'PATCH', url: `/api/admin/auth/role/${reader.id}`, payload: { requireTwoFactor: false } })).statusCode).toBe(200);
    expect((await plain({ method: 'GET', url: '/api/tours' })).statusCode).toBe(200);
  });
});
