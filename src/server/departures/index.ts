/** Departures as one Fastify plugin (the shape of tours/index.ts): its repository and its routes under /api. */
import fp from 'fastify-plugin';
import { API_PREFIX } from '../http/schemas.js';
import { DeparturesRepository } from './repository.js';
import { departureRoutes } from './routes.js';

declare module 'fastify' {
  interface FastifyInstance {
    departures: DeparturesRepository;
  }
}

export default fp(
  async (app) => {
    app.decorate('departures', new DeparturesRepository(app.db, app.now, app.audit));
    await app.register(departureRoutes, { prefix: API_PREFIX });
  },
  { name: 'departures', decorators: { fastify: ['db', 'now', 'audit'] } },
);
