import type { Departure } from '../../../shared/contract/departures';
import EventIcon from '@mui/icons-material/Event';
import { lazy } from 'react';
import type { RaRecord } from 'react-admin';
import type { ResourceModule } from '../resource-module';
import { departureWhen } from './departure-text';

const DepartureList = lazy(() => import('./DepartureList').then((module) => ({ default: module.DepartureList })));
const DepartureCreate = lazy(() => import('./DepartureForms').then((module) => ({ default: module.DepartureCreate })));
const DepartureEdit = lazy(() => import('./DepartureForms').then((module) => ({ default: module.DepartureEdit })));
const DepartureShow = lazy(() => import('./DepartureShow').then((module) => ({ default: module.DepartureShow })));

const departures: ResourceModule = {
  name: 'departures',
  list: DepartureList,
  create: DepartureCreate,
  edit: DepartureEdit,
  show: DepartureShow,
  icon: EventIcon,
  recordRepresentation: (record: RaRecord) => `${record.tourCode as string} · ${departureWhen(record as never)}`,
  menuOrder: 20,
  dashboardCard: true,
  api: {
    path: 'departures',
    recordPath: (id) => `departures/${encodeURIComponent(id)}`,
    filters: ['tourId', 'status', 'from', 'to', 'hasSeats', 'unassigned'],
    createBody: (data) => pick(data, ['tourId', 'startDate', 'startTime', 'capacity', 'status', 'prices', 'singleSupplementMinor']),
    // Prices are sent only when staff changed them: sent, they become the departure's own, and it stops following its season or tour.
    updateBody: (data, previous) => {
      const body = pick(data, ['startDate', 'startTime', 'capacity', 'status', 'prices', 'singleSupplementMinor']);
      const listed = (previous as Partial<Departure> | undefined)?.pricing?.listPrices ?? previous?.prices;
      if (previous && JSON.stringify(data.prices) === JSON.stringify(listed)) delete body.prices;
      return body;
    },
    // A tour shows how many departures it has and when the next one is.
    linked: ['tours'],
  },
};

/** Only the fields the server takes (it refuses the others, such as id or seatsHeld). */
function pick(data: Partial<RaRecord>, fields: readonly string[]): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const field of fields) if (data[field] !== undefined) body[field] = data[field];
  return body;
}

export default departures;
