/**
 * The session cookie carries the refresh token: HttpOnly, SameSite=Strict, only sent to /api/auth,
 * Secure when the request came over HTTPS or the office's address (PUBLIC_URL) is https: behind a
 * proxy that ends TLS and is not named in TRUST_PROXY the request itself looks like plain HTTP. "Trust this device" makes it persistent (Max-Age);
 * otherwise it is a browser-session cookie and the server ends the session after SESSION_TTL.
 */
import type { CookieSerializeOptions } from '@fastify/cookie';
import type { FastifyReply, FastifyRequest } from 'fastify';

export const SESSION_COOKIE = 'bo_session';
export const SESSION_COOKIE_PATH = '/api/auth';

/** Whether the auth cookies are Secure for this request: it came over HTTPS, or the office's address is https. */
export function sessionCookieSecure(request: FastifyRequest): boolean {
  return request.protocol === 'https' || request.server.config.publicUrl.startsWith('https:');
}

function baseOptions(request: FastifyRequest): CookieSerializeOptions {
  return { httpOnly: true, sameSite: 'strict', path: SESSION_COOKIE_PATH, secure: sessionCookieSecure(request) };
}

export function readSessionCookie(request: FastifyRequest): string | null {
  const value = request.cookies[SESSION_COOKIE];
  // Our tokens are 43 base64url characters; anything else cannot be one, so skip the database.
  return value && /^[A-Za-z0-9_-]{20,100}$/.test(value) ? value : null;
}

export function setSessionCookie(
  request: FastifyRequest,
  reply: FastifyReply,
  session: { refreshToken: string; persistent: boolean; expiresAt: Date },
  now: number,
): void {
  const options = baseOptions(request);
  if (session.persistent) options.maxAge = Math.max(1, Math.floor((session.expiresAt.getTime() - now) / 1000));
  reply.setCookie(SESSION_COOKIE, session.refreshToken, options);
}

export function clearSessionCookie(request: FastifyRequest, reply: FastifyReply): void {
  reply.clearCookie(SESSION_COOKIE, baseOptions(request));
}
