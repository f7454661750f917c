import { domainFacts } from './fact.js';

/** The dashboard's reports, from totals the database keeps. */
export const REPORTS = domainFacts({
  name: 'reports',
  permissions: { 'reports.read': 'Read the sales and payment reports' },
  auditActions: {},
  auditTargets: [],
  errorCodes: [],
});
