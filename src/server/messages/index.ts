/** Messages to customers as one Fastify plugin: the service, its sender and reminders job, the routes under /api. */
import fp from 'fastify-plugin';
import { API_PREFIX } from '../http/schemas.js';
import type { DomainModule } from '../module.js';
import * as messages from './migrations/0022-messages.js';
import * as bookingChanged from './migrations/0037-booking-changed.js';
import * as manageLink from './migrations/0058-manage-link.js';
import * as giftCardMessages from './migrations/0068-gift-card-messages.js';
import { messageRoutes } from './routes.js';
import { Messages } from './service.js';

declare module 'fastify' {
  interface FastifyInstance {
    messages: Messages;
  }
}

const plugin = fp(
  async (app) => {
    // A message is written from the booking as the office sees it (the bookings domain, registered before this one).
    const service = new Messages(app.db, app.now, app.audit, app.mailer, {
      booking: (id) => app.bookings.get(id),
      payments: (bookingId) => app.bookings.payments(bookingId),
      voucher: (booking) => app.voucherOf(booking),
      business: () => app.business.details(),
      paymentLinks: app.paymentLinks.configured ? app.paymentLinks : null,
      // The shop's (registered after this domain): asked when a message is written.
      manageLink: (bookingId, language) => app.shop.manageLinks.url(bookingId, language),
      // The gift cards' (registered after this domain): asked when such a message is written.
      giftCardMail: (cardId, kind, language) => app.giftCardMail.write(cardId, kind, language),
      onFailure: (final) => app.metrics?.jobFailed('messages', final),
    }, app.config.messageLeaseMs);
    app.decorate('messages', service);
    app.metrics?.queueDepth('messages', () => service.queuedCount());
    const stop = service.start(app.config.messagePollMs, app.config.jobsIntervalMs, (name, work) => app.background.run(name, work));
    // Before closing begins: no new round starts once the server waits for the rounds under way (app.ts).
    app.addHook('preClose', async () => stop());
    await app.register(messageRoutes, { prefix: API_PREFIX });
  },
  { name: 'messages', dependencies: ['bookings', 'customers', 'payments'], decorators: { fastify: ['db', 'now', 'audit', 'config', 'mailer', 'background'] } },
);

const messagesModule: DomainModule = {
  name: 'messages',
  tag: { name: 'messages', description: 'Messages the product sends customers by itself, and their templates' },
  migrations: { '0022-messages': messages, '0037-booking-changed': bookingChanged, '0058-manage-link': manageLink, '0068-gift-card-messages': giftCardMessages },
  plugin,
};

export default messagesModule;
