import { domainFacts } from './fact.js';

/** Prices that move: a tour's seasons and price rules (early bird, last minute, group), and promo codes. */
export const PRICING = domainFacts({
  name: 'pricing',
  permissions: {
    'pricing.manage': 'Set a tour’s seasons and price rules (early bird, last minute, group), and manage promo codes',
  },
  auditActions: {
    'tour.seasons_saved': 'Seasons saved',
    'tour.price_rules_saved': 'Price rules saved',
    'promo_code.created': 'Promo code created',
    'promo_code.changed': 'Promo code changed',
    'promo_code.deactivated': 'Promo code deactivated',
  },
  auditTargets: ['promo_code'],
  errorCodes: ['PROMO_CODE_INVALID'],
});
