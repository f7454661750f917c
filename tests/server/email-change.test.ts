/**
 * An administrator changes a user's e-mail address, their own included. Where mail leaves the server
 * (SMTP_URL, here a local SMTP catcher) the new address is confirmed by a link sent to it, the old one
 * is told, and the address changes when the link is opened, once; without SMTP_URL it changes at
 * once. Another user's address is refused, a clerk who manages users may not move an account to
 * another address, sessions stay signed in, everything is audited. Runs on the embedded database and,
 * with TEST_DATABASE_URL, on a PostgreSQL server.
 */
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { User } from '../../src/shared/contract/users.js';
import { expectError } from '../helpers/assertions.js';
import { until } from '../helpers/poll.js';
import { as, createTestApp, createUser, login, readOutbox, type TestApp } from '../helpers/test-app.js';

const received: { to: string[]; raw: string }[] = [];
let smtp: SMTPServer;
let withMail: TestApp;
let withoutMail: TestApp;

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push({ to: session.envelope.rcptTo.map((rcpt) => rcpt.address), raw: Buffer.concat(chunks).toString('utf8') });
        callback();
      });
    },
  });
  smtp.listen(0, '127.0.0.1');
  await once(smtp.server, 'listening');
  const port = (smtp.server.address() as AddressInfo).port;
  withMail = await createTestApp({ env: { SMTP_URL: `smtp://127.0.0.1:${port}?ignoreTLS=true` } });
  withoutMail = await createTestApp();
});
afterAll(async () => {
  await withMail?.close();
  await withoutMail?.close();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
});

/** The confirmation link in the last mail to `to` (quoted-printable soft breaks joined). */
async function linkTo(to: string): Promise<string> {
  return until(async () => {
    const mail = received.filter((one) => one.to.includes(to)).at(-1);
    const text = mail?.raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
    return text?.match(/confirm-email\?token=([A-Za-z0-9_%-]+)/)?.[1];
  });
}

describe('an administrator changes an e-mail address', () => {
  it('with mail set up: confirmed by the link sent to the new address, once; sessions kept; audited', async () => {
    const t = withMail;
    const adminToken = (await login(t.app, t.admin)).accessToken;
    const admin = as(t.app, adminToken);
    const sam = await createUser(t.app, adminToken, { email: 'sam.old@example.test' });
    const samToken = (await login(t.app, sam)).accessToken;

    const changed = await admin({ method: 'PATCH', url: `/api/admin/auth/user/${sam.id}`, payload: { email: ' sam.new@example.test ' } });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json<User>()).toMatchObject({ email: 'sam.old@example.test', pendingEmail: 'sam.new@example.test' });
    const token = decodeURIComponent(await linkTo('sam.new@example.test'));
    await until(() => received.some((mail) => mail.to.includes('sam.old@example.test')) || undefined);
    // Until the link is opened the old address signs in.
    expect((await login(t.app, sam)).accessToken).toBeTruthy();

    const confirmed = await t.app.inject({ method: 'POST', url: '/api/auth/confirm-email', payload: { token } });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect((await admin({ method: 'GET', url: `/api/admin/auth/user/${sam.id}` })).json<User>()).toMatchObject({ email: 'sam.new@example.test', pendingEmail: null });
    expectError(await t.app.inject({ method: 'POST', url: '/api/auth/confirm-email', payload: { token } }), 400, 'EMAIL_CHANGE_INVALID');
    // Sessions stay signed in; the new address signs in.
    expect((await as(t.app, samToken)({ method: 'GET', url: `/api/user/profile/${sam.id}` })).statusCode).toBe(200);
    expect((await login(t.app, { email: 'sam.new@example.test', password: sam.password })).accessToken).toBeTruthy();

    const audit = (await admin({ method: 'GET', url: `/api/admin/audit?targetId=${sam.id}&action=user.email_change_requested&action=user.email_changed` })).json<{ data: { action: string; details: Record<string, unknown> }[] }>();
    expect(audit.data.map((entry) => entry.action).sort()).toEqual(['user.email_change_requested', 'user.email_changed']);
  });

  it('a link left unopened for a day, or replaced by a later change, no longer works', async () => {
    const t = withMail;
    const adminToken = (await login(t.app, t.admin)).accessToken;
    const admin = as(t.app, adminToken);
    const kim = await createUser(t.app, adminToken, { email: 'kim@example.test' });
    await admin({ method: 'PATCH', url: `/api/admin/auth/user/${kim.id}`, payload: { email: 'kim.first@example.test' } });
    const first = decodeURIComponent(await linkTo('kim.first@example.test'));
    await admin({ method: 'PATCH', url: `/api/admin/auth/user/${kim.id}`, payload: { email: 'kim.second@example.test' } });
    const second = decodeURIComponent(await linkTo('kim.second@example.test'));
    expectError(await t.app.inject({ method: 'POST', url: '/api/auth/confirm-email', payload: { token: first } }), 400, 'EMAIL_CHANGE_INVALID');
    t.clock.advance(24 * 3_600_000 + 1000);
    expectError(await t.app.inject({ method: 'POST', url: '/api/auth/confirm-email', payload: { token: second } }), 400, 'EMAIL_CHANGE_INVALID');
    expect((await as(t.app, (await login(t.app, t.admin)).accessToken)({ method: 'GET', url: `/api/admin/auth/user/${kim.id}` })).json<User>().email).toBe('kim@example.test');
  });

  it('without mail set up: changed at once, the administrator’s own too; another user’s address and a non-administrator are refused', async () => {
    const t = withoutMail;
    const adminToken = (await login(t.app, t.admin)).accessToken;
    const admin = as(t.app, adminToken);
    const me = (await admin({ method: 'GET', url: '/api/admin/auth/user?q=' + encodeURIComponent(t.admin.email) })).json<{ data: User[] }>().data[0]!;
    const own = await admin({ method: 'PATCH', url: `/api/admin/auth/user/${me.id}`, payload: { email: 'owner@harbour.example' } });
    expect(own.statusCode, own.body).toBe(200);
    expect(own.json<User>()).toMatchObject({ email: 'owner@harbour.example', pendingEmail: null });
    expect((await admin({ method: 'GET', url: `/api/admin/auth/user/${me.id}` })).statusCode).toBe(200);
    expect((await login(t.app, { email: 'owner@harbour.example', password: t.admin.password })).accessToken).toBeTruthy();
    expect((await readOutbox(t.outboxDir)).filter((mail) => mail.subject.includes('e-mail address'))).toEqual([]);

    const lee = await createUser(t.app, adminToken, { email: 'lee@example.test' });
    const taken = await admin({ method: 'PATCH', url: `/api/admin/auth/user/${lee.id}`, payload: { email: 'OWNER@harbour.example', fullName: 'Lee Renamed' } });
    expectError(taken, 409, 'CONFLICT');
    // Refused as a whole: the name is not changed either.
    expect((await admin({ method: 'GET', url: `/api/admin/auth/user/${lee.id}` })).json<User>().fullName).not.toBe('Lee Renamed');
    expectError(await admin({ method: 'PATCH', url: `/api/admin/auth/user/${lee.id}`, payload: { email: 'not an address' } }), 400, 'VALIDATION');

    const role = await admin({ method: 'POST', url: '/api/admin/auth/role', payload: { name: 'PEOPLE', permissions: ['users.read', 'users.update'] } });
    expect(role.statusCode, role.body).toBe(201);
    const hr = await createUser(t.app, adminToken, { email: 'hr@example.test', roles: ['PEOPLE'] });
    const asHr = as(t.app, (await login(t.app, hr)).accessToken);
    expectError(await asHr({ method: 'PATCH', url: `/api/admin/auth/user/${me.id}`, payload: { email: 'hr-owns-this@example.test' } }), 403, 'FORBIDDEN');
    expect((await asHr({ method: 'PATCH', url: `/api/admin/auth/user/${lee.id}`, payload: { fullName: 'Lee Lane' } })).statusCode).toBe(200);
    // The whole record sent back with its address as it is: no change of the address, so allowed.
    expect((await asHr({ method: 'PATCH', url: `/api/admin/auth/user/${lee.id}`, payload: { fullName: 'Lee Lane', email: 'lee@example.test' } })).statusCode).toBe(200);
  });
});
