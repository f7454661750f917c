/** Prices that move as one Fastify plugin (the shape of tours/index.ts): a tour's seasons and price rules, promo codes, and the price quote, under /api. */
import fp from 'fastify-plugin';
import { API_PREFIX } from '../http/schemas.js';
import type { DomainModule } from '../module.js';
import * as seasonsAndRules from './migrations/0060-seasons-and-rules.js';
import * as promoCodes from './migrations/0063-promo-codes.js';
import { PromoCodes } from './promo-codes.js';
import { PricingRepository } from './repository.js';
import { pricingRoutes } from './routes.js';

declare module 'fastify' {
  interface FastifyInstance {
    pricing: PricingRepository;
    promoCodes: PromoCodes;
  }
}

const plugin = fp(
  async (app) => {
    app.decorate('pricing', new PricingRepository(app.db, app.audit));
    app.decorate('promoCodes', new PromoCodes(app.db, app.audit, app.now));
    await app.register(pricingRoutes, { prefix: API_PREFIX });
  },
  { name: 'pricing', decorators: { fastify: ['db', 'now', 'audit', 'tours', 'departures'] } },
);

const pricingModule: DomainModule = {
  name: 'pricing',
  tag: { name: 'pricing', description: 'Prices that move: a tour’s seasons and price rules (early bird, last minute, group), promo codes, and the price a booking would be made at' },
  migrations: { '0060-seasons-and-rules': seasonsAndRules, '0063-promo-codes': promoCodes },
  plugin,
};

export default pricingModule;
