/**
 * Outgoing mail behind one interface: nodemailer on SMTP_URL, or (without it) an outbox folder
 * in DATA_DIR where each mail is written as JSON, for developers and the end-to-end suite.
 */
import { randomUUID } from 'node:crypto';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  attachments?: { filename: string; contentType: string; content: Buffer }[];
  /**
   * The message's own id, when sending it again must not make a second one: SMTP sends it as the
   * Message-ID (mail systems drop a second copy with the same one), and the outbox writes the same
   * file again instead of a new one.
   */
  id?: { value: string; createdAt: Date };
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

/** Who a mail comes from and where replies go. */
export interface Sender {
  name: string | null;
  address: string;
  replyTo: string | null;
}

/** A fixed "Name <address>" (MAIL_FROM as given), or the sender as it is when each mail goes out (the business's name, saved on its screen). */
export type MailFrom = string | (() => Promise<Sender>);

async function senderNow(from: MailFrom): Promise<{ from: string | { name: string; address: string }; replyTo: string | null }> {
  if (typeof from === 'string') return { from, replyTo: null };
  const sender = await from();
  return { from: sender.name ? { name: sender.name, address: sender.address } : sender.address, replyTo: sender.replyTo };
}

/** The From header as text (the outbox's files): the name quoted, its quotes and backslashes escaped. */
function fromText(from: string | { name: string; address: string }): string {
  if (typeof from === 'string') return from;
  return `"${from.name.replace(/[\\"]/g, (char) => `\\${char}`).replace(/[\r\n]/g, ' ')}" <${from.address}>`;
}

export function createSmtpMailer(smtpUrl: string, sender: MailFrom): Mailer {
  // nodemailer is loaded with the first mail: a server that only writes to the outbox never holds it.
  let transport: Promise<import('nodemailer').Transporter> | undefined;
  return {
    async send(message) {
      transport ??= import('nodemailer').then(({ default: nodemailer }) => nodemailer.createTransport(smtpUrl));
      const { id, ...mail } = message;
      const { from, replyTo } = await senderNow(sender);
      await (await transport).sendMail({ from, ...(replyTo && { replyTo }), ...mail, ...(id && { messageId: `<${id.value}@travel-back-office>` }) });
    },
  };
}

/** What an outbox file holds. */
export interface OutboxMail {
  from: string;
  replyTo?: string;
  to: string;
  subject: string;
  text: string;
  html?: string;
  attachments?: { filename: string; contentType: string; contentBase64: string }[];
  date: string;
}

export function createOutboxMailer(outboxDir: string, sender: MailFrom, now: () => number, log?: FastifyBaseLogger): Mailer {
  let sequence = 0; // keeps mails of the same millisecond in the order they were sent
  return {
    async send(message) {
      // Time first, then a sequence number, so a sorted directory listing is oldest to newest:
      // both are taken before the first await, in the order the mails were sent.
      const date = new Date(now()).toISOString();
      sequence += 1;
      const place = String(sequence).padStart(6, '0');
      await mkdir(outboxDir, { recursive: true });
      // A message with an id of its own is always the same file (named by when it was made), so a
      // second attempt after a crash writes it again rather than a second mail.
      const name = message.id ? `${message.id.createdAt.toISOString().replace(/[:.]/g, '-')}-message-${message.id.value}` : `${date.replace(/[:.]/g, '-')}-${place}-${randomUUID().slice(0, 8)}`;
      const file = join(outboxDir, `${name}.json`);
      const { from, replyTo } = await senderNow(sender);
      const mail: OutboxMail = {
        from: fromText(from),
        ...(replyTo && { replyTo }),
        to: message.to,
        subject: message.subject,
        text: message.text,
        ...(message.html !== undefined && { html: message.html }),
        ...(message.attachments && { attachments: message.attachments.map((attachment) => ({ filename: attachment.filename, contentType: attachment.contentType, contentBase64: attachment.content.toString('base64') })) }),
        date,
      };
      // Written under a temporary name and renamed: whoever watches the folder never reads half a mail.
      const partial = `${file}.partial`;
      await writeFile(partial, `${JSON.stringify(mail, null, 2)}\n`, { mode: 0o600 });
      await rename(partial, file);
      // The body may hold a reset link: log where the mail is, not what it says.
      log?.info({ file, subject: message.subject }, 'mail written to the outbox (SMTP_URL is not set)');
    },
  };
}
