import { domainFacts } from './fact.js';

/** The business itself: its name and contact details, as customers, resellers and vouchers see them. */
export const BUSINESS = domainFacts({
  name: 'business',
  permissions: {
    'business.manage': 'Change the business’s name, e-mail, phone, address and website (printed on vouchers, e-mails and the reseller API)',
  },
  auditActions: {
    'business.updated': 'Business details changed',
  },
  auditTargets: ['business'],
  errorCodes: [],
});
