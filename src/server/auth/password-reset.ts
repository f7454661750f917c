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
import { INVITATION_TOKEN_TTL_MS, invitationMail, passwordChangedMail, passwordResetMail, RESET_TOKEN_TTL_MS } from '../mail/messages.js';
import { hashPassword } from './passwords.js';
import { hashToken, newSecretToken, type SessionService } from './sessions.js';
import { authErrors } from './errors.js';

/** How a reset sets the password: the accounts are the users domain's, which gives this at start. */
export interface AccountPasswords {
  setPasswordHash(trx: Kysely<Database>, userId: string, passwordHash: string, at: Date): Promise<void>;
}

/** How many reset links one account is sent in an hour, however many addresses ask. */
export const RESETS_PER_HOUR = 3;

export class PasswordResetService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly now: () => number,
    private readonly publicUrl: string,
    private readonly mailer: Mailer,
    private readonly sessions: SessionService,
    private readonly audit: AuditLog,
    private readonly accounts: AccountPasswords,
  ) {}

  /** Called after the answer is sent. Does nothing visible for an unknown or disabled account. */
  async sendResetLink(email: string, origin: RequestOrigin): Promise<void> {
    const user = await this.db
      .selectFrom('users')
      .select(['id', 'email', 'status'])
      .where(sql`lower(email)`, '=', email.toLowerCase())
      .executeTakeFirst();
    if (!user || user.status !== 'active') return;
    const createdAt = new Date(this.now());
    const token = newSecretToken();
    // At most RESETS_PER_HOUR links an hour to one account, from whatever addresses they are asked:
    // the per-address limit alone let one address send a staff member 600 mails an hour. Counted
    // and written under the account's row lock, so requests at once (each runs after its answer,
    // which is the same either way) cannot all count the same few.
    const written = await this.db.transaction().execute(async (trx) => {
      await trx.selectFrom('users').select('id').where('id', '=', user.id).forUpdate().executeTakeFirst();
      const recent = await trx
        .selectFrom('password_reset_tokens')
        .select((eb) => eb.fn.countAll<string>().as('count'))
        .where('user_id', '=', user.id)
        .where('created_at', '>', new Date(createdAt.getTime() - 3_600_000))
        .executeTakeFirstOrThrow();
      if (Number(recent.count) >= RESETS_PER_HOUR) return false;
      await trx
        .insertInto('password_reset_tokens')
        .values({ token_hash: hashToken(token), user_id: user.id, created_at: createdAt, expires_at: new Date(createdAt.getTime() + RESET_TOKEN_TTL_MS) })
        .execute();
      return true;
    });
    if (!written) return;
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
      if (!row || row.used_at !== null || row.expires_at <= now || row.status !== 'active') throw authErrors.resetTokenInvalid();
      await this.accounts.setPasswordHash(trx, row.user_id, passwordHash, now);
      await trx.updateTable('password_reset_tokens').set({ used_at: now }).where('user_id', '=', row.user_id).where('used_at', 'is', null).execute();
      await this.sessions.revokeAllForUser(row.user_id, 'password_reset', trx);
      await this.audit.record({ action: 'password.reset', ...auditOrigin(origin), actorId: row.user_id, targetType: 'user', targetId: row.user_id }, trx);
      return row.email;
    });
  }

  /**
   * A new invitation link for a user (any earlier one stops working), written in the caller's
   * transaction; the mail goes out after it commits (mailInvitation).
   */
  async issueInvitation(trx: Kysely<Database>, userId: string): Promise<string> {
    const createdAt = new Date(this.now());
    await trx
      .updateTable('password_reset_tokens')
      .set({ used_at: createdAt })
      .where('user_id', '=', userId)
      .where('purpose', '=', 'invitation')
      .where('used_at', 'is', null)
      .execute();
    const token = newSecretToken();
    await trx
      .insertInto('password_reset_tokens')
      .values({ token_hash: hashToken(token), user_id: userId, purpose: 'invitation', created_at: createdAt, expires_at: new Date(createdAt.getTime() + INVITATION_TOKEN_TTL_MS) })
      .execute();
    return `${this.publicUrl}/reset-password?token=${encodeURIComponent(token)}&invitation=1`;
  }

  async mailInvitation(email: string, fullName: string, link: string): Promise<void> {
    await this.mailer.send(invitationMail(email, fullName, link));
  }

  /** A new link for someone invited who has not signed in yet (409 otherwise). Returns the user and the link to mail. */
  async resendInvitation(userId: string, origin: RequestOrigin): Promise<{ email: string; fullName: string; link: string }> {
    return this.db.transaction().execute(async (trx) => {
      const user = await trx
        .selectFrom('users')
        .select(['id', 'email', 'full_name', 'status', 'invited_at', 'last_login_at'])
        .where('id', '=', userId)
        .forUpdate()
        .executeTakeFirst();
      if (!user) throw httpErrors.notFound('No user with this id.');
      if (user.invited_at === null || user.last_login_at !== null) throw httpErrors.conflict('This user has already signed in: there is no invitation to send.');
      if (user.status !== 'active') throw httpErrors.conflict('This user is disabled: enable them before sending an invitation.');
      const link = await this.issueInvitation(trx, user.id);
      await this.audit.record({ action: 'user.invitation_resent', ...auditOrigin(origin), targetType: 'user', targetId: user.id, details: { email: user.email } }, trx);
      return { email: user.email, fullName: user.full_name, link };
    });
  }

  async notifyPasswordChanged(email: string): Promise<void> {
    await this.mailer.send(passwordChangedMail(email));
  }
}
