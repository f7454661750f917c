/** /api/tours…: thin routes over app.tours. */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { originOf, requireUser } from '../auth/guard.js';
import { httpErrors } from '../http/errors.js';
import {
  addComponentSchema,
  createTourSchema,
  deleteTourSchema,
  getTourSchema,
  itinerarySchema,
  listComponentsSchema,
  listToursSchema,
  removeComponentSchema,
  removeDaySchema,
  reorderDaysSchema,
  saveDaySchema,
  updateComponentSchema,
  updateTourSchema,
} from './schemas.js';

export const tourRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get('/tours', { schema: listToursSchema, onRequest: requireUser('tours.read') }, async (request) => app.tours.list(request.query));

  app.get('/tours/:id', { schema: getTourSchema, onRequest: requireUser('tours.read') }, async (request) => {
    const tour = await app.tours.get(request.params.id);
    if (!tour) throw httpErrors.notFound('No tour with this id.');
    return tour;
  });

  app.post('/tours', { schema: createTourSchema, onRequest: requireUser('tours.create') }, async (request, reply) => {
    return reply.code(201).send(await app.tours.create(request.body, originOf(request)));
  });

  app.patch('/tours/:id', { schema: updateTourSchema, onRequest: requireUser('tours.update') }, async (request) => {
    return app.tours.update(request.params.id, request.body, originOf(request));
  });

  app.delete('/tours/:id', { schema: deleteTourSchema, onRequest: requireUser('tours.delete') }, async (request) => {
    const copies = await app.gallery.keysOfTour(request.params.id);
    await app.tours.delete(request.params.id, originOf(request));
    app.gallery.discard(copies);
    return { id: request.params.id };
  });

  app.get('/tours/:id/components', { schema: listComponentsSchema, onRequest: requireUser('tours.read') }, async (request) => {
    return { data: await app.tours.components(request.params.id) };
  });

  app.post('/tours/:id/components', { schema: addComponentSchema, onRequest: requireUser('tours.update') }, async (request, reply) => {
    return reply.code(201).send(await app.tours.addComponent(request.params.id, request.body, originOf(request)));
  });

  app.patch('/tours/:id/components/:componentId', { schema: updateComponentSchema, onRequest: requireUser('tours.update') }, async (request) => {
    return app.tours.updateComponent(request.params.id, request.params.componentId, request.body, originOf(request));
  });

  app.delete('/tours/:id/components/:componentId', { schema: removeComponentSchema, onRequest: requireUser('tours.update') }, async (request) => {
    await app.tours.removeComponent(request.params.id, request.params.componentId, originOf(request));
    return { id: request.params.componentId };
  });

  app.get('/tours/:id/itinerary', { schema: itinerarySchema, onRequest: requireUser('tours.read') }, async (request) => {
    return { data: await app.tours.itinerary(request.params.id) };
  });

  app.put('/tours/:id/itinerary/:dayNumber', { schema: saveDaySchema, onRequest: requireUser('tours.update') }, async (request) => {
    return app.tours.saveDay(request.params.id, request.params.dayNumber, request.body, originOf(request));
  });

  app.delete('/tours/:id/itinerary/:dayNumber', { schema: removeDaySchema, onRequest: requireUser('tours.update') }, async (request) => {
    await app.tours.removeDay(request.params.id, request.params.dayNumber, originOf(request));
    return { dayNumber: request.params.dayNumber };
  });

  app.post('/tours/:id/itinerary/order', { schema: reorderDaysSchema, onRequest: requireUser('tours.update') }, async (request) => {
    return { data: await app.tours.reorderDays(request.params.id, request.body.order, originOf(request)) };
  });
};
