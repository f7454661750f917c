/**
 * Bookings and payments as one Fastify plugin (the shape of tours/index.ts): the repository, the
 * Idempotency-Keys, the routes under /api, and the sweep that records lapsed holds every
 * SWEEP_INTERVAL_MS (safe on several instances: seats.ts).
 */
import fp from 'fastify-plugin';
import { API_PREFIX } from '../http/schemas.js';
import { IdempotencyKeys } from './idempotency.js';
import { BookingsRepository } from './repository.js';
import { bookingRoutes } from './routes.js';

export const SWEEP_INTERVAL_MS = 30_000;

declare module 'fastify' {
  interface FastifyInstance {
    bookings: BookingsRepository;
    idempotencyKeys: IdempotencyKeys;
  }
}

export default fp(
  async (app) => {
    app.decorate('bookings', new BookingsRepository(app.db, app.now, app.audit, app.config.businessTimeZone));
    app.decorate('idempotencyKeys', new IdempotencyKeys(app.db, app.now));
    await app.register(bookingRoutes, { prefix: API_PREFIX });

    let sweeping = false;
    const sweep = () => {
      if (sweeping) return;
      sweeping = true;
      app.background.run('expire lapsed holds', async () => {
        try {
          const expired = await app.bookings.expireDue();
          if (expired > 0) app.log.info({ expired }, 'lapsed holds recorded as expired');
        } finally {
          sweeping = false;
        }
      });
    };
    const timer = setInterval(sweep, SWEEP_INTERVAL_MS);
    timer.unref();
    app.addHook('onClose', async () => clearInterval(timer));
  },
  { name: 'bookings', decorators: { fastify: ['db', 'now', 'audit', 'background'] } },
);
