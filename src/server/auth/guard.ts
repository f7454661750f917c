/**
 * The guard in front of every route that needs a signed-in user: a valid access token, a live
 * session, an active user, and (when asked) a permission of the user's current roles.
 */
import type { FastifyRequest } from 'fastify';
import { RESELLER_KEY_PREFIX } from '../../shared/contract/resellers.js';
import { seesMoney, type Permission } from '../../shared/permissions.js';
import type { RequestOrigin } from '../audit/audit-log.js';
import { httpErrors } from '../http/errors.js';
import type { Principal } from './principals.js';
import { authErrors } from './errors.js';

const BEARER = /^Bearer\s+(\S+)\s*$/i;

/**
 * An onRequest hook: runs before the body is read, so an anonymous caller learns nothing about the
 * input. `money`: the answer is about money (payments, a voucher's prices), refused to a role that
 * sees none (seesMoney) even when it holds the permission.
 */
export function requireUser(permission?: Permission, options: { money?: boolean; duringTwoFactorSetUp?: boolean } = {}) {
  return async function authorize(request: FastifyRequest): Promise<void> {
    const principal = await authenticate(request, options.duringTwoFactorSetUp);
    if (permission && !principal.permissions.has(permission)) throw httpErrors.forbidden();
    if (options.money && !seesMoney(principal.permissions)) throw httpErrors.forbidden('Your role sees no money, and this answer is about money.');
  };
}

/**
 * `duringTwoFactorSetUp`: the route is one a user whose role requires two-factor sign-in may call
 * before setting it up (its set-up, their profile); every other refuses them TOTP_SETUP_REQUIRED.
 */
export async function authenticate(request: FastifyRequest, duringTwoFactorSetUp = false): Promise<Principal> {
  const match = BEARER.exec(request.headers.authorization ?? '');
  if (!match) throw authErrors.tokenMissing();
  if (match[1].startsWith(RESELLER_KEY_PREFIX)) throw authErrors.resellerKey();
  const claims = request.server.accessTokens.verify(match[1]);
  const principal = await request.server.principals.load(claims.userId, claims.sid);
  // The session ended (logout, reset, reuse), or the user was disabled or deleted.
  if (!principal) throw authErrors.tokenInvalid();
  if (principal.mustSetUpTwoFactor && !duringTwoFactorSetUp) throw authErrors.twoFactorSetUpRequired();
  request.principal = principal;
  return principal;
}

/** The signed-in user, on routes behind requireUser. */
export function principalOf(request: FastifyRequest): Principal {
  if (!request.principal) throw authErrors.tokenMissing();
  return request.principal;
}

export function originOf(request: FastifyRequest): RequestOrigin {
  return {
    actorId: request.principal?.userId ?? null,
    permissions: request.principal?.permissions ?? null,
    ip: request.ip ?? null,
    userAgent: request.headers['user-agent'] ?? null,
  };
}
