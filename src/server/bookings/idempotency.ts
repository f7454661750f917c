/**
 * Idempotency-Key, for bookings and payments: the first request with a
 * key claims it; its answer is written beside the booking or payment it made, in the same
 * transaction, so a request whose change committed always has its answer kept, and one whose
 * change failed leaves no claim behind. A repeat with the same body gets that answer again; a
 * different body is 422; a repeat while the first is still being handled is 409. Keys belong to
 * the user who sent them and are kept 24 hours. A claim left by a server that died mid-request
 * (never answered, nothing committed) may be taken over after a minute.
 */
import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import { BOOKING_RULES } from '../../shared/contract/booking-rules.js';
import type { Database } from '../db/schema.js';
import { httpErrors } from '../http/errors.js';
import { isUniqueViolation } from '../db/query-helpers.js';
import { bookingErrors } from './errors.js';

export interface KeyClaim {
  userId: string;
  scope: string;
  key: string;
  hash: string;
  claimedAt: Date;
}

export type Claimed = { kind: 'claimed'; claim: KeyClaim } | { kind: 'replay'; statusCode: number; body: unknown };

/** The header's value, checked: undefined without one, 400 when it is empty or too long. */
export function idempotencyKeyOf(header: string | string[] | undefined): string | undefined {
  if (header === undefined) return undefined;
  const value = Array.isArray(header) ? header[0] : header;
  if (value === undefined || value.length < BOOKING_RULES.idempotencyKey.minLength || value.length > BOOKING_RULES.idempotencyKey.maxLength) {
    throw httpErrors.validation({ 'Idempotency-Key': `must be 1 to ${BOOKING_RULES.idempotencyKey.maxLength} characters` });
  }
  return value;
}

/** A digest of the request body that does not depend on the order of its fields. */
export function requestHash(body: unknown): string {
  return createHash('sha256').update(canonicalJson(body ?? null)).digest('base64url');
}

function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, item]) => item !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([name, item]) => `${JSON.stringify(name)}:${canonicalJson(item)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

export class IdempotencyKeys {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly now: () => number,
  ) {}

  /** Claims the key for this request, or answers what the first request with it answered. */
  async claim(userId: string, scope: string, key: string, body: unknown): Promise<Claimed> {
    const hash = requestHash(body);
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const claimedAt = new Date(this.now());
      const claim: KeyClaim = { userId, scope, key, hash, claimedAt };
      try {
        const inserted = await this.db
          .insertInto('idempotency_keys')
          .values({ user_id: userId, scope, key, request_hash: hash, state: 'pending', created_at: claimedAt })
          .onConflict((oc) => oc.columns(['user_id', 'scope', 'key']).doNothing())
          .returning('key')
          .executeTakeFirst();
        if (inserted) return { kind: 'claimed', claim };
      } catch (error) {
        if (!isUniqueViolation(error)) throw error;
      }
      const existing = await this.db
        .selectFrom('idempotency_keys')
        .selectAll()
        .where('user_id', '=', userId)
        .where('scope', '=', scope)
        .where('key', '=', key)
        .executeTakeFirst();
      if (!existing) continue; // removed meanwhile (a failed first request): claim it again
      const age = claimedAt.getTime() - existing.created_at.getTime();
      if (age >= BOOKING_RULES.idempotencyKeepMs) {
        // Kept long enough: the key is free again.
        await this.db
          .deleteFrom('idempotency_keys')
          .where('user_id', '=', userId)
          .where('scope', '=', scope)
          .where('key', '=', key)
          .where('created_at', '=', existing.created_at)
          .execute();
        continue;
      }
      if (existing.request_hash !== hash) throw bookingErrors.idempotencyKeyReused();
      if (existing.state === 'done') return { kind: 'replay', statusCode: existing.status_code ?? 200, body: JSON.parse(existing.body ?? 'null') };
      if (age < BOOKING_RULES.idempotencyAbandonedMs) {
        throw httpErrors.conflict('A request with this Idempotency-Key is still being handled. Wait for its answer.');
      }
      // Its server died before answering (nothing of it committed): take the claim over, unless another request just did.
      const taken = await this.db
        .updateTable('idempotency_keys')
        .set({ created_at: claimedAt })
        .where('user_id', '=', userId)
        .where('scope', '=', scope)
        .where('key', '=', key)
        .where('state', '=', 'pending')
        .where('created_at', '=', existing.created_at)
        .returning('key')
        .executeTakeFirst();
      if (taken) return { kind: 'claimed', claim };
    }
    throw httpErrors.conflict('A request with this Idempotency-Key is still being handled. Wait for its answer.');
  }

  /** Keeps the answer, in the transaction of the change it describes. */
  async complete(trx: Kysely<Database>, claim: KeyClaim, statusCode: number, body: unknown): Promise<void> {
    await trx
      .updateTable('idempotency_keys')
      .set({ state: 'done', status_code: statusCode, body: JSON.stringify(body) })
      .where('user_id', '=', claim.userId)
      .where('scope', '=', claim.scope)
      .where('key', '=', claim.key)
      .where('created_at', '=', claim.claimedAt)
      .execute();
  }

  /** Gives the key back after a request that changed nothing (refused, or failed). */
  async release(claim: KeyClaim): Promise<void> {
    await this.db
      .deleteFrom('idempotency_keys')
      .where('user_id', '=', claim.userId)
      .where('scope', '=', claim.scope)
      .where('key', '=', claim.key)
      .where('created_at', '=', claim.claimedAt)
      .where('state', '=', 'pending')
      .execute();
  }

  /** Keys older than 24 hours go (the hourly housekeeping). */
  async purgeExpired(): Promise<number> {
    const result = await this.db
      .deleteFrom('idempotency_keys')
      .where('created_at', '<', new Date(this.now() - BOOKING_RULES.idempotencyKeepMs))
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }
}
