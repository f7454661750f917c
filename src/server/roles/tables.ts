/** The roles domain's tables: roles and the permissions they grant. */
import type { Timestamp } from '../db/column-types.js';

export interface RolesTable {
  id: string;
  name: string;
  description: string;
  system: boolean;
  created_at: Timestamp;
}

export interface RolePermissionsTable {
  role_id: string;
  permission: string;
}

declare module '../db/schema.js' {
  interface Database {
    roles: RolesTable;
    role_permissions: RolePermissionsTable;
  }
}
