import BadgeIcon from '@mui/icons-material/Badge';
import { lazy } from 'react';
import type { RaRecord } from 'react-admin';

/** Loaded when first opened (react-admin's layout shows its loader meanwhile). */
const RoleList = lazy(() => import('./RoleList').then((module) => ({ default: module.RoleList })));
const RoleCreate = lazy(() => import('./RoleForms').then((module) => ({ default: module.RoleCreate })));
const RoleEdit = lazy(() => import('./RoleForms').then((module) => ({ default: module.RoleEdit })));
const RoleShow = lazy(() => import('./RoleForms').then((module) => ({ default: module.RoleShow })));

export default {
  list: RoleList,
  create: RoleCreate,
  edit: RoleEdit,
  show: RoleShow,
  icon: BadgeIcon,
  recordRepresentation: (record: RaRecord) => record.name as string,
  options: { label: 'Roles' },
};
