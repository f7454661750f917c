import { domainFacts } from './fact.js';

/** Roles and the permissions they grant. */
export const ROLES = domainFacts({
  name: 'roles',
  auditActions: {
    'role.created': 'Role created',
    'role.updated': 'Role changed',
    'role.deleted': 'Role deleted',
    'role.permission_granted': 'Permission granted',
    'role.permission_revoked': 'Permission revoked',
  },
  auditTargets: ['role'],
  errorCodes: [],
});
