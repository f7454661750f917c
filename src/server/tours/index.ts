/**
 * The tour catalogue as one Fastify plugin: it decorates the instance with its repository
 * (declared here for the type checker) and adds its routes under /api. app.ts lists it once.
 */
import fp from 'fastify-plugin';
import { API_PREFIX } from '../http/schemas.js';
import { ToursRepository } from './repository.js';
import { tourRoutes } from './routes.js';

declare module 'fastify' {
  interface FastifyInstance {
    tours: ToursRepository;
  }
}

export default fp(
  async (app) => {
    app.decorate('tours', new ToursRepository(app.db, app.now, app.audit));
    await app.register(tourRoutes, { prefix: API_PREFIX });
  },
  { name: 'tours', decorators: { fastify: ['db', 'now', 'audit'] } },
);
