/**
 * Forgot / reset password. The request answers at once and the work happens afterwards, so the
 * answer looks and takes the same whether or not the e-mail belongs to someone. A reset token is
 * 256 random bits, stored hashed, single use, valid 30 minutes.
 */
import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import { auditOrigin, type AuditLog, type RequestOrigin } from '../audit/audit-log.js';
import type { Database } from '../db/schema.js';
import { httpErrors } from '../http/errors.js';
import type { Mailer } from '../mail/mailer.js';
import { passwordChangedMail, passwordResetMail, RESET_TOKEN_TTL_MS } from '../mail/messages.js';
import { hashPassword } from './passwords.js';
import { hashToken, newSecretToken, type SessionService } from './sessions.js';

export class PasswordResetService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly now: () => number,
    private readonly publicUrl: string,
    private readonly mailer: Mailer,
    private readonly sessions: SessionService,
    private readonly audit: AuditLog,
  ) {}

  /** Called after the answer is sent. Does nothing visible for an unknown or disabled account. */
  async sendResetLink(email: string, origin: RequestOrigin): Promise<void> {
    const user = await this.db
      .selectFrom('users')
      .select(['id', 'email', 'status'])
      .where(sql`lower(email)`, '=', email.toLowerCase())
      .executeTakeFirst();
    if (!user || user.status !== 'active') return;
    const token = newSecretToken();
    const createdAt = new Date(this.now());
    await this.db
      .insertInto('password_reset_tokens')
      .values({ token_hash: hashToken(token), user_id: user.id, created_at: createdAt, expires_at: new Date(createdAt.getTime() + RESET_TOKEN_TTL_MS) })
      .execute();
    await this.audit.record({ action: 'password.reset_requested', ...auditOrigin(origin), actorId: null, targetType: 'user', targetId: user.id });
    const link = `${this.publicUrl}/reset-password?token=${encodeURIComponent(token)}`;
    await this.mailer.send(passwordResetMail(user.email, link));
  }

  /** Sets the new password, spends the token (and any other outstanding one), ends every session. Returns the address to notify. */
  async resetPassword(token: string, newPassword: string, origin: RequestOrigin): Promise<string> {
    // Hash first: argon2 takes tens of milliseconds and must not run inside the transaction.
    const passwordHash = await hashPassword(newPassword);
    const now = new Date(this.now());
    return this.db.transaction().execute(async (trx) => {
      const row = await trx
        .selectFrom('password_reset_tokens as t')
        .innerJoin('users as u', 'u.id', 't.user_id')
        .select(['t.user_id', 't.expires_at', 't.used_at', 'u.email', 'u.status'])
        .where('t.token_hash', '=', hashToken(token))
        .forUpdate()
        .executeTakeFirst();
      if (!row || row.used_at !== null || row.expires_at <= now || row.status !== 'active') throw httpErrors.resetTokenInvalid();
      await trx.updateTable('users').set({ password_hash: passwordHash, password_changed_at: now }).where('id', '=', row.user_id).execute();
      await trx.updateTable('password_reset_tokens').set({ used_at: now }).where('user_id', '=', row.user_id).where('used_at', 'is', null).execute();
      await this.sessions.revokeAllForUser(row.user_id, 'password_reset', trx);
      await this.audit.record({ action: 'password.reset', ...auditOrigin(origin), actorId: row.user_id, targetType: 'user', targetId: row.user_id }, trx);
      return row.email;
    });
  }

  async notifyPasswordChanged(email: string): Promise<void> {
    await this.mailer.send(passwordChangedMail(email));
  }
}
