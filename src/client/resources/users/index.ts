import PeopleIcon from '@mui/icons-material/People';
import { lazy } from 'react';
import type { RaRecord } from 'react-admin';

/** Loaded when first opened (react-admin's layout shows its loader meanwhile). */
const UserList = lazy(() => import('./UserList').then((module) => ({ default: module.UserList })));
const UserCreate = lazy(() => import('./UserForms').then((module) => ({ default: module.UserCreate })));
const UserEdit = lazy(() => import('./UserForms').then((module) => ({ default: module.UserEdit })));
const UserShow = lazy(() => import('./UserForms').then((module) => ({ default: module.UserShow })));

export default {
  list: UserList,
  create: UserCreate,
  edit: UserEdit,
  show: UserShow,
  icon: PeopleIcon,
  recordRepresentation: (record: RaRecord) => (record.fullName as string) || (record.email as string),
  options: { label: 'Users' },
};
