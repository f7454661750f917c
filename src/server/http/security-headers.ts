/**
 * Security headers on every answer. The CSP allows no inline script; Google's reCAPTCHA hosts
 * only for scripts and frames (the login widget). Styles allow 'unsafe-inline' because MUI's
 * emotion injects <style> elements at run time; no script can run from a style.
 */
import type { FastifyInstance } from 'fastify';

const RECAPTCHA_SCRIPTS = ['https://www.google.com/recaptcha/', 'https://www.gstatic.com/recaptcha/'];
const RECAPTCHA_FRAMES = ['https://www.google.com/recaptcha/', 'https://recaptcha.google.com/recaptcha/'];

export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  `script-src 'self' ${RECAPTCHA_SCRIPTS.join(' ')}`,
  // 'self': the Online sales screen's preview of the booking widget frames the shop's booking page.
  `frame-src 'self' ${RECAPTCHA_FRAMES.join(' ')}`,
  "style-src 'self' 'unsafe-inline'",
  // blob: the previews of pictures chosen for upload, shown before they are sent.
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

/** The policy of a page the named origins may frame (the shop's checkout in the operator's website), besides this server itself. */
export function frameablePolicy(origins: readonly string[]): string {
  return CONTENT_SECURITY_POLICY.replace("frame-ancestors 'none'", ["frame-ancestors 'self'", ...origins].join(' '));
}

/** The policy of a page whose form posts here and is sent on to another origin (a customer's Pay button, answered by a redirect to Stripe's page). */
export function formSendingPolicy(origins: readonly string[]): string {
  return CONTENT_SECURITY_POLICY.replace("form-action 'self'", ["form-action 'self'", ...origins].join(' '));
}

export function registerSecurityHeaders(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply) => {
    // A route may set a stricter policy of its own (the gallery's pictures do).
    if (!reply.hasHeader('content-security-policy')) reply.header('content-security-policy', CONTENT_SECURITY_POLICY);
    reply.header('x-content-type-options', 'nosniff');
    reply.header('referrer-policy', 'no-referrer'); // the reset page's URL carries a token
    // Only a page no one may frame says so to old browsers too; the shop's checkout names who may (frameAncestors).
    if (String(reply.getHeader('content-security-policy')).includes("frame-ancestors 'none'")) reply.header('x-frame-options', 'DENY');
    reply.header('cross-origin-opener-policy', 'same-origin');
    reply.header('permissions-policy', 'camera=(), microphone=(), geolocation=(), payment=()');
    if (request.protocol === 'https') reply.header('strict-transport-security', 'max-age=31536000; includeSubDomains');
  });
}
