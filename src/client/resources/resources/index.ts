import EngineeringIcon from '@mui/icons-material/Engineering';
import { lazy } from 'react';
import type { RaRecord } from 'react-admin';
import type { ResourceModule } from '../resource-module';

const ResourceList = lazy(() => import('./ResourceList').then((module) => ({ default: module.ResourceList })));
const ResourceCreate = lazy(() => import('./ResourceForms').then((module) => ({ default: module.ResourceCreate })));
const ResourceEdit = lazy(() => import('./ResourceForms').then((module) => ({ default: module.ResourceEdit })));
const ResourceShow = lazy(() => import('./ResourceShow').then((module) => ({ default: module.ResourceShow })));

const FIELDS = ['kind', 'name', 'languages', 'seats', 'phone', 'email', 'userId', 'active', 'notes'] as const;

/** Guides, drivers, vehicles and other things a departure needs. */
const resources: ResourceModule = {
  name: 'resources',
  list: ResourceList,
  create: ResourceCreate,
  edit: ResourceEdit,
  show: ResourceShow,
  icon: EngineeringIcon,
  recordRepresentation: (record: RaRecord) => record.name as string,
  menuOrder: 27,
  grants: { create: 'resources.manage', edit: 'resources.manage' },
  api: {
    path: 'resources',
    recordPath: (id) => `resources/${encodeURIComponent(id)}`,
    filters: ['q', 'kind', 'active', 'busyFor'],
    createBody: (data) => resourceBody(data),
    updateBody: (data) => resourceBody(data),
  },
};

/** Only the fields the server takes: empty texts as "none", seats only for a vehicle, languages as a list. */
function resourceBody(data: Partial<RaRecord>): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const field of FIELDS) if (data[field] !== undefined) body[field] = data[field];
  for (const field of ['phone', 'email', 'userId'] as const) if (typeof body[field] === 'string' && (body[field] as string).trim() === '') body[field] = null;
  if (typeof body.name === 'string') body.name = body.name.trim();
  if (typeof body.languages === 'string') body.languages = (body.languages as string).split(/[\s,]+/).filter(Boolean);
  if (body.kind !== undefined && body.kind !== 'vehicle') body.seats = null;
  if (body.seats === '' || body.seats === undefined) delete body.seats;
  if (body.notes === null) body.notes = '';
  return body;
}

export default resources;
