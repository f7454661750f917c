/**
 * /api/health (liveness), /api/health/ready (readiness), /api/config (public runtime settings for
 * the browser), /api/docs (OpenAPI), and /metrics (Prometheus, only with METRICS_TOKEN set).
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyPluginAsync } from 'fastify';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import { AppError, sendError } from '../http/errors.js';
import { errorResponses } from '../http/schemas.js';

export const systemRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/health',
    {
      schema: {
        tags: ['system'],
        summary: 'Whether the server and its database answer',
        response: { 200: Type.Object({ status: Type.Literal('ok') }), ...errorResponses() },
      },
    },
    async () => {
      // A failed or slow ping surfaces as 503 UNAVAILABLE through the error handler.
      await app.database.ping(2000);
      return { status: 'ok' as const };
    },
  );

  app.get(
    '/health/ready',
    {
      schema: {
        tags: ['system'],
        summary: 'Whether everything the server needs answers: the database, and Redis and the object store when this server uses them',
        description:
          'For a load balancer’s readiness probe. 503 UNAVAILABLE names each part that did not answer within 2 s in `failed` (its name → what went wrong); GET /api/health stays the liveness probe.',
        response: {
          200: Type.Object({
            status: Type.Literal('ready'),
            checks: Type.Record(Type.String(), Type.Literal('ok'), { description: 'Each part asked: database, and redis and objectStore when used' }),
          }),
          ...errorResponses(),
        },
      },
    },
    async (_request, reply) => {
      const answer = await app.readiness.check();
      if (answer.ready) return { status: 'ready' as const, checks: answer.checks };
      const names = Object.keys(answer.failed);
      return sendError(reply, new AppError(503, 'UNAVAILABLE', names.length === 1 ? `Not ready: ${names[0]} does not answer.` : `Not ready: ${names.join(', ')} do not answer.`, undefined, undefined, { failed: answer.failed }));
    },
  );

  app.get(
    '/config',
    {
      schema: {
        tags: ['system'],
        summary: 'Public runtime settings the browser app reads at start',
        response: {
          200: Type.Object({
            recaptchaSiteKey: Type.Union([Type.String(), Type.Null()], { description: 'Null: no captcha' }),
            cardPayments: Type.Boolean({ description: 'Whether card payment links can be made (Stripe is set up)' }),
            mailSent: Type.Boolean({ description: 'Whether e-mail leaves the server (SMTP_URL is set); false: it only reaches the outbox folder, so invitations and reset links reach no one' }),
          }),
        },
      },
    },
    async () => ({ recaptchaSiteKey: app.config.recaptcha?.siteKey ?? null, cardPayments: app.config.stripe !== null, mailSent: app.config.smtpUrl !== null }),
  );

  const docs = async () => app.swagger();
  app.get('/docs', { schema: { tags: ['system'], summary: 'This OpenAPI document' } }, docs);
  app.get('/docs/json', { schema: { hide: true } }, docs);
};

const BEARER = /^Bearer\s+(\S+)\s*$/i;

/** GET /metrics for a Prometheus server bearing METRICS_TOKEN; registered only when it is set. */
export const metricsRoute: FastifyPluginAsync = async (app) => {
  const metrics = app.metrics!;
  const expected = createHash('sha256').update(app.config.metricsToken!, 'utf8').digest();
  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    const given = BEARER.exec(request.headers.authorization ?? '')?.[1];
    // Compared as digests of equal length, in constant time: the token is not guessed a character at a time.
    if (!given || !timingSafeEqual(createHash('sha256').update(given, 'utf8').digest(), expected)) {
      return sendError(reply, new AppError(401, 'UNAUTHORIZED', 'The metrics need the token set in METRICS_TOKEN, as a bearer token.', undefined, { 'www-authenticate': 'Bearer' }));
    }
    return reply.type(metrics.contentType).header('cache-control', 'no-store').send(await metrics.text());
  });
};
