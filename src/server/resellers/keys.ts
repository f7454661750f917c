/**
 * Reseller API keys and webhook secrets. A key is 32 random bytes behind a fixed prefix (so a staff
 * route can tell one at a glance and refuse it); the server keeps only its SHA-256, which is safe
 * for a secret of that strength and costs a microsecond per call, where a password hash would cost
 * tens of milliseconds on every OCTO request.
 */
import { createHash, randomBytes } from 'node:crypto';
import { RESELLER_KEY_PREFIX } from '../../shared/contract/resellers.js';

/** Characters of a key kept in clear to tell keys apart in lists: the prefix and 8 more. */
const SHOWN_CHARACTERS = RESELLER_KEY_PREFIX.length + 8;

export function newApiKey(): { key: string; prefix: string; hash: string } {
  const key = RESELLER_KEY_PREFIX + randomBytes(32).toString('base64url');
  return { key, prefix: key.slice(0, SHOWN_CHARACTERS), hash: hashApiKey(key) };
}

export function hashApiKey(key: string): string {
  return createHash('sha256').update(key, 'utf8').digest('hex');
}

/** A Standard Webhooks secret: whsec_ and the base64 of 32 random bytes (the HMAC key). */
export function newWebhookSecret(): string {
  return `whsec_${randomBytes(32).toString('base64')}`;
}
