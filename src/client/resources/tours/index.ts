import LuggageIcon from '@mui/icons-material/Luggage';
import { lazy } from 'react';
import type { RaRecord } from 'react-admin';
import type { ResourceModule } from '../resource-module';

/** Loaded when first opened (the editor's rich text comes with the edit screens only). */
const TourList = lazy(() => import('./TourList').then((module) => ({ default: module.TourList })));
const TourCreate = lazy(() => import('./TourForms').then((module) => ({ default: module.TourCreate })));
const TourEdit = lazy(() => import('./TourEdit').then((module) => ({ default: module.TourEdit })));
const TourShow = lazy(() => import('./TourShow').then((module) => ({ default: module.TourShow })));

const tours: ResourceModule = {
  name: 'tours',
  list: TourList,
  create: TourCreate,
  edit: TourEdit,
  show: TourShow,
  icon: LuggageIcon,
  recordRepresentation: (record: RaRecord) => `${record.code as string} · ${record.title as string}`,
  menuOrder: 10,
  dashboardCard: true,
  api: {
    path: 'tours',
    recordPath: (id) => `tours/${encodeURIComponent(id)}`,
    filters: ['q', 'status'],
    createBody: tourBody,
    updateBody: tourBody,
  },
};

const FIELDS = ['code', 'title', 'summary', 'description', 'status', 'timeZone', 'currency', 'durationDays', 'minPax', 'maxPax', 'bookingCutoffHours', 'cancellationCutoffHours', 'depositPercent', 'balanceDueDays', 'cancellationFees', 'infantAgeUnder', 'childAgeUnder', 'prices', 'singleSupplementMinor', 'bookableOnline', 'selfService'] as const;

/** Only the fields the server takes (it refuses the others, such as id or createdAt). */
function tourBody(data: Partial<RaRecord>): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const field of FIELDS) if (data[field] !== undefined) body[field] = data[field];
  return body;
}

export default tours;
