/**
 * Customers: the people bookings are made for. Every booking with a contact belongs to one, found by
 * its contact's e-mail (trimmed, any case) or made for it; a contact with a name and no e-mail makes
 * a customer of its own; a reseller's hold without any contact has none until it is confirmed. The
 * contact as typed stays on the booking. The server validates with these schemas and
 * documents them; both sides take their types from them.
 */
import Type, { type Static } from 'typebox';
import { IsoDateTimeSchema, ListAnswerSchema, ListQuerySchema, NullableIsoDateTimeSchema, SearchSchema, UuidSchema } from './common.js';
import { EmailSchema } from './users.js';

export const CUSTOMER_SORT_FIELDS = ['name', 'createdAt', 'lastBookingAt', 'bookingCount'] as const;

/** The languages the product writes to customers in (BCP 47). */
export const CUSTOMER_LANGUAGES = ['en', 'de'] as const;
export type CustomerLanguage = (typeof CUSTOMER_LANGUAGES)[number];

export const CUSTOMER_RULES = {
  name: { minLength: 1, maxLength: 120, pattern: '\\S' },
  phone: { maxLength: 40 },
  notes: { maxLength: 4000 },
} as const;

export const LanguageSchema = Type.Enum([...CUSTOMER_LANGUAGES], { description: 'A language the product has messages in' });

const AmountSchema = Type.Object({ currency: Type.String(), amountMinor: Type.Integer({ description: 'Minor units; payments less refunds' }) });

export const CustomerSchema = Type.Object(
  {
    id: UuidSchema,
    name: Type.String({ description: 'As first given (a reseller’s booking without a name yet: empty)' }),
    email: Type.Union([Type.String(), Type.Null()], { description: 'Unique among customers (any case); null for a contact given without one' }),
    phone: Type.Union([Type.String(), Type.Null()]),
    language: LanguageSchema,
    marketingConsent: Type.Boolean(),
    notes: Type.String({ description: 'Staff notes; never sent to the customer' }),
    bookingCount: Type.Integer({ description: 'Bookings not cancelled or expired' }),
    firstBookingAt: NullableIsoDateTimeSchema,
    lastBookingAt: NullableIsoDateTimeSchema,
    spent: Type.Array(AmountSchema, { description: 'Payments less refunds over the customer’s bookings, per currency (currencies with none left out)' }),
    createdAt: IsoDateTimeSchema,
    updatedAt: IsoDateTimeSchema,
    erasedAt: NullableIsoDateTimeSchema,
  },
  { title: 'Customer' },
);

export const CustomerPatchSchema = Type.Object(
  {
    name: Type.Optional(Type.String(CUSTOMER_RULES.name)),
    email: Type.Optional(Type.Union([EmailSchema, Type.Null()], { description: '409 when another customer has it (any case)' })),
    phone: Type.Optional(Type.Union([Type.String(CUSTOMER_RULES.phone), Type.Null()])),
    language: Type.Optional(LanguageSchema),
    marketingConsent: Type.Optional(Type.Boolean()),
    notes: Type.Optional(Type.String(CUSTOMER_RULES.notes)),
  },
  { additionalProperties: false, minProperties: 1 },
);

export const CustomerMergeSchema = Type.Object(
  { otherId: Type.String({ format: 'uuid', description: 'The customer whose bookings move to this one; it is gone afterwards' }) },
  { additionalProperties: false },
);

export const CustomerListQuerySchema = ListQuerySchema(CUSTOMER_SORT_FIELDS, 'name', {
  q: Type.Optional(Type.String({ ...SearchSchema, description: 'Part of the name, e-mail or phone, any case' })),
  marketingConsent: Type.Optional(Type.Boolean()),
});
export const CustomerListSchema = ListAnswerSchema(CustomerSchema);

export const CustomerEraseSchema = Type.Object(
  { reason: Type.String({ minLength: 1, maxLength: 500, pattern: '\\S', description: 'Why (the customer asked, a retention rule…): kept in the audit log' }) },
  { additionalProperties: false },
);

/** What an erased customer and their bookings' contact read as. */
export const ERASED_NAME = 'Erased customer';

export type Customer = Static<typeof CustomerSchema>;
export type CustomerPatch = Static<typeof CustomerPatchSchema>;
export type CustomerListQuery = Static<typeof CustomerListQuerySchema>;
