/** Customers as one Fastify plugin (the shape of resellers/index.ts): the repository, the routes under /api, the default language kept for the database. */
import fp from 'fastify-plugin';
import { API_PREFIX } from '../http/schemas.js';
import type { Booking, Payment } from '../../shared/contract/bookings.js';
import type { Customer } from '../../shared/contract/customers.js';
import type { Message } from '../../shared/contract/messages.js';
import type { DomainModule } from '../module.js';
import * as customers from './migrations/0021-customers.js';
import * as countsByDifference from './migrations/0024-customer-counts-by-difference.js';
import * as customerWhenContactGiven from './migrations/0026-customer-when-contact-given.js';
import * as customerSpending from './migrations/0035-customer-spending.js';
import * as foldedSearch from './migrations/0041-folded-search.js';
import * as noCustomerForTests from './migrations/0052-no-customer-for-test-bookings.js';
import { CustomersRepository } from './repository.js';
import { customerRoutes } from './routes.js';

declare module 'fastify' {
  interface FastifyInstance {
    customers: CustomersRepository;
    /** Everything held about a customer, as one document (the right of access); null when there is no such customer. */
    customerExport: (id: string) => Promise<CustomerExport | null>;
  }
}

export interface CustomerExport {
  exportedAt: string;
  customer: Customer;
  bookings: (Booking & { payments: Payment[] })[];
  messages: Message[];
}

const plugin = fp(
  async (app) => {
    const repository = new CustomersRepository(app.db, app.now, app.audit);
    app.decorate('customers', repository);
    // The customer, then their bookings with travellers and payments, read through the bookings domain.
    app.decorate('customerExport', async (id: string): Promise<CustomerExport | null> => {
      const customer = await repository.get(id);
      if (!customer) return null;
      const bookings: CustomerExport['bookings'] = [];
      for await (const page of app.bookings.pages({ customerId: id, sort: 'createdAt', order: 'ASC' })) {
        for (const booking of page) bookings.push({ ...booking, payments: (await app.bookings.payments(booking.id)) ?? [] });
      }
      // The messages domain registers after this one; it is there by the time a request asks.
      return { exportedAt: new Date(app.now()).toISOString(), customer, bookings, messages: await app.messages.forCustomer(id) };
    });
    // New customers whose booking named no language take DEFAULT_LANGUAGE; the database makes them,
    // so it keeps the setting. A database that cannot be reached now does not stop the server.
    app.addHook('onReady', async () => {
      try {
        await repository.useDefaultLanguage(app.config.defaultLanguage);
      } catch (error) {
        app.log.warn({ err: error }, 'the default language of new customers could not be stored at start');
      }
    });
    await app.register(customerRoutes, { prefix: API_PREFIX });
  },
  { name: 'customers', dependencies: ['bookings'], decorators: { fastify: ['db', 'now', 'audit', 'config'] } },
);

const customersModule: DomainModule = {
  name: 'customers',
  tag: { name: 'customers', description: 'The people bookings are made for, found again by e-mail' },
  migrations: { '0021-customers': customers, '0024-customer-counts-by-difference': countsByDifference, '0026-customer-when-contact-given': customerWhenContactGiven, '0035-customer-spending': customerSpending, '0041-folded-search': foldedSearch, '0052-no-customer-for-test-bookings': noCustomerForTests },
  plugin,
};

export default customersModule;
