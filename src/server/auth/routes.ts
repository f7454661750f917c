/** /api/auth: sign-in, the session's life (refresh, check, logout) and password reset. */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { CAPTCHA_QUERY_PARAM } from '../../shared/api-paths.js';
import { auditOrigin } from '../audit/audit-log.js';
import { httpErrors } from '../http/errors.js';
import { rateLimit } from '../http/rate-limit.js';
import { crossSiteGuard } from '../security/cross-site.js';
import { checkPassword } from '../security/password-policy.js';
import { originOf, principalOf, requireUser } from './guard.js';
import { checkCredentials } from './credentials.js';
import {
  checkSchema,
  forgetPasswordSchema,
  loginSchema,
  logoutSchema,
  refreshSchema,
  liftSignInLockSchema,
  resetPasswordSchema,
  signInLockSchema,
  totpDisableSchema,
  totpEnableSchema,
  totpResetSchema,
  totpSetupSchema,
  twoFactorStateSchema,
} from './schemas.js';
import { TwoFactor } from './two-factor.js';
import { clearSessionCookie, readSessionCookie, setSessionCookie } from './session-cookie.js';
import { authErrors } from './errors.js';

export const authRoutes: FastifyPluginAsyncTypebox = async (app) => {
  // The session cookie's endpoints refuse requests made by another site's pages (on top of
  // SameSite=Strict); login too, against signing a victim into someone else's account.
  const refuseCrossSite = crossSiteGuard({ publicUrl: app.config.publicUrl });
  const twoFactor = new TwoFactor(app.db, app.now, app.audit, async () => (await app.business.details()).name ?? 'Travel Back Office');

  app.post('/auth/login', { schema: loginSchema, onRequest: [refuseCrossSite, rateLimit('login')] }, async (request, reply) => {
    const origin = originOf(request);
    if (app.captcha.enabled) {
      const captchaToken = request.query[CAPTCHA_QUERY_PARAM];
      if (!captchaToken || !(await app.captcha.verify(captchaToken, request.ip))) throw authErrors.captchaFailed();
    }

    const { email, password, persist = false, totp } = request.body;
    // Asked by the lock's check and again for the audit of a success: the cookie and its failure count are read once.
    let known: Promise<boolean> | undefined;
    const knownDevice = (account: { id: string; passwordHash: string }) => (known ??= app.knownDevices.isKnown(request, account));
    const check = await checkCredentials(app, email, request.ip, password, knownDevice);
    // Two-factor sign-in on: without a code the answer is the same whether or not the password was
    // right (argon2 ran either way), so asking for a code tells nothing of the password.
    // One read of the account's second factor: whether it is on, and whether a role requires it.
    const factor = check.account !== null && check.account.status === 'active' ? await twoFactor.state(check.account.id) : null;
    const withCode = factor?.enabled === true;
    if (withCode && totp === undefined) throw authErrors.totpRequired();
    // A waiting account gets the same answer, in the same time, as a wrong password.
    if (check.outcome === 'locked') {
      await app.audit.record({ action: 'login.failure', ...auditOrigin(origin), details: { reason: 'locked' } });
      throw authErrors.invalidCredentials();
    }
    // A wrong code fails as a wrong password does (and counts toward the lockouts); a right one is used up.
    const codeFailed = withCode && check.outcome === 'ok' && !(await twoFactor.useCode(check.account.id, totp!, origin)).ok;
    if (check.outcome !== 'ok' || check.account.status !== 'active' || codeFailed) {
      const { account } = check;
      await app.audit.record({
        action: 'login.failure',
        ...auditOrigin(origin),
        targetType: account ? 'user' : null,
        targetId: account?.id ?? null,
        details: { reason: codeFailed ? 'wrong_code' : check.outcome === 'ok' ? 'disabled' : check.outcome },
      });
      const lockout = await app.loginThrottle.recordFailure(email, request.ip);
      if (account) await app.knownDevices.recordFailure(request, account.id);
      if (lockout.waitMs > 0) {
        await app.audit.record({
          action: 'login.lockout',
          ...auditOrigin(origin),
          targetType: account ? 'user' : null,
          targetId: account?.id ?? null,
          details: { tier: lockout.tier, waitMs: lockout.waitMs },
        });
      }
      throw authErrors.invalidCredentials();
    }

    const { account } = check;
    await app.loginThrottle.recordSuccess(email, request.ip);
    const session = await app.sessions.start(account, persist, origin);
    await app.users.recordLogin(account.id);
    await app.audit.record({
      action: 'login.success',
      ...auditOrigin(origin),
      actorId: account.id,
      targetType: 'session',
      targetId: session.sessionId,
      details: { persist, twoFactor: withCode, knownDevice: await knownDevice(account) },
    });
    const roles = await app.users.roleNames(account.id);
    setSessionCookie(request, reply, session, app.now());
    await app.knownDevices.remember(request, reply, account);
    const accessToken = app.accessTokens.sign({ email: account.email, userId: account.id, roles, sessionId: session.sessionId });
    if (!withCode && factor?.required) return { access_token: accessToken, twoFactorSetUpRequired: true };
    return { access_token: accessToken };
  });

  app.get('/auth/refresh-token', { schema: refreshSchema, onRequest: [refuseCrossSite, rateLimit('refresh')] }, async (request, reply) => {
    const presented = readSessionCookie(request);
    const session = presented ? await app.sessions.refresh(presented, originOf(request)) : null;
    if (!session) {
      clearSessionCookie(request, reply);
      throw authErrors.refreshInvalid();
    }
    const roles = await app.users.roleNames(session.userId);
    setSessionCookie(request, reply, session, app.now());
    return { token: app.accessTokens.sign({ email: session.email, userId: session.userId, roles, sessionId: session.sessionId }) };
  });

  app.get('/auth/check', { schema: checkSchema, onRequest: refuseCrossSite }, async (request) => {
    const presented = readSessionCookie(request);
    return { isAuthentication: presented ? await app.sessions.isLive(presented) : false };
  });

  app.post('/auth/logout', { schema: logoutSchema, onRequest: refuseCrossSite }, async (request, reply) => {
    const sessionId = await sessionToEnd(request);
    if (sessionId) {
      await app.sessions.revokeSession(sessionId, 'logout');
      await app.audit.record({ action: 'logout', ...auditOrigin(originOf(request)), targetType: 'session', targetId: sessionId });
    }
    clearSessionCookie(request, reply);
    return { message: 'Signed out.' };
  });

  /** The cookie's session, or else the bearer token's (a client that lost its cookie can still sign out). */
  async function sessionToEnd(request: FastifyRequest): Promise<string | null> {
    const presented = readSessionCookie(request);
    if (presented) {
      const found = await app.sessions.sessionOf(presented);
      if (found) return found.sessionId;
    }
    const bearer = /^Bearer\s+(\S+)\s*$/i.exec(request.headers.authorization ?? '');
    if (!bearer) return null;
    try {
      return app.accessTokens.verify(bearer[1]).sid;
    } catch {
      return null; // an expired or invalid token signs nothing out, and logout still succeeds
    }
  }

  // ---- two-factor sign-in (two-factor.ts) ----

  const duringSetUp = requireUser(undefined, { duringTwoFactorSetUp: true });

  app.get('/auth/totp', { schema: twoFactorStateSchema, onRequest: duringSetUp }, async (request) => twoFactor.state(principalOf(request).userId));

  app.post('/auth/totp/setup', { schema: totpSetupSchema, onRequest: duringSetUp }, async (request) => {
    const me = principalOf(request);
    return twoFactor.setup(me.userId, me.email);
  });

  app.post('/auth/totp/enable', { schema: totpEnableSchema, onRequest: duringSetUp }, async (request) => {
    const me = principalOf(request);
    return { recoveryCodes: await twoFactor.enable(me.userId, request.body.code, originOf(request)) };
  });

  app.post('/auth/totp/disable', { schema: totpDisableSchema, onRequest: requireUser() }, async (request) => {
    const me = principalOf(request);
    // A stolen access token must not turn the second factor off: the password again, checked as sign-in checks it.
    if ((await checkCredentials(app, me.email, request.ip, request.body.password)).outcome !== 'ok') {
      await app.loginThrottle.recordFailure(me.email, request.ip);
      throw httpErrors.validation({ password: 'is not correct' });
    }
    if ((await twoFactor.state(me.userId)).required) throw httpErrors.conflict('A role of yours requires two-factor sign-in: it stays on.');
    await twoFactor.disable(me.userId, originOf(request));
    return { message: 'Two-factor sign-in is off.' };
  });

  app.post('/admin/auth/user/:id/totp/reset', { schema: totpResetSchema, onRequest: requireUser('users.update') }, async (request) => {
    if (!(await app.users.getById(request.params.id))) throw httpErrors.notFound('No user with this id.');
    const had = await twoFactor.reset(request.params.id, originOf(request));
    return { message: had ? 'Two-factor sign-in was reset: the user sets it up again at the next sign-in or in My profile.' : 'This user had no second factor: nothing to reset.', reset: had };
  });

  // ---- the account-wide sign-in lock, as an administrator sees it ----

  app.get('/admin/auth/user/:id/sign-in-lock', { schema: signInLockSchema, onRequest: requireUser('users.read') }, async (request) => {
    const user = await app.users.getById(request.params.id);
    if (!user) throw httpErrors.notFound('No user with this id.');
    return lockAnswer(await app.loginThrottle.accountLock(user.email));
  });

  app.delete('/admin/auth/user/:id/sign-in-lock', { schema: liftSignInLockSchema, onRequest: requireUser('users.update') }, async (request) => {
    const user = await app.users.getById(request.params.id);
    if (!user) throw httpErrors.notFound('No user with this id.');
    const before = await app.loginThrottle.accountLock(user.email);
    await app.loginThrottle.liftAccountLock(user.email);
    await app.audit.record({
      action: 'login.lock_lifted',
      ...auditOrigin(originOf(request)),
      targetType: 'user',
      targetId: user.id,
      details: { failures: before.failures, lockedUntil: before.lockedUntil?.toISOString() ?? null },
    });
    return lockAnswer(await app.loginThrottle.accountLock(user.email));
  });

  app.post('/auth/forget-password', { schema: forgetPasswordSchema, onRequest: rateLimit('forgetPassword') }, async (request) => {
    const origin = originOf(request);
    const email = request.body.email.trim();
    app.background.run('password reset mail', () => app.passwordReset.sendResetLink(email, origin));
    return { message: 'If this address belongs to an account, a link to reset the password is on its way.' };
  });

  app.patch('/auth/reset-password', { schema: resetPasswordSchema, onRequest: rateLimit('resetPassword') }, async (request) => {
    const problem = checkPassword(request.body.password);
    if (problem) throw httpErrors.validation({ password: problem });
    const email = await app.passwordReset.resetPassword(request.body.token, request.body.password, originOf(request));
    app.background.run('password changed notice', () => app.passwordReset.notifyPasswordChanged(email));
    return { message: 'Your password has been changed. Sign in with the new password.' };
  });
};

function lockAnswer(lock: { failures: number; lockedUntil: Date | null }) {
  return { failures: lock.failures, lockedUntil: lock.lockedUntil?.toISOString() ?? null };
}
