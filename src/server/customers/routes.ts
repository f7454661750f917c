/** /api/customers…: thin routes over app.customers (and the merge flow). */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { originOf, requireUser } from '../auth/guard.js';
import { httpErrors } from '../http/errors.js';
import { NO_CUSTOMER } from './repository.js';
import { getCustomerSchema, listCustomersSchema, mergeCustomerSchema, updateCustomerSchema } from './schemas.js';

export const customerRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get('/customers', { schema: listCustomersSchema, onRequest: requireUser('customers.read') }, async (request) => app.customers.list(request.query));

  app.get('/customers/:id', { schema: getCustomerSchema, onRequest: requireUser('customers.read') }, async (request) => {
    const customer = await app.customers.get(request.params.id);
    if (!customer) throw httpErrors.notFound(NO_CUSTOMER);
    return customer;
  });

  app.patch('/customers/:id', { schema: updateCustomerSchema, onRequest: requireUser('customers.update') }, async (request) => {
    return app.customers.update(request.params.id, request.body, originOf(request));
  });

  app.post('/customers/:id/merge', { schema: mergeCustomerSchema, onRequest: requireUser('customers.update') }, async (request) => {
    return app.flows.mergeCustomers(request.params.id, request.body.otherId, originOf(request));
  });
};
