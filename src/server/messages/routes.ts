/** /api/bookings/{id}/messages and /api/message-templates…: thin routes over app.messages. */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { originOf, requireUser } from '../auth/guard.js';
import { httpErrors } from '../http/errors.js';
import { bookingMessagesSchema, customerMessagesSchema, getTemplateSchema, listTemplatesSchema, previewTemplateSchema, putTemplateSchema, resendMessageSchema } from './schemas.js';

export const messageRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get('/bookings/:id/messages', { schema: bookingMessagesSchema, onRequest: requireUser('bookings.read', { money: true }) }, async (request) => {
    if (!(await app.bookings.get(request.params.id))) throw httpErrors.notFound('No booking with this id.');
    return { data: await app.messages.forBooking(request.params.id) };
  });

  app.post('/bookings/:id/messages', { schema: resendMessageSchema, onRequest: requireUser('bookings.update') }, async (request, reply) => {
    const booking = await app.bookings.get(request.params.id);
    if (!booking) throw httpErrors.notFound('No booking with this id.');
    const message = await app.messages.resend(booking, request.body.kind, originOf(request));
    app.messages.nudge();
    return reply.code(201).send(message);
  });

  app.get('/customers/:id/messages', { schema: customerMessagesSchema, onRequest: requireUser('customers.read') }, async (request) => {
    if (!(await app.customers.get(request.params.id))) throw httpErrors.notFound('No customer with this id.');
    return { data: await app.messages.forCustomer(request.params.id) };
  });

  app.get('/message-templates', { schema: listTemplatesSchema, onRequest: requireUser('messages.manage') }, async () => app.messages.templates());

  app.get('/message-templates/:kind', { schema: getTemplateSchema, onRequest: requireUser('messages.manage') }, async (request) => app.messages.template(request.params.kind));

  app.put('/message-templates/:kind', { schema: putTemplateSchema, onRequest: requireUser('messages.manage') }, async (request) => {
    return app.messages.saveTemplate(request.params.kind, request.body, originOf(request));
  });

  app.post('/message-templates/:kind/preview', { schema: previewTemplateSchema, onRequest: requireUser('messages.manage') }, async (request) => {
    return app.messages.preview(request.params.kind, request.body.bookingId, request.body.language, request.body.texts);
  });
};
