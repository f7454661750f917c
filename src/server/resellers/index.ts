/** Resellers as one Fastify plugin (the shape of tours/index.ts): its repository and its routes under /api. */
import fp from 'fastify-plugin';
import { API_PREFIX } from '../http/schemas.js';
import type { DomainModule } from '../module.js';
import * as resellers from './migrations/0015-resellers.js';
import { ResellersRepository } from './repository.js';
import { resellerRoutes } from './routes.js';
import { Webhooks } from './webhooks.js';
import * as webhookDeliveries from './migrations/0017-webhook-deliveries.js';
import * as testKeys from './migrations/0049-test-keys.js';

declare module 'fastify' {
  interface FastifyInstance {
    resellers: ResellersRepository;
    webhooks: Webhooks;
    /** A reseller's statement of a month as CSV, from the bookings (given by their module). */
    resellerStatements: (resellerId: string, month: string) => Promise<string>;
    /** A booking as the OCTO API shows it to its reseller (given by the OCTO module, registered later). */
    octoBookingFor: (bookingId: string, resellerId: string) => Promise<unknown>;
  }
}

const plugin = fp(
  async (app) => {
    // The catalogue says which tours exist (registered before this one, modules.ts).
    const around = { unknownTours: (ids: string[]) => app.tours.unknownIds(ids) };
    app.decorate('resellers', new ResellersRepository(app.db, app.now, app.audit, around, { allowPrivate: app.config.webhookAllowPrivateAddresses }));
    app.decorate('resellerStatements', (resellerId: string, month: string) => app.bookings.resellerStatementCsv(resellerId, month));
    const webhooks = new Webhooks(app.db, app.now, app.audit, (bookingId, resellerId) => app.octoBookingFor(bookingId, resellerId), {
      allowPrivate: app.config.webhookAllowPrivateAddresses,
      timeoutMs: app.config.webhookTimeoutMs,
      onFailure: (final) => app.metrics?.jobFailed('webhooks', final),
    });
    app.decorate('webhooks', webhooks);
    app.metrics?.queueDepth('webhooks', () => webhooks.pendingCount());
    if (app.config.webhookPollMs !== null) {
      const stop = webhooks.start(app.config.webhookPollMs, (work) => app.background.run('webhook deliveries', work));
      app.addHook('onClose', async () => stop());
    }
    await app.register(resellerRoutes, { prefix: API_PREFIX });
  },
  { name: 'resellers', dependencies: ['tours', 'bookings'], decorators: { fastify: ['db', 'now', 'audit', 'config', 'background'] } },
);

const resellersModule: DomainModule = {
  name: 'resellers',
  tag: { name: 'resellers', description: 'Resellers who sell over OCTO: their terms, API keys and webhooks' },
  migrations: { '0015-resellers': resellers, '0017-webhook-deliveries': webhookDeliveries, '0049-test-keys': testKeys },
  plugin,
  // A month of delivered webhooks is kept for the reseller's page; failed and pending ones stay.
  housekeeping: async (app) => {
    await app.webhooks.purgeDelivered(30);
  },
};

export default resellersModule;
