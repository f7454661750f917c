/**
 * Two-factor sign-in with one-time codes (TOTP, RFC 6238: SHA-1, 6 digits, 30 s), the kind every
 * authenticator app makes. Set-up offers a secret (a QR code of its otpauth:// address on screen)
 * that is kept only once the user types a code it makes; ten single-use recovery codes are shown
 * then, once. At sign-in a code of the current 30 s step or of the one either side is taken (a
 * phone's clock a little off), and never a code of a step at or before the last one used: the
 * step is recorded by a conditional update, so one code cannot sign in twice, even twice at once.
 *
 * The secret is kept as it is (a code must be computed from it); recovery codes only as SHA-256
 * (50 random bits each: no password hash is needed against guessing, and the sign-in throttle
 * counts wrong ones as failures).
 */
import { createHash, randomBytes, randomInt } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import { Secret, TOTP } from 'otpauth';
import { auditOrigin, type AuditLog, type RequestOrigin } from '../audit/audit-log.js';
import type { Database } from '../db/schema.js';
import { httpErrors } from '../http/errors.js';

const PERIOD_S = 30;
const DIGITS = 6;
/** Steps either side of now a code may come from. */
const WINDOW = 1;
const RECOVERY_CODES = 10;
/** Crockford's base32 without I, L, O, U: nothing a person misreads. */
const RECOVERY_ALPHABET = '0123456789abcdefghjkmnpqrstvwxyz';
/** A secret offered at set-up and not confirmed in this time is offered afresh. */
const PENDING_TTL_MS = 15 * 60_000;

export interface TwoFactorState {
  enabled: boolean;
  /** A role of the user requires it. */
  required: boolean;
  recoveryCodesLeft: number;
}

export type CodeCheck = { ok: true; recoveryCodeUsed: boolean } | { ok: false };

/** Whether a role of the user (`userColumn`, their id) requires a second factor: the rule sign-in, the guard and My profile all read. */
export function requiredByARole(userColumn: string) {
  return sql<boolean>`exists (select 1 from user_roles ur join roles r on r.id = ur.role_id where ur.user_id = ${sql.ref(userColumn)} and r.require_two_factor)`;
}

function totp(secret: string, label: string, issuer: string): TOTP {
  return new TOTP({ issuer, label, algorithm: 'SHA1', digits: DIGITS, period: PERIOD_S, secret: Secret.fromBase32(secret) });
}

/** A recovery code as typed: case, spaces and dashes do not matter. */
function recoveryHash(code: string): string {
  return createHash('sha256').update(code.toLowerCase().replace(/[\s-]/g, ''), 'utf8').digest('hex');
}

function newRecoveryCode(): string {
  let code = '';
  for (let index = 0; index < 10; index++) code += RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)];
  return `${code.slice(0, 5)}-${code.slice(5)}`;
}

export class TwoFactor {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly now: () => number,
    private readonly audit: AuditLog,
    /** The name authenticator apps show beside the account. */
    private readonly issuer: () => Promise<string>,
  ) {}

  async state(userId: string): Promise<TwoFactorState> {
    const row = await this.db
      .selectFrom('users as u')
      .leftJoin('user_second_factors as f', 'f.user_id', 'u.id')
      .select([
        'f.enabled_at',
        requiredByARole('u.id').as('required'),
        sql<number>`(select count(*)::int from recovery_codes c where c.user_id = u.id and c.used_at is null)`.as('codes_left'),
      ])
      .where('u.id', '=', userId)
      .executeTakeFirst();
    return { enabled: Boolean(row?.enabled_at), required: row?.required ?? false, recoveryCodesLeft: row?.enabled_at ? row.codes_left : 0 };
  }

  /** Whether the user signs in with a code (the sign-in route asks before checking one). */
  async isEnabled(userId: string): Promise<boolean> {
    const row = await this.db.selectFrom('user_second_factors').select('enabled_at').where('user_id', '=', userId).executeTakeFirst();
    return Boolean(row?.enabled_at);
  }

  /** A new secret for the user to scan; the one they had stays in force until a code of the new one is typed. */
  async setup(userId: string, email: string): Promise<{ secret: string; otpauthUrl: string }> {
    if (await this.isEnabled(userId)) throw httpErrors.conflict('Two-factor sign-in is on already: turn it off first to set up another authenticator.');
    const secret = new Secret({ buffer: randomBytes(20).buffer }).base32;
    const at = new Date(this.now());
    await this.db
      .insertInto('user_second_factors')
      .values({ user_id: userId, pending_secret: secret, pending_at: at })
      .onConflict((oc) => oc.column('user_id').doUpdateSet({ pending_secret: secret, pending_at: at }))
      .execute();
    return { secret, otpauthUrl: totp(secret, email, await this.issuer()).toString() };
  }

  /** Turns it on with a code of the secret offered at set-up; answers the recovery codes, shown this once. */
  async enable(userId: string, code: string, origin: RequestOrigin): Promise<string[]> {
    return this.db.transaction().execute(async (trx) => {
      const row = await trx.selectFrom('user_second_factors').selectAll().where('user_id', '=', userId).forUpdate().executeTakeFirst();
      if (row?.enabled_at) throw httpErrors.conflict('Two-factor sign-in is on already.');
      if (!row?.pending_secret || !row.pending_at || this.now() - row.pending_at.getTime() > PENDING_TTL_MS) {
        throw httpErrors.conflict('Start the set-up again: no authenticator is waiting to be confirmed (it waits 15 minutes).');
      }
      const step = this.stepOf(row.pending_secret, code);
      if (step === null) throw httpErrors.validation({ code: 'is not the code your authenticator app shows now' });
      await trx
        .updateTable('user_second_factors')
        .set({ secret: row.pending_secret, enabled_at: new Date(this.now()), pending_secret: null, pending_at: null, last_step: step })
        .where('user_id', '=', userId)
        .execute();
      const codes = await this.newRecoveryCodes(trx, userId);
      await this.audit.record({ action: 'two_factor.enabled', ...auditOrigin(origin), targetType: 'user', targetId: userId }, trx);
      return codes;
    });
  }

  /** Turns it off (the caller has checked the password and that no role requires it). */
  async disable(userId: string, origin: RequestOrigin): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      const removed = await trx.deleteFrom('user_second_factors').where('user_id', '=', userId).where('enabled_at', 'is not', null).executeTakeFirst();
      if (Number(removed.numDeletedRows) === 0) throw httpErrors.conflict('Two-factor sign-in is not on.');
      await trx.deleteFrom('recovery_codes').where('user_id', '=', userId).execute();
      await this.audit.record({ action: 'two_factor.disabled', ...auditOrigin(origin), targetType: 'user', targetId: userId }, trx);
    });
  }

  /** An administrator takes a user's second factor away (a lost phone); they set it up again. Answers whether there was one. */
  async reset(userId: string, origin: RequestOrigin): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      const removed = await trx.deleteFrom('user_second_factors').where('user_id', '=', userId).executeTakeFirst();
      await trx.deleteFrom('recovery_codes').where('user_id', '=', userId).execute();
      const had = Number(removed.numDeletedRows) > 0;
      await this.audit.record({ action: 'two_factor.reset', ...auditOrigin(origin), targetType: 'user', targetId: userId, details: { hadSecondFactor: had } }, trx);
      return had;
    });
  }

  /**
   * A code typed at sign-in: a one-time code of the current step (or one either side) newer than
   * the last used, or an unused recovery code. Using it is recorded here, so it never works again.
   */
  async useCode(userId: string, code: string, origin: RequestOrigin): Promise<CodeCheck> {
    const typed = code.trim();
    const digits = typed.replace(/\s/g, '');
    if (/^\d{6}$/.test(digits)) {
      const row = await this.db.selectFrom('user_second_factors').select(['secret', 'last_step']).where('user_id', '=', userId).executeTakeFirst();
      if (!row?.secret) return { ok: false };
      const step = this.stepOf(row.secret, digits);
      if (step === null || step <= Number(row.last_step)) return { ok: false };
      // Conditional: of two sign-ins with one code at once, one moves the step and the other finds it moved.
      const moved = await this.db.updateTable('user_second_factors').set({ last_step: step }).where('user_id', '=', userId).where('last_step', '<', String(step)).executeTakeFirst();
      return Number(moved.numUpdatedRows) === 1 ? { ok: true, recoveryCodeUsed: false } : { ok: false };
    }
    const used = await this.db
      .updateTable('recovery_codes')
      .set({ used_at: new Date(this.now()) })
      .where('user_id', '=', userId)
      .where('code_hash', '=', recoveryHash(typed))
      .where('used_at', 'is', null)
      .executeTakeFirst();
    if (Number(used.numUpdatedRows) !== 1) return { ok: false };
    const { left } = await this.db
      .selectFrom('recovery_codes')
      .select(sql<number>`count(*)::int`.as('left'))
      .where('user_id', '=', userId)
      .where('used_at', 'is', null)
      .executeTakeFirstOrThrow();
    await this.audit.record({ action: 'two_factor.recovery_code_used', ...auditOrigin(origin), actorId: userId, targetType: 'user', targetId: userId, details: { recoveryCodesLeft: left } });
    return { ok: true, recoveryCodeUsed: true };
  }

  /** The time step the code belongs to, when it is one of `secret` within the window; null otherwise. */
  private stepOf(secret: string, code: string): number | null {
    const timestamp = this.now();
    // The code depends on the secret and the time only, not on the names shown beside it.
    const delta = totp(secret, '', '').validate({ token: code.replace(/\s/g, ''), timestamp, window: WINDOW });
    if (delta === null) return null;
    return Math.floor(timestamp / 1000 / PERIOD_S) + delta;
  }

  private async newRecoveryCodes(trx: Kysely<Database>, userId: string): Promise<string[]> {
    const codes = Array.from({ length: RECOVERY_CODES }, newRecoveryCode);
    await trx.deleteFrom('recovery_codes').where('user_id', '=', userId).execute();
    await trx
      .insertInto('recovery_codes')
      .values(codes.map((code) => ({ user_id: userId, code_hash: recoveryHash(code) })))
      .execute();
    return codes;
  }
}
