/** /api/customers…: thin routes over app.customers (and the merge flow). */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { originOf, requireUser } from '../auth/guard.js';
import { httpErrors } from '../http/errors.js';
import { NO_CUSTOMER } from './repository.js';
import { auditOrigin } from '../audit/audit-log.js';
import { eraseCustomerSchema, exportCustomerSchema, getCustomerSchema, listCustomersSchema, mergeCustomerSchema, updateCustomerSchema } from './schemas.js';

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

  app.get('/customers/:id/export', { schema: exportCustomerSchema, onRequest: requireUser('customers.read') }, async (request, reply) => {
    const exported = await app.customerExport(request.params.id);
    if (!exported) throw httpErrors.notFound(NO_CUSTOMER);
    await app.audit.record({ action: 'customer.exported', ...auditOrigin(originOf(request)), targetType: 'customer', targetId: request.params.id, details: { bookings: exported.bookings.length } });
    return reply
      .header('content-disposition', `attachment; filename="customer-${request.params.id}.json"`)
      .header('cache-control', 'no-store')
      .send(exported);
  });

  app.post('/customers/:id/erase', { schema: eraseCustomerSchema, onRequest: requireUser('customers.erase') }, async (request) => {
    return app.flows.eraseCustomer(request.params.id, request.body.reason, originOf(request));
  });

  app.post('/customers/:id/merge', { schema: mergeCustomerSchema, onRequest: requireUser('customers.update') }, async (request) => {
    return app.flows.mergeCustomers(request.params.id, request.body.otherId, originOf(request));
  });
};
