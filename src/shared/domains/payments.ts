import { domainFacts } from './fact.js';

/** Card payments: payment links (Stripe Checkout) and the events that say they were paid. */
export const PAYMENTS = domainFacts({
  name: 'payments',
  permissions: {},
  auditActions: {
    'payment_link.created': 'Payment link made',
    'payment_link.paid': 'Payment link paid by card',
  },
  auditTargets: [],
  errorCodes: ['PAYMENTS_NOT_CONFIGURED'],
});
