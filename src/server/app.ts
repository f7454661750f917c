/**
 * Builds the Fastify app: external plugins first, then our own (errors, services, static app),
 * then the routes. Everything outside the process boundary (clock, captcha, mail, database,
 * logging) comes in through the options, so tests control it.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { join } from 'node:path';
import fastifyCookie from '@fastify/cookie';
import fastifySwagger from '@fastify/swagger';
import { registerAjvFormats, type TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import type { DestinationStream } from 'pino';
import './app-types.js';
import { AuditLog } from './audit/audit-log.js';
import { senderOf } from './business/repository.js';
import { createAccessTokens } from './auth/access-tokens.js';
import { PasswordResetService, type AccountPasswords } from './auth/password-reset.js';
import { Principals } from './auth/principals.js';
import { SESSION_COOKIE } from './auth/session-cookie.js';
import { KnownDevices } from './auth/known-devices.js';
import { LoginThrottle, MemoryThrottleStore, RedisThrottleStore } from './auth/login-throttle.js';
import { SessionService } from './auth/sessions.js';
import { createRecaptchaVerifier, disabledCaptcha, type CaptchaVerifier } from './captcha/verifier.js';
import type { Config } from './config.js';
import type { DatabaseHandle } from './db/open-database.js';
import { FIRST_MAINTENANCE_DELAY_MS, maintainDatabase } from './db/maintenance.js';
import { loadOrCreateJwtSecret } from './db/seed.js';
import { BackgroundTasks } from './http/background.js';
import { AppError, classifyError, httpErrors, registerErrorHandler, sendError } from './http/errors.js';
import { jsonDepth, MAX_JSON_DEPTH } from './http/json-depth.js';
import { loggerOptions, prettyStream, QuietLogController } from './http/logging.js';
import { Metrics } from './http/metrics.js';
import { liftTitledSchemas } from './http/openapi-components.js';
import { AUTH_RATE_LIMITS, MemoryCounterStore, RedisCounterStore, type AuthRateLimits, type CounterStore } from './http/rate-limit.js';
import { Readiness } from './http/readiness.js';
import { registerSecurityHeaders } from './http/security-headers.js';
import { serializerCompiler } from './http/serialization.js';
import { validatorCompiler } from './http/validation.js';
import { createOutboxMailer, createSmtpMailer, type Mailer } from './mail/mailer.js';
import { MODULES } from './modules.js';
import { clientApp, defaultClientDir } from './static/client-app.js';

export const BODY_LIMIT_BYTES = 64 * 1024;
export const REQUEST_TIMEOUT_MS = 60_000;
export const DEFAULT_REFRESH_GRACE_MS = 10_000;
const PURGE_INTERVAL_MS = 60 * 60 * 1000;

export interface BuildAppOptions {
  config: Config;
  /** Opened (and migrated) by the caller, who also closes it after app.close(). */
  database: DatabaseHandle;
  now?: () => number;
  captcha?: CaptchaVerifier;
  mailer?: Mailer;
  /** false: no logs. Otherwise pino at `level` (default: config.logLevel), to `stream` (default: stdout). */
  logger?: false | { level?: string; stream?: DestinationStream };
  refreshGraceMs?: number;
  /** Rate-limit counters; default in Redis when config.redisUrl is set, else in-process. */
  counters?: CounterStore;
  /** Per-IP budgets of the auth routes; default AUTH_RATE_LIMITS. */
  rateLimits?: AuthRateLimits;
  /** The built browser app; default dist/client of the project. Null: serve the "not built" page. */
  clientDir?: string | null;
}

export type App = FastifyInstance;

registerAjvFormats(); // "email", "uuid", "date-time" for TypeBox's validator

export async function buildApp(options: BuildAppOptions): Promise<App> {
  const { config } = options;
  const now = options.now ?? Date.now;

  // Lines for people on a terminal, unless the caller gave the log a stream of its own.
  const pretty = config.logPretty && options.logger !== false && !options.logger?.stream;
  const app = Fastify({
    logger: options.logger === false ? false : loggerOptions(options.logger?.level ?? config.logLevel, options.logger?.stream ?? (pretty ? prettyStream() : undefined)),
    logController: new QuietLogController(pretty),
    bodyLimit: BODY_LIMIT_BYTES,
    // A request must arrive whole within a minute (a 12-megapixel picture on a slow phone does):
    // without it Fastify waits for ever, and sockets that send a header and stall hold the server's
    // file descriptors (408 instead).
    requestTimeout: REQUEST_TIMEOUT_MS,
    trustProxy: trustedProxies(config.trustProxy),
    requestIdHeader: false,
    genReqId: (req) => {
      // A request id from our own reverse proxy ties its logs to ours; from anyone else, make our own.
      const incoming = req.headers['x-request-id'];
      return config.trustProxy !== false && typeof incoming === 'string' && /^[\w.-]{1,64}$/.test(incoming) ? incoming : randomUUID();
    },
    routerOptions: { maxParamLength: 200 },
    // Addresses the router refuses before any route runs (a malformed %-escape, a path part over
    // maxParamLength) get the same error shape as everything else, without echoing the path.
    frameworkErrors: (error, request, reply) => {
      const own = MODULES.find((module) => module.errorAnswers && request.url.startsWith(module.errorAnswers.prefix))?.errorAnswers;
      return own ? own.send(error, request, reply) : sendError(reply, classifyError(error, request));
    },
  }).withTypeProvider<TypeBoxTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler());
  acceptJsonOnly(app);
  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  app.decorateRequest('principal', null);

  // External plugins.
  await app.register(fastifyCookie);
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Travel Back Office API',
        version: '1.0.0',
        description:
          'Errors always have the shape {code, message, errors?}. 403 TOKEN_MISSING/TOKEN_INVALID/TOKEN_EXPIRED mean: refresh ' +
          'the access token (GET /api/auth/refresh-token) and retry once. An error\'s message and its fields\' problems are in ' +
          'the language Accept-Language asks for, English or German (English when it names neither); the code never changes. ' +
          'OCTO\'s errors (/api/octo) are always English. A refusal shows at most the first 80 characters of a value it names ' +
          '(64 of a field\'s name), cut with "…". A JSON body nested deeper than 32 levels is refused with 400 before it is read.',
      },
      components: {
        securitySchemes: {
          bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
          sessionCookie: { type: 'apiKey', in: 'cookie', name: SESSION_COOKIE },
          resellerKey: { type: 'http', scheme: 'bearer', description: 'A reseller API key (rsk_…), for /api/octo only' },
        },
      },
      tags: MODULES.flatMap((module) => (module.tag ? [module.tag] : [])),
    },
    hideUntagged: true,
    // A route that reads multipart itself (the gallery's upload) has no body schema for Fastify to
    // validate; its `documentedBody` is what the document shows instead.
    transformObject: (documents) => ('openapiObject' in documents ? liftTitledSchemas(documents.openapiObject as Record<string, unknown>) : documents.swaggerObject) as never,
    transform: ({ schema, url }) => {
      const documentedBody = (schema as { documentedBody?: unknown } | undefined)?.documentedBody;
      return { schema: documentedBody ? ({ ...schema, body: documentedBody } as typeof schema) : schema, url };
    },
  });

  // Our own plugins: error mapping, services, the browser app.
  registerErrorHandler(app);
  registerSecurityHeaders(app);
  await decorateServices(app, options, now);
  await app.register(clientApp, { clientDir: options.clientDir === undefined ? defaultClientDir() : options.clientDir });
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0];
    const isApi = path === '/api' || path.startsWith('/api/');
    // Without METRICS_TOKEN there is no /metrics: not the app's page either.
    if (path === '/metrics') return sendError(reply, httpErrors.notFound());
    if ((request.method === 'GET' || request.method === 'HEAD') && !isApi && !path.startsWith('/assets/')) return app.spaFallback(request, reply);
    return sendError(reply, httpErrors.notFound(isApi ? 'No such API route.' : 'Not found.'));
  });

  // The domains (modules.ts): each decorates its services and adds its routes under /api.
  for (const module of MODULES) if (module.plugin) await app.register(module.plugin);

  if (!app.captcha.enabled) app.log.warn(`captcha is off: ${config.captchaOffReason ?? 'a test verifier was given'}`);
  app.addHook('onReady', async () => {
    // Said once the server is up; a database that is away is reported by the readiness probe, not here.
    const details = await app.business.details().catch(() => null);
    if (details && details.name === null) app.log.warn('The business has no name yet: e-mails and vouchers are signed by no one until an administrator fills in the Business screen (its first sign-in goes there)');
  });
  // Graceful close: requests in flight when closing starts still get their answers, with
  // `Connection: close` so their keep-alive sockets end too (otherwise close waits for them).
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onSend', async (_request, reply) => {
    if (closing) reply.header('connection', 'close');
  });
  // Each domain deletes what it no longer needs (ended sessions, spent Idempotency-Keys), then the
  // embedded database reclaims their space (db/maintenance.ts): a few minutes after start, then every hour.
  const housekeeping = () =>
    app.background.run('housekeeping', async () => {
      for (const module of MODULES) await module.housekeeping?.(app);
      await maintainDatabase(options.database);
    });
  const hourly = setInterval(housekeeping, PURGE_INTERVAL_MS);
  hourly.unref();
  const firstMaintenance = setTimeout(housekeeping, FIRST_MAINTENANCE_DELAY_MS);
  firstMaintenance.unref();
  // Let mails queued by the last requests go out before the database closes.
  app.addHook('onClose', async () => {
    clearInterval(hourly);
    clearTimeout(firstMaintenance);
    await app.background.settled();
  });
  await app.ready();
  return app;
}

/**
 * TRUST_PROXY as Fastify takes it. A hop count becomes a function trusting the nearest `hops`
 * addresses (the socket's, then the header's from the right): Fastify takes a bare number as
 * trusting nothing, since a client reaching the port directly could write its own hops. With a
 * hop count the port must be reachable only through the proxies; their addresses are the safer
 * setting (the README's example).
 */
function trustedProxies(trust: Config['trustProxy']): FastifyServerOptions['trustProxy'] {
  if (typeof trust === 'number') return (_address: string, hop: number) => hop < trust;
  return trust;
}

async function decorateServices(app: FastifyInstance, options: BuildAppOptions, now: () => number): Promise<void> {
  const { config, database } = options;
  // With METRICS_TOKEN set every statement is timed (http/metrics.ts); without it nothing is.
  const metrics = config.metricsToken ? new Metrics() : null;
  const db = metrics ? database.db.withPlugin(metrics.queryTimer()) : database.db;
  if (metrics) {
    app.addHook('onResponse', async (request, reply) => {
      // The route's pattern, never its values (ids would make a series each); unmatched paths are one series.
      metrics.request(request.method, request.routeOptions.url ?? 'unmatched', reply.statusCode, reply.elapsedTime / 1000);
    });
  }
  if (metrics && database.memory) metrics.databaseMemory(database.memory);
  const readiness = new Readiness();
  readiness.add('database', () => database.ping());
  const jwtSecret = config.jwtSecret ?? (await loadOrCreateJwtSecret(db, () => randomBytes(48).toString('base64url')));
  const captcha =
    options.captcha ??
    (config.recaptcha
      ? createRecaptchaVerifier({
          secret: config.recaptcha.secret,
          verifyUrl: config.recaptcha.verifyUrl,
          expectedHostname: new URL(config.publicUrl).hostname,
          log: app.log,
        })
      : disabledCaptcha);
  const mailer =
    options.mailer ??
    (() => {
      // The sender's name is the business's as saved when each mail goes out (the business domain decorates app.business before any mail is sent).
      const sender = async () => senderOf(await app.business.details(), config.mailFrom);
      return config.smtpUrl ? createSmtpMailer(config.smtpUrl, sender) : createOutboxMailer(join(config.dataDir, 'outbox'), sender, now, app.log);
    })();

  const audit = new AuditLog(db, now);
  const sessions = new SessionService(
    db,
    now,
    {
      sessionTtlMs: config.sessionTtlMs,
      persistentSessionTtlMs: config.persistentSessionTtlMs,
      refreshGraceMs: options.refreshGraceMs ?? DEFAULT_REFRESH_GRACE_MS,
    },
    audit,
  );

  app.decorate('config', config);
  app.decorate('metrics', metrics);
  app.decorate('readiness', readiness);
  app.decorate('now', now);
  app.decorate('database', database);
  app.decorate('db', db);
  app.decorate('captcha', captcha);
  app.decorate('mailer', mailer);
  app.decorate('audit', audit);
  app.decorate('accessTokens', createAccessTokens(jwtSecret, config.accessTokenTtlMs, now));
  app.decorate('sessions', sessions);
  // The accounts are the users domain's, registered later (modules.ts): asked at the time of a reset.
  const accounts = { setPasswordHash: (...args: Parameters<AccountPasswords['setPasswordHash']>) => app.users.setPasswordHash(...args) };
  app.decorate('passwordReset', new PasswordResetService(db, now, config.publicUrl, mailer, sessions, audit, accounts));
  app.decorate('principals', new Principals(db, now));
  app.decorate('background', new BackgroundTasks(app.log));
  const redis = config.redisUrl ? await connectRedis(config.redisUrl) : null;
  if (redis) readiness.add('redis', () => redis.ping());
  const counters = options.counters ?? (redis ? new RedisCounterStore(redis, now, `${config.redisPrefix}rl:`) : new MemoryCounterStore(now));
  app.decorate('counters', counters);
  const loginThrottle = new LoginThrottle(redis ? new RedisThrottleStore(redis, `${config.redisPrefix}bf:`) : new MemoryThrottleStore(now), now);
  app.decorate('loginThrottle', loginThrottle);
  app.decorate('knownDevices', new KnownDevices(jwtSecret, loginThrottle, now));
  app.decorate('rateLimits', options.rateLimits ?? AUTH_RATE_LIMITS);
  app.addHook('onClose', async () => counters.close());
}

/** One connection for the rate-limit counters and the login throttle (closed with the counters). */
async function connectRedis(url: string) {
  const { Redis } = await import('ioredis');
  // Fail fast: a dead Redis answers an error rather than hanging logins.
  const redis = new Redis(url, { maxRetriesPerRequest: 1, enableOfflineQueue: false, lazyConnect: true });
  await redis.connect();
  return redis;
}

/**
 * JSON is the only body we read: other media types get 415. An empty body with a JSON content
 * type counts as no body (some clients send the header on bodiless POSTs such as logout). A body
 * nested deeper than MAX_JSON_DEPTH is refused before it is parsed: every later step (the NUL
 * check, the schema's check, the sanitisers) walks the value by recursion, and 10,000 levels ran
 * out of stack there.
 */
function acceptJsonOnly(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = String(body);
    if (text.trim() === '') return done(null, undefined);
    if (jsonDepth(text, MAX_JSON_DEPTH) > MAX_JSON_DEPTH) return done(new AppError(400, 'VALIDATION', `The request body is nested too deeply: at most ${MAX_JSON_DEPTH} levels.`), undefined);
    parseJson(request, text, done);
  });
}
