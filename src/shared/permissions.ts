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

/**
 * Who sees money: prices, totals, payments, balances, vouchers (which print them) and margins. A
 * role that may read or change the catalogue's prices, change departures, sell, change or cancel
 * bookings, take payments or read reports sees it; one that may only read departures and bookings
 * and check travellers in (the GUIDE role, a guide's phone) does not: the routes about money refuse
 * it and the screens leave money out.
 */
export const MONEY_PERMISSIONS: readonly Permission[] = ['tours.read', 'tours.update', 'departures.update', 'bookings.create', 'bookings.update', 'bookings.cancel', 'payments.create', 'reports.read'];

export function seesMoney(permissions: Iterable<string>): boolean {
  for (const permission of permissions) if ((MONEY_PERMISSIONS as readonly string[]).includes(permission)) return true;
  return false;
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
