/** The helper other suites use: a real server on a real port, captcha on, mails in the outbox. */
import { afterAll, beforeAll, expect, test } from 'vitest';
import { readOutbox, resetTokenFrom } from '../helpers/test-app.js';
import { startTestServer, type TestServer } from '../helpers/test-server.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => server?.close());

test('signs in over HTTP with the captcha token, and refuses without it', async () => {
  const body = JSON.stringify({ email: server.admin.email, password: server.admin.password });
  const headers = { 'content-type': 'application/json' };
  const refused = await fetch(`${server.baseUrl}/api/auth/login`, { method: 'POST', headers, body });
  expect(refused.status).toBe(400);
  expect((await refused.json()).code).toBe('CAPTCHA_FAILED');

  const response = await fetch(`${server.baseUrl}/api/auth/login?g-recaptcha-response=${server.captchaToken}`, { method: 'POST', headers, body });
  expect(response.status).toBe(200);
  const cookie = response.headers.get('set-cookie')!;
  const refreshed = await fetch(`${server.baseUrl}/api/auth/refresh-token`, { headers: { cookie: cookie.split(';')[0] } });
  expect(refreshed.status).toBe(200);
  expect((await fetch(`${server.baseUrl}/api/config`)).headers.get('content-type')).toBe('application/json; charset=utf-8');
});

test('a reset link lands in the outbox, built from the server’s own URL', async () => {
  await fetch(`${server.baseUrl}/api/auth/forget-password`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: server.admin.email }),
  });
  await server.app.background.settled();
  const [mail] = await readOutbox(server.outboxDir);
  expect(mail.text).toContain(`${server.baseUrl}/reset-password?token=`);
  const reset = await fetch(`${server.baseUrl}/api/auth/reset-password`, {
    method: 'PATCH',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ token: resetTokenFrom(mail), password: 'a-new-admin-password' }),
  });
  expect(reset.status).toBe(200);
});
