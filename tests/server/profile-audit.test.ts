/** Your own profile (name, password with the current one) and the read-only audit log. */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { AuditEntry, User } from '../../src/shared/types.js';
import { decodeJwt, expectError } from '../helpers/assertions.js';
import { as, createTestApp, createUser, login, readOutbox, refresh, type TestApp } from '../helpers/test-app.js';

let t: TestApp;
let admin: ReturnType<typeof as>;
let adminId: string;

beforeAll(async () => {
  t = await createTestApp();
  const session = await login(t.app, t.admin);
  admin = as(t.app, session.accessToken);
  adminId = decodeJwt(session.accessToken).payload.userId;
});
afterAll(async () => t?.close());

async function auditOf(query = ''): Promise<{ data: AuditEntry[]; total: number }> {
  const response = await admin({ method: 'GET', url: `/api/admin/audit${query}` });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

describe('PATCH /user/profile/{id}', () => {
  test('anyone signed in changes their own name, without any permission', async () => {
    const user = await createUser(t.app, (await login(t.app, t.admin)).accessToken, { email: 'rename-me@example.com', fullName: 'Old Name' });
    const me = as(t.app, (await login(t.app, user)).accessToken);
    const response = await me({ method: 'PATCH', url: `/api/user/profile/${user.id}`, payload: { fullName: '  New Name  ' } });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<User>()).toMatchObject({ id: user.id, fullName: 'New Name', roles: ['STAFF'] });
    const entry = (await auditOf(`?action=profile.updated&targetId=${user.id}`)).data[0];
    expect(entry).toMatchObject({ action: 'profile.updated', actorId: user.id, actorEmail: user.email, targetId: user.id });
  });

  test('not someone else’s, not even as an administrator: 403', async () => {
    const other = await createUser(t.app, (await login(t.app, t.admin)).accessToken, { email: 'not-yours@example.com', fullName: 'Kept' });
    expectError(await admin({ method: 'PATCH', url: `/api/user/profile/${other.id}`, payload: { fullName: 'Taken over' } }), 403, 'FORBIDDEN');
    expect((await admin({ method: 'GET', url: `/api/user/profile/${other.id}` })).json<User>().fullName).toBe('Kept');
  });

  test('a new password needs the current one; a wrong one is a field error and changes nothing', async () => {
    const user = await createUser(t.app, (await login(t.app, t.admin)).accessToken, { email: 'change-pw@example.com' });
    const me = as(t.app, (await login(t.app, user)).accessToken);
    const url = `/api/user/profile/${user.id}`;
    const missing = await me({ method: 'PATCH', url, payload: { newPassword: 'brand new river stones' } });
    expectError(missing, 400, 'VALIDATION');
    expect(missing.json().errors).toEqual({ currentPassword: 'is required to set a new password' });
    const wrong = await me({ method: 'PATCH', url, payload: { currentPassword: 'not my password', newPassword: 'brand new river stones' } });
    expectError(wrong, 400, 'VALIDATION');
    expect(wrong.json().errors).toEqual({ currentPassword: 'is not correct' });
    const same = await me({ method: 'PATCH', url, payload: { currentPassword: user.password, newPassword: user.password } });
    expect(same.json().errors).toEqual({ newPassword: 'must differ from the current password' });
    const common = await me({ method: 'PATCH', url, payload: { currentPassword: user.password, newPassword: 'password1234' } });
    expect(Object.keys(common.json().errors)).toEqual(['newPassword']);
    // Still the old password.
    await login(t.app, user);
  });

  test('changing the password keeps this session, ends the others, mails a notice and is audited', async () => {
    const user = await createUser(t.app, (await login(t.app, t.admin)).accessToken, { email: 'rotate-pw@example.com' });
    const here = await login(t.app, user);
    const elsewhere = await login(t.app, user);
    const me = as(t.app, here.accessToken);
    const response = await me({
      method: 'PATCH',
      url: `/api/user/profile/${user.id}`,
      payload: { currentPassword: user.password, newPassword: 'a brand new travel phrase' },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.body).not.toMatch(/password|hash/i);
    // This session goes on; the other one is over.
    expect((await me({ method: 'GET', url: `/api/user/profile/${user.id}` })).statusCode).toBe(200);
    expect((await refresh(t.app, here.refreshToken)).statusCode).toBe(200);
    expectError(await as(t.app, elsewhere.accessToken)({ method: 'GET', url: `/api/user/profile/${user.id}` }), 403, 'TOKEN_INVALID');
    expectError(await refresh(t.app, elsewhere.refreshToken), 403, 'REFRESH_INVALID');
    // New password in, old one out.
    await login(t.app, { email: user.email, password: 'a brand new travel phrase' });
    await expect(login(t.app, user)).rejects.toThrow(/401/);
    await t.app.background.settled();
    expect((await readOutbox(t.outboxDir)).some((mail) => mail.to === user.email && /password/i.test(mail.subject))).toBe(true);
    expect((await auditOf(`?action=password.changed&targetId=${user.id}`)).total).toBe(1);
  });

  test('guessing the current password through a stolen token meets the sign-in throttle', async () => {
    const user = await createUser(t.app, (await login(t.app, t.admin)).accessToken, { email: 'guessed@example.com' });
    const me = as(t.app, (await login(t.app, user)).accessToken);
    const url = `/api/user/profile/${user.id}`;
    for (let i = 0; i < 5; i += 1) {
      await me({ method: 'PATCH', url, payload: { currentPassword: `guess number ${i}`, newPassword: 'the thief wants this one' } });
    }
    // Locked now: even the right current password is refused the same way.
    const right = await me({ method: 'PATCH', url, payload: { currentPassword: user.password, newPassword: 'the thief wants this one' } });
    expect(right.json().errors).toEqual({ currentPassword: 'is not correct' });
    t.clock.advance(60_000);
    const later = await me({ method: 'PATCH', url, payload: { currentPassword: user.password, newPassword: 'the owner wants this one' } });
    expect(later.statusCode, later.body).toBe(200);
  });

  test('an empty change or an unknown field is refused', async () => {
    expectError(await admin({ method: 'PATCH', url: `/api/user/profile/${adminId}`, payload: {} }), 400, 'VALIDATION');
    expectError(await admin({ method: 'PATCH', url: `/api/user/profile/${adminId}`, payload: { roles: ['ADMIN'] } }), 400, 'VALIDATION');
    expectError(await admin({ method: 'PATCH', url: `/api/user/profile/${adminId}`, payload: { fullName: '   ' } }), 400, 'VALIDATION');
  });
});

describe('GET /admin/audit', () => {
  test('needs audit.read: a STAFF user gets 403, anonymous callers TOKEN_MISSING', async () => {
    const staff = await createUser(t.app, (await login(t.app, t.admin)).accessToken, { email: 'no-audit@example.com' });
    expectError(await as(t.app, (await login(t.app, staff)).accessToken)({ method: 'GET', url: '/api/admin/audit' }), 403, 'FORBIDDEN');
    expectError(await t.app.inject({ method: 'GET', url: '/api/admin/audit' }), 403, 'TOKEN_MISSING');
  });

  test('newest first, with actor, target, address and user agent; paged with a total', async () => {
    await t.app.inject({
      method: 'POST',
      url: '/api/auth/login?g-recaptcha-response=test-captcha-ok',
      payload: { email: t.admin.email, password: 'wrong password here' },
      headers: { 'user-agent': 'AuditTest/1.0' },
    });
    const { data, total } = await auditOf('?pageSize=5');
    expect(data).toHaveLength(5);
    expect(total).toBeGreaterThan(5);
    // The unfiltered total is a count the database keeps (migration 0004): it matches a real count.
    const counted = await sql<{ n: number }>`select count(*)::int as n from audit_log`.execute(t.app.db);
    expect(total).toBe(counted.rows[0].n);
    const times = data.map((entry) => entry.at);
    expect([...times].sort().reverse()).toEqual(times);
    const failure = (await auditOf('?action=login.failure')).data[0];
    expect(failure).toMatchObject({ action: 'login.failure', userAgent: 'AuditTest/1.0', targetType: 'user', details: { reason: 'wrong_password' } });
    expect(failure.ip).toBeTruthy();
    const page2 = await auditOf('?pageSize=5&page=2');
    expect(page2.data.map((e) => e.id)).not.toContain(data[0].id);
  });

  test('filters: several actions, actor, target, time range and a search; bad filters are 400', async () => {
    const user = await createUser(t.app, (await login(t.app, t.admin)).accessToken, { email: 'audited-person@example.com' });
    const created = await auditOf(`?action=user.created&targetId=${user.id}`);
    expect(created.total).toBe(1);
    expect(created.data[0]).toMatchObject({ actorId: adminId, details: { email: 'audited-person@example.com' } });
    const both = await auditOf('?action=user.created&action=login.success&pageSize=100');
    expect(new Set(both.data.map((e) => e.action))).toEqual(new Set(['user.created', 'login.success']));
    expect((await auditOf(`?actorId=${adminId}&pageSize=100`)).data.every((e) => e.actorId === adminId)).toBe(true);
    expect((await auditOf('?q=AUDITED-PERSON')).total).toBe(0); // the search covers the actor's e-mail, not details
    expect((await auditOf(`?q=${encodeURIComponent(t.admin.email.toUpperCase())}`)).total).toBeGreaterThan(0);
    const future = new Date(t.clock.now() + 60_000).toISOString();
    expect((await auditOf(`?since=${future}`)).total).toBe(0);
    expect((await auditOf(`?until=${future}`)).total).toBeGreaterThan(0);
    expectError(await admin({ method: 'GET', url: `/api/admin/audit?since=${future}&until=${future}` }), 400, 'VALIDATION');
    expectError(await admin({ method: 'GET', url: '/api/admin/audit?action=user.hacked' }), 400, 'VALIDATION');
    expectError(await admin({ method: 'GET', url: '/api/admin/audit?actorId=1' }), 400, 'VALIDATION');
    expectError(await admin({ method: 'GET', url: '/api/admin/audit?since=yesterday' }), 400, 'VALIDATION');
  });

  test("a search finds the actor's e-mail, the address and the target, newest first, paged, with the actor's e-mail on each entry", async () => {
    const token = (await login(t.app, t.admin)).accessToken;
    const searched = await createUser(t.app, token, { email: 'searched-person@example.com' });
    await login(t.app, searched);
    await login(t.app, searched);
    // By the actor's e-mail: the entries the searched person made (their sign-ins).
    const byActor = await auditOf(`?q=${encodeURIComponent('SEARCHED-PERSON@')}&pageSize=100`);
    expect(byActor.total).toBeGreaterThanOrEqual(2);
    const own = byActor.data.filter((entry) => entry.actorId === searched.id);
    expect(own.length).toBeGreaterThanOrEqual(2);
    expect(own.every((entry) => entry.actorEmail === 'searched-person@example.com')).toBe(true);
    // By the target: the administrator's creation of the account names it.
    const byTarget = await auditOf(`?q=${searched.id}&pageSize=100`);
    expect(byTarget.data.some((entry) => entry.action === 'user.created' && entry.actorEmail === t.admin.email)).toBe(true);
    // Newest first, and the pages of a search are its matches cut in order, with the same total.
    const all = await auditOf(`?q=${encodeURIComponent('searched-person')}&pageSize=100`);
    const times = all.data.map((entry) => entry.at);
    expect([...times].sort().reverse()).toEqual(times);
    const first = await auditOf(`?q=${encodeURIComponent('searched-person')}&pageSize=1&page=1`);
    const second = await auditOf(`?q=${encodeURIComponent('searched-person')}&pageSize=1&page=2`);
    expect([first.data[0].id, second.data[0].id]).toEqual(all.data.slice(0, 2).map((entry) => entry.id));
    expect(first.total).toBe(all.total);
    // By the address the requests came from.
    const address = own[0].ip!;
    expect((await auditOf(`?q=${encodeURIComponent(address)}&pageSize=100`)).data.some((entry) => entry.ip === address)).toBe(true);
  });

  test('read-only: no route writes to it', async () => {
    for (const method of ['POST', 'PATCH', 'PUT', 'DELETE'] as const) {
      expectError(await admin({ method, url: '/api/admin/audit', payload: {} }), 404, 'NOT_FOUND');
    }
  });
});
