/** /api/departures…: thin routes over app.departures. */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { departureWithoutMoney } from '../../shared/contract/departures.js';
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

export const departureRoutes: FastifyPluginAsyncTypebox = async (app) => {
  // A role that sees no money (a guide's) reads departures without their prices.
  app.get('/departures', { schema: listDeparturesSchema, onRequest: requireUser('departures.read') }, async (request) => {
    const page = await app.departures.list(request.query);
    return seesMoney(principalOf(request).permissions) ? page : { ...page, data: page.data.map(departureWithoutMoney) };
  });

  app.get('/departures/:id', { schema: getDepartureSchema, onRequest: requireUser('departures.read') }, async (request) => {
    const departure = await app.departures.show(request.params.id);
    if (!departure) throw httpErrors.notFound('No departure with this id.');
    return seesMoney(principalOf(request).permissions) ? departure : departureWithoutMoney(departure);
  });

  app.post('/departures', { schema: createDepartureSchema, onRequest: requireUser('departures.create') }, async (request, reply) => {
    return reply.code(201).send(await app.departures.create(request.body, originOf(request)));
  });

  app.post('/departures/bulk', { schema: bulkDeparturesSchema, onRequest: requireUser('departures.create') }, async (request, reply) => {
    return reply.code(201).send(await app.departures.bulk(request.body, originOf(request)));
  });

  app.patch('/departures/:id', { schema: updateDepartureSchema, onRequest: requireUser('departures.update') }, async (request) => {
    return app.flows.changeDeparture(request.params.id, request.body, originOf(request));
  });

  app.post('/departures/:id/cancel', { schema: cancelDepartureSchema, onRequest: requireUser('departures.update') }, async (request) => {
    return app.flows.cancelDeparture(request.params.id, request.body.reason, originOf(request));
  });

  app.delete('/departures/:id', { schema: deleteDepartureSchema, onRequest: requireUser('departures.delete') }, async (request) => {
    await app.flows.deleteDeparture(request.params.id, originOf(request));
    return { id: request.params.id };
  });
};
