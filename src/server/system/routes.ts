/** /api/health, /api/config (public runtime settings for the browser) and /api/docs (OpenAPI). */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import Type from 'typebox';
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
    '/config',
    {
      schema: {
        tags: ['system'],
        summary: 'Public runtime settings the browser app reads at start',
        response: {
          200: Type.Object({
            recaptchaSiteKey: Type.Union([Type.String(), Type.Null()], { description: 'Null: no captcha' }),
            cardPayments: Type.Boolean({ description: 'Whether card payment links can be made (Stripe is set up)' }),
          }),
        },
      },
    },
    async () => ({ recaptchaSiteKey: app.config.recaptcha?.siteKey ?? null, cardPayments: app.config.stripe !== null }),
  );

  const docs = async () => app.swagger();
  app.get('/docs', { schema: { tags: ['system'], summary: 'This OpenAPI document' } }, docs);
  app.get('/docs/json', { schema: { hide: true } }, docs);
};
