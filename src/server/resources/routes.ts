/** /api/resources… and /api/departures/{id}/assignments…: thin routes over app.resources. */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { localDateAt } from '../../shared/local-time.js';
import { originOf, requireUser } from '../auth/guard.js';
import { refuseBadDateFilters } from '../db/query-helpers.js';
import { httpErrors } from '../http/errors.js';
import {
  createAssignmentSchema,
  createResourceSchema,
  createUnavailabilitySchema,
  deleteUnavailabilitySchema,
  listUnavailabilitySchema,
  deleteAssignmentSchema,
  getResourceSchema,
  listAssignmentsSchema,
  listResourcesSchema,
  scheduleSchema,
  updateResourceSchema,
} from './schemas.js';

const noResource = () => httpErrors.notFound('No resource with this id.');

export const resourceRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get('/resources', { schema: listResourcesSchema, onRequest: requireUser('resources.read') }, async (request) => app.resources.list(request.query));

  app.get('/resources/:id', { schema: getResourceSchema, onRequest: requireUser('resources.read') }, async (request) => {
    const resource = await app.resources.get(request.params.id);
    if (!resource) throw noResource();
    return resource;
  });

  app.post('/resources', { schema: createResourceSchema, onRequest: requireUser('resources.manage') }, async (request, reply) => {
    return reply.code(201).send(await app.resources.create(request.body, originOf(request)));
  });

  app.patch('/resources/:id', { schema: updateResourceSchema, onRequest: requireUser('resources.manage') }, async (request) => {
    return app.resources.update(request.params.id, request.body, originOf(request));
  });

  app.get('/resources/:id/schedule', { schema: scheduleSchema, onRequest: requireUser('resources.read') }, async (request) => {
    // Today where the business is, as the dashboard counts days.
    const today = localDateAt(new Date(app.now()), app.config.businessTimeZone);
    const schedule = await app.resources.schedule(request.params.id, request.query, today);
    if (!schedule) throw noResource();
    return schedule;
  });

  app.get('/resources/:id/unavailability', { schema: listUnavailabilitySchema, onRequest: requireUser('resources.read') }, async (request) => {
    if (request.query.from !== undefined) refuseBadDateFilters({ from: request.query.from });
    const data = await app.resources.unavailability(request.params.id, request.query.from);
    if (!data) throw noResource();
    return { data };
  });

  app.post('/resources/:id/unavailability', { schema: createUnavailabilitySchema, onRequest: requireUser('resources.manage') }, async (request, reply) => {
    return reply.code(201).send(await app.resources.addUnavailability(request.params.id, request.body, originOf(request)));
  });

  app.delete('/resources/:id/unavailability/:uid', { schema: deleteUnavailabilitySchema, onRequest: requireUser('resources.manage') }, async (request) => {
    await app.resources.removeUnavailability(request.params.id, request.params.uid, originOf(request));
    return { id: request.params.uid };
  });

  app.get('/departures/:id/assignments', { schema: listAssignmentsSchema, onRequest: requireUser('resources.read') }, async (request) => {
    const assignments = await app.resources.ofDeparture(request.params.id);
    if (!assignments) throw httpErrors.notFound('No departure with this id.');
    return assignments;
  });

  app.post('/departures/:id/assignments', { schema: createAssignmentSchema, onRequest: requireUser('resources.manage') }, async (request, reply) => {
    return reply.code(201).send(await app.resources.assign(request.params.id, request.body, originOf(request)));
  });

  app.delete('/departures/:id/assignments/:assignmentId', { schema: deleteAssignmentSchema, onRequest: requireUser('resources.manage') }, async (request) => {
    await app.resources.unassign(request.params.id, request.params.assignmentId, originOf(request));
    return { id: request.params.assignmentId };
  });
};
