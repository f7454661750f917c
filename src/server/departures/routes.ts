/** /api/departures…: thin routes over app.departures. */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { departureWithoutAssignments, departureWithoutMoney, type Departure, type DepartureAnswer } from '../../shared/contract/departures.js';
import { seesMoney } from '../../shared/permissions.js';
import { originOf, principalOf, requireUser } from '../auth/guard.js';
import { httpErrors } from '../http/errors.js';
import {
  bulkDeparturesSchema,
  cancelDepartureSchema,
  createDepartureSchema,
  deleteDepartureSchema,
  getDepartureSchema,
  listDeparturesSchema,
  updateDepartureSchema,
} from './schemas.js';

/**
 * A departure as this caller may read it: a role that sees no money (a guide's) reads it without
 * its prices; one without resources.read (finance's) without who and what is assigned to it.
 */
function forReader(request: FastifyRequest): (departure: Departure) => DepartureAnswer {
  const money = seesMoney(principalOf(request).permissions);
  const assigned = assignmentsFor(request);
  return (departure) => assigned(money ? departure : departureWithoutMoney(departure));
}

/** Who and what is assigned, only for a caller holding resources.read. */
function assignmentsFor(request: FastifyRequest): <T extends { assignments?: unknown }>(departure: T) => T {
  const resources = principalOf(request).permissions.has('resources.read');
  return (departure) => (resources ? departure : (departureWithoutAssignments(departure) as typeof departure));
}

export const departureRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get('/departures', { schema: listDeparturesSchema, onRequest: requireUser('departures.read') }, async (request) => {
    // Which departures lack a guide or a vehicle tells who is assigned: a reader without resources.read may not filter by it.
    if (request.query.unassigned !== undefined && !principalOf(request).permissions.has('resources.read')) {
      throw httpErrors.forbidden('You may not see who is assigned: the departures cannot be filtered by it.');
    }
    const page = await app.departures.list(request.query);
    return { ...page, data: page.data.map(forReader(request)) };
  });

  app.get('/departures/:id', { schema: getDepartureSchema, onRequest: requireUser('departures.read') }, async (request) => {
    const departure = await app.departures.show(request.params.id);
    if (!departure) throw httpErrors.notFound('No departure with this id.');
    return forReader(request)(departure);
  });

  app.post('/departures', { schema: createDepartureSchema, onRequest: requireUser('departures.create') }, async (request, reply) => {
    return reply.code(201).send(assignmentsFor(request)(await app.departures.create(request.body, originOf(request))));
  });

  app.post('/departures/bulk', { schema: bulkDeparturesSchema, onRequest: requireUser('departures.create') }, async (request, reply) => {
    return reply.code(201).send(await app.departures.bulk(request.body, originOf(request)));
  });

  app.patch('/departures/:id', { schema: updateDepartureSchema, onRequest: requireUser('departures.update') }, async (request) => {
    return assignmentsFor(request)(await app.flows.changeDeparture(request.params.id, request.body, originOf(request)));
  });

  app.post('/departures/:id/cancel', { schema: cancelDepartureSchema, onRequest: requireUser('departures.update') }, async (request) => {
    return assignmentsFor(request)(await app.flows.cancelDeparture(request.params.id, request.body.reason, originOf(request)));
  });

  app.delete('/departures/:id', { schema: deleteDepartureSchema, onRequest: requireUser('departures.delete') }, async (request) => {
    await app.flows.deleteDeparture(request.params.id, originOf(request));
    return { id: request.params.id };
  });
};
