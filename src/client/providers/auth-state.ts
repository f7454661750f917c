/**
 * Client state: `auth` (the access token, initially null) and
 * `userState` (the signed-in user and what their roles allow). Kept only in memory: a reload
 * starts signed out and restores the session from the HttpOnly refresh cookie.
 */
import { InvalidTokenError, jwtDecode } from 'jwt-decode';
import type { User } from '../../shared/types';

export interface AuthState {
  token: string | null;
}

export interface UserState {
  user: User | null;
  /** The permissions of the user's current roles (role names are in `user.roles`). */
  role: { names: string[]; permissions: string[] } | null;
  /** Whether the user signs in with a one-time code, and whether a role of theirs requires it (then nothing else opens until it is on). */
  twoFactor?: { enabled: boolean; required: boolean };
}

export interface DecodedToken {
  sub: string;
  userId: string;
  roles: string[];
}

type Listener = () => void;

let auth: AuthState = { token: null };
let userState: UserState = { user: null, role: null };
const listeners = new Set<Listener>();

function emit(): void {
  for (const listener of listeners) listener();
}

export function subscribe(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function getAuth(): AuthState {
  return auth;
}

export function getUserState(): UserState {
  return userState;
}

/** Stores the access token of a login or refresh answer. */
export function setCredentials(token: string): void {
  auth = { token };
  emit();
}

export function setUserState(next: UserState): void {
  userState = next;
  emit();
}

/** Logging out: back to the initial state, no token and no user. */
export function logOut(): void {
  auth = { token: null };
  userState = { user: null, role: null };
  emit();
}

/**
 * Decodes an access token; an invalid one (jwt-decode's InvalidTokenError: must be a string,
 * missing part, invalid base64, invalid json) counts as signed out. Expiry is not checked here:
 * the server says when a token has expired, and the HTTP client refreshes it.
 */
export function decodeToken(token: string | null | undefined): DecodedToken | null {
  if (!token) return null;
  try {
    const claims = jwtDecode<Partial<DecodedToken>>(token);
    return {
      sub: typeof claims.sub === 'string' ? claims.sub : '',
      userId: typeof claims.userId === 'string' ? claims.userId : '',
      roles: Array.isArray(claims.roles) ? claims.roles.filter((r): r is string => typeof r === 'string') : [],
    };
  } catch (error) {
    if (error instanceof InvalidTokenError) return null;
    throw error;
  }
}

/** Signed in means the decoded subject is not empty. */
export function currentSubject(): string {
  return decodeToken(auth.token)?.sub ?? '';
}
