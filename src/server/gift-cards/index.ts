/** Gift cards as one Fastify plugin (the shape of tours/index.ts): the cards and their ledger, under /api. */
import fp from 'fastify-plugin';
import { API_PREFIX } from '../http/schemas.js';
import type { DomainModule } from '../module.js';
import * as giftCards from './migrations/0065-gift-cards.js';
import { GiftCards } from './repository.js';
import { giftCardRoutes } from './routes.js';

declare module 'fastify' {
  interface FastifyInstance {
    giftCards: GiftCards;
  }
}

const plugin = fp(
  async (app) => {
    app.decorate('giftCards', new GiftCards(app.db, app.audit, app.now));
    await app.register(giftCardRoutes, { prefix: API_PREFIX });
  },
  { name: 'gift-cards', decorators: { fastify: ['db', 'now', 'audit'] } },
);

const giftCardsModule: DomainModule = {
  name: 'gift-cards',
  tag: { name: 'gift-cards', description: 'Gift cards: money held for a customer, issued, redeemed as a payment method, refunded to, adjusted and voided, with their ledger' },
  migrations: { '0065-gift-cards': giftCards },
  plugin,
};

export default giftCardsModule;
