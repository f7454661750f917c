import { domainFacts } from './fact.js';

/** Prices that move: a tour's seasons and price rules (early bird, last minute, group). */
export const PRICING = domainFacts({
  name: 'pricing',
  permissions: {
    'pricing.manage': 'Set a tour’s seasons and price rules (early bird, last minute, group)',
  },
  auditActions: {
    'tour.seasons_saved': 'Seasons saved',
    'tour.price_rules_saved': 'Price rules saved',
  },
  auditTargets: [],
  errorCodes: [],
});
