/**
 * Bookings and payments as one Fastify plugin (the shape of tours/index.ts): the repository, the
 * Idempotency-Keys and the routes under /api. Booking, confirming and cancelling change a
 * departure's seats too, so the routes run them as flows (server/flows), as does the sweep of lapsed holds.
 */
import fp from 'fastify-plugin';
import { API_PREFIX } from '../http/schemas.js';
import { IdempotencyKeys } from './idempotency.js';
import { BookingsRepository } from './repository.js';
import { bookingRoutes } from './routes.js';
import type { DomainModule } from '../module.js';
import * as bookings from './migrations/0010-bookings.js';

declare module 'fastify' {
  interface FastifyInstance {
    bookings: BookingsRepository;
    idempotencyKeys: IdempotencyKeys;
  }
}

const plugin = fp(
  async (app) => {
    app.decorate('bookings', new BookingsRepository(app.db, app.now, app.audit, app.config.businessTimeZone));
    app.decorate('idempotencyKeys', new IdempotencyKeys(app.db, app.now));
    await app.register(bookingRoutes, { prefix: API_PREFIX });
  },
  { name: 'bookings', decorators: { fastify: ['db', 'now', 'audit'] } },
);

const bookingsModule: DomainModule = {
  name: 'bookings',
  tag: { name: 'bookings', description: 'Bookings, their payments and refunds, manifests and vouchers' },
  migrations: { '0010-bookings': bookings },
  plugin,
  housekeeping: async (app) => {
    await app.idempotencyKeys.purgeExpired();
  },
};

export default bookingsModule;
