/** Roles and permissions: every route, the catalogue, the safeguards, and changes taking effect on the next call. */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { ALL_PERMISSIONS, PERMISSIONS } from '../../src/shared/permissions.js';
import type { Role } from '../../src/shared/types.js';
import { expectError } from '../helpers/assertions.js';
import { as, createTestApp, createUser, login, type TestApp } from '../helpers/test-app.js';

let t: TestApp;
let admin: ReturnType<typeof as>;
let adminToken: string;

beforeAll(async () => {
  t = await createTestApp();
  adminToken = (await login(t.app, t.admin)).accessToken;
  admin = as(t.app, adminToken);
});
afterAll(async () => t?.close());

async function roleByName(name: string): Promise<Role> {
  const roles: Role[] = (await admin({ method: 'GET', url: '/api/admin/auth/role?pageSize=100' })).json().data;
  return roles.find((role) => role.name === name)!;
}

async function createRole(payload: object): Promise<Role> {
  const response = await admin({ method: 'POST', url: '/api/admin/auth/role', payload });
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

function expectRoleShape(role: Role): void {
  expect(Object.keys(role).sort()).toEqual(['createdAt', 'description', 'id', 'name', 'permissions', 'requireTwoFactor', 'system', 'userCount']);
}

describe('reading roles', () => {
  test('GET /admin/auth/role lists the system roles with permissions, user counts and the system flag', async () => {
    const response = await admin({ method: 'GET', url: '/api/admin/auth/role' });
    expect(response.statusCode).toBe(200);
    const { data, total } = response.json();
    expect(total).toBe(data.length);
    data.forEach(expectRoleShape);
    const adminRole = data.find((role: Role) => role.name === 'ADMIN');
    expect(adminRole).toMatchObject({ system: true, userCount: 1 });
    expect([...adminRole.permissions].sort()).toEqual([...ALL_PERMISSIONS].sort());
    expect(data.find((role: Role) => role.name === 'STAFF')).toMatchObject({ system: true, permissions: ['dashboard.read'] });
  });

  test('GET /admin/auth/role/{id}, and its permissions by id and by name', async () => {
    const staff = await roleByName('STAFF');
    expect((await admin({ method: 'GET', url: `/api/admin/auth/role/${staff.id}` })).json()).toEqual(staff);
    expect((await admin({ method: 'GET', url: `/api/admin/auth/role/${staff.id}/permission` })).json()).toEqual({ data: ['dashboard.read'] });
    expect((await admin({ method: 'GET', url: '/api/admin/auth/role/permission/STAFF' })).json()).toEqual({ data: ['dashboard.read'] });
  });

  test('unknown id or name → 404; malformed → 400', async () => {
    const ghost = '00000000-0000-4000-8000-000000000000';
    expectError(await admin({ method: 'GET', url: `/api/admin/auth/role/${ghost}` }), 404, 'NOT_FOUND');
    expectError(await admin({ method: 'GET', url: `/api/admin/auth/role/${ghost}/permission` }), 404, 'NOT_FOUND');
    expectError(await admin({ method: 'GET', url: '/api/admin/auth/role/permission/NOBODY' }), 404, 'NOT_FOUND');
    expectError(await admin({ method: 'GET', url: '/api/admin/auth/role/nope' }), 400, 'VALIDATION');
    expectError(await admin({ method: 'GET', url: '/api/admin/auth/role/permission/not%20a%20name' }), 400, 'VALIDATION');
  });

  test('GET /admin/auth/permission answers the catalogue', async () => {
    const response = await admin({ method: 'GET', url: '/api/admin/auth/permission' });
    expect(response.json()).toEqual({ data: Object.entries(PERMISSIONS).map(([name, description]) => ({ name, description })) });
  });

  test('list paging, search, sort', async () => {
    await createRole({ name: 'ZETA_GUIDE', description: 'Guides 100%' });
    await createRole({ name: 'ALPHA_DESK', description: 'Front desk' });
    const names = async (query: string) => (await admin({ method: 'GET', url: `/api/admin/auth/role${query}` })).json().data.map((role: Role) => role.name);
    // With the travel domain's starting roles (SALES, PRODUCT, FINANCE, GUIDE).
    expect(await names('?sort=name&order=ASC')).toEqual(['ADMIN', 'ALPHA_DESK', 'FINANCE', 'GUIDE', 'PRODUCT', 'SALES', 'STAFF', 'ZETA_GUIDE']);
    expect(await names('?sort=name&order=DESC&page=1&pageSize=2')).toEqual(['ZETA_GUIDE', 'STAFF']);
    expect(await names('?q=desk')).toEqual(['ALPHA_DESK']);
    expect(await names(`?q=${encodeURIComponent('100%')}`)).toEqual(['ZETA_GUIDE']);
    expect((await names('?sort=userCount&order=DESC'))[0]).toBe('ADMIN');
    for (const query of ['?sort=description', '?page=0', '?pageSize=1000', '?order=up']) {
      expectError(await admin({ method: 'GET', url: `/api/admin/auth/role${query}` }), 400, 'VALIDATION');
    }
  });
});

describe('creating, changing and deleting roles', () => {
  test('POST creates: 201 Role', async () => {
    const role = await createRole({ name: 'TOUR_GUIDE', description: 'Leads tours', permissions: ['dashboard.read', 'users.read', 'users.read'] });
    expectRoleShape(role);
    expect(role).toMatchObject({ name: 'TOUR_GUIDE', description: 'Leads tours', permissions: ['dashboard.read', 'users.read'], system: false, userCount: 0 });
    const minimal = await createRole({ name: 'MINIMAL' });
    expect(minimal).toMatchObject({ description: '', permissions: [] });
  });

  test('a taken name → 409; a bad name, an unknown permission or an unknown field → 400', async () => {
    expectError(await admin({ method: 'POST', url: '/api/admin/auth/role', payload: { name: 'STAFF' } }), 409, 'CONFLICT');
    const before = (await admin({ method: 'GET', url: '/api/admin/auth/role?pageSize=100' })).json();
    for (const payload of [{ name: 'lower_case' }, { name: '1ST' }, { name: '' }, {}, { name: 'X', extra: 1 }, { name: 'X', permissions: 'users.read' }]) {
      expectError(await admin({ method: 'POST', url: '/api/admin/auth/role', payload }), 400, 'VALIDATION');
    }
    const unknown = await admin({ method: 'POST', url: '/api/admin/auth/role', payload: { name: 'X', permissions: ['users.read', 'bookings.fly'] } });
    expectError(unknown, 400, 'VALIDATION');
    expect(unknown.json().errors).toEqual({ permissions: 'unknown permission: bookings.fly' });
    expect((await admin({ method: 'GET', url: '/api/admin/auth/role?pageSize=100' })).json()).toEqual(before);
  });

  test('PATCH renames, describes and replaces permissions', async () => {
    const role = await createRole({ name: 'RENAME_ME', permissions: ['users.read'] });
    const response = await admin({ method: 'PATCH', url: `/api/admin/auth/role/${role.id}`, payload: { name: 'RENAMED', description: 'New', permissions: ['roles.read'] } });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ id: role.id, name: 'RENAMED', description: 'New', permissions: ['roles.read'] });
    expectError(await admin({ method: 'PATCH', url: `/api/admin/auth/role/${role.id}`, payload: { name: 'STAFF' } }), 409, 'CONFLICT');
    expectError(await admin({ method: 'PATCH', url: `/api/admin/auth/role/${role.id}`, payload: { permissions: ['nope.nope'] } }), 400, 'VALIDATION');
    expectError(await admin({ method: 'PATCH', url: '/api/admin/auth/role/00000000-0000-4000-8000-000000000000', payload: { description: 'x' } }), 404, 'NOT_FOUND');
  });

  test('system roles keep their names; their descriptions may change', async () => {
    const staff = await roleByName('STAFF');
    const rename = await admin({ method: 'PATCH', url: `/api/admin/auth/role/${staff.id}`, payload: { name: 'EMPLOYEE' } });
    expectError(rename, 409, 'CONFLICT');
    expect(rename.json().message).toMatch(/system role/);
    expect((await admin({ method: 'PATCH', url: `/api/admin/auth/role/${staff.id}`, payload: { name: 'STAFF', description: 'Everyone' } })).statusCode).toBe(200);
  });

  test('ADMIN’s permissions cannot change; sending the same full list (a form save) is fine', async () => {
    const adminRole = await roleByName('ADMIN');
    const strip = await admin({ method: 'PATCH', url: `/api/admin/auth/role/${adminRole.id}`, payload: { permissions: ['dashboard.read'] } });
    expectError(strip, 409, 'CONFLICT');
    expect(strip.json().message).toMatch(/ADMIN always holds every permission/);
    expectError(await admin({ method: 'DELETE', url: `/api/admin/auth/role/${adminRole.id}/permission/users.read` }), 409, 'CONFLICT');
    const same = await admin({ method: 'PATCH', url: `/api/admin/auth/role/${adminRole.id}`, payload: { description: 'All of it', permissions: adminRole.permissions } });
    expect(same.statusCode).toBe(200);
    expect((await roleByName('ADMIN')).permissions).toEqual(adminRole.permissions);
  });

  test('DELETE: 200 {id}; a system role or a held role → 409 with a clear message', async () => {
    const free = await createRole({ name: 'SHORT_LIVED' });
    const deleted = await admin({ method: 'DELETE', url: `/api/admin/auth/role/${free.id}` });
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toEqual({ id: free.id });
    expectError(await admin({ method: 'DELETE', url: `/api/admin/auth/role/${free.id}` }), 404, 'NOT_FOUND');

    const staff = await roleByName('STAFF');
    const system = await admin({ method: 'DELETE', url: `/api/admin/auth/role/${staff.id}` });
    expectError(system, 409, 'CONFLICT');
    expect(system.json().message).toBe('STAFF is a system role and cannot be deleted.');

    const held = await createRole({ name: 'HELD' });
    await createUser(t.app, adminToken, { email: 'holder1@example.com', roles: ['HELD'] });
    await createUser(t.app, adminToken, { email: 'holder2@example.com', roles: ['HELD', 'STAFF'] });
    const refused = await admin({ method: 'DELETE', url: `/api/admin/auth/role/${held.id}` });
    expectError(refused, 409, 'CONFLICT');
    expect(refused.json().message).toBe('HELD is still held by 2 users: remove the role from them first.');
    expect((await roleByName('HELD')).userCount).toBe(2);
  });
});

describe('granting and revoking permissions', () => {
  test('POST grants (201 with the new list); again changes nothing; unknown → 400', async () => {
    const role = await createRole({ name: 'GRANTEE' });
    const granted = await admin({ method: 'POST', url: `/api/admin/auth/role/${role.id}/permission`, payload: { permission: 'users.read' } });
    expect(granted.statusCode).toBe(201);
    expect(granted.json()).toEqual({ data: ['users.read'] });
    expect((await admin({ method: 'POST', url: `/api/admin/auth/role/${role.id}/permission`, payload: { permission: 'users.read' } })).json()).toEqual({ data: ['users.read'] });
    const unknown = await admin({ method: 'POST', url: `/api/admin/auth/role/${role.id}/permission`, payload: { permission: 'users.fly' } });
    expectError(unknown, 400, 'VALIDATION');
    expect(unknown.json().errors).toEqual({ permission: 'unknown permission: users.fly' });
    for (const payload of [{}, { permission: 5 }, { permission: 'users.read', extra: true }]) {
      expectError(await admin({ method: 'POST', url: `/api/admin/auth/role/${role.id}/permission`, payload }), 400, 'VALIDATION');
    }
    expectError(
      await admin({ method: 'POST', url: '/api/admin/auth/role/00000000-0000-4000-8000-000000000000/permission', payload: { permission: 'users.read' } }),
      404,
      'NOT_FOUND',
    );
  });

  test('DELETE revokes (200 with the new list); revoking one not held changes nothing', async () => {
    const role = await createRole({ name: 'REVOKEE', permissions: ['users.read', 'roles.read'] });
    const revoked = await admin({ method: 'DELETE', url: `/api/admin/auth/role/${role.id}/permission/users.read` });
    expect(revoked.statusCode).toBe(200);
    expect(revoked.json()).toEqual({ data: ['roles.read'] });
    expect((await admin({ method: 'DELETE', url: `/api/admin/auth/role/${role.id}/permission/users.read` })).json()).toEqual({ data: ['roles.read'] });
  });

  test('granting to ADMIN is a no-op (it holds everything)', async () => {
    const adminRole = await roleByName('ADMIN');
    const response = await admin({ method: 'POST', url: `/api/admin/auth/role/${adminRole.id}/permission`, payload: { permission: 'users.read' } });
    expect(response.statusCode).toBe(201);
    expect(response.json().data.sort()).toEqual([...ALL_PERMISSIONS].sort());
  });
});

describe('permissions are checked on every admin route, against current roles', () => {
  test('a STAFF user is refused every admin route with 403 FORBIDDEN, and nothing changes', async () => {
    const staffUser = await createUser(t.app, adminToken, { email: 'just-staff@example.com' });
    const staffCall = as(t.app, (await login(t.app, staffUser)).accessToken);
    const role = await roleByName('STAFF');
    const before = (await admin({ method: 'GET', url: '/api/admin/auth/role?pageSize=100' })).json();
    const routes = [
      { method: 'GET', url: '/api/admin/auth/user' },
      { method: 'POST', url: '/api/admin/auth/signup', payload: { email: 'x@example.com', fullName: 'X', password: 'x-password-long', roles: [] } },
      { method: 'PATCH', url: `/api/admin/auth/user/${staffUser.id}`, payload: { roles: ['ADMIN'] } },
      { method: 'DELETE', url: `/api/admin/auth/user/${staffUser.id}` },
      { method: 'GET', url: '/api/admin/auth/role' },
      { method: 'GET', url: `/api/admin/auth/role/${role.id}` },
      { method: 'POST', url: '/api/admin/auth/role', payload: { name: 'SNEAKY' } },
      { method: 'PATCH', url: `/api/admin/auth/role/${role.id}`, payload: { permissions: ALL_PERMISSIONS } },
      { method: 'DELETE', url: `/api/admin/auth/role/${role.id}` },
      { method: 'GET', url: `/api/admin/auth/role/${role.id}/permission` },
      { method: 'GET', url: '/api/admin/auth/role/permission/ADMIN' },
      { method: 'POST', url: `/api/admin/auth/role/${role.id}/permission`, payload: { permission: 'users.read' } },
      { method: 'DELETE', url: `/api/admin/auth/role/${role.id}/permission/dashboard.read` },
      { method: 'GET', url: '/api/admin/auth/permission' },
    ] as const;
    for (const route of routes) {
      const response = await staffCall(route);
      expectError(response, 403, 'FORBIDDEN');
      // Anonymous callers learn nothing either, even with a bad body.
      expectError(await t.app.inject({ ...route, payload: { bad: true } } as never), 403, 'TOKEN_MISSING');
    }
    expect((await admin({ method: 'GET', url: '/api/admin/auth/role?pageSize=100' })).json()).toEqual(before);
  });

  test('a user reads the permissions of a role they hold, and of no other role without roles.read', async () => {
    const staffUser = await createUser(t.app, adminToken, { email: 'reads-own-role@example.com' });
    const staffCall = as(t.app, (await login(t.app, staffUser)).accessToken);
    const own = await staffCall({ method: 'GET', url: '/api/admin/auth/role/permission/STAFF' });
    expect(own.statusCode).toBe(200);
    expect(own.json()).toEqual({ data: ['dashboard.read'] });
    expectError(await staffCall({ method: 'GET', url: '/api/admin/auth/role/permission/ADMIN' }), 403, 'FORBIDDEN');
    expectError(await staffCall({ method: 'GET', url: '/api/admin/auth/role/permission/NOBODY' }), 403, 'FORBIDDEN');
  });

  test('granting a permission to a role takes effect on the holder’s next call, with the same token', async () => {
    const role = await createRole({ name: 'AUDITOR' });
    const user = await createUser(t.app, adminToken, { email: 'auditor@example.com', roles: ['AUDITOR'] });
    const call = as(t.app, (await login(t.app, user)).accessToken);
    const listUsers = () => call({ method: 'GET', url: '/api/admin/auth/user' });

    expectError(await listUsers(), 403, 'FORBIDDEN');
    await admin({ method: 'POST', url: `/api/admin/auth/role/${role.id}/permission`, payload: { permission: 'users.read' } });
    expect((await listUsers()).statusCode).toBe(200);
    await admin({ method: 'DELETE', url: `/api/admin/auth/role/${role.id}/permission/users.read` });
    expectError(await listUsers(), 403, 'FORBIDDEN');
    await admin({ method: 'PATCH', url: `/api/admin/auth/role/${role.id}`, payload: { permissions: ['users.read'] } });
    expect((await listUsers()).statusCode).toBe(200);
  });

  test('changing a user’s roles takes effect on their next call', async () => {
    const user = await createUser(t.app, adminToken, { email: 'promoted@example.com' });
    const call = as(t.app, (await login(t.app, user)).accessToken);
    expectError(await call({ method: 'GET', url: '/api/admin/auth/role' }), 403, 'FORBIDDEN');
    await admin({ method: 'PATCH', url: `/api/admin/auth/user/${user.id}`, payload: { roles: ['ADMIN'] } });
    expect((await call({ method: 'GET', url: '/api/admin/auth/role' })).statusCode).toBe(200);
    await admin({ method: 'PATCH', url: `/api/admin/auth/user/${user.id}`, payload: { roles: ['STAFF'] } });
    expectError(await call({ method: 'GET', url: '/api/admin/auth/role' }), 403, 'FORBIDDEN');
  });
});

describe('no escalation: nobody grants a permission they do not hold', () => {
  test('a role editor can grant only what they hold, to roles and to new roles', async () => {
    await createRole({ name: 'ROLE_EDITOR', permissions: ['roles.read', 'roles.create', 'roles.update', 'dashboard.read'] });
    const editor = await createUser(t.app, adminToken, { email: 'role-editor@example.com', roles: ['ROLE_EDITOR'] });
    const call = as(t.app, (await login(t.app, editor)).accessToken);
    const editorRole = await roleByName('ROLE_EDITOR');

    const selfPromotion = await call({ method: 'POST', url: `/api/admin/auth/role/${editorRole.id}/permission`, payload: { permission: 'users.delete' } });
    expectError(selfPromotion, 403, 'FORBIDDEN');
    expect(selfPromotion.json().message).toBe('You cannot grant permissions you do not hold yourself: users.delete.');
    expectError(await call({ method: 'PATCH', url: `/api/admin/auth/role/${editorRole.id}`, payload: { permissions: ALL_PERMISSIONS } }), 403, 'FORBIDDEN');
    expectError(await call({ method: 'POST', url: '/api/admin/auth/role', payload: { name: 'BACKDOOR', permissions: ['users.create'] } }), 403, 'FORBIDDEN');
    expect((await roleByName('ROLE_EDITOR')).permissions).toEqual(['dashboard.read', 'roles.create', 'roles.read', 'roles.update']);
    expect(await roleByName('BACKDOOR')).toBeUndefined();

    const allowed = await call({ method: 'POST', url: '/api/admin/auth/role', payload: { name: 'DESK', permissions: ['dashboard.read'] } });
    expect(allowed.statusCode).toBe(201);
    // Keeping permissions the role already has is not a grant.
    const keep = await call({ method: 'PATCH', url: `/api/admin/auth/role/${editorRole.id}`, payload: { description: 'Edits roles', permissions: editorRole.permissions } });
    expect(keep.statusCode).toBe(200);
  });

  test('a user manager cannot hand out ADMIN (or any role with more than they hold)', async () => {
    await createRole({ name: 'PEOPLE_DESK', permissions: ['users.read', 'users.create', 'users.update', 'dashboard.read'] });
    const manager = await createUser(t.app, adminToken, { email: 'people-desk@example.com', roles: ['PEOPLE_DESK'] });
    const call = as(t.app, (await login(t.app, manager)).accessToken);

    const promoteSelf = await call({ method: 'PATCH', url: `/api/admin/auth/user/${manager.id}`, payload: { roles: ['PEOPLE_DESK', 'ADMIN'] } });
    expectError(promoteSelf, 403, 'FORBIDDEN');
    const createAdmin = await call({
      method: 'POST',
      url: '/api/admin/auth/signup',
      payload: { email: 'sneaky-admin@example.com', fullName: 'Sneaky', password: 'sneaky-password-1', roles: ['ADMIN'] },
    });
    expectError(createAdmin, 403, 'FORBIDDEN');
    expect((await admin({ method: 'GET', url: '/api/admin/auth/user?q=sneaky' })).json().total).toBe(0);

    const staffHire = await call({
      method: 'POST',
      url: '/api/admin/auth/signup',
      payload: { email: 'new-hire@example.com', fullName: 'New Hire', password: 'a desk by the window', roles: ['STAFF'] },
    });
    expect(staffHire.statusCode).toBe(201);
    expect((await call({ method: 'PATCH', url: `/api/admin/auth/user/${manager.id}`, payload: { fullName: 'Desk', roles: ['PEOPLE_DESK'] } })).statusCode).toBe(200);
  });
});
