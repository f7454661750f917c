/**
 * /api/octo…: OCTO's supplier routes, behind a reseller's API key. Each call is authenticated by
 * the key's hash (a revoked key stops at once, on every instance), held to the key's rate
 * (OCTO_RATE_LIMIT a second, counted in Redis when set so every instance shares it), and answered
 * in OCTO's shapes and error codes. Prices are included when the `Octo-Capabilities` header asks
 * for octo/pricing, and the answer's header says so.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import type { ResellerCaller } from '../resellers/repository.js';
import { octoErrors, registerOctoErrorHandler, sendOctoError } from './errors.js';
import {
  availabilitySchema,
  calendarSchema,
  cancelSchema,
  capabilitiesSchema,
  confirmSchema,
  extendSchema,
  getBookingSchema,
  listBookingsSchema,
  productSchema,
  productsSchema,
  reserveSchema,
  supplierSchema,
  updateSchema,
} from './schemas.js';
import type { OctoCall, OctoService } from './service.js';

declare module 'fastify' {
  interface FastifyRequest {
    reseller: ResellerCaller | null;
  }
}

const BEARER = /^Bearer\s+(\S+)\s*$/i;
const PRICING = 'octo/pricing';

export function octoRoutes(octo: OctoService): FastifyPluginAsyncTypebox {
  return async (app) => {
    registerOctoErrorHandler(app);
    app.setNotFoundHandler((_request, reply) => sendOctoError(reply, octoErrors.badRequest('No such OCTO route.')));
    app.decorateRequest('reseller', null);

    app.addHook('onRequest', async (request, reply) => {
      const key = BEARER.exec(request.headers.authorization ?? '')?.[1];
      const caller = key ? await app.resellers.authenticate(key) : null;
      if (!caller) throw octoErrors.unauthorized();
      if (!caller.active) throw octoErrors.forbidden();
      const { count, resetAt } = await app.counters.hit(`octo:${caller.keyId}`, 1000);
      if (count > app.config.octoRateLimit) throw octoErrors.tooManyRequests(Math.max(1, Math.ceil((resetAt - app.now()) / 1000)));
      request.reseller = caller;
      reply.header('octo-capabilities', asksForPricing(request) ? PRICING : '');
    });

    const call = (request: FastifyRequest): OctoCall => {
      const caller = request.reseller!;
      return {
        caller,
        pricing: asksForPricing(request),
        origin: {
          actorId: null,
          actorLabel: `Reseller ${caller.resellerName} (key ${caller.keyPrefix}…)`,
          resellerId: caller.resellerId,
          permissions: null,
          ip: request.ip ?? null,
          userAgent: request.headers['user-agent'] ?? null,
        },
      };
    };

    app.get('/supplier', { schema: supplierSchema }, async () => octo.supplier(await app.business.details()));
    app.get('/capabilities', { schema: capabilitiesSchema }, async () => octo.capabilities());
    app.get('/products', { schema: productsSchema }, async (request) => octo.products(call(request)));
    app.get('/products/:id', { schema: productSchema }, async (request) => octo.product(call(request), request.params.id));
    app.post('/availability/calendar', { schema: calendarSchema }, async (request) => octo.calendar(call(request), request.body));
    app.post('/availability', { schema: availabilitySchema }, async (request) => octo.availability(call(request), request.body));
    app.post('/bookings', { schema: reserveSchema }, async (request) => octo.reserve(call(request), request.body));
    app.get('/bookings', { schema: listBookingsSchema }, async (request) => octo.list(call(request), request.query));
    app.get('/bookings/:uuid', { schema: getBookingSchema }, async (request) => octo.get(call(request), request.params.uuid));
    app.patch('/bookings/:uuid', { schema: updateSchema }, async (request) => octo.update(call(request), request.params.uuid, request.body));
    app.post('/bookings/:uuid/confirm', { schema: confirmSchema }, async (request) => octo.confirm(call(request), request.params.uuid, request.body));
    app.post('/bookings/:uuid/cancel', { schema: cancelSchema }, async (request) => octo.cancel(call(request), request.params.uuid, request.body));
    app.post('/bookings/:uuid/extend', { schema: extendSchema }, async (request) => octo.extend(call(request), request.params.uuid, request.body));
  };
}

function asksForPricing(request: FastifyRequest): boolean {
  const header = request.headers['octo-capabilities'];
  const text = Array.isArray(header) ? header.join(',') : (header ?? '');
  return text.split(',').some((capability) => capability.trim().toLowerCase() === PRICING);
}
