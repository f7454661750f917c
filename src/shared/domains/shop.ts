import { domainFacts } from './fact.js';

/** The operator's own shop: its settings (who may frame it, how long a cart holds seats). */
export const SHOP = domainFacts({
  name: 'shop',
  permissions: {
    'shop.manage': 'Change the online shop’s settings (whether it sells, how long a cart holds seats, the websites that may show the booking widget)',
  },
  auditActions: {
    'shop.settings_updated': 'Online shop settings changed',
  },
  auditTargets: ['shop_settings'],
  errorCodes: [],
});

/** Who the audit log names for what a customer does in the shop (no user acts). */
export const SHOP_CUSTOMER_LABEL = 'Customer (online shop)';
