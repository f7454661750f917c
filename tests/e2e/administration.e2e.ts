/**
 * Administration: a role with few permissions and a user who holds it, what that user sees and
 * gains; role create, edit, grant, revoke and delete; user edit and delete; the user list's
 * role filter, search, sort and paging. One server for the file.
 */
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, test } from 'vitest';
import { adminClient, type ApiClient } from './api.js';
import { login, screenshot } from './browser.js';
import { setUpSuite } from './suite.js';
import { columnTexts, menuEntry, paginationTotal, path, row, rows, see, signedIn, toast } from './ui.js';

const suite = setUpSuite('administration');
let api: ApiClient;

beforeAll(async () => {
  api = await adminClient(suite.server);
});

async function signInAsAdmin(page: Page): Promise<void> {
  await login(page, suite.server.admin.email, suite.server.admin.password);
  await signedIn(page);
}

/** The role-permission screen of a role: one switch or checkbox per permission of the catalogue. */
function permissionToggle(page: Page, permission: string) {
  return page.getByRole('switch', { name: new RegExp(permission.replace('.', '\\.'), 'i') });
}

async function openRolePermissions(page: Page, roleName: string): Promise<void> {
  await menuEntry(page, 'Roles').click();
  await row(page, roleName).getByRole('link', { name: /permissions/i }).click();
  await page.waitForURL((url) => /^\/roles\/[^/]+\/permissions/.test(url.pathname));
  await permissionToggle(page, 'dashboard.read').waitFor();
}

describe('a role that permits little', () => {
  test('an administrator creates a role and a user who holds it; the user sees only what the role permits, and gains a permission after a reload', async () => {
    const admin = await suite.open();
    await signInAsAdmin(admin.page);

    // The role, through the screens: only dashboard.read and users.read.
    await menuEntry(admin.page, 'Roles').click();
    await admin.page.waitForURL((url) => url.pathname === '/roles');
    await admin.page.getByRole('link', { name: /^create$/i }).click();
    await admin.page.waitForURL((url) => url.pathname === '/roles/create');
    // The form is loaded on demand: until it shows, the list is still on screen.
    await admin.page.getByRole('button', { name: /^save$/i }).waitFor();
    await admin.page.getByLabel(/^name/i).fill('TOUR_DESK');
    await admin.page.getByLabel(/description/i).fill('Tour desk: sees users');
    await admin.page.getByRole('button', { name: /^save$/i }).click();
    await admin.page.waitForURL((url) => /^\/roles\/[^/]+\/show$/.test(url.pathname));
    await see(admin.page, 'TOUR_DESK');
    await openRolePermissions(admin.page, 'TOUR_DESK');
    for (const permission of ['dashboard.read', 'users.read']) {
      await permissionToggle(admin.page, permission).check();
      await expect.poll(() => permissionToggle(admin.page, permission).isChecked()).toBe(true);
    }
    await expect.poll(async () => (await api.roleByName('TOUR_DESK')).permissions.sort()).toEqual(['dashboard.read', 'users.read']);

    // The user, through the screens.
    await menuEntry(admin.page, 'Users').click();
    await admin.page.waitForURL((url) => url.pathname === '/users');
    await admin.page.getByRole('link', { name: /^create$/i }).click();
    await admin.page.waitForURL((url) => url.pathname === '/users/create');
    // The form is loaded on demand: until it shows, the list is still on screen.
    await admin.page.getByRole('button', { name: /^save$/i }).waitFor();
    await admin.page.getByRole('textbox', { name: /e-?mail/i }).fill('desk@e2e.test');
    await admin.page.getByLabel(/^full name/i).fill('Desk Clerk');
    await admin.page.getByRole('radio', { name: /set a password now/i }).check();
    await admin.page.getByLabel(/^password/i).fill('Front-counter-123');
    await admin.page.getByLabel(/roles?/i).first().click();
    await admin.page.getByRole('option', { name: 'TOUR_DESK' }).click();
    await admin.page.keyboard.press('Escape');
    await admin.page.getByRole('button', { name: /^save$/i }).click();
    // A new user starts with STAFF (the dashboard), plus the role chosen here.
    await expect.poll(async () => (await api.userByEmail('desk@e2e.test')).roles.sort()).toEqual(['STAFF', 'TOUR_DESK']);

    // The user signs in elsewhere and sees only what TOUR_DESK permits.
    const desk = await suite.open();
    await login(desk.page, 'desk@e2e.test', 'Front-counter-123');
    await signedIn(desk.page);
    await menuEntry(desk.page, 'Users').waitFor();
    expect(await menuEntry(desk.page, 'Roles').count(), 'no Roles entry without roles.read').toBe(0);
    await menuEntry(desk.page, 'Users').click();
    await see(desk.page, 'desk@e2e.test');
    expect(await desk.page.getByRole('link', { name: /^create$/i }).count(), 'no Create without users.create').toBe(0);
    expect(await desk.page.getByRole('button', { name: /^delete$/i }).count(), 'no Delete without users.delete').toBe(0);
    await row(desk.page, 'desk@e2e.test').click();
    await desk.page.waitForURL((url) => /^\/users\/[^/]+/.test(url.pathname));
    await see(desk.page, 'Desk Clerk');
    expect(await desk.page.getByRole('button', { name: /^delete$/i }).count(), 'no Delete on the record without users.delete').toBe(0);
    expect(await desk.page.getByRole('link', { name: /^edit$/i }).count(), 'no Edit without users.update').toBe(0);
    await screenshot(desk.page, 'journey-limited-role-users');
    // The server is the authority: the roles list is refused to this user.
    await desk.page.goto('/roles');
    await signedIn(desk.page);
    expect(await desk.page.getByText('TOUR_DESK', { exact: true }).count(), 'no roles shown without roles.read').toBe(0);

    // The administrator grants roles.read on the role-permission screen.
    await openRolePermissions(admin.page, 'TOUR_DESK');
    await permissionToggle(admin.page, 'roles.read').check();
    await expect.poll(async () => (await api.roleByName('TOUR_DESK')).permissions.sort()).toEqual(['dashboard.read', 'roles.read', 'users.read']);

    // A reload, without signing in again, brings the Roles entry and the roles list.
    await desk.page.goto('/dashboard');
    await desk.page.reload();
    await signedIn(desk.page);
    expect(path(desk.page)).toBe('/dashboard');
    await menuEntry(desk.page, 'Roles').click();
    await see(desk.page, 'TOUR_DESK');
    expect(await desk.page.getByRole('link', { name: /^create$/i }).count(), 'no Create without roles.create').toBe(0);
    await screenshot(desk.page, 'journey-limited-role-roles');
  });
});

describe('roles', () => {
  test('create, edit, grant and revoke a permission, delete refused while held (with a clear message) and accepted once unheld', async () => {
    const { page } = await suite.open();
    await signInAsAdmin(page);

    await menuEntry(page, 'Roles').click();
    await page.waitForURL((url) => url.pathname === '/roles');
    await page.getByRole('link', { name: /^create$/i }).click();
    await page.waitForURL((url) => url.pathname === '/roles/create');
    // The form is loaded on demand: until it shows, the list is still on screen.
    await page.getByRole('button', { name: /^save$/i }).waitFor();
    await page.getByLabel(/^name/i).fill('TOUR_LEADER');
    await page.getByLabel(/description/i).fill('Guides');
    await page.getByRole('button', { name: /^save$/i }).click();
    // Saved: the app moves on to the new role's page.
    await page.waitForURL((url) => /^\/roles\/[^/]+\/show$/.test(url.pathname));
    await see(page, 'TOUR_LEADER');
    const created = await api.roleByName('TOUR_LEADER');
    expect(created.description).toBe('Guides');

    // Edit.
    await page.goto(`/roles/${created.id}`);
    await page.getByLabel(/description/i).fill('Tour guides on the road');
    await page.getByRole('button', { name: /^save$/i }).click();
    // Saved (the form waits for the answer): the app moves on to the role's page, as a person sees it.
    await page.waitForURL((url) => /^\/roles\/[^/]+\/show$/.test(url.pathname));
    await expect.poll(async () => (await api.roleByName('TOUR_LEADER')).description).toBe('Tour guides on the road');

    // Grant, then revoke.
    await openRolePermissions(page, 'TOUR_LEADER');
    await permissionToggle(page, 'users.read').check();
    await expect.poll(async () => (await api.roleByName('TOUR_LEADER')).permissions).toEqual(['users.read']);
    await page.reload();
    await signedIn(page);
    await permissionToggle(page, 'users.read').waitFor();
    expect(await permissionToggle(page, 'users.read').isChecked(), 'the grant is shown after a reload').toBe(true);
    await screenshot(page, 'journey-role-permissions');
    await permissionToggle(page, 'users.read').uncheck();
    await expect.poll(async () => (await api.roleByName('TOUR_LEADER')).permissions).toEqual([]);

    // Delete, refused while someone holds the role.
    const holder = await api.createUser({ email: 'guide@e2e.test', fullName: 'Guide Holder', password: 'Mountain-trail-123', roles: ['TOUR_LEADER'] });
    await page.goto(`/roles/${created.id}`);
    await page.getByRole('button', { name: /^delete$/i }).click();
    await page.getByRole('dialog').getByRole('button', { name: /confirm|delete|yes/i }).click();
    await toast(page, /still held by 1 user/i).waitFor();
    await screenshot(page, 'journey-role-delete-refused');
    expect((await api.roleByName('TOUR_LEADER')).id).toBe(created.id);

    // Accepted once nobody holds it.
    await api.expect(200, 'PATCH', `/api/admin/auth/user/${holder.id}`, { roles: ['STAFF'] });
    await page.goto(`/roles/${created.id}`);
    await page.getByRole('button', { name: /^delete$/i }).click();
    await page.getByRole('dialog').getByRole('button', { name: /confirm|delete|yes/i }).click();
    await page.waitForURL((url) => url.pathname === '/roles');
    await expect.poll(async () => (await api.call('GET', `/api/admin/auth/role/${created.id}`)).status).toBe(404);
    expect(await page.getByText('TOUR_LEADER', { exact: true }).count()).toBe(0);
  });

  test('a system role cannot be deleted, and the screen says why', async () => {
    const { page } = await suite.open();
    await signInAsAdmin(page);
    const staff = await api.roleByName('STAFF');
    await page.goto(`/roles/${staff.id}`);
    const remove = page.getByRole('button', { name: /^delete$/i });
    if ((await remove.count()) > 0 && (await remove.isEnabled())) {
      await remove.click();
      await page.getByRole('dialog').getByRole('button', { name: /confirm|delete|yes/i }).click();
      await toast(page, /system role/i).waitFor();
    }
    expect((await api.roleByName('STAFF')).id).toBe(staff.id);
  });
});

describe('users', () => {
  test('edit a user, then delete them with a confirmation', async () => {
    const user = await api.createUser({ email: 'edit.me@e2e.test', fullName: 'Edit Me', password: 'Edit-password-123', roles: ['STAFF'] });
    const { page } = await suite.open();
    await signInAsAdmin(page);

    await page.goto(`/users/${user.id}`);
    const name = page.getByLabel(/full name/i);
    await expect.poll(() => name.inputValue()).toBe('Edit Me');
    await name.fill('Edited Person');
    await page.getByRole('button', { name: /^save$/i }).click();
    await expect.poll(async () => (await api.userByEmail(user.email)).fullName).toBe('Edited Person');
    await page.waitForURL((url) => !url.pathname.endsWith(user.id));

    // Delete: a confirmation first; cancelling keeps the user.
    await page.goto(`/users/${user.id}`);
    await page.getByRole('button', { name: /^delete$/i }).click();
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    await screenshot(page, 'journey-user-delete-confirmation');
    await dialog.getByRole('button', { name: /cancel|no/i }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect((await api.call('GET', `/api/user/profile/${user.id}`)).status).toBe(200);

    await page.getByRole('button', { name: /^delete$/i }).click();
    await page.getByRole('dialog').getByRole('button', { name: /confirm|delete|yes/i }).click();
    await page.waitForURL((url) => url.pathname === '/users');
    await expect.poll(async () => (await api.call('GET', `/api/user/profile/${user.id}`)).status).toBe(404);
    expect(await page.getByText('edit.me@e2e.test').count()).toBe(0);
  });

  test("the users list's role filter, search, sort and paging", async () => {
    // 26 users: 13 guides named Guide NN, 13 clerks named Clerk NN, created through the API.
    await api.createRole('LIST_GUIDE', ['dashboard.read']);
    const created = [];
    for (let n = 1; n <= 13; n += 1) {
      const nn = String(n).padStart(2, '0');
      created.push(api.createUser({ email: `guide${nn}@list.e2e.test`, fullName: `Guide ${nn}`, password: 'List-password-123', roles: ['LIST_GUIDE'] }));
      created.push(api.createUser({ email: `clerk${nn}@list.e2e.test`, fullName: `Clerk ${nn}`, password: 'List-password-123', roles: ['STAFF'] }));
    }
    await Promise.all(created);
    const total = ((await api.expect<{ total: number }>(200, 'GET', '/api/admin/auth/user?page=1&pageSize=1')).total);
    expect(total).toBeGreaterThanOrEqual(27);

    const { page } = await suite.open();
    await signInAsAdmin(page);
    await menuEntry(page, 'Users').click();
    await rows(page).first().waitFor();
    expect(await paginationTotal(page)).toBe(total);

    // Paging: the first page is full, the next one goes on.
    const firstPage = await rows(page).count();
    expect(firstPage).toBeGreaterThan(0);
    expect(firstPage).toBeLessThan(total);
    const firstEmails = await columnTexts(page, 'E-mail');
    await page.getByRole('button', { name: /go to next page|next/i }).first().click();
    await page.waitForURL((url) => url.searchParams.get('page') === '2');
    await expect.poll(async () => (await columnTexts(page, 'E-mail')).join()).not.toBe(firstEmails.join());
    const secondEmails = await columnTexts(page, 'E-mail');
    expect(secondEmails.filter((email) => firstEmails.includes(email))).toEqual([]);
    await screenshot(page, 'journey-users-page-2');

    // Sort by e-mail, ascending then descending.
    await page.getByRole('columnheader', { name: /e-?mail/i }).getByRole('button').click();
    await page.waitForURL((url) => url.searchParams.get('sort') === 'email');
    await page.waitForURL((url) => url.searchParams.get('page') === '1' || !url.searchParams.has('page'));
    // The server sorts e-mail addresses by code point.
    const isSorted = (texts: string[], direction: 1 | -1) => texts.every((text, i) => i === 0 || (direction === 1 ? texts[i - 1] <= text : texts[i - 1] >= text));
    await expect.poll(async () => isSorted(await columnTexts(page, 'E-mail'), 1)).toBe(true);
    const ascending = await columnTexts(page, 'E-mail');
    await page.getByRole('columnheader', { name: /e-?mail/i }).getByRole('button').click();
    await page.waitForURL((url) => url.searchParams.get('order') === 'DESC');
    await expect.poll(async () => (await columnTexts(page, 'E-mail'))[0]).not.toBe(ascending[0]);
    await expect.poll(async () => isSorted(await columnTexts(page, 'E-mail'), -1)).toBe(true);

    // Filter by role.
    await page.getByLabel(/^role$/i).click();
    await page.getByRole('option', { name: 'LIST_GUIDE' }).click();
    await expect.poll(() => paginationTotal(page)).toBe(13);
    const guides = await columnTexts(page, 'E-mail');
    expect(guides.every((email) => email.startsWith('guide'))).toBe(true);

    // Search within the filter.
    await page.getByRole('textbox', { name: /search/i }).fill('guide07');
    await expect.poll(() => rows(page).count()).toBe(1);
    await see(page, 'Guide 07');
    await screenshot(page, 'journey-users-filtered');

    // Search on its own (the role filter cleared).
    // The list remembers its filters across reloads (react-admin's store): clear them in the URL.
    await page.goto('/users?filter=%7B%7D&page=1');
    // Type once the page has settled (every user listed, the role filter offered), as a person would.
    await expect.poll(() => paginationTotal(page)).toBe(total);
    await page.getByLabel(/^role$/i).waitFor();
    const searchBox = page.getByRole('textbox', { name: /search/i });
    expect(await searchBox.inputValue()).toBe('');
    await searchBox.fill('clerk1');
    await expect.poll(() => paginationTotal(page)).toBe(4); // clerk10..clerk13
    expect(await searchBox.inputValue()).toBe('clerk1');
  });
});
