import PeopleIcon from '@mui/icons-material/People';
import { lazy } from 'react';
import type { RaRecord } from 'react-admin';
import { apiPaths } from '../../../shared/api-paths';
import type { User } from '../../../shared/types';
import type { ResourceModule } from '../resource-module';

/** Loaded when first opened (react-admin's layout shows its loader meanwhile). */
const UserList = lazy(() => import('./UserList').then((module) => ({ default: module.UserList })));
const UserCreate = lazy(() => import('./UserForms').then((module) => ({ default: module.UserCreate })));
const UserEdit = lazy(() => import('./UserForms').then((module) => ({ default: module.UserEdit })));
const UserShow = lazy(() => import('./UserForms').then((module) => ({ default: module.UserShow })));

const users: ResourceModule = {
  name: 'users',
  list: UserList,
  create: UserCreate,
  edit: UserEdit,
  show: UserShow,
  icon: PeopleIcon,
  recordRepresentation: (record: RaRecord) => (record.fullName as string) || (record.email as string),
  menuOrder: 80,
  dashboardCard: true,
  api: {
    path: apiPaths.users,
    recordPath: apiPaths.user,
    createPath: apiPaths.signup,
    filters: ['q', 'role'],
    createBody(data) {
      // The form's choice: mail an invitation (the person chooses a password) or set one now.
      const { email, fullName, password, roles, passwordChoice } = data as Partial<User> & { password?: string; passwordChoice?: 'invite' | 'set' };
      const invite = passwordChoice === 'invite';
      return { email: typeof email === 'string' ? email.trim() : email, fullName, roles: roles ?? [], ...(invite ? { invite: true } : { password }) };
    },
    updateBody(data, previous) {
      const { fullName, roles, status, email } = data as Partial<User>;
      // The address only when it was changed (only an administrator may: the form offers it to them alone).
      const newEmail = typeof email === 'string' && email.trim() !== '' && email.trim() !== previous?.email ? email.trim() : undefined;
      return { fullName, roles, status, ...(newEmail !== undefined && { email: newEmail }) };
    },
    // A user's roles are counted on the roles list.
    linked: ['roles'],
  },
};

export default users;
