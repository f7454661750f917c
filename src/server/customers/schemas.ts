/** The customer routes' schemas: the contract's (src/shared/contract/customers.ts) plus what each route may answer. */
import Type from 'typebox';
import { BookingSchema, PaymentSchema } from '../../shared/contract/bookings.js';
import { MessageSchema } from '../../shared/contract/messages.js';
import { CustomerEraseSchema, CustomerListQuerySchema, CustomerListSchema, CustomerMergeSchema, CustomerPatchSchema, CustomerSchema } from '../../shared/contract/customers.js';
import { AUTHENTICATED_ERRORS, errorResponses, IdParamsSchema } from '../http/schemas.js';

const tags = ['customers'];
const security = [{ bearerAuth: [] }];

export const listCustomersSchema = {
  tags,
  security,
  summary: 'List customers',
  description:
    'Needs `customers.read`. Filters: `q` (part of the name, e-mail or phone, any case), `marketingConsent`. Sorts: `name`, `createdAt`, ' +
    '`lastBookingAt`, `bookingCount` (bookings not cancelled or expired). Every booking with a contact belongs to a customer: a new booking’s contact ' +
    'e-mail (trimmed, any case) finds its customer or makes one; a contact with a name and no e-mail makes a customer of its own; a reseller’s hold ' +
    'made without any contact has none (its customerId is null) until its confirmation gives the contact.',
  querystring: CustomerListQuerySchema,
  response: { 200: CustomerListSchema, ...errorResponses(...AUTHENTICATED_ERRORS) },
};

export const getCustomerSchema = {
  tags,
  security,
  summary: 'A customer by id',
  description: 'Needs `customers.read`. Their bookings: `GET /api/bookings?customerId=…`.',
  params: IdParamsSchema,
  response: { 200: CustomerSchema, ...errorResponses(...AUTHENTICATED_ERRORS, 404) },
};

export const updateCustomerSchema = {
  tags,
  security,
  summary: 'Change a customer',
  description:
    'Needs `customers.update`. An e-mail another customer has (any case) is 409: merge the two instead. The contact on their bookings stays ' +
    'as it was typed. An erased customer is 409. Audited with the names of the fields changed (never their values).',
  params: IdParamsSchema,
  body: CustomerPatchSchema,
  response: { 200: CustomerSchema, ...errorResponses(...AUTHENTICATED_ERRORS, 404, 409) },
};

export const mergeCustomerSchema = {
  tags,
  security,
  summary: 'Merge another customer into this one',
  description:
    'Needs `customers.update`. The other customer’s bookings move to this one and the other is gone (404 afterwards). This customer keeps ' +
    'its name, e-mail, phone, language and marketing consent, taking the other’s e-mail or phone only where it has none; the notes of both ' +
    'are kept. The same customer twice is 400; an erased one is 409. Audited.',
  params: IdParamsSchema,
  body: CustomerMergeSchema,
  response: { 200: CustomerSchema, ...errorResponses(...AUTHENTICATED_ERRORS, 404, 409) },
};

export const exportCustomerSchema = {
  tags,
  security,
  summary: 'Everything held about a customer',
  description:
    'Needs `customers.read`. One JSON document (a download): the customer, each of their bookings with its travellers and payments, ' +
    'and the messages sent to them. Audited.',
  params: IdParamsSchema,
  response: {
    200: Type.Object({ exportedAt: Type.String({ format: 'date-time' }), customer: CustomerSchema, bookings: Type.Array(Type.Intersect([BookingSchema, Type.Object({ payments: Type.Array(PaymentSchema) })])), messages: Type.Array(MessageSchema) }, { title: 'CustomerExport' }),
    ...errorResponses(...AUTHENTICATED_ERRORS, 404),
  },
};

export const eraseCustomerSchema = {
  tags,
  security,
  summary: 'Erase a customer (the right to be forgotten)',
  description:
    'Needs `customers.erase`. In one transaction: the customer’s name (it reads “Erased customer”), e-mail, phone and notes, their bookings’ ' +
    'contacts and notes, every traveller’s name, birth date and notes on those bookings, the values the audit log recorded of their changes, ' +
    'and the kept answers of retried requests are removed. Money, counts, dates, references and statuses stay, so every report reads the same. ' +
    'A held or confirmed booking whose departure has not started is 409 CONFLICT naming the bookings: cancel them first. Erased already: 409. ' +
    'Audited with who, whom, why and how many bookings, nothing erased. A later booking with the old e-mail makes a new customer.',
  params: IdParamsSchema,
  body: CustomerEraseSchema,
  response: { 200: CustomerSchema, ...errorResponses(...AUTHENTICATED_ERRORS, 404, 409) },
};
