import { domainFacts } from './fact.js';

/** The staff who sign in. */
export const USERS = domainFacts({
  name: 'users',
  permissions: {
    'users.read': 'List and view users',
    'users.create': 'Create users',
    'users.update': 'Edit users: name, roles and status',
    'users.delete': 'Delete users',
  },
  auditActions: {
    'profile.updated': 'Own name changed',
    'user.created': 'User created',
    'user.invited': 'Invitation sent',
    'user.invitation_resent': 'Invitation sent again',
    'user.updated': 'User changed',
    'user.deleted': 'User deleted',
  },
  auditTargets: ['user'],
  errorCodes: [],
});
