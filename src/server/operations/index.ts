/**
 * The day of the tour as one Fastify plugin: day sheets under /api/operations. It keeps no table of
 * its own; it reads a date's departures, their tours' days and components, their bookings and
 * their assignments (the resources domain's, through its service).
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { principalOf, requireUser } from '../auth/guard.js';
import { API_PREFIX } from '../http/schemas.js';
import type { DomainModule } from '../module.js';
import { OperationsRepository } from './repository.js';
import { dayManifestsPdfSchema, dayManifestsSchema, daySheetCsvSchema, daySheetSchema } from './schemas.js';
import { httpErrors } from '../http/errors.js';
import { fileNamePart } from '../http/file-names.js';

declare module 'fastify' {
  interface FastifyInstance {
    operations: OperationsRepository;
  }
}

/** Whether the caller may see who and what is assigned (resources.read): without it the sheet names none. */
function seesResources(request: FastifyRequest): boolean {
  return principalOf(request).permissions.has('resources.read');
}

const routes: FastifyPluginAsyncTypebox = async (app) => {
  /** The passenger lists of the date's departures (the bookings domain's), in the day sheet's order. */
  const manifestsOf = async (request: FastifyRequest, date: string) => {
    if (!principalOf(request).permissions.has('bookings.read')) throw httpErrors.forbidden();
    const sheet = await app.operations.daySheet(date, { resources: false });
    const manifests = await Promise.all(sheet.departures.map((departure) => app.bookings.guideManifest(departure.departureId)));
    return manifests.filter((manifest) => manifest !== null);
  };
  app.get('/operations/manifests', { schema: dayManifestsSchema, onRequest: requireUser('departures.read') }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    return { date: request.query.date, manifests: await manifestsOf(request, request.query.date) };
  });
  app.get('/operations/manifests.pdf', { schema: dayManifestsPdfSchema, onRequest: requireUser('departures.read') }, async (request, reply) => {
    const pdf = await app.manifestsPdf(await manifestsOf(request, request.query.date), request.query.date);
    return reply
      .type('application/pdf')
      .header('cache-control', 'no-store')
      .header('content-disposition', `attachment; filename="manifests-${request.query.date}.pdf"`)
      .send(pdf);
  });
  app.get('/operations/day', { schema: daySheetSchema, onRequest: requireUser('departures.read') }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    return app.operations.daySheet(request.query.date, { resources: seesResources(request) });
  });
  app.get('/operations/day.csv', { schema: daySheetCsvSchema, onRequest: requireUser('departures.read') }, async (request, reply) => {
    const { date, supplier } = request.query;
    const csv = await app.operations.daySheetCsv(date, supplier, { resources: seesResources(request) });
    // The supplier's name in the file name, as letters and digits only: it comes from staff's typing.
    const who = supplier ? `-${fileNamePart(supplier, 'supplier')}` : '';
    return reply
      .type('text/csv; charset=utf-8')
      .header('cache-control', 'no-store')
      .header('content-disposition', `attachment; filename="day-sheet-${date}${who}.csv"`)
      .send(csv);
  });
};

const plugin = fp(
  async (app) => {
    app.decorate('operations', new OperationsRepository(app.db, app.now, { assignmentsOf: (db, ids) => app.resources.assignmentsOf(db, ids), holdsSeatsAt: (at) => app.bookings.holdsSeatsAt(at) }));
    await app.register(routes, { prefix: API_PREFIX });
  },
  { name: 'operations', dependencies: ['resources'], decorators: { fastify: ['db', 'now'] } },
);

const operationsModule: DomainModule = {
  name: 'operations',
  tag: { name: 'operations', description: 'The day of the tour: day sheets for the office, the guides and the suppliers' },
  plugin,
};

export default operationsModule;
