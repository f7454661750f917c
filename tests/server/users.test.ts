/** Users: profile, list (paging, filters, search, sort), create, update, delete, and their safeguards. */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { User } from '../../src/shared/types.js';
import { decodeJwt, expectError } from '../helpers/assertions.js';
import { as, createTestApp, createUser, login, type TestApp } from '../helpers/test-app.js';

let t: TestApp;
let admin: ReturnType<typeof as>;
let adminId: string;
let staff: { id: string; email: string; password: string };
let staffCall: ReturnType<typeof as>;

beforeAll(async () => {
  t = await createTestApp();
  const session = await login(t.app, t.admin);
  admin = as(t.app, session.accessToken);
  adminId = decodeJwt(session.accessToken).payload.userId;
  staff = await createUser(t.app, session.accessToken, { email: 'staff@example.com', fullName: 'Sam Staff' });
  staffCall = as(t.app, (await login(t.app, staff)).accessToken);
});
afterAll(async () => t?.close());

async function allUsers(): Promise<User[]> {
  return (await admin({ method: 'GET', url: '/api/admin/auth/user?pageSize=100' })).json().data;
}

function expectUserShape(user: User): void {
  expect(Object.keys(user).sort()).toEqual(['createdAt', 'email', 'fullName', 'id', 'invitedAt', 'language', 'lastLoginAt', 'roles', 'status']);
  expect(user.id).toMatch(/^[0-9a-f-]{36}$/);
  expect(new Date(user.createdAt).toISOString()).toBe(user.createdAt);
}

describe('GET /user/profile/{id}', () => {
  test('your own profile, whatever your permissions', async () => {
    const response = await staffCall({ method: 'GET', url: `/api/user/profile/${staff.id}` });
    expect(response.statusCode).toBe(200);
    expectUserShape(response.json());
    expect(response.json()).toMatchObject({ id: staff.id, email: staff.email, fullName: 'Sam Staff', roles: ['STAFF'], status: 'active' });
    expect(response.body).not.toMatch(/password|hash/i);
  });

  test('someone else’s needs users.read', async () => {
    expectError(await staffCall({ method: 'GET', url: `/api/user/profile/${adminId}` }), 403, 'FORBIDDEN');
    const response = await admin({ method: 'GET', url: `/api/user/profile/${staff.id}` });
    expect(response.statusCode).toBe(200);
    expect(response.json().email).toBe(staff.email);
  });

  test('unknown id → 404, malformed id → 400, no token → 403 TOKEN_MISSING', async () => {
    expectError(await admin({ method: 'GET', url: '/api/user/profile/00000000-0000-4000-8000-000000000000' }), 404, 'NOT_FOUND');
    expectError(await admin({ method: 'GET', url: '/api/user/profile/not-a-uuid' }), 400, 'VALIDATION');
    expectError(await admin({ method: 'GET', url: "/api/user/profile/1'%20or%20'1'='1" }), 400, 'VALIDATION');
    expectError(await t.app.inject({ method: 'GET', url: `/api/user/profile/${staff.id}` }), 403, 'TOKEN_MISSING');
  });
});

describe('PATCH /user/profile/{id}: the screens’ language', () => {
  test('is null until chosen, kept on the account once chosen, and only en or de', async () => {
    expect((await staffCall({ method: 'GET', url: `/api/user/profile/${staff.id}` })).json().language).toBeNull();
    const chosen = await staffCall({ method: 'PATCH', url: `/api/user/profile/${staff.id}`, payload: { language: 'de' } });
    expect(chosen.statusCode).toBe(200);
    expect(chosen.json()).toMatchObject({ id: staff.id, language: 'de', fullName: 'Sam Staff' });
    // Another sign-in (another browser) reads it from the account.
    const elsewhere = as(t.app, (await login(t.app, staff)).accessToken);
    expect((await elsewhere({ method: 'GET', url: `/api/user/profile/${staff.id}` })).json().language).toBe('de');
    const refused = await staffCall({ method: 'PATCH', url: `/api/user/profile/${staff.id}`, payload: { language: 'fr' } });
    expectError(refused, 400, 'VALIDATION');
    expect(refused.json().errors).toHaveProperty('language');
    expectError(await staffCall({ method: 'PATCH', url: `/api/user/profile/${adminId}`, payload: { language: 'en' } }), 403, 'FORBIDDEN');
    expect((await staffCall({ method: 'GET', url: `/api/user/profile/${staff.id}` })).json().language).toBe('de');
    await staffCall({ method: 'PATCH', url: `/api/user/profile/${staff.id}`, payload: { language: 'en' } });
  });
});

describe('POST /admin/auth/signup', () => {
  test('creates a user: 201 with the User shape; the new user can sign in', async () => {
    const response = await admin({
      method: 'POST',
      url: '/api/admin/auth/signup',
      payload: { email: 'New.Guide@Example.com', fullName: '  Nora Guide ', password: 'guide-password-1', roles: ['STAFF'] },
    });
    expect(response.statusCode).toBe(201);
    const user = response.json();
    expectUserShape(user);
    expect(user).toMatchObject({ email: 'New.Guide@Example.com', fullName: 'Nora Guide', roles: ['STAFF'], status: 'active', lastLoginAt: null });
    expect((await login(t.app, { email: 'new.guide@example.com', password: 'guide-password-1' })).accessToken).toBeTruthy();
  });

  test('a taken e-mail, in any case → 409 CONFLICT', async () => {
    const response = await admin({
      method: 'POST',
      url: '/api/admin/auth/signup',
      payload: { email: 'STAFF@EXAMPLE.COM', fullName: 'Copy', password: 'copy-password-12', roles: [] },
    });
    expectError(response, 409, 'CONFLICT');
    expect(response.json().message).toMatch(/already exists/);
  });

  test('an unknown role → 400 naming it; nothing is created', async () => {
    const before = await allUsers();
    const response = await admin({
      method: 'POST',
      url: '/api/admin/auth/signup',
      payload: { email: 'ghost@example.com', fullName: 'Ghost', password: 'haunted lighthouse keeper', roles: ['STAFF', 'NO_SUCH_ROLE'] },
    });
    expectError(response, 400, 'VALIDATION');
    expect(response.json().errors).toEqual({ roles: 'unknown role: NO_SUCH_ROLE' });
    expect(await allUsers()).toEqual(before);
  });

  test.each([
    ['missing fields', {}, ['email', 'fullName', 'roles']],
    ['neither a password nor an invitation', { email: 'p@example.com', fullName: 'N', roles: [] }, ['password']],
    ['both a password and an invitation', { email: 'p@example.com', fullName: 'N', password: 'long-enough-pass', roles: [], invite: true }, ['password']],
    ['bad e-mail', { email: 'nope', fullName: 'N', password: 'long-enough-pass', roles: [] }, ['email']],
    ['short password', { email: 'p@example.com', fullName: 'N', password: 'short', roles: [] }, ['password']],
    ['blank name', { email: 'p@example.com', fullName: '   ', password: 'long-enough-pass', roles: [] }, ['fullName']],
    ['wrong types', { email: 'p@example.com', fullName: 7, password: 'long-enough-pass', roles: 'STAFF' }, ['fullName', 'roles']],
    ['lower-case role', { email: 'p@example.com', fullName: 'N', password: 'long-enough-pass', roles: ['staff'] }, ['roles.0']],
    ['unknown field', { email: 'p@example.com', fullName: 'N', password: 'long-enough-pass', roles: [], status: 'active' }, ['status']],
  ])('%s → 400 VALIDATION naming the fields; nothing is created', async (_name, payload, fields) => {
    const before = await allUsers();
    const response = await admin({ method: 'POST', url: '/api/admin/auth/signup', payload });
    expectError(response, 400, 'VALIDATION');
    expect(Object.keys(response.json().errors).sort()).toEqual([...fields].sort());
    expect(await allUsers()).toEqual(before);
  });
});

describe('GET /admin/auth/user', () => {
  const listed: string[] = [];
  beforeAll(async () => {
    const token = (await login(t.app, t.admin)).accessToken;
    const people = [
      { email: 'alice@list.test', fullName: 'Alice Anders', roles: ['STAFF'] },
      { email: 'bob@list.test', fullName: 'Bob 50%_off Builder', roles: ['STAFF'] },
      { email: 'carol@list.test', fullName: "Carol O'Connor", roles: ['ADMIN'] },
      { email: 'dave@list.test', fullName: 'Dave 50 percent', roles: [] },
    ];
    for (const person of people) {
      t.clock.advance(1000); // distinct creation times
      listed.push((await createUser(t.app, token, person)).email);
    }
  });
  const list = async (query: string) => admin({ method: 'GET', url: `/api/admin/auth/user${query}` });

  test('answers {data, total}, 25 per page by default, oldest first', async () => {
    const response = await list('');
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(Object.keys(body).sort()).toEqual(['data', 'total']);
    expect(body.total).toBe(body.data.length);
    body.data.forEach(expectUserShape);
    const created = body.data.map((user: User) => user.createdAt);
    expect(created).toEqual([...created].sort());
  });

  test('pages from 1; the total counts every match', async () => {
    const page1 = (await list('?q=list.test&page=1&pageSize=3')).json();
    const page2 = (await list('?q=list.test&page=2&pageSize=3')).json();
    expect(page1.total).toBe(4);
    expect(page1.data.map((user: User) => user.email)).toEqual(listed.slice(0, 3));
    expect(page2.data.map((user: User) => user.email)).toEqual(listed.slice(3));
    expect((await list('?q=list.test&page=99&pageSize=3')).json()).toEqual({ data: [], total: 4 });
  });

  test('filters by role name', async () => {
    const admins = (await list('?role=ADMIN')).json();
    expect(admins.data.every((user: User) => user.roles.includes('ADMIN'))).toBe(true);
    expect(admins.data.map((user: User) => user.email).sort()).toEqual([t.admin.email, 'carol@list.test'].sort());
    expect((await list('?role=NO_SUCH_ROLE')).json()).toEqual({ data: [], total: 0 });
  });

  test('searches e-mail and full name, case-insensitively', async () => {
    expect((await list('?q=ALICE')).json().data.map((user: User) => user.email)).toEqual(['alice@list.test']);
    expect((await list('?q=anders')).json().data.map((user: User) => user.email)).toEqual(['alice@list.test']);
  });

  test('LIKE wildcards and quotes in q are plain text', async () => {
    expect((await list(`?q=${encodeURIComponent('50%_off')}`)).json().data.map((user: User) => user.email)).toEqual(['bob@list.test']);
    expect((await list(`?q=${encodeURIComponent('%')}`)).json().data.map((user: User) => user.email)).toEqual(['bob@list.test']);
    expect((await list(`?q=${encodeURIComponent('_')}`)).json().total).toBe(1);
    expect((await list(`?q=${encodeURIComponent("O'Connor")}`)).json().data.map((user: User) => user.email)).toEqual(['carol@list.test']);
    expect((await list(`?q=${encodeURIComponent("' or 1=1 --")}`)).json()).toEqual({ data: [], total: 0 });
    expect((await list(`?q=${encodeURIComponent('\\')}`)).json()).toEqual({ data: [], total: 0 });
  });

  test('sorts by each whitelisted field, both ways', async () => {
    for (const sort of ['email', 'fullName', 'status', 'createdAt', 'lastLoginAt']) {
      const asc = (await list(`?q=list.test&sort=${sort}&order=ASC`)).json().data.map((user: User) => user.email);
      const desc = (await list(`?q=list.test&sort=${sort}&order=DESC`)).json().data.map((user: User) => user.email);
      expect(asc).toHaveLength(4);
      if (sort !== 'status' && sort !== 'lastLoginAt') expect(desc).toEqual([...asc].reverse());
    }
    const byEmail = (await list('?q=list.test&sort=email&order=DESC')).json().data.map((user: User) => user.email);
    expect(byEmail).toEqual([...listed].sort().reverse());
  });

  test.each([
    ['page=-1', 'page'],
    ['page=0', 'page'],
    ['page=abc', 'page'],
    ['pageSize=1e9', 'pageSize'],
    ['page=2.5', 'page'],
    ['pageSize=10abc', 'pageSize'],
    ['pageSize=101', 'pageSize'],
    ['pageSize=0', 'pageSize'],
    ['sort=password_hash', 'sort'],
    ['sort=email;drop%20table%20users', 'sort'],
    ['order=sideways', 'order'],
    ['role=admin', 'role'],
    [`q=${'x'.repeat(201)}`, 'q'],
  ])('hostile query %s → 400 VALIDATION on %s', async (query, field) => {
    const response = await list(`?${query}`);
    expectError(response, 400, 'VALIDATION');
    expect(Object.keys(response.json().errors)).toEqual([field]);
  });
});

describe('PATCH /admin/auth/user/{id}', () => {
  test('changes name, roles and status; answers the User', async () => {
    const user = await createUser(t.app, (await login(t.app, t.admin)).accessToken, { email: 'patch-me@example.com' });
    const response = await admin({ method: 'PATCH', url: `/api/admin/auth/user/${user.id}`, payload: { fullName: 'Renamed', roles: ['ADMIN', 'STAFF'] } });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ id: user.id, fullName: 'Renamed', roles: ['ADMIN', 'STAFF'], status: 'active' });
    const disabled = await admin({ method: 'PATCH', url: `/api/admin/auth/user/${user.id}`, payload: { status: 'disabled', roles: [] } });
    expect(disabled.json()).toMatchObject({ roles: [], status: 'disabled' });
    expect((await admin({ method: 'PATCH', url: `/api/admin/auth/user/${user.id}`, payload: {} })).json()).toEqual(disabled.json());
  });

  test('unknown user → 404; bad input → 400; unknown role → 400', async () => {
    expectError(await admin({ method: 'PATCH', url: '/api/admin/auth/user/00000000-0000-4000-8000-000000000000', payload: { fullName: 'X' } }), 404, 'NOT_FOUND');
    expectError(await admin({ method: 'PATCH', url: `/api/admin/auth/user/${staff.id}`, payload: { status: 'banned' } }), 400, 'VALIDATION');
    expectError(await admin({ method: 'PATCH', url: `/api/admin/auth/user/${staff.id}`, payload: { email: 'not an address' } }), 400, 'VALIDATION');
    expectError(await admin({ method: 'PATCH', url: `/api/admin/auth/user/${staff.id}`, payload: { roles: ['GHOST'] } }), 400, 'VALIDATION');
    const profile = await admin({ method: 'GET', url: `/api/user/profile/${staff.id}` });
    expect(profile.json()).toMatchObject({ email: staff.email, roles: ['STAFF'], status: 'active' });
  });

  test('you cannot disable yourself', async () => {
    const response = await admin({ method: 'PATCH', url: `/api/admin/auth/user/${adminId}`, payload: { status: 'disabled' } });
    expectError(response, 409, 'CONFLICT');
  });
});

describe('DELETE /admin/auth/user/{id}', () => {
  test('deletes: 200 {id}; the user is gone', async () => {
    const user = await createUser(t.app, (await login(t.app, t.admin)).accessToken, { email: 'delete-me@example.com' });
    const response = await admin({ method: 'DELETE', url: `/api/admin/auth/user/${user.id}` });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ id: user.id });
    expectError(await admin({ method: 'GET', url: `/api/user/profile/${user.id}` }), 404, 'NOT_FOUND');
    expectError(await admin({ method: 'DELETE', url: `/api/admin/auth/user/${user.id}` }), 404, 'NOT_FOUND');
  });

  test('you cannot delete yourself', async () => {
    const response = await admin({ method: 'DELETE', url: `/api/admin/auth/user/${adminId}` });
    expectError(response, 409, 'CONFLICT');
    expect(response.json().message).toBe('You cannot delete your own account.');
  });

  test('malformed id → 400', async () => {
    expectError(await admin({ method: 'DELETE', url: '/api/admin/auth/user/123' }), 400, 'VALIDATION');
  });
});

describe('the last active administrator', () => {
  test('cannot be deleted, disabled or stripped of ADMIN by a user manager; can once another admin exists', async () => {
    const fresh = await createTestApp();
    try {
      const rootSession = await login(fresh.app, fresh.admin);
      const root = as(fresh.app, rootSession.accessToken);
      const rootId = decodeJwt(rootSession.accessToken).payload.userId;
      await root({ method: 'POST', url: '/api/admin/auth/role', payload: { name: 'USER_MANAGER', permissions: ['dashboard.read', 'users.read', 'users.update', 'users.delete'] } });
      const manager = await createUser(fresh.app, rootSession.accessToken, { email: 'manager@example.com', roles: ['USER_MANAGER'] });
      const managerCall = as(fresh.app, (await login(fresh.app, manager)).accessToken);

      const attempts = [
        { method: 'DELETE' as const, url: `/api/admin/auth/user/${rootId}` },
        { method: 'PATCH' as const, url: `/api/admin/auth/user/${rootId}`, payload: { status: 'disabled' } },
        { method: 'PATCH' as const, url: `/api/admin/auth/user/${rootId}`, payload: { roles: ['STAFF'] } },
      ];
      for (const attempt of attempts) {
        const response = await managerCall(attempt);
        expectError(response, 409, 'CONFLICT');
        expect(response.json().message).toMatch(/last active administrator/);
      }
      // Stripping your own ADMIN as the last administrator is refused too.
      expectError(await root({ method: 'PATCH', url: `/api/admin/auth/user/${rootId}`, payload: { roles: [] } }), 409, 'CONFLICT');
      expect((await root({ method: 'GET', url: `/api/user/profile/${rootId}` })).json()).toMatchObject({ roles: ['ADMIN'], status: 'active' });

      // A disabled administrator does not count.
      const second = await createUser(fresh.app, rootSession.accessToken, { email: 'second-admin@example.com', roles: ['ADMIN'] });
      await root({ method: 'PATCH', url: `/api/admin/auth/user/${second.id}`, payload: { status: 'disabled' } });
      expectError(await managerCall(attempts[0]), 409, 'CONFLICT');

      await root({ method: 'PATCH', url: `/api/admin/auth/user/${second.id}`, payload: { status: 'active' } });
      expect((await managerCall(attempts[2])).statusCode).toBe(200);
      expect((await managerCall({ method: 'DELETE', url: `/api/admin/auth/user/${rootId}` })).statusCode).toBe(200);
      // Now `second` is the last one.
      expectError(await managerCall({ method: 'DELETE', url: `/api/admin/auth/user/${second.id}` }), 409, 'CONFLICT');
    } finally {
      await fresh.close();
    }
  });
});

describe('list totals kept by the database', () => {
  test('the total of an unsearched list follows every create, role change and delete exactly', async () => {
    const totals = async (query = '') => (await admin({ method: 'GET', url: `/api/admin/auth/user?pageSize=1${query}` })).json<{ total: number }>().total;
    const counted = async (query: string) => (await admin({ method: 'GET', url: `/api/admin/auth/user?pageSize=100${query}` })).json<{ data: User[] }>().data.length;
    const before = { all: await totals(), staff: await totals('&role=STAFF'), admins: await totals('&role=ADMIN') };
    const created = await createUser(t.app, (await login(t.app, t.admin)).accessToken, { email: 'counted@example.com', roles: ['STAFF'] });
    expect(await totals()).toBe(before.all + 1);
    expect(await totals('&role=STAFF')).toBe(before.staff + 1);
    await admin({ method: 'PATCH', url: `/api/admin/auth/user/${created.id}`, payload: { roles: ['ADMIN'] } });
    expect(await totals('&role=STAFF')).toBe(before.staff);
    expect(await totals('&role=ADMIN')).toBe(before.admins + 1);
    await admin({ method: 'DELETE', url: `/api/admin/auth/user/${created.id}` });
    expect(await totals()).toBe(before.all);
    expect(await totals('&role=ADMIN')).toBe(before.admins);
    // The kept totals agree with counting the rows.
    expect(await totals()).toBe(await counted(''));
    expect(await totals('&role=STAFF')).toBe(await counted('&role=STAFF'));
    expect(await totals('&role=NO_SUCH_ROLE')).toBe(0);
    // A search counts its matches.
    expect(await totals('&q=staff@example')).toBe(1);
  });
});
