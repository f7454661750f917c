/** The shapes both sides agree on (see CONTRACT.md). */

export type UserStatus = 'active' | 'disabled';

export interface User {
  id: string;
  email: string;
  fullName: string;
  roles: string[];
  status: UserStatus;
  createdAt: string;
  lastLoginAt: string | null;
}

export interface Role {
  id: string;
  name: string;
  description: string;
  permissions: string[];
  system: boolean;
  userCount: number;
  createdAt: string;
}

export interface PermissionInfo {
  name: string;
  description: string;
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
}

export type ErrorCode =
  | 'VALIDATION'
  | 'CAPTCHA_FAILED'
  | 'INVALID_CREDENTIALS'
  | 'TOKEN_MISSING'
  | 'TOKEN_INVALID'
  | 'TOKEN_EXPIRED'
  | 'FORBIDDEN'
  | 'REFRESH_INVALID'
  | 'RESET_TOKEN_INVALID'
  | 'NOT_FOUND'
  | 'CONFLICT'
  | 'PAYLOAD_TOO_LARGE'
  | 'UNSUPPORTED_MEDIA_TYPE'
  | 'RATE_LIMITED'
  | 'UNAVAILABLE'
  | 'INTERNAL';

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
