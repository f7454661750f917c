/** The auth domain's tables: sessions, their refresh tokens, password reset tokens and the epoch of who may do what. */
import type { ColumnType } from 'kysely';
import type { Timestamp } from '../db/column-types.js';

/** A session is a family of refresh tokens that descend from one login. */
export interface SessionsTable {
  id: string;
  user_id: string;
  persistent: boolean;
  created_at: Timestamp;
  expires_at: Timestamp;
  revoked_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  revoke_reason: ColumnType<string | null, string | null | undefined, string | null>;
  ip: string | null;
  user_agent: string | null;
}

/** Refresh tokens, stored only as the SHA-256 of the cookie value. */
export interface RefreshTokensTable {
  token_hash: string;
  session_id: string;
  parent_hash: string | null;
  created_at: Timestamp;
  rotated_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
}

export interface PasswordResetTokensTable {
  token_hash: string;
  user_id: string;
  created_at: Timestamp;
  expires_at: Timestamp;
  used_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  purpose: ColumnType<'reset' | 'invitation', 'reset' | 'invitation' | undefined, 'reset' | 'invitation'>;
}

/** One row (id 1) whose value moves on with every change to who may do what (migration 0003). */
export interface AuthEpochTable {
  id: number;
  value: string;
}

/** A user's one-time-code secret: offered at set-up (pending), kept once a code of it was typed (migration 0032). */
export interface UserSecondFactorsTable {
  user_id: string;
  pending_secret: ColumnType<string | null, string | null | undefined, string | null>;
  pending_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  secret: ColumnType<string | null, string | null | undefined, string | null>;
  enabled_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  /** The time step of the last code used: a code of that step or an earlier one is refused. */
  last_step: ColumnType<string, number | string | undefined, number | string>;
}

/** Single-use recovery codes, stored only as the SHA-256 of the code. */
export interface RecoveryCodesTable {
  user_id: string;
  code_hash: string;
  used_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
}

declare module '../db/schema.js' {
  interface Database {
    user_second_factors: UserSecondFactorsTable;
    recovery_codes: RecoveryCodesTable;
    sessions: SessionsTable;
    refresh_tokens: RefreshTokensTable;
    password_reset_tokens: PasswordResetTokensTable;
    auth_epoch: AuthEpochTable;
  }
}
