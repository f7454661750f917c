/** Departures as one Fastify plugin (the shape of tours/index.ts): its repository and its routes under /api. */
import fp from 'fastify-plugin';
import { API_PREFIX } from '../http/schemas.js';
import { DeparturesRepository, type DepartureSurroundings } from './repository.js';
import { departureRoutes } from './routes.js';
import type { DomainModule } from '../module.js';
import * as departures from './migrations/0009-departures.js';
import * as travellerRetention from './migrations/0025-traveller-retention.js';
import * as countsOnStatusChange from './migrations/0027-counts-on-status-change.js';
import * as ownPrices from './migrations/0061-own-prices.js';

declare module 'fastify' {
  interface FastifyInstance {
    departures: DeparturesRepository;
  }
}

const plugin = fp(
  async (app) => {
    // The catalogue and the bookings are asked at the time of a read or a change (modules.ts registers them around this one).
    const around: DepartureSurroundings = {
      tourFor: (trx, tourId) => app.tours.forDepartures(trx, tourId),
      lapsedHeldSeats: (departureId, at) => app.bookings.lapsedHeldSeats(departureId, at),
      // The resources domain is registered later (modules.ts): asked at the time of a read.
      assignmentsOf: (db, ids) => app.resources.assignmentsOf(db, ids),
      checkedInOf: (db, ids) => app.bookings.checkedInOf(db, ids),
      noneAssigned: (kind, departureId) => app.resources.noneAssigned(kind, departureId),
    };
    app.decorate('departures', new DeparturesRepository(app.db, app.now, app.audit, around));
    await app.register(departureRoutes, { prefix: API_PREFIX });
  },
  { name: 'departures', decorators: { fastify: ['db', 'now', 'audit'] } },
);

const departuresModule: DomainModule = {
  name: 'departures',
  tag: { name: 'departures', description: 'Departures: the dates a tour can be booked on' },
  migrations: { '0009-departures': departures, '0025-traveller-retention': travellerRetention, '0027-counts-on-status-change': countsOnStatusChange, '0061-own-prices': ownPrices },
  plugin,
};

export default departuresModule;
