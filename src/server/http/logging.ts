/**
 * Logging: pino with the request id on every line, and nothing secret in any line: no
 * authorization header, cookies, passwords, tokens, password hashes, stacks or SQL.
 *
 * Requests for the app's own files (scripts, styles, fonts, pictures), health and readiness polls
 * and metrics scrapes are logged at debug, not info: a screen loads dozens of files, a load
 * balancer polls every few seconds, and at info they buried what happened (and the first
 * administrator's password printed at the first start). A failed one is still logged as an error.
 *
 * On a terminal the lines are printed for people (pino-pretty); anywhere else as JSON, one object
 * a line, for a log collector. LOG_FORMAT=json or LOG_FORMAT=pretty chooses either way.
 */
import { LogController, type FastifyReply, type FastifyRequest, type FastifyServerOptions } from 'fastify';
import type { DestinationStream } from 'pino';
import { createRequire } from 'node:module';
import type PinoPretty from 'pino-pretty';

/** Whether a request is for a file of the app or a health poll: logged at debug. */
export function isQuietRequest(url: string): boolean {
  const path = url.split('?')[0];
  if (path === '/api/health' || path === '/api/health/' || path === '/api/health/ready' || path === '/metrics') return true;
  return !path.startsWith('/api/');
}

/**
 * Fastify's request lines, with the quiet requests at debug. `compact` (the terminal's lines): one
 * line a request when it is answered ("GET /api/bookings 200 12 ms"), none when it arrives.
 */
export class QuietLogController extends LogController {
  constructor(private readonly compact = false) {
    super();
  }

  override incomingRequest(request: FastifyRequest, reply: FastifyReply): void {
    if (this.compact || isQuietRequest(request.url)) request.log.debug({ req: request }, 'incoming request');
    else super.incomingRequest(request, reply);
  }

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    if (!error && this.compact) {
      const line = `${request.method} ${redactUrl(request.url)} ${reply.statusCode} ${Math.round(reply.elapsedTime)} ms`;
      if (isQuietRequest(request.url)) reply.log.debug(line);
      else reply.log.info(line);
    } else if (!error && isQuietRequest(request.url)) reply.log.debug({ res: reply, responseTime: reply.elapsedTime }, 'request completed');
    else super.requestCompleted(error, request, reply);
  }
}

/** Human-readable lines for a terminal, in this thread (no worker), written as they come: one line each. */
export function prettyStream(): DestinationStream {
  // Required only for a terminal's lines: a server writing JSON never loads it.
  const pinoPretty = createRequire(import.meta.url)('pino-pretty') as typeof PinoPretty;
  return pinoPretty({ colorize: true, sync: true, singleLine: true, translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname,reqId,req,res,responseTime' });
}

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
