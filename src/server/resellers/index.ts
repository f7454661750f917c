/** Resellers as one Fastify plugin (the shape of tours/index.ts): its repository and its routes under /api. */
import fp from 'fastify-plugin';
import { API_PREFIX } from '../http/schemas.js';
import type { DomainModule } from '../module.js';
import * as resellers from './migrations/0015-resellers.js';
import { ResellersRepository } from './repository.js';
import { resellerRoutes } from './routes.js';

declare module 'fastify' {
  interface FastifyInstance {
    resellers: ResellersRepository;
  }
}

const plugin = fp(
  async (app) => {
    // The catalogue says which tours exist (registered before this one, modules.ts).
    const around = { unknownTours: (ids: string[]) => app.tours.unknownIds(ids) };
    app.decorate('resellers', new ResellersRepository(app.db, app.now, app.audit, around, { allowPrivate: app.config.webhookAllowPrivateAddresses }));
    await app.register(resellerRoutes, { prefix: API_PREFIX });
  },
  { name: 'resellers', dependencies: ['tours'], decorators: { fastify: ['db', 'now', 'audit', 'config'] } },
);

const resellersModule: DomainModule = {
  name: 'resellers',
  tag: { name: 'resellers', description: 'Resellers who sell over OCTO: their terms, API keys and webhooks' },
  migrations: { '0015-resellers': resellers },
  plugin,
};

export default resellersModule;
