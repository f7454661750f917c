/**
 * The one permission catalogue. The server checks these on every admin route;
 * the browser uses them only to hide what a user could not do anyway.
 */
export const PERMISSIONS = {
  'dashboard.read': 'Open the dashboard',
  'users.read': 'List and view users',
  'users.create': 'Create users',
  'users.update': 'Edit users: name, roles and status',
  'users.delete': 'Delete users',
  'roles.read': 'List and view roles and their permissions',
  'roles.create': 'Create roles',
  'roles.update': 'Edit roles and grant or revoke their permissions',
  'roles.delete': 'Delete roles',
  'audit.read': 'Read the audit log',
  'tours.read': 'List and view tours, their components, itineraries and pictures',
  'tours.create': 'Create tours',
  'tours.update': 'Edit tours: details, prices, components, itinerary and pictures',
  'tours.delete': 'Delete tours that have no departures',
  'departures.read': 'List and view departures',
  'departures.create': 'Schedule departures',
  'departures.update': 'Change departures: capacity, prices, status',
  'departures.delete': 'Delete departures that have no bookings, or cancel them',
  'bookings.read': 'List and view bookings, manifests and vouchers',
  'bookings.create': 'Make bookings',
  'bookings.update': 'Confirm bookings and change their contact, names and notes',
  'bookings.cancel': 'Cancel bookings',
  'payments.create': 'Record payments and refunds',
  'reports.read': 'Read the sales and payment reports',
} as const;

export type Permission = keyof typeof PERMISSIONS;

export const ALL_PERMISSIONS = Object.keys(PERMISSIONS) as Permission[];

export function isPermission(value: string): value is Permission {
  return Object.prototype.hasOwnProperty.call(PERMISSIONS, value);
}

/** System roles: seeded on an empty database, never deleted. ADMIN always holds every permission. */
export const ADMIN_ROLE = 'ADMIN';
export const STAFF_ROLE = 'STAFF';
export const SYSTEM_ROLES: Record<string, { description: string; permissions: Permission[] }> = {
  [ADMIN_ROLE]: { description: 'Administrators: every permission', permissions: ALL_PERMISSIONS },
  [STAFF_ROLE]: { description: 'Staff: the dashboard', permissions: ['dashboard.read'] },
};

/** A role name is the enumeration value carried in tokens. */
export const ROLE_NAME_PATTERN = '^[A-Z][A-Z0-9_]*$';
