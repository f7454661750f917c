import ShoppingCartIcon from '@mui/icons-material/ShoppingCart';
import { lazy } from 'react';
import type { ResourceModule } from '../resource-module';

const OnlineSalesPage = lazy(() => import('./OnlineSalesPage').then((module) => ({ default: module.OnlineSalesPage })));

/** Online sales: the shop's settings, its widget and its days, one screen. At /online-sales: /shop is the customers' shop itself. */
const shop: ResourceModule = {
  name: 'online-sales',
  list: OnlineSalesPage,
  icon: ShoppingCartIcon,
  menuOrder: 38,
  grants: { list: 'shop.manage', edit: 'shop.manage' },
  api: { path: 'shop-settings', recordPath: () => 'shop-settings', readOnly: true },
};

export default shop;
