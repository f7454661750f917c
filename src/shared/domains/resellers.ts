import { domainFacts } from './fact.js';

/** Resellers: the agencies and marketplaces that sell the operator's seats over OCTO, their keys and webhooks. */
export const RESELLERS = domainFacts({
  name: 'resellers',
  permissions: {
    'resellers.read': 'List and view resellers, their keys, webhook deliveries, bookings and statements',
    'resellers.manage': 'Add and change resellers, create and revoke their API keys and webhook secrets, retry deliveries, delete their test bookings',
  },
  auditActions: {
    'reseller.created': 'Reseller added',
    'reseller.updated': 'Reseller changed',
    'reseller.key_created': 'Reseller API key created',
    'reseller.key_revoked': 'Reseller API key revoked',
    'reseller.test_bookings_deleted': 'Reseller’s test bookings deleted',
    'reseller.webhook_secret_created': 'Reseller webhook secret made',
    'reseller.delivery_retried': 'Webhook delivery sent again',
  },
  auditTargets: ['reseller'],
  // UNAUTHORIZED: a reseller's API key sent to a staff route, which it never opens.
  errorCodes: ['UNAUTHORIZED'],
});
