/** The roles domain's tables: roles and the permissions they grant. */
import type { ColumnType } from 'kysely';
import type { Timestamp } from '../db/column-types.js';

export interface RolesTable {
  id: string;
  name: string;
  description: string;
  system: boolean;
  created_at: Timestamp;
  /** Members must sign in with a one-time code (migration 0033). */
  require_two_factor: ColumnType<boolean, boolean | undefined, boolean>;
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
