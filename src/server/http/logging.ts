/**
 * Logging: pino with the request id on every line, and nothing secret in any line: no
 * authorization header, cookies, passwords, tokens, password hashes, stacks or SQL.
 */
import type { FastifyServerOptions } from 'fastify';
import type { DestinationStream } from 'pino';

/** Query parameters whose values never reach a log line (the reset page URL carries its token). */
const SECRET_QUERY_PARAMS = /([?&](?:token|g-recaptcha-response|access_token|password)=)[^&#]*/gi;

export function redactUrl(url: string): string {
  return url.replace(SECRET_QUERY_PARAMS, '$1[redacted]');
}

const REDACT_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
  'password',
  'token',
  'secret',
  'access_token',
  'refreshToken',
  'passwordHash',
  'password_hash',
  '*.password',
  '*.token',
  '*.secret',
  '*.access_token',
  '*.refreshToken',
  '*.passwordHash',
  '*.password_hash',
];

export function loggerOptions(level: string, stream?: DestinationStream): NonNullable<FastifyServerOptions['logger']> {
  return {
    level,
    ...(stream && { stream }),
    redact: { paths: REDACT_PATHS, censor: '[redacted]' },
    serializers: {
      req(request: { method: string; url: string; ip?: string; socket?: { remoteAddress?: string } }) {
        return { method: request.method, url: redactUrl(request.url), remoteAddress: request.ip ?? request.socket?.remoteAddress };
      },
      // Type, code and message only: stacks can show paths and internals; database errors' detail can show values.
      err(error: Error & { code?: unknown; statusCode?: unknown }) {
        return { type: error.name, code: error.code, statusCode: error.statusCode, message: error.message };
      },
    },
  } as unknown as NonNullable<FastifyServerOptions['logger']>;
}
