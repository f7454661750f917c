/**
 * An administrator changes a user's e-mail address (their own too). Where mail leaves the server, the
 * new address must be confirmed: a link goes to it (256 random bits, kept hashed, single use, valid 24
 * hours) and the address changes when the link is opened, so a typo never locks anyone out and nobody
 * takes an address that is not theirs; the old address is told. Where mail does not leave the server
 * (no SMTP_URL) no link could arrive: the address changes at once. Either way sessions stay signed in
 * and the change is audited.
 */
import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import { isEmailAddress } from '../../shared/field-rules.js';
import { auditOrigin, type AuditLog, type RequestOrigin } from '../audit/audit-log.js';
import { hashToken, newSecretToken } from '../auth/sessions.js';
import type { Database } from '../db/schema.js';
import { AppError, httpErrors } from '../http/errors.js';
import type { Mailer, MailMessage } from '../mail/mailer.js';

export const EMAIL_CHANGE_TTL_MS = 24 * 3_600_000;

const invalidLink = () => new AppError(400, 'EMAIL_CHANGE_INVALID', 'This confirmation link is invalid or has expired. Ask an administrator to change the address again.');
const taken = () => httpErrors.conflict('This e-mail address belongs to another user.');

/** What became of a change: made at once, or waiting for the link sent to the new address. */
export type EmailChangeOutcome = { outcome: 'unchanged' } | { outcome: 'changed'; from: string; to: string } | { outcome: 'pending'; from: string; to: string; mails: MailMessage[] };

export class EmailChanges {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly now: () => number,
    private readonly publicUrl: string,
    private readonly mailer: Mailer,
    private readonly audit: AuditLog,
    /** Mail leaves the server (SMTP_URL): a new address is confirmed by a link. */
    private readonly confirmByLink: boolean,
  ) {}

  /** The change, in the caller's transaction; the mails it needs are sent by the caller once it is committed. */
  async change(trx: Kysely<Database>, userId: string, rawEmail: string, origin: RequestOrigin): Promise<EmailChangeOutcome> {
    const email = rawEmail.trim();
    if (!isEmailAddress(email)) throw httpErrors.validation({ email: 'must be an e-mail address such as anna@example.com' });
    {
      const user = await trx.selectFrom('users').select(['id', 'email']).where('id', '=', userId).forUpdate().executeTakeFirst();
      if (!user) throw httpErrors.notFound('No user with this id.');
      if (user.email === email) return { outcome: 'unchanged' as const };
      if (await this.takenByAnother(trx, email, userId)) throw taken();
      const at = new Date(this.now());
      if (!this.confirmByLink || user.email.toLowerCase() === email.toLowerCase()) {
        // Only the letters' case, or no mail could reach the new address: changed at once.
        await trx.updateTable('users').set({ email }).where('id', '=', userId).execute();
        await trx.updateTable('email_changes').set({ used_at: at }).where('user_id', '=', userId).where('used_at', 'is', null).execute();
        await this.audit.record({ action: 'user.email_changed', ...auditOrigin(origin), targetType: 'user', targetId: userId, details: { from: user.email, to: email, confirmed: false } }, trx);
        return { outcome: 'changed' as const, from: user.email, to: email };
      }
      // One change waits at a time: an earlier link stops working.
      await trx.updateTable('email_changes').set({ used_at: at }).where('user_id', '=', userId).where('used_at', 'is', null).execute();
      const token = newSecretToken();
      await trx
        .insertInto('email_changes')
        .values({ token_hash: hashToken(token), user_id: userId, new_email: email, created_at: at, expires_at: new Date(at.getTime() + EMAIL_CHANGE_TTL_MS), created_by: origin.actorId })
        .execute();
      await this.audit.record({ action: 'user.email_change_requested', ...auditOrigin(origin), targetType: 'user', targetId: userId, details: { from: user.email, to: email } }, trx);
      const link = `${this.publicUrl}/confirm-email?token=${encodeURIComponent(token)}`;
      return { outcome: 'pending' as const, from: user.email, to: email, mails: [confirmationMail(email, link), noticeMail(user.email, email)] };
    }
  }

  async send(mails: MailMessage[]): Promise<void> {
    for (const mail of mails) await this.mailer.send(mail);
  }

  /** The address waiting for its link, or null. */
  async pendingFor(userId: string): Promise<string | null> {
    const row = await this.db
      .selectFrom('email_changes')
      .select('new_email')
      .where('user_id', '=', userId)
      .where('used_at', 'is', null)
      .where('expires_at', '>', new Date(this.now()))
      .orderBy('created_at', 'desc')
      .executeTakeFirst();
    return row?.new_email ?? null;
  }

  /** Opens the link: the address changes (400 EMAIL_CHANGE_INVALID for an unknown, used or expired one; 409 when another user took the address meanwhile). */
  async confirm(token: string, origin: RequestOrigin): Promise<string> {
    return this.db.transaction().execute(async (trx) => {
      const row = await trx.selectFrom('email_changes').selectAll().where('token_hash', '=', hashToken(token)).forUpdate().executeTakeFirst();
      const at = new Date(this.now());
      if (!row || row.used_at !== null || row.expires_at.getTime() <= at.getTime()) throw invalidLink();
      const user = await trx.selectFrom('users').select(['id', 'email']).where('id', '=', row.user_id).forUpdate().executeTakeFirst();
      if (!user) throw invalidLink();
      if (await this.takenByAnother(trx, row.new_email, user.id)) throw taken();
      await trx.updateTable('users').set({ email: row.new_email }).where('id', '=', user.id).execute();
      await trx.updateTable('email_changes').set({ used_at: at }).where('token_hash', '=', row.token_hash).execute();
      await this.audit.record({ action: 'user.email_changed', ...auditOrigin(origin), actorId: null, targetType: 'user', targetId: user.id, details: { from: user.email, to: row.new_email, confirmed: true } }, trx);
      return row.new_email;
    });
  }

  private async takenByAnother(trx: Kysely<Database>, email: string, userId: string): Promise<boolean> {
    const other = await trx.selectFrom('users').select('id').where(sql`lower(email)`, '=', email.toLowerCase()).where('id', '<>', userId).executeTakeFirst();
    return other !== undefined;
  }
}

function confirmationMail(to: string, link: string): MailMessage {
  return {
    to,
    subject: 'Confirm your new e-mail address for Travel Back Office',
    text: [
      'An administrator changed the e-mail address of your Travel Back Office account to this one.',
      '',
      'To confirm it, open this link within 24 hours:',
      link,
      '',
      'Until then you sign in with your old address. If you did not expect this, ignore this mail.',
    ].join('\n'),
  };
}

function noticeMail(to: string, newEmail: string): MailMessage {
  return {
    to,
    subject: 'The e-mail address of your Travel Back Office account is being changed',
    text: [
      `An administrator changed the e-mail address of your Travel Back Office account to ${newEmail}.`,
      'It takes effect when the link sent there is opened; until then you sign in with this address.',
      '',
      'If this is not what you expected, tell your administrator.',
    ].join('\n'),
  };
}
