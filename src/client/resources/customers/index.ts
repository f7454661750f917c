import ContactsIcon from '@mui/icons-material/Contacts';
import { lazy } from 'react';
import type { RaRecord } from 'react-admin';
import type { ResourceModule } from '../resource-module';
import { customerName } from './customer-text';

const CustomerList = lazy(() => import('./CustomerList').then((module) => ({ default: module.CustomerList })));
const CustomerEdit = lazy(() => import('./CustomerEdit').then((module) => ({ default: module.CustomerEdit })));
const CustomerShow = lazy(() => import('./CustomerShow').then((module) => ({ default: module.CustomerShow })));

const FIELDS = ['name', 'email', 'phone', 'language', 'marketingConsent', 'notes'] as const;

const customers: ResourceModule = {
  name: 'customers',
  list: CustomerList,
  edit: CustomerEdit,
  show: CustomerShow,
  icon: ContactsIcon,
  recordRepresentation: (record: RaRecord) => customerName(record as unknown as { name: string; email: string | null }),
  menuOrder: 32,
  grants: { edit: 'customers.update', erase: 'customers.erase' },
  api: {
    path: 'customers',
    recordPath: (id) => `customers/${encodeURIComponent(id)}`,
    filters: ['q', 'marketingConsent'],
    updateBody: (data) => customerBody(data),
    // A customer's counts and money follow their bookings.
    linked: ['bookings'],
  },
};

/** Only the fields the server takes, with empty texts as "none". */
function customerBody(data: Partial<RaRecord>): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const field of FIELDS) if (data[field] !== undefined) body[field] = data[field];
  for (const field of ['email', 'phone'] as const) if (typeof body[field] === 'string' && (body[field] as string).trim() === '') body[field] = null;
  if (typeof body.name === 'string') body.name = body.name.trim();
  if (body.notes === null) body.notes = '';
  return body;
}

export default customers;
