/**
 * A local stand-in for Google's reCAPTCHA siteverify endpoint: a real HTTP server on 127.0.0.1
 * that reads the form-encoded secret/response/remoteip and answers `{success, hostname}`, so the
 * server's real verifier code runs in tests.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export const TEST_CAPTCHA_TOKEN = 'test-captcha-ok';
export const TEST_RECAPTCHA_SECRET = 'test-recaptcha-secret';
export const TEST_RECAPTCHA_SITE_KEY = 'test-recaptcha-site-key';

export interface SiteverifyRequest {
  secret: string | null;
  response: string | null;
  remoteip: string | null;
}

export interface FakeSiteverify {
  /** POST here: use as RECAPTCHA_VERIFY_URL. */
  url: string;
  /** The token that passes. */
  goodToken: string;
  /** The hostname reported for a solved captcha; tests change it to check the hostname rule. */
  hostname: string;
  /** 'ok': answer normally; 'http-error': 500; 'garbage': a body that is not JSON; 'hang': never answer. */
  mode: 'ok' | 'http-error' | 'garbage' | 'hang';
  /** Every request received, oldest first. */
  requests: SiteverifyRequest[];
  close(): Promise<void>;
}

export async function startFakeSiteverify(options: { goodToken?: string; secret?: string; hostname?: string } = {}): Promise<FakeSiteverify> {
  const secret = options.secret ?? TEST_RECAPTCHA_SECRET;
  const server = createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (body += chunk));
    req.on('end', () => {
      const form = new URLSearchParams(body);
      const request = { secret: form.get('secret'), response: form.get('response'), remoteip: form.get('remoteip') };
      fake.requests.push(request);
      if (fake.mode === 'hang') return;
      if (fake.mode === 'http-error') {
        res.writeHead(500).end('siteverify is down');
        return;
      }
      if (fake.mode === 'garbage') {
        res.writeHead(200, { 'content-type': 'application/json' }).end('{not json');
        return;
      }
      const success = req.method === 'POST' && request.secret === secret && request.response === fake.goodToken;
      const answer = success
        ? { success: true, challenge_ts: new Date().toISOString(), hostname: fake.hostname }
        : { success: false, 'error-codes': [request.secret === secret ? 'invalid-input-response' : 'invalid-input-secret'] };
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(answer));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const fake: FakeSiteverify = {
    url: `http://127.0.0.1:${port}/recaptcha/api/siteverify`,
    goodToken: options.goodToken ?? TEST_CAPTCHA_TOKEN,
    hostname: options.hostname ?? '127.0.0.1',
    mode: 'ok',
    requests: [],
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  return fake;
}
