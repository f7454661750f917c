/**
 * The devices an account has signed in from, remembered by the browser: a long-lived cookie
 * naming the accounts that signed in on it, signed by the server so that no one can write their
 * own. A failed-password lock on an account (login-throttle.ts, the account-wide tier) keeps
 * strangers out; a device the account has signed in from before passes it and meets only the
 * limits of its own address, so that a script hammering someone's e-mail address cannot keep
 * them out of the office (as Keycloak's and GitHub's device cookies do).
 *
 * The cookie: `v1.<accounts, newest first, joined by ~>.<HMAC-SHA256 of the rest>`, at most
 * MAX_ACCOUNTS accounts (a shared office computer), sent only to /api/auth, HttpOnly,
 * SameSite=Strict, Secure as the session cookie is, kept KNOWN_DEVICE_DAYS after the last sign-in.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { SESSION_COOKIE_PATH, sessionCookieSecure } from './session-cookie.js';

export const KNOWN_DEVICE_COOKIE = 'bo_device';
export const KNOWN_DEVICE_DAYS = 180;
const MAX_ACCOUNTS = 5;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export class KnownDevices {
  private readonly key: Buffer;

  constructor(serverSecret: string) {
    // A key of its own, derived from the server's secret: a device cookie is never a token.
    this.key = createHmac('sha256', serverSecret).update('known-device-cookie v1').digest();
  }

  /** The accounts that signed in from the device that sent this request (none when its cookie is missing, altered or another server's). */
  accountsOf(request: FastifyRequest): string[] {
    const value = request.cookies[KNOWN_DEVICE_COOKIE];
    if (!value || value.length > 400) return [];
    const [version, accounts, mac, ...rest] = value.split('.');
    if (version !== 'v1' || accounts === undefined || mac === undefined || rest.length > 0) return [];
    const expected = this.sign(accounts);
    const given = Buffer.from(mac, 'base64url');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return [];
    return accounts.split('~').filter((id) => UUID.test(id));
  }

  /** Whether the request comes from a device `accountId` has signed in from. */
  isKnown(request: FastifyRequest, accountId: string): boolean {
    return this.accountsOf(request).includes(accountId);
  }

  /** After a sign-in: the device remembers the account (first), for KNOWN_DEVICE_DAYS more. */
  remember(request: FastifyRequest, reply: FastifyReply, accountId: string): void {
    const accounts = [accountId, ...this.accountsOf(request).filter((id) => id !== accountId)].slice(0, MAX_ACCOUNTS).join('~');
    reply.setCookie(KNOWN_DEVICE_COOKIE, `v1.${accounts}.${this.sign(accounts).toString('base64url')}`, {
      httpOnly: true,
      sameSite: 'strict',
      path: SESSION_COOKIE_PATH,
      secure: sessionCookieSecure(request),
      maxAge: KNOWN_DEVICE_DAYS * 24 * 3600,
    });
  }

  private sign(accounts: string): Buffer {
    return createHmac('sha256', this.key).update(`v1.${accounts}`).digest();
  }
}
