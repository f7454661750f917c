/**
 * The devices an account has signed in from, remembered by the browser: a long-lived cookie
 * naming the accounts that signed in on it, signed by the server so that no one can write their
 * own. A failed-password lock on an account (login-throttle.ts, the account-wide tier) keeps
 * strangers out; a device the account has signed in from before passes it and meets only the
 * limits of its own address, so that a script hammering someone's e-mail address cannot keep
 * them out of the office (the device cookies of Keycloak, GitHub and OWASP's lockout advice).
 *
 * The cookie: `v2.<device id>.<issued, Unix seconds>.<accounts>.<HMAC-SHA256 of the rest>`, the
 * device id random per browser, each account as `<user id>:<stamp of its password>`, newest
 * first, at most MAX_ACCOUNTS (a shared office computer); sent only to /api/auth, HttpOnly,
 * SameSite=Strict, Secure as the session cookie is. It passes a lock only:
 * - for an account it names with the password the account has now (a new password, by a reset or
 *   a change, ends every device's pass);
 * - within KNOWN_DEVICE_DAYS of the sign-in that issued it (the server checks the date it signed);
 * - while that device has failed fewer than DEVICE_MAX_FAILURES times for the account in the last
 *   12 hours: a stolen cookie buys a handful of guesses, not a way round the lock.
 */
import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { LoginThrottle } from './login-throttle.js';
import { SESSION_COOKIE_PATH, sessionCookieSecure } from './session-cookie.js';

export const KNOWN_DEVICE_COOKIE = 'bo_device';
export const KNOWN_DEVICE_DAYS = 180;
/** Failed sign-ins for an account through one device (in 12 hours) after which it passes that account's lock no more. */
export const DEVICE_MAX_FAILURES = 10;
const MAX_ACCOUNTS = 5;
const DAY_S = 86_400;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

interface DeviceCookie {
  deviceId: string;
  issuedAt: number;
  /** User id → the stamp of the password it signed in with. */
  accounts: Map<string, string>;
}

/** A short, one-way mark of a password hash: the cookie says which password it was earned with, and nothing of it. */
function stampOf(passwordHash: string): string {
  return createHash('sha256').update(passwordHash).digest('base64url').slice(0, 12);
}

export class KnownDevices {
  private readonly key: Buffer;

  constructor(
    serverSecret: string,
    private readonly throttle: LoginThrottle,
    private readonly now: () => number,
  ) {
    // A key of its own, derived from the server's secret: a device cookie is never a token.
    this.key = createHmac('sha256', serverSecret).update('known-device-cookie v2').digest();
  }

  /** The device that sent this request, when its cookie is this server's, unaltered and not past its days. */
  private read(request: FastifyRequest): DeviceCookie | null {
    const value = request.cookies[KNOWN_DEVICE_COOKIE];
    if (!value || value.length > 600) return null;
    const parts = value.split('.');
    if (parts.length !== 5 || parts[0] !== 'v2') return null;
    const [, deviceId, issued, accounts, mac] = parts as [string, string, string, string, string];
    const expected = this.sign(`v2.${deviceId}.${issued}.${accounts}`);
    const given = Buffer.from(mac, 'base64url');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
    const issuedAt = Number(issued);
    if (!/^[A-Za-z0-9_-]{22}$/.test(deviceId) || !Number.isSafeInteger(issuedAt) || issuedAt + KNOWN_DEVICE_DAYS * DAY_S < this.now() / 1000) return null;
    const entries = new Map<string, string>();
    for (const entry of accounts.split('~')) {
      const [id, stamp] = entry.split(':');
      if (id && stamp && UUID.test(id)) entries.set(id, stamp);
    }
    return { deviceId, issuedAt, accounts: entries };
  }

  private failureKey(deviceId: string, accountId: string): string {
    return `device:${deviceId}|${accountId}`;
  }

  /** Whether the request comes from a device this account signed in from, with its password of now, and that has not failed too often for it. */
  async isKnown(request: FastifyRequest, account: { id: string; passwordHash: string }): Promise<boolean> {
    const device = this.read(request);
    if (!device || device.accounts.get(account.id) !== stampOf(account.passwordHash)) return false;
    return (await this.throttle.failuresOf(this.failureKey(device.deviceId, account.id))) < DEVICE_MAX_FAILURES;
  }

  /** A failed sign-in for this account through this device (if it is one the account knows): counted against its pass. */
  async recordFailure(request: FastifyRequest, accountId: string): Promise<void> {
    const device = this.read(request);
    if (device?.accounts.has(accountId)) await this.throttle.countFailure(this.failureKey(device.deviceId, accountId));
  }

  /** After a sign-in: the device remembers the account (first) with its password's stamp, for KNOWN_DEVICE_DAYS from now; its failures for it are forgotten. */
  async remember(request: FastifyRequest, reply: FastifyReply, account: { id: string; passwordHash: string }): Promise<void> {
    const known = this.read(request);
    const deviceId = known?.deviceId ?? randomBytes(16).toString('base64url');
    const others = [...(known?.accounts ?? new Map<string, string>()).entries()].filter(([id]) => id !== account.id);
    const accounts = [[account.id, stampOf(account.passwordHash)], ...others]
      .slice(0, MAX_ACCOUNTS)
      .map(([id, stamp]) => `${id}:${stamp}`)
      .join('~');
    const body = `v2.${deviceId}.${Math.floor(this.now() / 1000)}.${accounts}`;
    reply.setCookie(KNOWN_DEVICE_COOKIE, `${body}.${this.sign(body).toString('base64url')}`, {
      httpOnly: true,
      sameSite: 'strict',
      path: SESSION_COOKIE_PATH,
      secure: sessionCookieSecure(request),
      maxAge: KNOWN_DEVICE_DAYS * DAY_S,
    });
    await this.throttle.forget(this.failureKey(deviceId, account.id));
  }

  private sign(body: string): Buffer {
    return createHmac('sha256', this.key).update(body).digest();
  }
}
