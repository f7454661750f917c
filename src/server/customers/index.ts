/** Customers as one Fastify plugin (the shape of resellers/index.ts): the repository, the routes under /api, the default language kept for the database. */
import fp from 'fastify-plugin';
import { API_PREFIX } from '../http/schemas.js';
import type { DomainModule } from '../module.js';
import * as customers from './migrations/0021-customers.js';
import { CustomersRepository } from './repository.js';
import { customerRoutes } from './routes.js';

declare module 'fastify' {
  interface FastifyInstance {
    customers: CustomersRepository;
  }
}

const plugin = fp(
  async (app) => {
    // What a customer spent is read from their bookings (registered before this one, modules.ts).
    const repository = new CustomersRepository(app.db, app.now, app.audit, (db, ids) => app.bookings.spentBy(db, ids));
    app.decorate('customers', repository);
    // New customers whose booking named no language take DEFAULT_LANGUAGE; the database makes them,
    // so it keeps the setting. A database that cannot be reached now does not stop the server.
    app.addHook('onReady', async () => {
      try {
        await repository.useDefaultLanguage(app.config.defaultLanguage);
      } catch (error) {
        app.log.warn({ err: error }, 'the default language of new customers could not be stored at start');
      }
    });
    await app.register(customerRoutes, { prefix: API_PREFIX });
  },
  { name: 'customers', dependencies: ['bookings'], decorators: { fastify: ['db', 'now', 'audit', 'config'] } },
);

const customersModule: DomainModule = {
  name: 'customers',
  tag: { name: 'customers', description: 'The people bookings are made for, found again by e-mail' },
  migrations: { '0021-customers': customers },
  plugin,
};

export default customersModule;
