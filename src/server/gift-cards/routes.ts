/** /api/gift-cards…: thin routes over app.giftCards (issuing through its flow, which queues the card's e-mail). */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { originOf, requireUser } from '../auth/guard.js';
import { giftCardErrors } from './repository.js';
import { adjustGiftCardSchema, getGiftCardSchema, issueGiftCardSchema, listGiftCardsSchema, voidGiftCardSchema } from './schemas.js';

export const giftCardRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get('/gift-cards', { schema: listGiftCardsSchema, onRequest: requireUser('giftcards.read') }, async (request) => app.giftCards.list(request.query));

  app.get('/gift-cards/:id', { schema: getGiftCardSchema, onRequest: requireUser('giftcards.read') }, async (request) => {
    const card = await app.giftCards.get(request.params.id);
    if (!card) throw giftCardErrors.notFound();
    return card;
  });

  app.post('/gift-cards', { schema: issueGiftCardSchema, onRequest: requireUser('giftcards.manage') }, async (request, reply) => {
    // Through the flow: with a recipient's address the card's e-mail is queued with it (flows, registered after this domain).
    return reply.code(201).send(await app.flows.issueGiftCard(request.body, originOf(request)));
  });

  app.post('/gift-cards/:id/adjust', { schema: adjustGiftCardSchema, onRequest: requireUser('giftcards.manage') }, async (request) => {
    return app.giftCards.adjust(request.params.id, request.body.amountMinor, request.body.note, originOf(request));
  });

  app.post('/gift-cards/:id/void', { schema: voidGiftCardSchema, onRequest: requireUser('giftcards.manage') }, async (request) => {
    return app.giftCards.void(request.params.id, request.body.note, originOf(request));
  });
};
