/**
 * Resellers: the agencies, marketplaces and hotel desks that sell the operator's seats over OCTO
 * (/api/octo), each with its commission, the tours it may sell, its API keys and its webhook. The
 * server validates with these schemas and documents them; both sides take their types from them.
 */
import Type, { type Static } from 'typebox';
import { IsoDateTimeSchema, ListAnswerSchema, ListQuerySchema, NullableIsoDateTimeSchema, SearchSchema, UuidSchema } from './common.js';
import { EmailSchema } from './users.js';

export const RESELLER_SORT_FIELDS = ['name', 'createdAt'] as const;

export const RESELLER_RULES = {
  name: { minLength: 1, maxLength: 120, pattern: '\\S' },
  commissionPercent: { minimum: 0, maximum: 100 },
  tourIds: { maxItems: 1000 },
  webhookUrl: { minLength: 1, maxLength: 2000 },
  notes: { maxLength: 2000 },
  keyName: { minLength: 1, maxLength: 100, pattern: '\\S' },
} as const;

/** What every reseller API key starts with: a staff route that receives one answers 401 at once. */
export const RESELLER_KEY_PREFIX = 'rsk_';

export const ResellerSchema = Type.Object(
  {
    id: UuidSchema,
    name: Type.String(),
    active: Type.Boolean({ description: 'An inactive reseller’s keys answer 403 on every OCTO call; its bookings stay' }),
    commissionPercent: Type.Number({ description: 'The reseller’s share of the retail price, 0–100 with at most two decimals' }),
    tourIds: Type.Union([Type.Array(UuidSchema), Type.Null()], { description: 'null: every published tour' }),
    webhookUrl: Type.Union([Type.String(), Type.Null()]),
    hasWebhookSecret: Type.Boolean({ description: 'Whether a webhook secret was made (the secret itself is shown once)' }),
    contactEmail: Type.Union([Type.String(), Type.Null()]),
    notes: Type.String(),
    bookingCount: Type.Integer({ description: 'Bookings the reseller made, in any status; those made with a test key are not counted' }),
    testBookingCount: Type.Integer({ description: 'Bookings made with its test keys and not deleted yet, in any status' }),
    activeKeyCount: Type.Integer({ description: 'API keys not revoked' }),
    createdAt: IsoDateTimeSchema,
    updatedAt: IsoDateTimeSchema,
  },
  { title: 'Reseller' },
);

const resellerFields = {
  name: Type.String({ ...RESELLER_RULES.name, description: 'Unique (any case)' }),
  active: Type.Boolean(),
  commissionPercent: Type.Number({ ...RESELLER_RULES.commissionPercent, description: '0–100, at most two decimals: the net rate is the retail price less this share, rounded to the minor unit' }),
  tourIds: Type.Union([Type.Array(UuidSchema, { ...RESELLER_RULES.tourIds, uniqueItems: true }), Type.Null()], { description: 'The tours it may sell; null: every published tour' }),
  webhookUrl: Type.Union([Type.String({ ...RESELLER_RULES.webhookUrl, description: 'https; never an address in a private, loopback, link-local or metadata range' }), Type.Null()]),
  contactEmail: Type.Union([EmailSchema, Type.Null()]),
  notes: Type.String(RESELLER_RULES.notes),
};

export const NewResellerSchema = Type.Object(
  {
    name: resellerFields.name,
    active: Type.Optional(resellerFields.active),
    commissionPercent: Type.Optional(resellerFields.commissionPercent),
    tourIds: Type.Optional(resellerFields.tourIds),
    webhookUrl: Type.Optional(resellerFields.webhookUrl),
    contactEmail: Type.Optional(resellerFields.contactEmail),
    notes: Type.Optional(resellerFields.notes),
  },
  { additionalProperties: false },
);

export const ResellerPatchSchema = Type.Object(
  Object.fromEntries(Object.entries(resellerFields).map(([key, schema]) => [key, Type.Optional(schema)])) as {
    [K in keyof typeof resellerFields]: ReturnType<typeof Type.Optional<(typeof resellerFields)[K]>>;
  },
  { additionalProperties: false, minProperties: 1 },
);

export const ResellerListQuerySchema = ListQuerySchema(RESELLER_SORT_FIELDS, 'name', {
  q: Type.Optional(SearchSchema),
  active: Type.Optional(Type.Boolean()),
});
export const ResellerListSchema = ListAnswerSchema(ResellerSchema);

export const ApiKeySchema = Type.Object(
  {
    id: UuidSchema,
    name: Type.String(),
    keyPrefix: Type.String({ description: 'The key’s first characters, enough to tell keys apart' }),
    createdAt: IsoDateTimeSchema,
    lastUsedAt: Type.Union([IsoDateTimeSchema, Type.Null()], { description: 'To the minute' }),
    revokedAt: NullableIsoDateTimeSchema,
    testMode: Type.Boolean({ description: 'A test key: its bookings are marked as tests (OCTO `testMode: true`), hold their seats like any booking until cancelled or deleted, count in no figure of the business, and are read only by test keys (a live key never sees them, nor a test key live bookings)' }),
  },
  { title: 'ResellerApiKey' },
);
export const NewApiKeySchema = Type.Object(
  { name: Type.String(RESELLER_RULES.keyName), testMode: Type.Optional(Type.Boolean({ default: false, description: 'true: a test key, for an integrator to try the API without selling' })) },
  { additionalProperties: false },
);
/** What deleting a reseller's test bookings did. */
export const DeletedTestBookingsSchema = Type.Object({ deleted: Type.Integer({ minimum: 0, description: 'Test bookings deleted; their seats are free again' }) }, { title: 'DeletedTestBookings' });
export const CreatedApiKeySchema = Type.Object(
  {
    ...ApiKeySchema.properties,
    key: Type.String({ description: 'The key itself, shown in this answer only: the server keeps a hash of it' }),
  },
  { title: 'CreatedResellerApiKey' },
);
export const ApiKeyListSchema = Type.Object({ data: Type.Array(ApiKeySchema) });
export const WebhookSecretSchema = Type.Object(
  { secret: Type.String({ description: 'whsec_ + base64 of 32 random bytes (Standard Webhooks), shown in this answer only' }) },
  { title: 'WebhookSecret' },
);

export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'delivered', 'failed'] as const;

export const WebhookDeliverySchema = Type.Object(
  {
    id: UuidSchema,
    event: Type.String({ description: 'booking.updated' }),
    bookingId: UuidSchema,
    bookingReference: Type.Union([Type.String(), Type.Null()], { description: 'The booking’s reference, which staff know it by (null if the booking is gone)' }),
    status: Type.Enum([...WEBHOOK_DELIVERY_STATUSES], { description: 'pending: to be sent or sent again; delivered: answered 2xx; failed: every attempt failed' }),
    attempts: Type.Integer(),
    lastAttemptAt: NullableIsoDateTimeSchema,
    responseStatus: Type.Union([Type.Integer(), Type.Null()], { description: 'The HTTP status of the last answer; null: no answer' }),
    error: Type.Union([Type.String(), Type.Null()], { description: 'Why the last attempt failed' }),
    nextAttemptAt: NullableIsoDateTimeSchema,
    createdAt: IsoDateTimeSchema,
  },
  { title: 'WebhookDelivery' },
);
export const WebhookDeliveryListQuerySchema = Type.Object({
  page: Type.Optional(Type.Integer({ minimum: 1, maximum: 1_000_000, default: 1 })),
  pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 25 })),
  status: Type.Optional(Type.Enum([...WEBHOOK_DELIVERY_STATUSES])),
});
export const WebhookDeliveryListSchema = ListAnswerSchema(WebhookDeliverySchema);
export const StatementQuerySchema = Type.Object({ month: Type.String({ pattern: '^\\d{4}-(0[1-9]|1[0-2])$', description: 'YYYY-MM: the bookings that departed in that month (in each tour’s zone)' }) });

export type WebhookDelivery = Static<typeof WebhookDeliverySchema>;
export type Reseller = Static<typeof ResellerSchema>;
export type NewReseller = Static<typeof NewResellerSchema>;
export type ResellerPatch = Static<typeof ResellerPatchSchema>;
export type ResellerListQuery = Static<typeof ResellerListQuerySchema>;
export type ApiKey = Static<typeof ApiKeySchema>;
export type CreatedApiKey = Static<typeof CreatedApiKeySchema>;
export type DeletedTestBookings = Static<typeof DeletedTestBookingsSchema>;
