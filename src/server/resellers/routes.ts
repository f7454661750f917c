/** /api/resellers…: thin routes over app.resellers. */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { originOf, requireUser } from '../auth/guard.js';
import { httpErrors } from '../http/errors.js';
import {
  createKeySchema,
  deleteTestBookingsSchema,
  createResellerSchema,
  getResellerSchema,
  listKeysSchema,
  listResellersSchema,
  revokeKeySchema,
  updateResellerSchema,
  webhookSecretSchema,
  listDeliveriesSchema,
  retryDeliverySchema,
  statementSchema,
} from './schemas.js';

const noReseller = () => httpErrors.notFound('No reseller with this id.');

export const resellerRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get('/resellers', { schema: listResellersSchema, onRequest: requireUser('resellers.read') }, async (request) => app.resellers.list(request.query));

  app.get('/resellers/:id', { schema: getResellerSchema, onRequest: requireUser('resellers.read') }, async (request) => {
    const reseller = await app.resellers.get(request.params.id);
    if (!reseller) throw noReseller();
    return reseller;
  });

  app.post('/resellers', { schema: createResellerSchema, onRequest: requireUser('resellers.manage') }, async (request, reply) => {
    return reply.code(201).send(await app.resellers.create(request.body, originOf(request)));
  });

  app.patch('/resellers/:id', { schema: updateResellerSchema, onRequest: requireUser('resellers.manage') }, async (request) => {
    return app.resellers.update(request.params.id, request.body, originOf(request));
  });

  app.get('/resellers/:id/api-keys', { schema: listKeysSchema, onRequest: requireUser('resellers.read') }, async (request) => {
    const keys = await app.resellers.keys(request.params.id);
    if (!keys) throw noReseller();
    return { data: keys };
  });

  app.post('/resellers/:id/api-keys', { schema: createKeySchema, onRequest: requireUser('resellers.manage') }, async (request, reply) => {
    // The key is in this answer only: no cache may keep it.
    reply.header('cache-control', 'no-store');
    return reply.code(201).send(await app.resellers.createKey(request.params.id, request.body, originOf(request)));
  });

  app.post('/resellers/:id/api-keys/:keyId/revoke', { schema: revokeKeySchema, onRequest: requireUser('resellers.manage') }, async (request) => {
    return app.resellers.revokeKey(request.params.id, request.params.keyId, originOf(request));
  });

  app.delete('/resellers/:id/test-bookings', { schema: deleteTestBookingsSchema, onRequest: requireUser('resellers.manage') }, async (request) => {
    if (!(await app.resellers.get(request.params.id))) throw noReseller();
    return { deleted: await app.flows.deleteTestBookings(request.params.id, originOf(request)) };
  });

  app.get('/resellers/:id/webhook-deliveries', { schema: listDeliveriesSchema, onRequest: requireUser('resellers.read') }, async (request) => {
    if (!(await app.resellers.get(request.params.id))) throw noReseller();
    return app.webhooks.list(request.params.id, request.query);
  });

  app.post('/resellers/:id/webhook-deliveries/:deliveryId/retry', { schema: retryDeliverySchema, onRequest: requireUser('resellers.manage') }, async (request) => {
    const delivery = await app.webhooks.retry(request.params.id, request.params.deliveryId, originOf(request));
    app.webhooks.nudge();
    return delivery;
  });

  app.get('/resellers/:id/statement.csv', { schema: statementSchema, onRequest: requireUser('resellers.read') }, async (request, reply) => {
    const reseller = await app.resellers.get(request.params.id);
    if (!reseller) throw noReseller();
    const csv = await app.resellerStatements(reseller.id, request.query.month);
    const slug = reseller.name.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '') || 'reseller';
    return reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="statement-${slug}-${request.query.month}.csv"`)
      .header('cache-control', 'no-store')
      .send(csv);
  });

  app.post('/resellers/:id/webhook-secret', { schema: webhookSecretSchema, onRequest: requireUser('resellers.manage') }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    return app.resellers.createWebhookSecret(request.params.id, originOf(request));
  });
};
