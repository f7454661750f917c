import { domainFacts } from './fact.js';

/** Roles and the permissions they grant. */
export const ROLES = domainFacts({
  name: 'roles',
  permissions: {
    'roles.read': 'List and view roles and their permissions',
    'roles.create': 'Create roles',
    'roles.update': 'Edit roles and grant or revoke their permissions',
    'roles.delete': 'Delete roles',
  },
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
