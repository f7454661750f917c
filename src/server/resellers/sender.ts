/**
 * Sends one webhook request, treating its URL as hostile: the host is resolved once, every address it
 * gives must be one the server may call (outbound-address.ts), and the connection goes to the
 * address that was checked (a name that resolves elsewhere a moment later gains nothing). No
 * redirect is followed; the answer's body is read up to 64 kB and dropped; the whole exchange ends
 * after `timeoutMs`. A slow or hanging endpoint costs this delivery and nothing else.
 */
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { mayCall, systemLookup, type Lookup } from '../security/outbound-address.js';

const MAX_ANSWER_BYTES = 64 * 1024;

export interface SendResult {
  /** The HTTP status, or null when no answer came (refused, timed out, address not allowed). */
  status: number | null;
  error: string | null;
}

export async function sendWebhook(
  target: string,
  body: string,
  headers: Record<string, string>,
  options: { allowPrivate: boolean; timeoutMs: number; lookup?: Lookup },
): Promise<SendResult> {
  let url: URL;
  try {
    url = new URL(target);
  } catch {
    return { status: null, error: 'the webhook URL is not valid' };
  }
  if (url.protocol !== 'https:' && !(options.allowPrivate && url.protocol === 'http:')) return { status: null, error: 'the webhook URL is not https' };
  const host = url.hostname.replace(/^\[|\]$/g, '');
  let address: string;
  try {
    const addresses = isIP(host) ? [host] : await (options.lookup ?? systemLookup)(host);
    if (addresses.length === 0) return { status: null, error: `${host} could not be found` };
    if (!addresses.every((one) => mayCall(one, options.allowPrivate))) return { status: null, error: `${host} points at an address the server does not call` };
    address = addresses[0];
  } catch {
    return { status: null, error: `${host} could not be found` };
  }
  const pinned: LookupFunction = (_hostname, lookupOptions, callback) => {
    const family = isIP(address);
    if ((lookupOptions as { all?: boolean }).all) (callback as unknown as (error: null, addresses: { address: string; family: number }[]) => void)(null, [{ address, family }]);
    else callback(null, address, family);
  };
  const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise<SendResult>((resolve) => {
    let settled = false;
    const finish = (result: SendResult) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(result);
    };
    const outgoing = send(
      url,
      {
        method: 'POST',
        lookup: pinned,
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), 'user-agent': 'TravelBackOffice-Webhooks/1', ...headers },
        agent: false,
      },
      (answer: IncomingMessage) => {
        let read = 0;
        answer.on('data', (chunk: Buffer) => {
          read += chunk.length;
          if (read > MAX_ANSWER_BYTES) answer.destroy();
        });
        const done = () => finish({ status: answer.statusCode ?? null, error: null });
        answer.on('end', done);
        answer.on('close', done);
        answer.on('error', done);
      },
    );
    const timer = setTimeout(() => {
      outgoing.destroy();
      finish({ status: null, error: `no answer within ${Math.round(options.timeoutMs / 1000)} s` });
    }, options.timeoutMs);
    outgoing.on('error', (error) => finish({ status: null, error: error.message.slice(0, 200) }));
    outgoing.end(body);
  });
}
