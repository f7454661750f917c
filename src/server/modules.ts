/**
 * The server's domains, in the order their plugins are registered (a domain comes after those
 * whose services it uses), and the flows: the work that spans them. Adding a domain is adding it here; see module.ts for what it brings.
 */
import audit from './audit/index.js';
import auth from './auth/index.js';
import bookings from './bookings/index.js';
import business from './business/index.js';
import customers from './customers/index.js';
import database from './db/index.js';
import departures from './departures/index.js';
import flows from './flows/index.js';
import messages from './messages/index.js';
import type { DomainModule } from './module.js';
import octo from './octo/index.js';
import operations from './operations/index.js';
import payments from './payments/index.js';
import pricing from './pricing/index.js';
import giftCards from './gift-cards/index.js';
import reports from './reports/index.js';
import resellers from './resellers/index.js';
import resources from './resources/index.js';
import roles from './roles/index.js';
import shop from './shop/index.js';
import system from './system/index.js';
import tours from './tours/index.js';
import users from './users/index.js';

export const MODULES: readonly DomainModule[] = [database, business, auth, users, roles, audit, tours, departures, pricing, bookings, giftCards, customers, payments, messages, resellers, resources, operations, shop, flows, octo, reports, system];
