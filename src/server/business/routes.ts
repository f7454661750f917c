/** /api/business: thin routes over app.business. */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { originOf, requireUser } from '../auth/guard.js';
import { getBusinessSchema, updateBusinessSchema } from './schemas.js';

export const businessRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get('/business', { schema: getBusinessSchema, onRequest: requireUser('business.manage') }, async () => app.business.get());

  app.put('/business', { schema: updateBusinessSchema, onRequest: requireUser('business.manage') }, async (request) => app.business.update(request.body, originOf(request)));
};
