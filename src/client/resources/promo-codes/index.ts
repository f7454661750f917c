import LocalOfferIcon from '@mui/icons-material/LocalOffer';
import { lazy } from 'react';
import type { RaRecord } from 'react-admin';
import type { ResourceModule } from '../resource-module';

const PromoCodeList = lazy(() => import('./PromoCodeList').then((module) => ({ default: module.PromoCodeList })));
const PromoCodeCreate = lazy(() => import('./PromoCodeForms').then((module) => ({ default: module.PromoCodeCreate })));
const PromoCodeEdit = lazy(() => import('./PromoCodeForms').then((module) => ({ default: module.PromoCodeEdit })));
const PromoCodeShow = lazy(() => import('./PromoCodeShow').then((module) => ({ default: module.PromoCodeShow })));

const FIELDS = ['code', 'kind', 'value', 'currency', 'appliesTo', 'tourIds', 'bookingFrom', 'bookingTo', 'travelFrom', 'travelTo', 'minTravellers', 'maxUses', 'channels', 'active'] as const;

const promoCodes: ResourceModule = {
  name: 'promo-codes',
  list: PromoCodeList,
  create: PromoCodeCreate,
  edit: PromoCodeEdit,
  show: PromoCodeShow,
  icon: LocalOfferIcon,
  recordRepresentation: (record: RaRecord) => record.code as string,
  menuOrder: 15,
  // Codes are prices: whoever sets the tours' prices keeps them.
  grants: { list: 'pricing.manage', show: 'pricing.manage', create: 'pricing.manage', edit: 'pricing.manage' },
  api: {
    path: 'promo-codes',
    recordPath: (id) => `promo-codes/${encodeURIComponent(id)}`,
    filters: ['q', 'active'],
    createBody: (data) => promoBody(data),
    // Only what changed: a booking window given as an instant stays as it was unless staff change it.
    updateBody: (data, previous) => changedOnly(promoBody(data), previous),
  },
};

/** Only the fields the server takes; an empty optional field is "no limit" (null). */
function promoBody(data: Partial<RaRecord>): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const field of FIELDS) if (data[field] !== undefined) body[field] = data[field] === '' ? null : data[field];
  if (typeof body.code === 'string') body.code = body.code.trim();
  if (typeof body.currency === 'string') body.currency = body.currency.trim().toUpperCase();
  return body;
}

function changedOnly(body: Record<string, unknown>, previous?: Partial<RaRecord>): Record<string, unknown> {
  if (!previous) return body;
  return Object.fromEntries(Object.entries(body).filter(([field, value]) => JSON.stringify(value) !== JSON.stringify(previous[field] ?? null)));
}

export default promoCodes;
