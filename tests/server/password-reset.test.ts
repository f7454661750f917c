/** Forgot / reset password: same answer for everyone, the mailed link, single use, expiry, sessions ended. */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { expectError } from '../helpers/assertions.js';
import { as, createTestApp, createUser, login, readOutbox, refresh, resetTokenFrom, type TestApp } from '../helpers/test-app.js';

let t: TestApp;
let userCount = 0;

beforeAll(async () => {
  t = await createTestApp({ env: { PUBLIC_URL: 'https://office.example.com/backoffice' } });
});
afterAll(async () => t?.close());

const forget = (email: unknown) => t.app.inject({ method: 'POST', url: '/api/auth/forget-password', payload: { email } });
/** Resets, then waits for the notice mail so the outbox is settled for the next step. */
async function reset(token: unknown, password: unknown) {
  const response = await t.app.inject({ method: 'PATCH', url: '/api/auth/reset-password', payload: { token, password } });
  await t.app.background.settled();
  return response;
}

async function newUser() {
  const adminToken = (await login(t.app, t.admin)).accessToken;
  return createUser(t.app, adminToken, { email: `reset-${++userCount}@example.com` });
}

/** Asks for a link and returns the token from the mail. */
async function requestResetToken(email: string): Promise<string> {
  const before = (await readOutbox(t.outboxDir)).length;
  expect((await forget(email)).statusCode).toBe(200);
  await t.app.background.settled();
  const mails = await readOutbox(t.outboxDir);
  expect(mails.length).toBe(before + 1);
  return resetTokenFrom(mails[mails.length - 1]);
}

describe('forget-password', () => {
  test('answers the same for a known and an unknown address; only the known one gets a mail', async () => {
    const user = await newUser();
    const known = await forget(user.email);
    const unknown = await forget('nobody-here@example.com');
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(known.body).toBe(unknown.body);
    expect(Object.keys(known.headers).sort()).toEqual(Object.keys(unknown.headers).sort());

    await t.app.background.settled();
    const mails = await readOutbox(t.outboxDir);
    expect(mails.map((mail) => mail.to)).toEqual([user.email]);
    const [mail] = mails;
    expect(mail.subject).toMatch(/reset/i);
    // The link is built from PUBLIC_URL (never from the Host header), with a 256-bit token.
    expect(mail.text).toMatch(/https:\/\/office\.example\.com\/backoffice\/reset-password\?token=[A-Za-z0-9_-]{43}\n/);
  });

  test('one account gets at most three links an hour, however many addresses ask, and the answers do not tell', async () => {
    const user = await newUser();
    const before = (await readOutbox(t.outboxDir)).filter((mail) => mail.to === user.email).length;
    const answers = [];
    for (let i = 0; i < 8; i++) answers.push(await t.app.inject({ method: 'POST', url: '/api/auth/forget-password', payload: { email: user.email }, remoteAddress: `10.44.0.${i}` }));
    await t.app.background.settled();
    expect(new Set(answers.map((answer) => `${answer.statusCode} ${answer.body}`)).size).toBe(1);
    expect((await readOutbox(t.outboxDir)).filter((mail) => mail.to === user.email).length - before).toBe(3);
    // An hour on, another link.
    t.clock.advance(3_600_001);
    await forget(user.email);
    await t.app.background.settled();
    expect((await readOutbox(t.outboxDir)).filter((mail) => mail.to === user.email).length - before).toBe(4);
  });

  test('the Host header has no say in the link', async () => {
    const user = await newUser();
    const before = (await readOutbox(t.outboxDir)).length;
    await t.app.inject({ method: 'POST', url: '/api/auth/forget-password', headers: { host: 'evil.example' }, payload: { email: user.email } });
    await t.app.background.settled();
    const mail = (await readOutbox(t.outboxDir))[before];
    expect(mail.text).not.toContain('evil.example');
  });

  test('the address matches in any case', async () => {
    const user = await newUser();
    const token = await requestResetToken(user.email.toUpperCase());
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  test('a disabled account gets no mail', async () => {
    const user = await newUser();
    const adminToken = (await login(t.app, t.admin)).accessToken;
    await as(t.app, adminToken)({ method: 'PATCH', url: `/api/admin/auth/user/${user.id}`, payload: { status: 'disabled' } });
    const before = (await readOutbox(t.outboxDir)).length;
    expect((await forget(user.email)).statusCode).toBe(200);
    await t.app.background.settled();
    expect((await readOutbox(t.outboxDir)).length).toBe(before);
  });

  test('only the hash of the token is stored', async () => {
    const user = await newUser();
    const token = await requestResetToken(user.email);
    const rows = await t.database.handle.db.selectFrom('password_reset_tokens').select('token_hash').execute();
    expect(rows.some((row) => row.token_hash === token)).toBe(false);
    expect(rows.every((row) => /^[0-9a-f]{64}$/.test(row.token_hash))).toBe(true);
  });

  test.each([
    ['not an e-mail', { email: 'not-an-email' }],
    ['missing e-mail', {}],
    ['unknown field', { email: 'a@example.com', role: 'ADMIN' }],
  ])('%s → 400 VALIDATION', async (_name, body) => {
    const response = await t.app.inject({ method: 'POST', url: '/api/auth/forget-password', payload: body });
    expectError(response, 400, 'VALIDATION');
  });
});

describe('reset-password', () => {
  test('sets the new password, ends every session, and mails a notice', async () => {
    const user = await newUser();
    const sessionA = await login(t.app, user);
    const sessionB = await login(t.app, { ...user, persist: true });
    const token = await requestResetToken(user.email);

    const response = await reset(token, 'a-brand-new-password');
    expect(response.statusCode).toBe(200);
    expect(typeof response.json().message).toBe('string');

    for (const session of [sessionA, sessionB]) {
      expectError(await refresh(t.app, session.refreshToken), 403, 'REFRESH_INVALID');
      expectError(await as(t.app, session.accessToken)({ method: 'GET', url: `/api/user/profile/${user.id}` }), 403, 'TOKEN_INVALID');
    }
    await expect(login(t.app, user)).rejects.toThrow(/401/);
    expect((await login(t.app, { email: user.email, password: 'a-brand-new-password' })).accessToken).toBeTruthy();

    await t.app.background.settled();
    const mails = await readOutbox(t.outboxDir);
    expect(mails[mails.length - 1]).toMatchObject({ to: user.email, subject: expect.stringMatching(/changed/i) });
    expect(mails[mails.length - 1].text).not.toContain('a-brand-new-password');
  });

  test('a token works once', async () => {
    const user = await newUser();
    const token = await requestResetToken(user.email);
    expect((await reset(token, 'first-new-password')).statusCode).toBe(200);
    expectError(await reset(token, 'second-new-password'), 400, 'RESET_TOKEN_INVALID');
  });

  test('using one token spends the others of the same user', async () => {
    const user = await newUser();
    const older = await requestResetToken(user.email);
    const newer = await requestResetToken(user.email);
    expect((await reset(newer, 'first-new-password')).statusCode).toBe(200);
    expectError(await reset(older, 'second-new-password'), 400, 'RESET_TOKEN_INVALID');
  });

  test('a token expires after 30 minutes', async () => {
    const user = await newUser();
    const token = await requestResetToken(user.email);
    t.clock.advance(30 * 60 * 1000 + 1);
    expectError(await reset(token, 'too-late-password'), 400, 'RESET_TOKEN_INVALID');
    const fresh = await requestResetToken(user.email);
    t.clock.advance(29 * 60 * 1000);
    expect((await reset(fresh, 'just-in-time-password')).statusCode).toBe(200);
  });

  test('an unknown token is refused and changes nothing', async () => {
    const response = await reset('C'.repeat(43), 'some-new-password');
    expectError(response, 400, 'RESET_TOKEN_INVALID');
    expect(response.json().message).toMatch(/invalid or has expired/);
  });

  test.each([
    ['too short', 'x'.repeat(11), 'must be at least 12 characters long'],
    ['too long', 'x'.repeat(129), 'must be at most 128 characters long'],
  ])('a password %s is refused with a field message, and the token stays usable', async (_name, password, message) => {
    const user = await newUser();
    const token = await requestResetToken(user.email);
    const response = await reset(token, password);
    expectError(response, 400, 'VALIDATION');
    expect(response.json().errors).toEqual({ password: message });
    expect((await reset(token, 'Gq7#vLp2!xZm')).statusCode).toBe(200);
    expect((await login(t.app, { email: user.email, password: 'Gq7#vLp2!xZm' })).accessToken).toBeTruthy();
  });

  test('missing fields, wrong types and unknown fields → 400 VALIDATION', async () => {
    const cases: unknown[] = [{}, { token: 'abc' }, { token: 5, password: 'long-enough-password' }, { token: 'abc', password: 'long-enough-password', userId: 'x' }];
    for (const body of cases) {
      expectError(await t.app.inject({ method: 'PATCH', url: '/api/auth/reset-password', payload: body as object }), 400, 'VALIDATION');
    }
  });
});
