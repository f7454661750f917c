/** The users domain's tables: the staff who sign in, and the roles each holds. */
import type { ColumnType } from 'kysely';
import type { Timestamp } from '../db/column-types.js';
import type { StaffLanguage } from '../../shared/contract/users.js';

export interface UsersTable {
  id: string;
  email: string;
  full_name: string;
  password_hash: string;
  status: 'active' | 'disabled';
  created_at: Timestamp;
  last_login_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  password_changed_at: Timestamp;
  /** Set when the user was invited to choose a password (instead of being given one). */
  invited_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  /** The language of the screens, once the user chose one (null: the browser's). */
  language: ColumnType<StaffLanguage | null, StaffLanguage | null | undefined, StaffLanguage | null>;
}

export interface UserRolesTable {
  user_id: string;
  role_id: string;
}

/** A new address waiting for the link sent to it (migration 0046). */
export interface EmailChangesTable {
  token_hash: string;
  user_id: string;
  new_email: string;
  created_at: Timestamp;
  expires_at: Timestamp;
  used_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  created_by: string | null;
}

declare module '../db/schema.js' {
  interface Database {
    users: UsersTable;
    user_roles: UserRolesTable;
    email_changes: EmailChangesTable;
  }
}
