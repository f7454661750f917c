/** /api/user/profile/{id} and /api/admin/auth/user…: thin routes over app.users. */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { checkCredentials } from '../auth/credentials.js';
import { hashPassword } from '../auth/passwords.js';
import { originOf, principalOf, requireUser } from '../auth/guard.js';
import { checkPassword } from '../security/password-policy.js';
import { httpErrors } from '../http/errors.js';
import { randomBytes } from 'node:crypto';
import { ADMIN_ROLE } from '../../shared/permissions.js';
import { rateLimit } from '../http/rate-limit.js';
import { EmailChanges } from './email-change.js';
import {
  confirmEmailSchema,
  createUserSchema,
  getUserSchema,
  deleteUserSchema,
  listUsersSchema,
  profileSchema,
  resendInvitationSchema,
  updateProfileSchema,
  updateUserSchema,
} from './schemas.js';

export const userRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const emailChanges = new EmailChanges(app.db, app.now, app.config.publicUrl, app.mailer, app.audit, app.config.smtpUrl !== null);
  // Read while setting up a second factor a role requires (the screen shows who is signed in).
  app.get('/user/profile/:id', { schema: profileSchema, onRequest: requireUser(undefined, { duringTwoFactorSetUp: true }) }, async (request) => {
    const me = principalOf(request);
    if (request.params.id !== me.userId && !me.permissions.has('users.read')) throw httpErrors.forbidden();
    const user = await app.users.getById(request.params.id);
    if (!user) throw httpErrors.notFound('No user with this id.');
    return user;
  });

  app.patch('/user/profile/:id', { schema: updateProfileSchema, onRequest: requireUser() }, async (request) => {
    const me = principalOf(request);
    if (request.params.id !== me.userId) throw httpErrors.forbidden('You can change only your own profile.');
    const { fullName, currentPassword, newPassword, language } = request.body;
    let passwordHash: string | undefined;
    if (newPassword !== undefined) {
      if (currentPassword === undefined) throw httpErrors.validation({ currentPassword: 'is required to set a new password' });
      // A stolen access token must not become a way to guess the password: checked as sign-in checks.
      if ((await checkCredentials(app, me.email, request.ip, currentPassword)).outcome !== 'ok') {
        await app.loginThrottle.recordFailure(me.email, request.ip);
        throw httpErrors.validation({ currentPassword: 'is not correct' });
      }
      if (newPassword === currentPassword) throw httpErrors.validation({ newPassword: 'must differ from the current password' });
      const problem = checkPassword(newPassword, { email: me.email });
      if (problem) throw httpErrors.validation({ newPassword: problem });
      passwordHash = await hashPassword(newPassword);
    }
    const user = await app.users.updateOwnProfile(me, { fullName: fullName?.trim(), passwordHash, language }, originOf(request));
    if (passwordHash) app.background.run('password changed notice', () => app.passwordReset.notifyPasswordChanged(user.email));
    return user;
  });

  app.get('/admin/auth/user', { schema: listUsersSchema, onRequest: requireUser('users.read') }, async (request) => {
    return app.users.list(request.query);
  });

  app.post('/admin/auth/signup', { schema: createUserSchema, onRequest: requireUser('users.create') }, async (request, reply) => {
    const { email, fullName, password, roles, invite = false } = request.body;
    if (invite && password !== undefined) throw httpErrors.validation({ password: 'must be left out when an invitation is sent' });
    if (!invite && password === undefined) throw httpErrors.validation({ password: 'is required (or send an invitation instead)' });
    if (password !== undefined) {
      const problem = checkPassword(password, { email });
      if (problem) throw httpErrors.validation({ password: problem });
    }
    // An invited user's password is a secret nobody knows until they choose their own.
    const passwordHash = await hashPassword(password ?? randomBytes(32).toString('base64url'));
    let link: string | null = null;
    const invitation = invite
      ? {
          issue: async (trx: Parameters<typeof app.passwordReset.issueInvitation>[0], created: { id: string }) => {
            link = await app.passwordReset.issueInvitation(trx, created.id);
          },
        }
      : undefined;
    const user = await app.users.create({ email: email.trim(), fullName: fullName.trim(), passwordHash, roles, invitation }, originOf(request));
    const sent = link as string | null;
    if (sent) app.background.run('invitation mail', () => app.passwordReset.mailInvitation(user.email, user.fullName, sent));
    return reply.code(201).send(user);
  });

  app.post('/admin/auth/user/:id/invitation', { schema: resendInvitationSchema, onRequest: requireUser('users.create') }, async (request) => {
    const { email, fullName, link } = await app.passwordReset.resendInvitation(request.params.id, originOf(request));
    app.background.run('invitation mail', () => app.passwordReset.mailInvitation(email, fullName, link));
    return (await app.users.getById(request.params.id))!;
  });

  app.patch('/admin/auth/user/:id', { schema: updateUserSchema, onRequest: requireUser('users.update') }, async (request) => {
    const { fullName, roles, status, email } = request.body;
    // Whoever holds an address may reset its password: only an administrator moves an account to another one.
    // (A whole record sent back with its address unchanged is no change of it.)
    if (email !== undefined && !principalOf(request).roles.includes(ADMIN_ROLE) && (await app.users.getById(request.params.id))?.email !== email.trim()) {
      throw httpErrors.forbidden('Only an administrator may change a user’s e-mail address.');
    }
    const origin = originOf(request);
    const { user, also } = await app.users.update(request.params.id, { fullName: fullName?.trim(), roles, status }, origin, email === undefined ? undefined : (trx) => emailChanges.change(trx, request.params.id, email, origin));
    if (also?.outcome === 'pending') app.background.run('e-mail change mails', () => emailChanges.send(also.mails));
    return { ...user, pendingEmail: await emailChanges.pendingFor(user.id) };
  });

  app.get('/admin/auth/user/:id', { schema: getUserSchema, onRequest: requireUser('users.read') }, async (request) => {
    const user = await app.users.getById(request.params.id);
    if (!user) throw httpErrors.notFound('No user with this id.');
    return { ...user, pendingEmail: await emailChanges.pendingFor(user.id) };
  });

  app.post('/auth/confirm-email', { schema: confirmEmailSchema, onRequest: rateLimit('resetPassword') }, async (request) => {
    const email = await emailChanges.confirm(request.body.token, originOf(request));
    return { message: `Your e-mail address is now ${email}. Sign in with it from now on.` };
  });

  app.delete('/admin/auth/user/:id', { schema: deleteUserSchema, onRequest: requireUser('users.delete') }, async (request) => {
    await app.users.delete(request.params.id, originOf(request));
    return { id: request.params.id };
  });
};
