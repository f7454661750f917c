/** The shapes both sides of the API agree on. */

// Users and roles: their schemas are the contract (contract/users.ts, contract/roles.ts); the types come from them.
import type { User } from './contract/users.js';
export type { User, UserStatus, ProfilePatch } from './contract/users.js';
export type { Role, PermissionInfo } from './contract/roles.js';

/** Invited and not signed in yet: the lists say "Invited". */
export function isAwaitingFirstSignIn(user: Pick<User, 'invitedAt' | 'lastLoginAt' | 'status'>): boolean {
  return user.invitedAt !== null && user.lastLoginAt === null && user.status === 'active';
}

// The audit actions, their target types and the error codes are each domain's own (domains/).
export { AUDIT_ACTIONS, AUDIT_ACTION_LABELS, AUDIT_TARGET_TYPES, ERROR_CODES, type AuditAction, type AuditTargetType, type ErrorCode } from './domains/index.js';
import type { AuditAction, AuditTargetType, ErrorCode } from './domains/index.js';

export interface AuditEntry {
  /** The entry's number, as a string (a bigint in the database). */
  id: string;
  at: string;
  action: AuditAction;
  actorId: string | null;
  /** The actor's e-mail as it is now; null when nobody was signed in or the user is gone. */
  actorEmail: string | null;
  /** Who acted when it was no user: a reseller and its key ("Reseller Viator, key rsk_AbCd1234"). */
  actorLabel: string | null;
  targetType: AuditTargetType | null;
  targetId: string | null;
  ip: string | null;
  userAgent: string | null;
  details: Record<string, unknown> | null;
}

export interface ListAnswer<T> {
  data: T[];
  total: number;
}

export interface ErrorBody {
  code: ErrorCode;
  message: string;
  errors?: Record<string, string>;
  requestId?: string;
  /** SOLD_OUT: the seats that are free now. */
  available?: number;
  /** RESOURCE_CONFLICT: the departures the resource is on already on those days. */
  conflicts?: { departureId: string; tourTitle: string; startDate: string }[];
  /** UNAVAILABLE from the readiness probe: each part that did not answer → what went wrong. */
  failed?: Record<string, string>;
  /** PROMO_CODE_INVALID: why the code does not apply (unknown, expired, used_up…). */
  reason?: string;
}



/** Claims of the access token (HS256). */
export interface AccessTokenClaims {
  sub: string;
  userId: string;
  roles: string[];
  /** The session (refresh-token family) this token belongs to: ending the session ends the token. */
  sid: string;
  iat: number;
  exp: number;
  jti: string;
}

export interface LoginBody {
  email: string;
  password: string;
  persist?: boolean;
}

export interface PublicConfig {
  recaptchaSiteKey: string | null;
  /** Whether card payment links can be made (Stripe is set up on the server). */
  cardPayments: boolean;
  /** Whether e-mail leaves the server (SMTP_URL is set); false: mail only reaches DATA_DIR/outbox. */
  mailSent: boolean;
}

export type SortOrder = 'ASC' | 'DESC';
export const USER_SORT_FIELDS = ['email', 'fullName', 'status', 'createdAt', 'lastLoginAt'] as const;
export const ROLE_SORT_FIELDS = ['name', 'createdAt', 'userCount'] as const;
export const MAX_PAGE_SIZE = 100;
export const DEFAULT_PAGE_SIZE = 25;
