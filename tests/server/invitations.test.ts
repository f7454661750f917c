/**
 * Invitations: a user created without a password gets a single-use link, valid 7 days, to choose
 * one under the password policy; the administrator can send a new link (the old one stops
 * working); the user is "invited" until the first sign-in; both actions are audited.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import type { AuditEntry, User } from '../../src/shared/types.js';
import { isAwaitingFirstSignIn } from '../../src/shared/types.js';
import { expectError } from '../helpers/assertions.js';
import { as, createTestApp, createUser, login, readOutbox, resetTokenFrom, type TestApp } from '../helpers/test-app.js';

let t: TestApp;
let adminToken: string;
let invitedCount = 0;

beforeAll(async () => {
  t = await createTestApp({ env: { PUBLIC_URL: 'https://office.example.com' } });
});
// A fresh token per test: one test moves the clock by a week.
beforeEach(async () => {
  adminToken = (await login(t.app, t.admin)).accessToken;
});
afterAll(async () => t?.close());

const admin = () => as(t.app, adminToken);

async function mailsTo(email: string) {
  await t.app.background.settled();
  return (await readOutbox(t.outboxDir)).filter((mail) => mail.to === email);
}

async function invite(fullName = 'Invited Person'): Promise<User> {
  const email = `invited-${++invitedCount}@example.com`;
  const response = await admin()({ method: 'POST', url: '/api/admin/auth/signup', payload: { email, fullName, roles: ['STAFF'], invite: true } });
  expect(response.statusCode).toBe(201);
  return response.json<User>();
}

const accept = (token: string, password: string) => t.app.inject({ method: 'PATCH', url: '/api/auth/reset-password', payload: { token, password } });
const signIn = (email: string, password: string) =>
  t.app.inject({ method: 'POST', url: '/api/auth/login?g-recaptcha-response=test-captcha-ok', payload: { email, password } });

async function auditOf(userId: string): Promise<string[]> {
  const response = await admin()({ method: 'GET', url: `/api/admin/audit?targetId=${userId}&pageSize=50` });
  return response.json<{ data: AuditEntry[] }>().data.map((entry) => entry.action).reverse();
}

describe('inviting a new user', () => {
  test('creates the user as invited, mails a link valid 7 days, and nobody can sign in before it is used', async () => {
    const user = await invite('Nora Newcomer');
    expect(user.invitedAt).not.toBeNull();
    expect(user.lastLoginAt).toBeNull();
    expect(isAwaitingFirstSignIn(user)).toBe(true);
    const [mail] = await mailsTo(user.email);
    expect(mail.subject).toBe('You are invited to Travel Back Office');
    expect(mail.text).toContain('Hello Nora Newcomer,');
    expect(mail.text).toMatch(/https:\/\/office\.example\.com\/reset-password\?token=[A-Za-z0-9_%-]+&invitation=1/);
    expect(mail.text).toContain('within 7 days');
    // Whatever password someone guesses, the invited account does not open.
    expectError(await signIn(user.email, 'a-long-enough-password'), 401, 'INVALID_CREDENTIALS');
    expect(await auditOf(user.id)).toEqual(['user.created', 'user.invited', 'login.failure']);
  });

  test('the link sets a password under the policy once; the second use fails; then sign-in works and "invited" ends', async () => {
    const user = await invite();
    const token = resetTokenFrom((await mailsTo(user.email))[0]);
    const weak = await accept(token, 'password1234');
    expectError(weak, 400, 'VALIDATION');
    expect(weak.json().errors).toHaveProperty('password');

    expect((await accept(token, 'Lantern-harbour-quiet-7')).statusCode).toBe(200);
    expectError(await accept(token, 'Another-harbour-quiet-8'), 400, 'RESET_TOKEN_INVALID');

    const stillInvited = (await admin()({ method: 'GET', url: `/api/user/profile/${user.id}` })).json<User>();
    expect(isAwaitingFirstSignIn(stillInvited)).toBe(true); // until the first sign-in

    expect((await signIn(user.email, 'Lantern-harbour-quiet-7')).statusCode).toBe(200);
    const signedIn = (await admin()({ method: 'GET', url: `/api/user/profile/${user.id}` })).json<User>();
    expect(isAwaitingFirstSignIn(signedIn)).toBe(false);
    expect(signedIn.lastLoginAt).not.toBeNull();
    expect(await auditOf(user.id)).toEqual(['user.created', 'user.invited', 'password.reset']);
  });

  test('the link expires after 7 days', async () => {
    const user = await invite();
    const token = resetTokenFrom((await mailsTo(user.email))[0]);
    t.clock.advance(7 * 24 * 60 * 60 * 1000 + 1);
    expectError(await accept(token, 'Lantern-harbour-quiet-7'), 400, 'RESET_TOKEN_INVALID');
  });
});

describe('sending the invitation again', () => {
  test('mails a new link, the old one stops working, and it is audited', async () => {
    const user = await invite();
    const first = resetTokenFrom((await mailsTo(user.email))[0]);
    const response = await admin()({ method: 'POST', url: `/api/admin/auth/user/${user.id}/invitation` });
    expect(response.statusCode).toBe(200);
    expect(response.json<User>().id).toBe(user.id);
    const mails = await mailsTo(user.email);
    expect(mails).toHaveLength(2);
    const second = resetTokenFrom(mails[1]);
    expect(second).not.toBe(first);
    expectError(await accept(first, 'Lantern-harbour-quiet-7'), 400, 'RESET_TOKEN_INVALID');
    expect((await accept(second, 'Lantern-harbour-quiet-7')).statusCode).toBe(200);
    expect(await auditOf(user.id)).toEqual(['user.created', 'user.invited', 'user.invitation_resent', 'password.reset']);
  });

  test('is refused for someone who has signed in, someone disabled, an unknown id, and without users.create', async () => {
    const withPassword = await createUser(t.app, adminToken, { email: 'has-password@example.com' });
    await signIn(withPassword.email, withPassword.password);
    expectError(await admin()({ method: 'POST', url: `/api/admin/auth/user/${withPassword.id}/invitation` }), 409, 'CONFLICT');

    const disabled = await invite();
    await admin()({ method: 'PATCH', url: `/api/admin/auth/user/${disabled.id}`, payload: { status: 'disabled' } });
    expectError(await admin()({ method: 'POST', url: `/api/admin/auth/user/${disabled.id}/invitation` }), 409, 'CONFLICT');

    expectError(await admin()({ method: 'POST', url: '/api/admin/auth/user/00000000-0000-4000-8000-000000000000/invitation' }), 404, 'NOT_FOUND');

    const staff = await login(t.app, withPassword);
    const invited = await invite();
    expectError(await as(t.app, staff.accessToken)({ method: 'POST', url: `/api/admin/auth/user/${invited.id}/invitation` }), 403, 'FORBIDDEN');
    expect(await mailsTo(invited.email)).toHaveLength(1);
  });
});
