/**
 * The one permission catalogue. The server checks these on every admin route;
 * the browser uses them only to hide what a user could not do anyway.
 */
// Each domain names its own permissions (domains/); this is the collected catalogue.
import { PERMISSIONS, type Permission } from './domains/index.js';

export { PERMISSIONS, type Permission };

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
