/** Resources as one Fastify plugin (the shape of tours/index.ts): guides, drivers, vehicles and their assignments to departures, under /api. */
import fp from 'fastify-plugin';
import { API_PREFIX } from '../http/schemas.js';
import type { DomainModule } from '../module.js';
import * as resources from './migrations/0029-resources.js';
import * as unavailability from './migrations/0039-unavailability.js';
import * as foldedSearch from './migrations/0042-folded-search.js';
import { ResourcesRepository } from './repository.js';
import { resourceRoutes } from './routes.js';

declare module 'fastify' {
  interface FastifyInstance {
    resources: ResourcesRepository;
  }
}

const plugin = fp(
  async (app) => {
    app.decorate('resources', new ResourcesRepository(app.db, app.now, app.audit));
    await app.register(resourceRoutes, { prefix: API_PREFIX });
  },
  { name: 'resources', decorators: { fastify: ['db', 'now', 'audit', 'config'] } },
);

const resourcesModule: DomainModule = {
  name: 'resources',
  tag: { name: 'resources', description: 'Guides, drivers and vehicles, and their assignments to departures (never two places at once)' },
  migrations: { '0029-resources': resources, '0039-unavailability': unavailability, '0042-folded-search': foldedSearch },
  plugin,
};

export default resourcesModule;
