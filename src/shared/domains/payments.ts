import { domainFacts } from './fact.js';

/** Card payments: payment links (Stripe Checkout) and the events that say they were paid. */
export const PAYMENTS = domainFacts({
  name: 'payments',
  permissions: {},
  auditActions: {
    'payment_link.created': 'Payment link made',
    'payment_link.paid': 'Payment link paid by card',
    'card_refund.requested': 'Card refund asked of Stripe',
    'card_refund.failed': 'Card refund failed at Stripe',
  },
  auditTargets: [],
  errorCodes: ['PAYMENTS_NOT_CONFIGURED'],
});
