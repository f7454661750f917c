import { domainFacts } from './fact.js';

/** The codes any route may answer with: bad input, missing rights, conflicts, limits, outages. */
export const COMMON = domainFacts({
  name: 'common',
  permissions: { 'dashboard.read': 'Open the dashboard' },
  auditActions: {},
  auditTargets: [],
  errorCodes: ['VALIDATION', 'FORBIDDEN', 'NOT_FOUND', 'CONFLICT', 'PAYLOAD_TOO_LARGE', 'UNSUPPORTED_MEDIA_TYPE', 'RATE_LIMITED', 'UNAVAILABLE', 'INTERNAL'],
});
