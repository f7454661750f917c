/** Every dataProvider method against the real /admin/auth endpoints. */
import { QueryClient } from '@tanstack/react-query';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startTestServer, type TestServer } from '../../helpers/test-server';
import { logOut } from '../../../src/client/providers/auth-state';
import { createAuthProvider } from '../../../src/client/providers/auth-provider';
import { createDataProvider, withLinkedInvalidation, type BackOfficeDataProvider } from '../../../src/client/providers/data-provider';
import { ApiError, createHttpClient } from '../../../src/client/providers/http-client';
import { createCookieJar } from '../cookie-jar';

let server: TestServer;
let data: BackOfficeDataProvider;
let signInAsAdmin: () => Promise<void>;
const password = 'correct horse battery staple';
const page = (perPage = 100, p = 1) => ({ page: p, perPage });

beforeAll(async () => {
  server = await startTestServer();
  logOut();
  const jar = createCookieJar();
  const http = createHttpClient({ baseUrl: `${server.baseUrl}/api/`, fetch: jar.fetch });
  signInAsAdmin = async () => {
    logOut();
    await createAuthProvider(http).login({ email: server.admin.email, password: server.admin.password, persist: false, captcha: server.captchaToken });
  };
  await signInAsAdmin();
  data = createDataProvider(http);
});
afterAll(async () => {
  await server?.close();
});

describe('roles', () => {
  test('create, getOne, getMany, update, getList with search and sort, delete', async () => {
    const { data: guide } = await data.create('roles', { data: { name: 'TOUR_GUIDE', description: 'Guides', permissions: ['dashboard.read'] } });
    expect(guide).toMatchObject({ name: 'TOUR_GUIDE', permissions: ['dashboard.read'], system: false, userCount: 0 });
    const { data: driver } = await data.create('roles', { data: { name: 'DRIVER', permissions: [] } });

    expect((await data.getOne('roles', { id: guide.id })).data.name).toBe('TOUR_GUIDE');
    const many = await data.getMany('roles', { ids: [guide.id, driver.id] });
    expect(many.data.map((r) => r.name)).toEqual(['TOUR_GUIDE', 'DRIVER']);

    const updated = await data.update('roles', { id: guide.id, data: { ...guide, description: 'Tour guides' }, previousData: guide });
    expect(updated.data.description).toBe('Tour guides');

    const sorted = await data.getList('roles', { pagination: page(), sort: { field: 'name', order: 'DESC' }, filter: {} });
    const names = sorted.data.map((r) => r.name);
    expect(names).toEqual([...names].sort().reverse());
    // The seeded GUIDE role and this one.
    const searched = await data.getList('roles', { pagination: page(), sort: { field: 'name', order: 'ASC' }, filter: { q: 'guide' } });
    expect(searched.data.map((r) => r.name)).toEqual(['GUIDE', 'TOUR_GUIDE']);
    expect(searched.total).toBe(2);

    expect((await data.delete('roles', { id: driver.id, previousData: driver })).data.id).toBe(driver.id);
    const afterDelete = await data.getList('roles', { pagination: page(), sort: { field: 'name', order: 'ASC' }, filter: {} });
    expect(afterDelete.data.map((r) => r.name)).not.toContain('DRIVER');
  });

  test('role permissions: read by id and by name, grant, revoke, catalogue', async () => {
    const { data: role } = await data.create('roles', { data: { name: 'AGENT', permissions: [] } });
    expect(await data.getRolePermissions(role.id)).toEqual([]);
    expect(await data.addRolePermission(role.id, 'users.read')).toEqual(['users.read']);
    expect(await data.getRolePermissionsByName('AGENT')).toEqual(['users.read']);
    expect(await data.removeRolePermission(role.id, 'users.read')).toEqual([]);
    const catalogue = await data.getPermissionCatalogue();
    expect(catalogue.map((p) => p.name)).toContain('roles.update');
    const unknown = await data.addRolePermission(role.id, 'bookings.fly').catch((e) => e);
    expect(unknown).toBeInstanceOf(ApiError);
    expect(unknown.status).toBe(400);
  });

  test('deleting a role still held is refused with the server’s message', async () => {
    const { data: role } = await data.create('roles', { data: { name: 'HELD_ROLE', permissions: [] } });
    await data.create('users', { data: { email: 'holder@example.com', fullName: 'Holder', password, roles: ['HELD_ROLE'] } });
    const failure = await data.delete('roles', { id: role.id, previousData: role }).catch((e) => e);
    expect(failure.status).toBe(409);
    expect(failure.message).toMatch(/held|holds|user/i);
  });
});

describe('users', () => {
  test('create, getOne, getMany, update, getList with role filter, search, sort and paging, delete and deleteMany', async () => {
    const created = [];
    for (const [i, name] of ['Ana', 'Bruno', 'Chloe', 'Dmitri', 'Eve'].entries()) {
      const { data: user } = await data.create('users', {
        data: { email: `${name.toLowerCase()}@agency.example`, fullName: `${name} Traveller`, password, roles: i % 2 === 0 ? ['STAFF'] : ['STAFF', 'TOUR_GUIDE'] },
      });
      created.push(user);
    }
    expect(created[0]).toMatchObject({ email: 'ana@agency.example', roles: ['STAFF'], status: 'active' });
    expect((await data.getOne('users', { id: created[1].id })).data.fullName).toBe('Bruno Traveller');
    expect((await data.getMany('users', { ids: [created[0].id, created[2].id] })).data.map((u) => u.email)).toEqual(['ana@agency.example', 'chloe@agency.example']);

    const guides = await data.getList('users', { pagination: page(), sort: { field: 'email', order: 'ASC' }, filter: { role: 'TOUR_GUIDE' } });
    expect(guides.data.map((u) => u.email)).toEqual(['bruno@agency.example', 'dmitri@agency.example']);

    const search = await data.getList('users', { pagination: page(), sort: { field: 'email', order: 'ASC' }, filter: { q: 'agency' } });
    expect(search.total).toBe(5);
    const pageTwo = await data.getList('users', { pagination: page(2, 2), sort: { field: 'email', order: 'DESC' }, filter: { q: 'agency' } });
    expect(pageTwo.data.map((u) => u.email)).toEqual(['chloe@agency.example', 'bruno@agency.example']);
    expect(pageTwo.total).toBe(5);

    const updated = await data.update('users', { id: created[4].id, data: { ...created[4], fullName: 'Eve Explorer', status: 'disabled', roles: ['TOUR_GUIDE'] }, previousData: created[4] });
    expect(updated.data).toMatchObject({ fullName: 'Eve Explorer', status: 'disabled', roles: ['TOUR_GUIDE'] });

    expect((await data.delete('users', { id: created[0].id, previousData: created[0] })).data.id).toBe(created[0].id);
    expect((await data.deleteMany('users', { ids: [created[1].id, created[2].id] })).data).toEqual([created[1].id, created[2].id]);
    const left = await data.getList('users', { pagination: page(), sort: { field: 'email', order: 'ASC' }, filter: { q: 'agency' } });
    expect(left.data.map((u) => u.email)).toEqual(['dmitri@agency.example', 'eve@agency.example']);
  });

  test('a taken e-mail is a 409; a bad field is a 400 whose errors name the field', async () => {
    const taken = await data.create('users', { data: { email: server.admin.email.toUpperCase(), fullName: 'Copy', password, roles: [] } }).catch((e) => e);
    expect(taken.status).toBe(409);
    const bad = await data.create('users', { data: { email: 'not-an-email', fullName: 'Bad', password, roles: [] } }).catch((e) => e);
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.errors)).toContain('email');
  });
});

test('changes to users or roles invalidate both cached lists', async () => {
  const queryClient = new QueryClient();
  const invalidated: unknown[] = [];
  const removed: unknown[] = [];
  const predicates: ((query: { queryKey: readonly unknown[] }) => boolean)[] = [];
  const spy = {
    invalidateQueries: async (filters: { queryKey: readonly unknown[]; predicate?: (query: { queryKey: readonly unknown[] }) => boolean }) => {
      invalidated.push(filters.queryKey);
      if (filters.predicate) predicates.push(filters.predicate);
    },
    removeQueries: (filters: { queryKey: readonly unknown[]; type: 'inactive' }) => void removed.push([filters.type, ...filters.queryKey]),
  };
  const wrapped = withLinkedInvalidation(data, spy);
  await wrapped.create('roles', { data: { name: 'INVALIDATES', permissions: [] } });
  // The changed resource and the one linked to it, in any order.
  expect([...invalidated].sort()).toEqual([['roles'], ['users']]);
  expect([...removed].sort()).toEqual([['inactive', 'roles'], ['inactive', 'users']]);
  invalidated.length = 0;
  await wrapped.getList('roles', { pagination: page(), sort: { field: 'name', order: 'ASC' }, filter: {} });
  expect(invalidated).toEqual([]);

  // A deleted record's own query is not asked for again (it would only answer 404); nor are the
  // deleted resource's lists, which react-admin's delete refetches itself (twice would cancel one
  // request and send another). The other resource's lists are.
  const { data: doomed } = await data.create('roles', { data: { name: 'DOOMED', permissions: [] } });
  predicates.length = 0;
  await wrapped.delete('roles', { id: doomed.id, previousData: doomed });
  expect([...invalidated].sort()).toEqual([['roles'], ['users']]);
  const refetched = (queryKey: unknown[]) => predicates.every((predicate) => predicate({ queryKey }));
  expect(refetched(['roles', 'getOne', { id: String(doomed.id) }])).toBe(false);
  expect(refetched(['roles', 'getOne', { id: 'another' }])).toBe(true);
  expect(refetched(['roles', 'getList', { pagination: page() }])).toBe(false);
  expect(refetched(['users', 'getList', { pagination: page() }])).toBe(true);

  // An update's answer is the record: its own query is not asked for again; lists are.
  const { data: kept } = await data.create('roles', { data: { name: 'KEPT', permissions: [] } });
  predicates.length = 0;
  await wrapped.update('roles', { id: kept.id, data: { description: 'changed' }, previousData: kept });
  expect(refetched(['roles', 'getOne', { id: String(kept.id) }])).toBe(false);
  expect(refetched(['roles', 'getList', { pagination: page() }])).toBe(true);
  expect(refetched(['users', 'getList', { pagination: page() }])).toBe(true);
  queryClient.clear();
});

describe('profile and audit log', () => {
  test('updateProfile changes your own name; a wrong current password comes back as a field error', async () => {
    const jar = createCookieJar();
    const http = createHttpClient({ baseUrl: `${server.baseUrl}/api/`, fetch: jar.fetch });
    const { data: user } = await data.create('users', { data: { email: 'own-profile@example.com', fullName: 'Before', password, roles: ['STAFF'] } });
    logOut();
    await createAuthProvider(http).login({ email: 'own-profile@example.com', password, persist: false, captcha: server.captchaToken });
    const mine = createDataProvider(http);
    expect(await mine.updateProfile(user.id, { fullName: 'After' })).toMatchObject({ id: user.id, fullName: 'After' });
    const refused = await mine.updateProfile(user.id, { currentPassword: 'not the password', newPassword: 'another long password' }).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(ApiError);
    expect((refused as ApiError).status).toBe(400);
    expect((refused as ApiError).body).toMatchObject({ code: 'VALIDATION', errors: { currentPassword: 'is not correct' } });
    // A STAFF user cannot read the audit log.
    const forbidden = await mine.getList('audit', { pagination: page(), sort: { field: 'at', order: 'DESC' }, filter: {} }).catch((e: unknown) => e);
    expect((forbidden as ApiError).status).toBe(403);
    await signInAsAdmin();
  });

  test('getList("audit") maps the filters: one action, a search, a time range given as local date-times', async () => {
    const all = await data.getList('audit', { pagination: page(10), sort: { field: 'at', order: 'DESC' }, filter: {} });
    expect(all.total).toBeGreaterThan(0);
    expect(all.data[0]).toHaveProperty('action');
    const renamed = await data.getList('audit', { pagination: page(), sort: { field: 'at', order: 'DESC' }, filter: { action: 'profile.updated', q: 'own-profile' } });
    expect(renamed.data.map((entry) => entry.action)).toEqual(['profile.updated']);
    const future = await data.getList('audit', { pagination: page(), sort: { field: 'at', order: 'DESC' }, filter: { since: '2999-01-01T00:00' } });
    expect(future.total).toBe(0);
    const blank = await data.getList('audit', { pagination: page(), sort: { field: 'at', order: 'DESC' }, filter: { q: '  ', since: '', action: '' } });
    expect(blank.total).toBe(all.total);
  });
});
