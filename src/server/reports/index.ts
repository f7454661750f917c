/**
 * The reports as one Fastify plugin (the shape of bookings/index.ts): the repository, the routes
 * under /api, and at start the kept totals brought to the configured BUSINESS_TIME_ZONE.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import fp from 'fastify-plugin';
import { requireUser } from '../auth/guard.js';
import { API_PREFIX } from '../http/schemas.js';
import { ReportsRepository } from './repository.js';
import { departureMarginSchema, marginsSchema, monthlySchema, summarySchema } from './schemas.js';
import { Margins } from './margins.js';
import { httpErrors } from '../http/errors.js';
import type { DomainModule } from '../module.js';
import * as reports from './migrations/0011-reports.js';
import * as unconfirmedBalances from './migrations/0013-unconfirmed-balances.js';
import * as totalsWhenTheyChange from './migrations/0028-totals-when-they-change.js';
import * as owedByResellers from './migrations/0048-owed-by-resellers.js';
import * as noTestBookings from './migrations/0051-no-test-bookings.js';
import * as onlineBookings from './migrations/0057-online-bookings.js';
import * as collectedWithoutGiftCards from './migrations/0069-collected-without-gift-cards.js';

declare module 'fastify' {
  interface FastifyInstance {
    reports: ReportsRepository;
    margins: Margins;
  }
}

const reportRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get('/reports/summary', { schema: summarySchema, onRequest: requireUser('reports.read') }, async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return app.reports.summary();
  });
  app.get('/reports/monthly', { schema: monthlySchema, onRequest: requireUser('reports.read') }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    return app.reports.monthly(request.query);
  });
  app.get('/departures/:id/margin', { schema: departureMarginSchema, onRequest: requireUser('reports.read') }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    const margin = await app.margins.ofDeparture(request.params.id);
    if (!margin) throw httpErrors.notFound('No departure with this id.');
    return margin;
  });
  app.get('/reports/margins', { schema: marginsSchema, onRequest: requireUser('reports.read') }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    return app.margins.report(request.query);
  });
};

const plugin = fp(
  async (app) => {
    const reports = new ReportsRepository(app.db, app.now, app.config.businessTimeZone, app.departures, app.bookings);
    app.decorate('reports', reports);
    app.decorate('margins', new Margins(app.db, app.now, (at) => app.bookings.holdsSeatsAt(at)));
    // At start, the kept totals are brought to the configured zone; a database that cannot be
    // reached now does not stop the server (health says so): the first report does it then.
    app.addHook('onReady', async () => {
      const started = Date.now();
      try {
        if (await reports.useTimeZone()) app.log.info({ timeZone: app.config.businessTimeZone, ms: Date.now() - started }, 'report totals recounted for the business time zone');
      } catch (error) {
        app.log.warn({ err: error }, 'report totals could not be checked against the business time zone at start: the first report will');
      }
    });
    await app.register(reportRoutes, { prefix: API_PREFIX });
  },
  { name: 'reports', dependencies: ['departures'], decorators: { fastify: ['db', 'now', 'config', 'departures'] } },
);

const reportsModule: DomainModule = {
  name: 'reports',
  tag: { name: 'reports', description: 'The dashboard: bookings, money and departures at a glance, from totals the database keeps' },
  migrations: { '0011-reports': reports, '0013-unconfirmed-balances': unconfirmedBalances, '0028-totals-when-they-change': totalsWhenTheyChange, '0048-owed-by-resellers': owedByResellers, '0051-no-test-bookings': noTestBookings, '0057-online-bookings': onlineBookings, '0069-collected-without-gift-cards': collectedWithoutGiftCards },
  plugin,
};

export default reportsModule;
