/**
 * Access tokens: HS256 JWTs kept only in the browser's memory. The algorithm is pinned on verify;
 * expiry is checked against the injected clock, so tests move time instead of sleeping.
 */
import { randomUUID } from 'node:crypto';
import { createSigner, createVerifier, TokenError } from 'fast-jwt';
import type { AccessTokenClaims } from '../../shared/types.js';

import { authErrors } from './errors.js';

export interface AccessTokens {
  sign(subject: { email: string; userId: string; roles: string[]; sessionId: string }): string;
  /** Throws AppError TOKEN_INVALID or TOKEN_EXPIRED. */
  verify(token: string): AccessTokenClaims;
}

export function createAccessTokens(secret: string, ttlMs: number, now: () => number): AccessTokens {
  // iat and exp go in the payload from `now`; the signer keeps a given iat rather than reading the wall clock.
  const signer = createSigner({ key: secret, algorithm: 'HS256' });
  const verifier = createVerifier({
    key: secret,
    algorithms: ['HS256'],
    ignoreExpiration: true,
    ignoreNotBefore: true,
    cache: false,
    requiredClaims: ['sub', 'userId', 'sid', 'iat', 'exp', 'jti'],
  });

  return {
    sign({ email, userId, roles, sessionId }) {
      const iat = Math.floor(now() / 1000);
      const claims: AccessTokenClaims = {
        sub: email,
        userId,
        roles,
        sid: sessionId,
        iat,
        exp: iat + Math.max(1, Math.round(ttlMs / 1000)),
        jti: randomUUID(),
      };
      return signer(claims);
    },
    verify(token) {
      let claims: AccessTokenClaims;
      try {
        claims = verifier(token) as AccessTokenClaims;
      } catch (error) {
        if (error instanceof TokenError || error instanceof Error) throw authErrors.tokenInvalid();
        throw error;
      }
      if (typeof claims.userId !== 'string' || typeof claims.sid !== 'string' || typeof claims.exp !== 'number') {
        throw authErrors.tokenInvalid();
      }
      if (claims.exp * 1000 <= now()) throw authErrors.tokenExpired();
      return claims;
    },
  };
}
