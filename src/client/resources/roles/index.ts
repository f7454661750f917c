import BadgeIcon from '@mui/icons-material/Badge';
import { createElement, lazy } from 'react';
import type { RaRecord } from 'react-admin';
import { apiPaths } from '../../../shared/api-paths';
import type { Role } from '../../../shared/types';
import type { ResourceModule } from '../resource-module';

/** Loaded when first opened (react-admin's layout shows its loader meanwhile). */
const RoleList = lazy(() => import('./RoleList').then((module) => ({ default: module.RoleList })));
const RoleCreate = lazy(() => import('./RoleForms').then((module) => ({ default: module.RoleCreate })));
const RoleEdit = lazy(() => import('./RoleForms').then((module) => ({ default: module.RoleEdit })));
const RoleShow = lazy(() => import('./RoleForms').then((module) => ({ default: module.RoleShow })));
const RolePermissions = lazy(() => import('./RolePermissions'));

const roles: ResourceModule = {
  name: 'roles',
  list: RoleList,
  create: RoleCreate,
  edit: RoleEdit,
  show: RoleShow,
  icon: BadgeIcon,
  recordRepresentation: (record: RaRecord) => record.name as string,
  menuOrder: 90,
  dashboardCard: true,
  routes: [{ path: '/roles/:id/permissions', element: createElement(RolePermissions), title: 'Role permissions' }],
  api: {
    path: apiPaths.roles,
    recordPath: apiPaths.role,
    filters: ['q'],
    createBody(data) {
      const { name, description, permissions } = data as Partial<Role>;
      return { name, description: description || undefined, permissions: permissions ?? [] };
    },
    updateBody(data) {
      const { name, description, permissions } = data as Partial<Role>;
      return { name, description: description ?? undefined, permissions };
    },
    // A role's name is shown on the users list.
    linked: ['users'],
  },
};

export default roles;
