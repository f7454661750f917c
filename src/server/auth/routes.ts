/** /api/auth: sign-in, the session's life (refresh, check, logout) and password reset. */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { CAPTCHA_QUERY_PARAM } from '../../shared/api-paths.js';
import { auditOrigin } from '../audit/audit-log.js';
import { httpErrors } from '../http/errors.js';
import { rateLimit } from '../http/rate-limit.js';
import { crossSiteGuard } from '../security/cross-site.js';
import { checkPassword } from '../security/password-policy.js';
import { originOf } from './guard.js';
import { checkCredentials } from './credentials.js';
import { checkSchema, forgetPasswordSchema, loginSchema, logoutSchema, refreshSchema, resetPasswordSchema } from './schemas.js';
import { clearSessionCookie, readSessionCookie, setSessionCookie } from './session-cookie.js';
import { authErrors } from './errors.js';

export const authRoutes: FastifyPluginAsyncTypebox = async (app) => {
  // The session cookie's endpoints refuse requests made by another site's pages (on top of
  // SameSite=Strict); login too, against signing a victim into someone else's account.
  const refuseCrossSite = crossSiteGuard({ publicUrl: app.config.publicUrl });

  app.post('/auth/login', { schema: loginSchema, onRequest: [refuseCrossSite, rateLimit('login')] }, async (request, reply) => {
    const origin = originOf(request);
    if (app.captcha.enabled) {
      const captchaToken = request.query[CAPTCHA_QUERY_PARAM];
      if (!captchaToken || !(await app.captcha.verify(captchaToken, request.ip))) throw authErrors.captchaFailed();
    }

    const { email, password, persist = false } = request.body;
    const check = await checkCredentials(app, email, request.ip, password);
    // A waiting account gets the same answer, in the same time, as a wrong password.
    if (check.outcome === 'locked') {
      await app.audit.record({ action: 'login.failure', ...auditOrigin(origin), details: { reason: 'locked' } });
      throw authErrors.invalidCredentials();
    }
    if (check.outcome !== 'ok' || check.account.status !== 'active') {
      const { account } = check;
      await app.audit.record({
        action: 'login.failure',
        ...auditOrigin(origin),
        targetType: account ? 'user' : null,
        targetId: account?.id ?? null,
        details: { reason: check.outcome === 'ok' ? 'disabled' : check.outcome },
      });
      const lockout = await app.loginThrottle.recordFailure(email, request.ip);
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
    await app.audit.record({ action: 'login.success', ...auditOrigin(origin), actorId: account.id, targetType: 'session', targetId: session.sessionId, details: { persist } });
    const roles = await app.users.roleNames(account.id);
    setSessionCookie(request, reply, session, app.now());
    return { access_token: app.accessTokens.sign({ email: account.email, userId: account.id, roles, sessionId: session.sessionId }) };
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
