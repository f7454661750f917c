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
    'user.email_change_requested': 'E-mail change sent for confirmation',
    'user.email_changed': 'E-mail changed',
  },
  auditTargets: ['user'],
  // EMAIL_CHANGE_INVALID: a confirmation link that is unknown, used or expired.
  errorCodes: ['EMAIL_CHANGE_INVALID'],
});
