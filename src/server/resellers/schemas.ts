/** The reseller routes' schemas: the contract's (src/shared/contract/resellers.ts) plus what each route may answer. */
import Type from 'typebox';
import {
  DeletedTestBookingsSchema,
  ApiKeyListSchema,
  ApiKeySchema,
  CreatedApiKeySchema,
  NewApiKeySchema,
  NewResellerSchema,
  ResellerListQuerySchema,
  ResellerListSchema,
  ResellerPatchSchema,
  ResellerSchema,
  StatementQuerySchema,
  WebhookDeliveryListQuerySchema,
  WebhookDeliveryListSchema,
  WebhookDeliverySchema,
  WebhookSecretSchema,
} from '../../shared/contract/resellers.js';
import { AUTHENTICATED_ERRORS, errorResponses, IdParamsSchema, UuidSchema } from '../http/schemas.js';

const tags = ['resellers'];
const security = [{ bearerAuth: [] }];

export const listResellersSchema = {
  tags,
  security,
  summary: 'List resellers',
  description: 'Needs `resellers.read`. Filters: `q` (name), `active`.',
  querystring: ResellerListQuerySchema,
  response: { 200: ResellerListSchema, ...errorResponses(...AUTHENTICATED_ERRORS) },
};

export const getResellerSchema = {
  tags,
  security,
  summary: 'A reseller by id',
  description: 'Needs `resellers.read`.',
  params: IdParamsSchema,
  response: { 200: ResellerSchema, ...errorResponses(...AUTHENTICATED_ERRORS, 404) },
};

export const createResellerSchema = {
  tags,
  security,
  summary: 'Add a reseller',
  description:
    'Needs `resellers.manage`. A name used by another reseller (any case) is 409. `webhookUrl` must be https and resolve only to ' +
    'public addresses (400 otherwise), unless the server runs with WEBHOOK_ALLOW_PRIVATE_ADDRESSES=true.',
  body: NewResellerSchema,
  response: { 201: ResellerSchema, ...errorResponses(...AUTHENTICATED_ERRORS, 409) },
};

export const updateResellerSchema = {
  tags,
  security,
  summary: 'Change a reseller',
  description: 'Needs `resellers.manage`. An inactive reseller’s keys answer 403 on every OCTO call at once; its bookings stay.',
  params: IdParamsSchema,
  body: ResellerPatchSchema,
  response: { 200: ResellerSchema, ...errorResponses(...AUTHENTICATED_ERRORS, 404, 409) },
};

export const listKeysSchema = {
  tags,
  security,
  summary: 'A reseller’s API keys',
  description: 'Needs `resellers.read`. Newest first, revoked ones too; never the keys themselves.',
  params: IdParamsSchema,
  response: { 200: ApiKeyListSchema, ...errorResponses(...AUTHENTICATED_ERRORS, 404) },
};

export const createKeySchema = {
  tags,
  security,
  summary: 'Create an API key',
  description: 'Needs `resellers.manage`. The answer holds the key, once: the server keeps only its hash.',
  params: IdParamsSchema,
  body: NewApiKeySchema,
  response: { 201: CreatedApiKeySchema, ...errorResponses(...AUTHENTICATED_ERRORS, 404) },
};

export const revokeKeySchema = {
  tags,
  security,
  summary: 'Revoke an API key',
  description: 'Needs `resellers.manage`. The key answers 401 on its next call, on every instance. Revoking twice changes nothing.',
  params: Type.Object({ id: UuidSchema, keyId: UuidSchema }),
  response: { 200: ApiKeySchema, ...errorResponses(...AUTHENTICATED_ERRORS, 404) },
};

export const deleteTestBookingsSchema = {
  tags,
  security,
  summary: 'Delete the reseller’s test bookings',
  description:
    'Needs `resellers.manage`. Deletes every booking the reseller made with a test key (OCTO `testMode: true`): their seats are free again at once, their pending webhook deliveries are dropped, and the audit log names them. Live bookings are never touched. Deleting when there are none answers `deleted: 0`.',
  params: IdParamsSchema,
  response: { 200: DeletedTestBookingsSchema, ...errorResponses(...AUTHENTICATED_ERRORS, 404) },
};

export const webhookSecretSchema = {
  tags,
  security,
  summary: 'Make a new webhook secret',
  description: 'Needs `resellers.manage`. Answers the secret once; it replaces the one before, so deliveries from now on are signed with it.',
  params: IdParamsSchema,
  response: { 200: WebhookSecretSchema, ...errorResponses(...AUTHENTICATED_ERRORS, 404) },
};

export const listDeliveriesSchema = {
  tags,
  security,
  summary: 'A reseller’s webhook deliveries',
  description: 'Needs `resellers.read`. Newest first; `status` filters.',
  params: IdParamsSchema,
  querystring: WebhookDeliveryListQuerySchema,
  response: { 200: WebhookDeliveryListSchema, ...errorResponses(...AUTHENTICATED_ERRORS, 404) },
};

export const retryDeliverySchema = {
  tags,
  security,
  summary: 'Send a failed delivery again',
  description: 'Needs `resellers.manage`. The delivery is pending again with its attempts counted anew; 409 unless it had failed.',
  params: Type.Object({ id: UuidSchema, deliveryId: UuidSchema }),
  response: { 200: WebhookDeliverySchema, ...errorResponses(...AUTHENTICATED_ERRORS, 404, 409) },
};

export const statementSchema = {
  tags,
  security,
  summary: 'A reseller’s monthly statement (CSV)',
  description:
    'Needs `resellers.read`. The reseller’s bookings that departed in `month` (each tour’s own calendar): reference, reseller ' +
    'reference, tour, departure date, status, travellers, currency, total, commission and net, then totals per currency. ' +
    'Confirmed bookings count; cancelled ones are listed with nothing owed.',
  params: IdParamsSchema,
  querystring: StatementQuerySchema,
  produces: ['text/csv'],
  response: { 200: { description: 'text/csv; charset=utf-8', type: 'string' }, ...errorResponses(...AUTHENTICATED_ERRORS, 404) },
};
