import { domainFacts } from './fact.js';

/** The audit log: read-only, written by every domain. */
export const AUDIT = domainFacts({
  name: 'audit',
  permissions: { 'audit.read': 'Read the audit log' },
  auditActions: {},
  auditTargets: [],
  errorCodes: [],
});
