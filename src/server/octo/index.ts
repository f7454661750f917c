/**
 * The OCTO supplier API (/api/octo) as one Fastify plugin: resellers read the catalogue and
 * availability and hold, confirm, change and cancel bookings on the same seats staff sell. It owns
 * no table: it works through the catalogue's, departures', bookings' and resellers' services and the
 * flows, given below.
 */
import fp from 'fastify-plugin';
import type { DomainModule } from '../module.js';
import { sendOctoError, toOctoError } from './errors.js';
import { octoRoutes } from './routes.js';
import { OctoService } from './service.js';

const plugin = fp(
  async (app) => {
    const octo = new OctoService({
      tours: app.tours,
      departures: app.departures,
      bookings: app.bookings,
      flows: app.flows,
      voucherLinks: app.voucherLinks,
      config: app.config,
      now: app.now,
    });
    app.decorate('octoBookingFor', (bookingId: string, resellerId: string) => octo.bookingFor(bookingId, resellerId));
    await app.register(octoRoutes(octo), { prefix: '/api/octo' });
  },
  { name: 'octo', dependencies: ['tours', 'departures', 'bookings', 'resellers', 'flows'], decorators: { fastify: ['config', 'now', 'counters'] } },
);

const octoModule: DomainModule = {
  name: 'octo',
  tag: {
    name: 'octo',
    description:
      'OCTO supplier API for resellers (octo.travel), with the octo/pricing capability. Authenticate with a reseller API key: ' +
      '`Authorization: Bearer rsk_…`. Errors are OCTO’s: `{error, errorMessage, …}`.',
  },
  plugin,
  errorAnswers: { prefix: '/api/octo/', send: (error, request, reply) => sendOctoError(reply, toOctoError(error, request)) },
};

export default octoModule;
