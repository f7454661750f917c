/** The shapes both sides agree on (see CONTRACT.md). */

// Users and roles: their schemas are the contract (contract/users.ts, contract/roles.ts); the types come from them.
import type { User } from './contract/users.js';
export type { User, UserStatus, ProfilePatch } from './contract/users.js';
export type { Role, PermissionInfo } from './contract/roles.js';

/** Invited and not signed in yet: the lists say "Invited". */
export function isAwaitingFirstSignIn(user: Pick<User, 'invitedAt' | 'lastLoginAt' | 'status'>): boolean {
  return user.invitedAt !== null && user.lastLoginAt === null && user.status === 'active';
}

/** What the audit log records (CONTRACT: GET /admin/audit). */
export const AUDIT_ACTIONS = [
  'login.success',
  'login.failure',
  'login.lockout',
  'logout',
  'session.reuse_detected',
  'password.reset_requested',
  'password.reset',
  'password.changed',
  'profile.updated',
  'user.created',
  'user.invited',
  'user.invitation_resent',
  'user.updated',
  'user.deleted',
  'role.created',
  'role.updated',
  'role.deleted',
  'role.permission_granted',
  'role.permission_revoked',
  'tour.created',
  'tour.updated',
  'tour.deleted',
  'tour.component_added',
  'tour.component_updated',
  'tour.component_removed',
  'tour.day_saved',
  'tour.day_removed',
  'tour.itinerary_reordered',
  'tour.media_added',
  'tour.media_updated',
  'tour.media_removed',
  'departure.created',
  'departure.bulk_created',
  'departure.updated',
  'departure.cancelled',
  'departure.deleted',
  'booking.created',
  'booking.confirmed',
  'booking.cancelled',
  'booking.expired',
  'booking.updated',
  'payment.recorded',
  'refund.recorded',
] as const;

/** What an audit entry is about. */
export const AUDIT_TARGET_TYPES = ['user', 'role', 'session', 'tour', 'departure', 'booking'] as const;
export type AuditTargetType = (typeof AUDIT_TARGET_TYPES)[number];

export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export interface AuditEntry {
  /** The entry's number, as a string (a bigint in the database). */
  id: string;
  at: string;
  action: AuditAction;
  actorId: string | null;
  /** The actor's e-mail as it is now; null when nobody was signed in or the user is gone. */
  actorEmail: string | null;
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
}

/** Every error code an answer may carry (the `code` of ErrorBody). */
export const ERROR_CODES = [
  'VALIDATION',
  'CAPTCHA_FAILED',
  'INVALID_CREDENTIALS',
  'TOKEN_MISSING',
  'TOKEN_INVALID',
  'TOKEN_EXPIRED',
  'FORBIDDEN',
  'REFRESH_INVALID',
  'RESET_TOKEN_INVALID',
  'NOT_FOUND',
  'CONFLICT',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'RATE_LIMITED',
  'SOLD_OUT',
  'DEPARTURE_CLOSED',
  'IDEMPOTENCY_KEY_REUSED',
  'PAYMENT_EXCEEDS_BALANCE',
  'REFUND_EXCEEDS_PAID',
  'UNAVAILABLE',
  'INTERNAL',
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];

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
}

export type SortOrder = 'ASC' | 'DESC';
export const USER_SORT_FIELDS = ['email', 'fullName', 'status', 'createdAt', 'lastLoginAt'] as const;
export const ROLE_SORT_FIELDS = ['name', 'createdAt', 'userCount'] as const;
export const MAX_PAGE_SIZE = 100;
export const DEFAULT_PAGE_SIZE = 25;
