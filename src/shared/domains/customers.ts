import { domainFacts } from './fact.js';

/** Customers: the people bookings are made for, found again by e-mail, with their rights over their data. */
export const CUSTOMERS = domainFacts({
  name: 'customers',
  permissions: {
    'customers.read': 'List and view customers, their bookings and what they spent; export everything held about one',
    'customers.update': 'Change customers’ contact, language, consent and notes; merge two customers',
    'customers.erase': 'Erase a customer’s personal data (the right to be forgotten)',
  },
  auditActions: {
    'customer.updated': 'Customer changed',
    'customer.merged': 'Customers merged',
    'customer.exported': 'Customer’s data exported',
    'customer.erased': 'Customer erased',
  },
  auditTargets: ['customer'],
  errorCodes: [],
});
