/**
 * The business itself as one Fastify plugin: its name and contact details (app.business), kept in
 * the database once saved (the BUSINESS_* variables until then), under /api/business.
 */
import fp from 'fastify-plugin';
import { API_PREFIX } from '../http/schemas.js';
import type { DomainModule } from '../module.js';
import * as business from './migrations/0038-business.js';
import { BusinessSettings } from './repository.js';
import { businessRoutes } from './routes.js';

declare module 'fastify' {
  interface FastifyInstance {
    business: BusinessSettings;
  }
}

const plugin = fp(
  async (app) => {
    // Nothing is read at start (a server starts while its database is away): until the screen first
    // saves them, the details are the BUSINESS_* variables.
    app.decorate('business', new BusinessSettings(app.db, app.now, app.audit, app.config.business));
    await app.register(businessRoutes, { prefix: API_PREFIX });
  },
  { name: 'business', decorators: { fastify: ['db', 'now', 'audit', 'config'] } },
);

const businessModule: DomainModule = {
  name: 'business',
  tag: { name: 'business', description: 'The business’s name and contact details, printed on vouchers, e-mails and the reseller API' },
  migrations: { '0038-business': business },
  plugin,
};

export default businessModule;
