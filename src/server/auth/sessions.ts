/**
 * Sessions: one row per login (a "family"), and the refresh tokens that descend from it. A token
 * is an opaque 256-bit random value; only its SHA-256 is stored. Each refresh rotates the token;
 * a rotated token presented again after the grace window means it was copied, so the whole family
 * is revoked. Inside the grace window (parallel tabs refreshing at once) it is rotated again.
 */
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { AuditLog, RequestOrigin } from '../audit/audit-log.js';
import type { Database } from '../db/schema.js';

export interface SessionSettings {
  sessionTtlMs: number;
  persistentSessionTtlMs: number;
  /** How long a rotated token may still be used (parallel tabs) before its reuse revokes the family. */
  refreshGraceMs: number;
}

export interface IssuedSession {
  sessionId: string;
  userId: string;
  email: string;
  refreshToken: string;
  persistent: boolean;
  expiresAt: Date;
}

export type RevokeReason = 'logout' | 'reuse' | 'password_reset' | 'password_changed' | 'user_disabled' | 'expired';

export function newSecretToken(): string {
  return randomBytes(32).toString('base64url');
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export class SessionService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly now: () => number,
    private readonly settings: SessionSettings,
    private readonly audit: AuditLog,
  ) {}

  async start(user: { id: string; email: string }, persistent: boolean, origin: RequestOrigin): Promise<IssuedSession> {
    const createdAt = new Date(this.now());
    const ttl = persistent ? this.settings.persistentSessionTtlMs : this.settings.sessionTtlMs;
    const session = {
      sessionId: randomUUID(),
      userId: user.id,
      email: user.email,
      refreshToken: newSecretToken(),
      persistent,
      expiresAt: new Date(createdAt.getTime() + ttl),
    };
    await this.db.transaction().execute(async (trx) => {
      await trx
        .insertInto('sessions')
        .values({
          id: session.sessionId,
          user_id: user.id,
          persistent,
          created_at: createdAt,
          expires_at: session.expiresAt,
          ip: origin.ip,
          user_agent: origin.userAgent?.slice(0, 512) ?? null,
        })
        .execute();
      await trx
        .insertInto('refresh_tokens')
        .values({ token_hash: hashToken(session.refreshToken), session_id: session.sessionId, parent_hash: null, created_at: createdAt })
        .execute();
    });
    return session;
  }

  /** Rotates the presented token. Null when it cannot be used (unknown, ended, expired, user disabled, or reused). */
  async refresh(refreshToken: string, origin: RequestOrigin): Promise<IssuedSession | null> {
    const presentedHash = hashToken(refreshToken);
    const now = new Date(this.now());
    const outcome = await this.db.transaction().execute(async (trx) => {
      // Locks on the token and its session make two refreshes of one token (two instances) take turns.
      const row = await trx
        .selectFrom('refresh_tokens as t')
        .innerJoin('sessions as s', 's.id', 't.session_id')
        .innerJoin('users as u', 'u.id', 's.user_id')
        .select(['t.rotated_at', 's.id as session_id', 's.persistent', 's.expires_at', 's.revoked_at', 'u.id as user_id', 'u.email', 'u.status'])
        .where('t.token_hash', '=', presentedHash)
        .forUpdate(['t', 's'])
        .executeTakeFirst();
      if (!row || row.revoked_at !== null || row.expires_at <= now || row.status !== 'active') return null;

      if (row.rotated_at !== null && now.getTime() - row.rotated_at.getTime() > this.settings.refreshGraceMs) {
        await this.revokeSession(row.session_id, 'reuse', trx);
        await this.audit.record(
          { action: 'session.reuse_detected', actorId: row.user_id, targetType: 'session', targetId: row.session_id, ip: origin.ip, userAgent: origin.userAgent },
          trx,
        );
        return null;
      }
      // First use: mark it rotated. Within the grace window it stays marked from its first rotation,
      // so the window is never extended by using the token again.
      if (row.rotated_at === null) {
        await trx.updateTable('refresh_tokens').set({ rotated_at: now }).where('token_hash', '=', presentedHash).execute();
      }
      const next = newSecretToken();
      await trx
        .insertInto('refresh_tokens')
        .values({ token_hash: hashToken(next), session_id: row.session_id, parent_hash: presentedHash, created_at: now })
        .execute();
      return {
        sessionId: row.session_id,
        userId: row.user_id,
        email: row.email,
        refreshToken: next,
        persistent: row.persistent,
        expiresAt: row.expires_at,
      } satisfies IssuedSession;
    });
    return outcome;
  }

  /** Whether the token belongs to a live session; never rotates or revokes anything. */
  async isLive(refreshToken: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('refresh_tokens as t')
      .innerJoin('sessions as s', 's.id', 't.session_id')
      .innerJoin('users as u', 'u.id', 's.user_id')
      .select(['t.rotated_at', 's.expires_at', 's.revoked_at', 'u.status'])
      .where('t.token_hash', '=', hashToken(refreshToken))
      .executeTakeFirst();
    if (!row || row.revoked_at !== null || row.status !== 'active') return false;
    const now = this.now();
    if (row.expires_at.getTime() <= now) return false;
    return row.rotated_at === null || now - row.rotated_at.getTime() <= this.settings.refreshGraceMs;
  }

  /** The session a refresh token belongs to, if any (logout uses it). */
  async sessionOf(refreshToken: string): Promise<{ sessionId: string; userId: string } | null> {
    const row = await this.db
      .selectFrom('refresh_tokens as t')
      .innerJoin('sessions as s', 's.id', 't.session_id')
      .select(['s.id as sessionId', 's.user_id as userId'])
      .where('t.token_hash', '=', hashToken(refreshToken))
      .executeTakeFirst();
    return row ?? null;
  }

  async revokeSession(sessionId: string, reason: RevokeReason, db: Kysely<Database> = this.db): Promise<void> {
    await db
      .updateTable('sessions')
      .set({ revoked_at: new Date(this.now()), revoke_reason: reason })
      .where('id', '=', sessionId)
      .where('revoked_at', 'is', null)
      .execute();
  }

  /**
   * Deletes sessions (with their tokens) that ended more than a day ago, and old reset tokens, so
   * the tables do not grow forever. A token of a deleted session is simply unknown: refused alike.
   */
  async purgeExpired(keepMs = 86_400_000): Promise<void> {
    const cutoff = new Date(this.now() - keepMs);
    await this.db.deleteFrom('sessions').where((eb) => eb.or([eb('expires_at', '<', cutoff), eb('revoked_at', '<', cutoff)])).execute();
    await this.db.deleteFrom('password_reset_tokens').where('expires_at', '<', cutoff).execute();
  }

  /**
   * Ends every session of a user (password reset, disabling), or every one but `exceptSessionId`
   * (a password changed from the profile keeps the session that changed it). Pass the transaction
   * making the change.
   */
  async revokeAllForUser(userId: string, reason: RevokeReason, db: Kysely<Database> = this.db, exceptSessionId?: string): Promise<void> {
    let query = db
      .updateTable('sessions')
      .set({ revoked_at: new Date(this.now()), revoke_reason: reason })
      .where('user_id', '=', userId)
      .where('revoked_at', 'is', null);
    if (exceptSessionId) query = query.where('id', '<>', exceptSessionId);
    await query.execute();
  }
}
