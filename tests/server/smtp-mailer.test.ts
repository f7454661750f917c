// engine: independent (never opens the test database: left out of the suite's run on a PostgreSQL server)
/**
 * Outgoing mail over SMTP (SMTP_URL): nodemailer against a local SMTP server started by the test,
 * standing in for the relay a deployment names. The message arrives whole: sender, recipient,
 * subject and a body that keeps non-ASCII text and the reset link intact.
 */
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { createSmtpMailer } from '../../src/server/mail/mailer';

interface Received {
  from: string;
  to: string[];
  raw: string;
}

const received: Received[] = [];
let server: SMTPServer;
let port = 0;

beforeAll(async () => {
  server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  server.listen(0, '127.0.0.1');
  await once(server.server, 'listening');
  port = (server.server.address() as AddressInfo).port;
});

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

test('a mail sent through SMTP_URL reaches the relay with its envelope, subject and body', async () => {
  const mailer = createSmtpMailer(`smtp://127.0.0.1:${port}?ignoreTLS=true`, 'Travel Back Office <office@example.com>');
  const link = 'http://localhost:3000/reset-password?token=abc_DEF-123';
  await mailer.send({ to: 'þórður@example.com', subject: 'Reset your password', text: `Hello Þórður,\n\nOpen ${link} to choose a new password.\n` });

  expect(received).toHaveLength(1);
  const [mail] = received;
  expect(mail.from).toBe('office@example.com');
  expect(mail.to).toEqual(['þórður@example.com']);
  expect(mail.raw).toMatch(/^Subject: Reset your password\r?$/m);
  // The body may be quoted-printable or base64: decode what nodemailer chose.
  const [, headers, body] = /^([\s\S]*?)\r\n\r\n([\s\S]*)$/.exec(mail.raw) ?? [];
  const encoding = /content-transfer-encoding:\s*(\S+)/i.exec(headers ?? '')?.[1]?.toLowerCase();
  const text =
    encoding === 'base64'
      ? Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8')
      : encoding === 'quoted-printable'
        ? Buffer.from(body.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))), 'latin1').toString('utf8')
        : body;
  expect(text).toContain('Hello Þórður,');
  expect(text).toContain(link);
});

test('a relay that refuses the mail makes send() fail, so the caller can tell', async () => {
  const mailer = createSmtpMailer(`smtp://127.0.0.1:${port}?ignoreTLS=true`, 'office@example.com');
  await expect(mailer.send({ to: 'not an address', subject: 'x', text: 'y' })).rejects.toThrow();
});
