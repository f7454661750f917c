/** Menu entries a user lacks the permission for are hidden (react-admin's canAccess). */
import { render, screen } from '@testing-library/react';
import { Admin, Layout as RaLayout, memoryStore, Resource, testDataProvider, type AuthProvider } from 'react-admin';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { expect, test } from 'vitest';
import { createI18nProvider } from '../../../src/client/i18n';
import { Menu } from '../../../src/client/layout/Menu';
import { permissionFor } from '../../../src/client/providers/auth-provider';

function renderWith(permissions: string[]) {
  const authProvider: AuthProvider = {
    login: async () => {},
    logout: async () => {},
    checkAuth: async () => {},
    checkError: async () => {},
    getPermissions: async () => permissions,
    canAccess: async ({ resource, action }) => permissions.includes(permissionFor(resource, action) ?? ''),
  };
  const TestLayout = ({ children }: { children: ReactNode }) => <RaLayout menu={Menu}>{children}</RaLayout>;
  const Empty = () => <p>List</p>;
  const router = createMemoryRouter(
    [
      {
        path: '*',
        element: (
          <Admin authProvider={authProvider} dataProvider={testDataProvider({ getList: async () => ({ data: [], total: 0 }) as never })} store={memoryStore()} layout={TestLayout} i18nProvider={createI18nProvider()} disableTelemetry>
            <Resource name="users" list={Empty} />
            <Resource name="roles" list={Empty} />
          </Admin>
        ),
      },
    ],
    { initialEntries: ['/users'] },
  );
  render(<RouterProvider router={router} />);
}

test('an administrator sees Dashboard, Users and Roles', async () => {
  renderWith(['dashboard.read', 'users.read', 'roles.read']);
  expect(await screen.findByRole('menuitem', { name: 'Roles' })).toBeInTheDocument();
  expect(screen.getByRole('menuitem', { name: 'Users' })).toBeInTheDocument();
  expect(screen.getByRole('menuitem', { name: 'Dashboard' })).toBeInTheDocument();
});

test('staff with dashboard.read only see no admin entries', async () => {
  renderWith(['dashboard.read']);
  expect(await screen.findByRole('menuitem', { name: 'Dashboard' })).toBeInTheDocument();
  await screen.findByText('List').catch(() => undefined);
  expect(screen.queryByRole('menuitem', { name: 'Users' })).toBeNull();
  expect(screen.queryByRole('menuitem', { name: 'Roles' })).toBeNull();
});

test('users.read without roles.read shows Users but not Roles', async () => {
  renderWith(['dashboard.read', 'users.read']);
  expect(await screen.findByRole('menuitem', { name: 'Users' })).toBeInTheDocument();
  expect(screen.queryByRole('menuitem', { name: 'Roles' })).toBeNull();
});
