/** Card payments as one Fastify plugin: payment links (Stripe Checkout), card refunds (Stripe's Refunds API), Stripe's webhook, the routes under /api. */
import fp from 'fastify-plugin';
import { API_PREFIX } from '../http/schemas.js';
import type { DomainModule } from '../module.js';
import * as paymentLinks from './migrations/0023-payment-links.js';
import * as checkoutRequests from './migrations/0036-checkout-requests.js';
import * as cardRefunds from './migrations/0059-card-refunds.js';
import { CardRefunds } from './refunds.js';
import { paymentRoutes } from './routes.js';
import { PaymentLinks } from './service.js';
import { stripePayments } from './stripe.js';

declare module 'fastify' {
  interface FastifyInstance {
    paymentLinks: PaymentLinks;
    cardRefunds: CardRefunds;
  }
}

const plugin = fp(
  async (app) => {
    const gateway = app.config.stripe ? await stripePayments(app.config.stripe) : null;
    app.decorate('paymentLinks', new PaymentLinks(app.db, app.now, app.audit, gateway, app.config.publicUrl));
    app.decorate('cardRefunds', new CardRefunds(app.db, app.now, app.audit, gateway));
    // The webhook's flow (app.flows) and the messages it nudges are registered after this domain: the routes reach them when called.
    await app.register(paymentRoutes, { prefix: API_PREFIX });
  },
  { name: 'payments', dependencies: ['bookings'], decorators: { fastify: ['db', 'now', 'audit', 'config'] } },
);

const paymentsModule: DomainModule = {
  name: 'payments',
  tag: { name: 'payments', description: 'Card payments: payment links (Stripe Checkout) and Stripe’s events' },
  migrations: { '0023-payment-links': paymentLinks, '0036-checkout-requests': checkoutRequests, '0059-card-refunds': cardRefunds },
  plugin,
  housekeeping: (app) => app.paymentLinks.forgetOldRequests(),
};

export default paymentsModule;
