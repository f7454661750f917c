/** Prices that move as one Fastify plugin (the shape of tours/index.ts): a tour's seasons and price rules, and the price quote, under /api. */
import fp from 'fastify-plugin';
import { API_PREFIX } from '../http/schemas.js';
import type { DomainModule } from '../module.js';
import * as seasonsAndRules from './migrations/0060-seasons-and-rules.js';
import { PricingRepository } from './repository.js';
import { pricingRoutes } from './routes.js';

declare module 'fastify' {
  interface FastifyInstance {
    pricing: PricingRepository;
  }
}

const plugin = fp(
  async (app) => {
    app.decorate('pricing', new PricingRepository(app.db, app.audit));
    await app.register(pricingRoutes, { prefix: API_PREFIX });
  },
  { name: 'pricing', decorators: { fastify: ['db', 'audit', 'tours', 'departures'] } },
);

const pricingModule: DomainModule = {
  name: 'pricing',
  tag: { name: 'pricing', description: 'Prices that move: a tour’s seasons and price rules (early bird, last minute, group), and the price a booking would be made at' },
  migrations: { '0060-seasons-and-rules': seasonsAndRules },
  plugin,
};

export default pricingModule;
