/**
 * Cross-site request refusal for the endpoints the session cookie authenticates, on top of the
 * cookie's SameSite=Strict (which an old browser, a same-site subdomain or a browser bug may not
 * honour). The rule, in order:
 * 1. `Sec-Fetch-Site` present (every current browser sends it): allowed when `same-origin`,
 *    `same-site` (unless allowSameSite is false) or `none` (the user typed the URL or used a
 *    bookmark); refused when `cross-site` or any other value.
 * 2. no `Sec-Fetch-Site`, `Origin` present: allowed only when it is the PUBLIC_URL origin or the
 *    request's own origin (scheme + Host); `Origin: null` (sandboxed frames, privacy redirects)
 *    is refused.
 * 3. neither header: allowed. Such a request does not come from a browser page (curl, a server),
 *    so no other site made it with the user's cookie.
 * Refusal: 403 `{code: 'FORBIDDEN', message: 'Cross-site request refused.'}`.
 *
 * Wiring: as a `preHandler` (or onRequest) on GET /api/auth/refresh-token, GET /api/auth/check
 * and POST /api/auth/logout, and also on POST /api/auth/login (it sets the cookie: refusing
 * cross-site logins stops "login CSRF", signing a victim into an attacker's account):
 *   const refuseCrossSite = crossSiteGuard({ publicUrl: config.publicUrl });
 *   app.get('/auth/refresh-token', { preHandler: refuseCrossSite, … }, handler);
 * The admin routes carry the access token in the Authorization header, which no other site can
 * make a browser send, so they need no such check.
 * allowSameSite: a sibling subdomain (app.example.com vs evil.example.com) counts as same-site;
 * set false when nothing else of ours lives under the same registrable domain.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ErrorBody } from '../../shared/types.js';

export const CROSS_SITE_REFUSED: ErrorBody = { code: 'FORBIDDEN', message: 'Cross-site request refused.' };

export interface CrossSiteOptions {
  /** PUBLIC_URL: the origin pages of the browser app are served from. */
  publicUrl: string;
  /** Let `Sec-Fetch-Site: same-site` through; default true. */
  allowSameSite?: boolean;
}

export interface RequestFacts {
  secFetchSite?: string;
  origin?: string;
  /** The request's own origin, e.g. "http://localhost:3000"; null when unknown. */
  ownOrigin: string | null;
}

/** The origin of a URL, lower-cased with the default port dropped; null when it is not one. */
export function originOf(url: string): string | null {
  try {
    const parsed = new URL(url);
    return parsed.origin === 'null' ? null : parsed.origin;
  } catch {
    return null;
  }
}

/** Whether the request may go on, by the rule above: pure, so it is testable header by header. */
export function isSameSiteRequest(facts: RequestFacts, allowed: { origins: readonly string[]; allowSameSite: boolean }): boolean {
  if (facts.secFetchSite !== undefined) {
    const site = facts.secFetchSite.trim().toLowerCase();
    return site === 'same-origin' || site === 'none' || (site === 'same-site' && allowed.allowSameSite);
  }
  if (facts.origin === undefined) return true;
  const origin = originOf(facts.origin);
  return origin !== null && (allowed.origins.includes(origin) || origin === facts.ownOrigin);
}

function singleHeader(value: string | string[] | undefined): string | undefined {
  // A repeated header is not something a browser sends: treat it as an unknown value, refused.
  return Array.isArray(value) ? value.join(',') : value;
}

export function requestFacts(request: FastifyRequest): RequestFacts {
  return {
    secFetchSite: singleHeader(request.headers['sec-fetch-site']),
    origin: singleHeader(request.headers.origin),
    ownOrigin: request.host ? originOf(`${request.protocol}://${request.host}`) : null,
  };
}

export function crossSiteGuard(options: CrossSiteOptions): (request: FastifyRequest, reply: FastifyReply) => Promise<FastifyReply | undefined> {
  const publicOrigin = originOf(options.publicUrl);
  if (publicOrigin === null) throw new Error(`crossSiteGuard: publicUrl is not an absolute URL: ${options.publicUrl}`);
  const allowed = { origins: [publicOrigin], allowSameSite: options.allowSameSite ?? true };
  return async function refuseCrossSite(request, reply) {
    const facts = requestFacts(request);
    if (isSameSiteRequest(facts, allowed)) return undefined;
    request.log.warn({ secFetchSite: facts.secFetchSite, origin: facts.origin }, 'cross-site request refused');
    return reply.code(403).type('application/json; charset=utf-8').send(CROSS_SITE_REFUSED);
  };
}
