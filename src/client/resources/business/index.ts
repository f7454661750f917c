import StorefrontIcon from '@mui/icons-material/Storefront';
import { lazy } from 'react';
import type { ResourceModule } from '../resource-module';

const BusinessPage = lazy(() => import('./BusinessPage').then((module) => ({ default: module.BusinessPage })));

/** The business's name and contact details: one record, shown and saved on one screen. */
const business: ResourceModule = {
  name: 'business',
  list: BusinessPage,
  icon: StorefrontIcon,
  menuOrder: 39,
  grants: { list: 'business.manage', edit: 'business.manage' },
  api: { path: 'business', recordPath: () => 'business', readOnly: true },
};

export default business;
