/**
 * A reseller's webhook endpoint, as a local HTTP server: it records every request (headers and raw
 * body), answers with the status the test sets, or hangs without answering. It checks nothing
 * itself: tests verify the Standard Webhooks signature with the secret, as a reseller would.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedWebhook {
  headers: IncomingMessage['headers'];
  body: string;
  at: number;
}

export interface WebhookReceiver {
  url: string;
  received: ReceivedWebhook[];
  /** What it answers from now: a status, or 'hang' (never answers). */
  answer: number | 'hang';
  close(): Promise<void>;
}

export async function startWebhookReceiver(): Promise<WebhookReceiver> {
  const hanging = new Set<ServerResponse>();
  const receiver: WebhookReceiver = {
    url: '',
    received: [],
    answer: 204,
    close: async () => {
      for (const response of hanging) response.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      receiver.received.push({ headers: request.headers, body: Buffer.concat(chunks).toString('utf8'), at: Date.now() });
      if (receiver.answer === 'hang') {
        hanging.add(response);
        return;
      }
      response.statusCode = receiver.answer;
      response.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  receiver.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/octo-hooks`;
  return receiver;
}

/** Whether a received webhook carries a valid Standard Webhooks signature for `secret`. */
export function signatureIsValid(webhook: ReceivedWebhook, secret: string): boolean {
  const id = String(webhook.headers['webhook-id'] ?? '');
  const timestamp = String(webhook.headers['webhook-timestamp'] ?? '');
  const expected = Buffer.from(`v1,${createHmac('sha256', Buffer.from(secret.slice('whsec_'.length), 'base64')).update(`${id}.${timestamp}.${webhook.body}`).digest('base64')}`);
  return String(webhook.headers['webhook-signature'] ?? '')
    .split(' ')
    .some((candidate) => candidate.length === expected.length && timingSafeEqual(Buffer.from(candidate), expected));
}
