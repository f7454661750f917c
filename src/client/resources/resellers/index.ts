import StorefrontIcon from '@mui/icons-material/Storefront';
import { lazy } from 'react';
import type { RaRecord } from 'react-admin';
import type { ResourceModule } from '../resource-module';

const ResellerList = lazy(() => import('./ResellerList').then((module) => ({ default: module.ResellerList })));
const ResellerCreate = lazy(() => import('./ResellerForms').then((module) => ({ default: module.ResellerCreate })));
const ResellerEdit = lazy(() => import('./ResellerForms').then((module) => ({ default: module.ResellerEdit })));
const ResellerShow = lazy(() => import('./ResellerShow').then((module) => ({ default: module.ResellerShow })));

const FIELDS = ['name', 'active', 'commissionPercent', 'tourIds', 'webhookUrl', 'contactEmail', 'notes'] as const;

const resellers: ResourceModule = {
  name: 'resellers',
  list: ResellerList,
  create: ResellerCreate,
  edit: ResellerEdit,
  show: ResellerShow,
  icon: StorefrontIcon,
  recordRepresentation: (record: RaRecord) => record.name as string,
  menuOrder: 35,
  grants: { create: 'resellers.manage', edit: 'resellers.manage' },
  api: {
    path: 'resellers',
    recordPath: (id) => `resellers/${encodeURIComponent(id)}`,
    filters: ['q', 'active'],
    createBody: (data) => resellerBody(data),
    updateBody: (data) => resellerBody(data),
  },
};

/** Only the fields the server takes, with empty texts as "none". */
function resellerBody(data: Partial<RaRecord>): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const field of FIELDS) if (data[field] !== undefined) body[field] = data[field];
  for (const field of ['webhookUrl', 'contactEmail'] as const) if (typeof body[field] === 'string' && (body[field] as string).trim() === '') body[field] = null;
  if (typeof body.name === 'string') body.name = body.name.trim();
  if (body.notes === null) body.notes = '';
  return body;
}

export default resellers;
