/** Gift cards as one Fastify plugin (the shape of tours/index.ts): the cards and their ledger, under /api. */
import fp from 'fastify-plugin';
import { API_PREFIX } from '../http/schemas.js';
import type { DomainModule } from '../module.js';
import * as giftCards from './migrations/0065-gift-cards.js';
import * as giftCardOrders from './migrations/0067-gift-card-orders.js';
import { GiftCardMail } from './mail.js';
import { GiftCardOrders } from './orders.js';
import { GiftCards } from './repository.js';
import { giftCardRoutes } from './routes.js';

declare module 'fastify' {
  interface FastifyInstance {
    giftCards: GiftCards;
    giftCardOrders: GiftCardOrders;
    /** A gift card's e-mails as they go (the messages' sender asks for them). */
    giftCardMail: GiftCardMail;
  }
}

const plugin = fp(
  async (app) => {
    const cards = new GiftCards(app.db, app.audit, app.now);
    const orders = new GiftCardOrders(app.db, app.now);
    app.decorate('giftCards', cards);
    app.decorate('giftCardOrders', orders);
    // The PDF is drawn in the vouchers' process (the bookings domain's, registered before this one).
    app.decorate('giftCardMail', new GiftCardMail(cards, orders, () => app.business.details(), (card) => app.giftCardPdf(card), `${app.config.publicUrl}/shop`, app.config.businessTimeZone));
    await app.register(giftCardRoutes, { prefix: API_PREFIX });
  },
  { name: 'gift-cards', dependencies: ['business', 'bookings'], decorators: { fastify: ['db', 'now', 'audit', 'config'] } },
);

const giftCardsModule: DomainModule = {
  name: 'gift-cards',
  tag: { name: 'gift-cards', description: 'Gift cards: money held for a customer, issued, redeemed as a payment method, refunded to, adjusted and voided, with their ledger' },
  migrations: { '0065-gift-cards': giftCards, '0067-gift-card-orders': giftCardOrders },
  plugin,
};

export default giftCardsModule;
