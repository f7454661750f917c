/**
 * reCAPTCHA v2 verification behind one interface. The real verifier posts to siteverify (Google's,
 * or a local fake in tests) and accepts only `success: true` for our own hostname.
 */
import type { FastifyBaseLogger } from 'fastify';

export interface CaptchaVerifier {
  /** False when the captcha must be refused; never throws. */
  verify(token: string, remoteIp?: string): Promise<boolean>;
  /** False when the captcha is off: login ignores the query parameter. */
  readonly enabled: boolean;
}

/** Captcha off (no keys configured): every login passes this step. */
export const disabledCaptcha: CaptchaVerifier = { enabled: false, verify: async () => true };

const LOOPBACK_HOSTNAMES = new Set(['localhost', '127.0.0.1', '[::1]', '::1']);

/**
 * Loopback names are one machine: when the public URL is on loopback, a widget solved on
 * `127.0.0.1` is as good as one solved on `localhost` (a developer opens either). A public
 * hostname must match exactly.
 */
export function hostnameMatches(reported: string, expected: string): boolean {
  const a = reported.toLowerCase();
  const b = expected.toLowerCase();
  return a === b || (LOOPBACK_HOSTNAMES.has(a) && LOOPBACK_HOSTNAMES.has(b));
}

export interface RecaptchaOptions {
  secret: string;
  verifyUrl: string;
  /** The hostname of PUBLIC_URL: the page the widget must have been solved on. */
  expectedHostname: string;
  timeoutMs?: number;
  log?: FastifyBaseLogger;
}

export function createRecaptchaVerifier(options: RecaptchaOptions): CaptchaVerifier {
  const timeoutMs = options.timeoutMs ?? 5000;
  return {
    enabled: true,
    async verify(token, remoteIp) {
      if (token.length === 0 || token.length > 4096) return false;
      const form = new URLSearchParams({ secret: options.secret, response: token });
      if (remoteIp) form.set('remoteip', remoteIp);
      try {
        const response = await fetch(options.verifyUrl, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: form,
          signal: AbortSignal.timeout(timeoutMs),
        });
        if (!response.ok) {
          options.log?.warn({ status: response.status }, 'captcha verification: siteverify answered an error status');
          return false;
        }
        const answer = (await response.json()) as { success?: unknown; hostname?: unknown };
        if (answer.success !== true) return false;
        if (typeof answer.hostname !== 'string' || !hostnameMatches(answer.hostname, options.expectedHostname)) {
          options.log?.warn({ hostname: answer.hostname }, 'captcha verification: solved for another hostname');
          return false;
        }
        return true;
      } catch (error) {
        // Fail closed: an unreachable siteverify refuses the login rather than skipping the captcha.
        options.log?.warn({ err: error }, 'captcha verification: siteverify did not answer');
        return false;
      }
    },
  };
}
