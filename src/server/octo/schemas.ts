/**
 * The OCTO routes' request schemas, as lenient as OCTO's own: fields a reseller's system sends that
 * this supplier does not use (pickups, currency, emailReceipt…) are ignored, not refused. What the
 * schema cannot say (known ids, unit items present) is checked by the service, which answers with
 * OCTO's codes. The answers are OCTO's objects (the `@octocloud/types` schemas), documented by name.
 */
import Type, { type Static } from 'typebox';

const tags = ['octo'];
const security = [{ resellerKey: [] }];

const Text = (maxLength: number) => Type.String({ maxLength });
const NullableText = (maxLength: number) => Type.Union([Text(maxLength), Type.Null()]);

export const OctoContactSchema = Type.Object(
  {
    fullName: Type.Optional(NullableText(200)),
    firstName: Type.Optional(NullableText(200)),
    lastName: Type.Optional(NullableText(200)),
    emailAddress: Type.Optional(Type.Union([Type.String({ format: 'email', maxLength: 254 }), Type.Null()])),
    phoneNumber: Type.Optional(NullableText(40)),
    locales: Type.Optional(Type.Array(Text(35), { maxItems: 20 })),
    postalCode: Type.Optional(NullableText(20)),
    country: Type.Optional(NullableText(2)),
    notes: Type.Optional(NullableText(2000)),
  },
  { title: 'OctoContact' },
);

const UnitItemSchema = Type.Object({
  uuid: Type.Optional(Type.String({ maxLength: 64, description: 'Kept on the traveller (reserve, update) and answered back; a traveller without one is answered with the supplier’s own id' })),
  unitId: Type.String({ maxLength: 64 }),
  resellerReference: Type.Optional(Type.Union([Text(200), Type.Null()], { description: 'The reseller’s own reference for this traveller, kept (reserve, update) and answered back' })),
  contact: Type.Optional(OctoContactSchema),
});
const UnitItemsSchema = Type.Array(UnitItemSchema, { maxItems: 50, description: 'One per traveller' });
const UnitsSchema = Type.Array(Type.Object({ id: Type.String({ maxLength: 64 }), quantity: Type.Integer({ minimum: 0, maximum: 50 }) }), { maxItems: 10 });
const LocalDateSchema = Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$', description: 'YYYY-MM-DD in the product’s zone' });
const Id = Type.String({ minLength: 1, maxLength: 64 });
const UuidParams = Type.Object({ uuid: Type.String({ maxLength: 64 }) });
const Octo = (description: string) => Type.Unknown({ description });
const errors = { 400: Octo('OCTO error: {error, errorMessage, …}'), 401: Octo('UNAUTHORIZED'), 403: Octo('FORBIDDEN'), 429: Octo('TOO_MANY_REQUESTS, with Retry-After') };

export type OctoContact = Static<typeof OctoContactSchema>;
export type OctoUnitItem = Static<typeof UnitItemSchema>;

export const supplierSchema = { tags, security, summary: 'The supplier (this business)', response: { 200: Octo('OCTO Supplier'), ...errors } };
export const capabilitiesSchema = { tags, security, summary: 'Capabilities supported: octo/pricing', response: { 200: Octo('OCTO Capability[]'), ...errors } };
export const productsSchema = {
  tags,
  security,
  summary: 'Products: the published tours this reseller may sell',
  description: 'With `Octo-Capabilities: octo/pricing`, units carry `pricingFrom` (retail and the reseller’s net).',
  response: { 200: Octo('OCTO Product[]'), ...errors },
};
export const productSchema = { tags, security, summary: 'One product', params: Type.Object({ id: Id }), response: { 200: Octo('OCTO Product'), ...errors } };

export const calendarSchema = {
  tags,
  security,
  summary: 'Availability calendar: one entry per local date',
  description: 'Both dates are required, at most 366 days apart. A day without departures is CLOSED.',
  body: Type.Object({ productId: Id, optionId: Id, localDateStart: Type.Optional(LocalDateSchema), localDateEnd: Type.Optional(LocalDateSchema), units: Type.Optional(UnitsSchema) }),
  response: { 200: Octo('OCTO AvailabilityCalendar[]'), ...errors },
};
export const availabilitySchema = {
  tags,
  security,
  summary: 'Availability: the departures of a product',
  description:
    'Either `localDateStart` and `localDateEnd` (at most 366 days apart) or `availabilityIds`, not both (400 BAD_REQUEST). ' +
    'An availability is a departure: LIMITED when under half its seats are left, CLOSED when closed, cancelled, past its booking cut-off or of a tour since unpublished (whose product answers INVALID_PRODUCT_ID).',
  body: Type.Object({
    productId: Id,
    optionId: Id,
    localDateStart: Type.Optional(LocalDateSchema),
    localDateEnd: Type.Optional(LocalDateSchema),
    availabilityIds: Type.Optional(Type.Array(Id, { maxItems: 100 })),
    units: Type.Optional(UnitsSchema),
  }),
  response: { 200: Octo('OCTO Availability[]'), ...errors },
};

export const reserveSchema = {
  tags,
  security,
  summary: 'Reserve: hold seats',
  description:
    'Holds the seats in the same transaction and by the same conditional change as a staff booking, for `expirationMinutes` ' +
    '(default 30, at most 1,440). The same `uuid` again answers the same booking and takes no more seats. Names and the ' +
    'contact may come at confirmation. Not enough seats: 400 UNPROCESSABLE_ENTITY.',
  body: Type.Object({
    uuid: Type.Optional(Type.String({ format: 'uuid' })),
    productId: Id,
    optionId: Id,
    availabilityId: Type.Optional(Id),
    expirationMinutes: Type.Optional(Type.Integer()),
    notes: Type.Optional(NullableText(2000)),
    unitItems: Type.Optional(UnitItemsSchema),
    resellerReference: Type.Optional(Text(200)),
    contact: Type.Optional(OctoContactSchema),
    promoCode: Type.Optional(Type.String({ minLength: 1, maxLength: 40, description: 'A promo code the operator gave for resellers (its channels hold `reseller`); one that does not apply is 400 PROMO_CODE_INVALID with `reason`' })),
  }),
  response: { 200: Octo('OCTO Booking'), ...errors },
};
export const confirmSchema = {
  tags,
  security,
  summary: 'Confirm a held booking',
  description: 'Needs a contact with a name; may name each unit item. An expired hold: 400 UNPROCESSABLE_ENTITY.',
  params: UuidParams,
  body: Type.Object({
    resellerReference: Type.Optional(Text(200)),
    contact: Type.Optional(OctoContactSchema),
    unitItems: Type.Optional(UnitItemsSchema),
    emailReceipt: Type.Optional(Type.Boolean()),
  }),
  response: { 200: Octo('OCTO Booking'), ...errors },
};
export const updateSchema = {
  tags,
  security,
  summary: 'Change a booking',
  description:
    'Held or confirmed, before the cancellation cut-off. Contact, notes and reseller reference; unit items (number and kinds); ' +
    'another availability or product. Seats are taken on the new departure and given back on the old in one transaction, and ' +
    'the price is taken again; without seats nothing changes (400 UNPROCESSABLE_ENTITY).',
  params: UuidParams,
  body: Type.Object({
    resellerReference: Type.Optional(Text(200)),
    productId: Type.Optional(Id),
    optionId: Type.Optional(Id),
    availabilityId: Type.Optional(Id),
    expirationMinutes: Type.Optional(Type.Integer()),
    notes: Type.Optional(NullableText(2000)),
    unitItems: Type.Optional(UnitItemsSchema),
    contact: Type.Optional(OctoContactSchema),
    emailReceipt: Type.Optional(Type.Boolean()),
  }),
  response: { 200: Octo('OCTO Booking'), ...errors },
};
export const cancelSchema = {
  tags,
  security,
  summary: 'Cancel a booking',
  description: 'Gives the seats back exactly once; `refund` FULL. A confirmed booking past the tour’s cancellation cut-off: 400 BAD_REQUEST (a hold can always be released).',
  params: UuidParams,
  body: Type.Optional(Type.Object({ reason: Type.Optional(NullableText(500)), force: Type.Optional(Type.Boolean()) })),
  response: { 200: Octo('OCTO Booking'), ...errors },
};
export const extendSchema = {
  tags,
  security,
  summary: 'Extend a hold',
  description: 'The hold then lasts `expirationMinutes` (default 30, at most 1,440) from now; never shortened. Only a held booking.',
  params: UuidParams,
  body: Type.Optional(Type.Object({ expirationMinutes: Type.Optional(Type.Integer()) })),
  response: { 200: Octo('OCTO Booking'), ...errors },
};
export const getBookingSchema = { tags, security, summary: 'A booking by its uuid', params: UuidParams, response: { 200: Octo('OCTO Booking'), ...errors } };
export const listBookingsSchema = {
  tags,
  security,
  summary: 'Bookings by reference',
  description: '`resellerReference` or `supplierReference` (the booking’s reference) is required. Only this reseller’s bookings.',
  querystring: Type.Object({ resellerReference: Type.Optional(Text(200)), supplierReference: Type.Optional(Text(200)) }),
  response: { 200: Octo('OCTO Booking[]'), ...errors },
};
