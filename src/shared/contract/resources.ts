/**
 * Resources: the guides, drivers, vehicles and other things a departure needs, and their
 * assignments to departures. A resource is never in two places at once: its assignments' days
 * (the departure's local days in its tour's zone, as instants) never overlap. The server validates
 * with these schemas and documents them; both sides take their types from them.
 */
import Type, { type Static } from 'typebox';
import { IsoDateTimeSchema, ListAnswerSchema, ListQuerySchema, NullableIsoDateTimeSchema, SearchSchema, UuidSchema } from './common.js';
import { DEPARTURE_RULES } from './departure-rules.js';
import { RESOURCE_KINDS, RESOURCE_RULES, RESOURCE_SORT_FIELDS } from './resource-rules.js';
import { EmailSchema } from './users.js';

export { RESOURCE_KINDS, RESOURCE_RULES, RESOURCE_SORT_FIELDS, type ResourceKind } from './resource-rules.js';

export const ResourceSchema = Type.Object(
  {
    id: UuidSchema,
    kind: Type.Enum([...RESOURCE_KINDS]),
    name: Type.String(),
    languages: Type.Array(Type.String(), { description: 'BCP 47 tags, e.g. en, de, es-MX' }),
    seats: Type.Union([Type.Integer(), Type.Null()], { description: 'A vehicle’s seats for travellers; null for every other kind' }),
    phone: Type.Union([Type.String(), Type.Null()]),
    email: Type.Union([Type.String(), Type.Null()]),
    userId: Type.Union([UuidSchema, Type.Null()], { description: 'The staff user who is this guide or driver (signs in to check travellers in)' }),
    userName: Type.Union([Type.String(), Type.Null()]),
    active: Type.Boolean({ description: 'An inactive resource cannot be assigned; its past assignments stay' }),
    notes: Type.String(),
    createdAt: IsoDateTimeSchema,
    updatedAt: IsoDateTimeSchema,
  },
  { title: 'Resource' },
);

const resourceFields = {
  kind: Type.Enum([...RESOURCE_KINDS]),
  name: Type.String(RESOURCE_RULES.name),
  languages: Type.Array(Type.String(RESOURCE_RULES.language), { ...RESOURCE_RULES.languages, uniqueItems: true }),
  seats: Type.Union([Type.Integer({ ...RESOURCE_RULES.seats, description: 'Vehicles only, and required for them' }), Type.Null()]),
  phone: Type.Union([Type.String(RESOURCE_RULES.phone), Type.Null()]),
  email: Type.Union([EmailSchema, Type.Null()]),
  userId: Type.Union([UuidSchema, Type.Null()]),
  active: Type.Boolean(),
  notes: Type.String(RESOURCE_RULES.notes),
};

export const NewResourceSchema = Type.Object(
  {
    kind: resourceFields.kind,
    name: resourceFields.name,
    languages: Type.Optional(resourceFields.languages),
    seats: Type.Optional(resourceFields.seats),
    phone: Type.Optional(resourceFields.phone),
    email: Type.Optional(resourceFields.email),
    userId: Type.Optional(resourceFields.userId),
    active: Type.Optional(resourceFields.active),
    notes: Type.Optional(resourceFields.notes),
  },
  { additionalProperties: false },
);

export const ResourcePatchSchema = Type.Object(
  Object.fromEntries(Object.entries(resourceFields).map(([key, schema]) => [key, Type.Optional(schema)])) as {
    [K in keyof typeof resourceFields]: ReturnType<typeof Type.Optional<(typeof resourceFields)[K]>>;
  },
  { additionalProperties: false, minProperties: 1 },
);

export const ResourceListQuerySchema = ListQuerySchema(RESOURCE_SORT_FIELDS, 'name', {
  q: Type.Optional(SearchSchema),
  kind: Type.Optional(Type.Enum([...RESOURCE_KINDS])),
  active: Type.Optional(Type.Boolean()),
  busyFor: Type.Optional(UuidSchema),
});

/** Why a resource cannot take a departure: another departure on the same hours, or days off. */
export const ResourceBusySchema = Type.Union([
  Type.Object({ kind: Type.Literal('departure'), departureId: UuidSchema, tourTitle: Type.String(), startDate: Type.String() }),
  Type.Object({ kind: Type.Literal('off'), from: Type.String(), to: Type.String(), reason: Type.String() }),
]);
export const ResourceListItemSchema = Type.Object(
  {
    ...ResourceSchema.properties,
    busy: Type.Optional(Type.Array(ResourceBusySchema, { description: 'With `busyFor`: what keeps it from that departure’s days (empty: free)' })),
  },
  { title: 'ResourceListItem' },
);
export const ResourceListSchema = ListAnswerSchema(ResourceListItemSchema);

export const UnavailabilitySchema = Type.Object(
  {
    id: UuidSchema,
    resourceId: UuidSchema,
    from: Type.String({ description: 'First day off, YYYY-MM-DD' }),
    to: Type.String({ description: 'Last day off, YYYY-MM-DD (the same as from for one day)' }),
    reason: Type.String(),
    createdAt: IsoDateTimeSchema,
  },
  { title: 'Unavailability', description: 'Days a guide, driver or vehicle cannot be assigned: holidays, sick leave, a service. Calendar days, whatever the tour’s zone.' },
);
export const NewUnavailabilitySchema = Type.Object(
  {
    from: Type.String(DEPARTURE_RULES.date),
    to: Type.String(DEPARTURE_RULES.date),
    reason: Type.Optional(Type.String(RESOURCE_RULES.unavailabilityReason)),
  },
  { additionalProperties: false },
);
export const UnavailabilityListSchema = Type.Object({ data: Type.Array(UnavailabilitySchema) });

export const AssignmentSchema = Type.Object(
  {
    id: UuidSchema,
    departureId: UuidSchema,
    resourceId: UuidSchema,
    resourceName: Type.String(),
    kind: Type.Enum([...RESOURCE_KINDS]),
    dayFrom: Type.Integer({ description: 'The departure’s first day the resource works, from 1' }),
    dayTo: Type.Integer({ description: 'Its last day, at most the tour’s days' }),
    role: Type.String({ description: 'Free text: lead guide, driver, second vehicle…' }),
    endedAt: NullableIsoDateTimeSchema,
    createdAt: IsoDateTimeSchema,
  },
  { title: 'Assignment', description: 'endedAt: the departure was cancelled and the resource is free again; the record stays' },
);

export const NewAssignmentSchema = Type.Object(
  {
    resourceId: UuidSchema,
    dayFrom: Type.Optional(Type.Integer({ ...RESOURCE_RULES.day, description: 'Default 1' })),
    dayTo: Type.Optional(Type.Integer({ ...RESOURCE_RULES.day, description: 'Default the tour’s last day' })),
    role: Type.Optional(Type.String(RESOURCE_RULES.role)),
  },
  { additionalProperties: false },
);

export const ASSIGNMENT_WARNINGS = ['VEHICLE_TOO_SMALL'] as const;
export const AssignmentWarningSchema = Type.Enum([...ASSIGNMENT_WARNINGS]);

export const CreatedAssignmentSchema = Type.Object(
  { ...AssignmentSchema.properties, warnings: Type.Array(AssignmentWarningSchema, { description: 'VEHICLE_TOO_SMALL: the vehicle has fewer seats than the departure’s seats taken' }) },
  { title: 'CreatedAssignment' },
);

/** A departure's assignments, with what staff should know about them. */
export const DepartureAssignmentsSchema = Type.Object({ data: Type.Array(AssignmentSchema), warnings: Type.Array(AssignmentWarningSchema) });

export const ScheduleEntrySchema = Type.Object(
  {
    ...AssignmentSchema.properties,
    tourId: UuidSchema,
    tourCode: Type.String(),
    tourTitle: Type.String(),
    timeZone: Type.String(),
    departureStatus: Type.String(),
    startDate: Type.String({ description: 'The departure’s first local day' }),
    startTime: Type.String(),
    fromDate: Type.String({ description: 'The local date of dayFrom' }),
    toDate: Type.String({ description: 'The local date of dayTo' }),
  },
  { title: 'ScheduleEntry' },
);

export const ScheduleQuerySchema = Type.Object(
  {
    from: Type.Optional(Type.String({ ...DEPARTURE_RULES.date, description: 'First local date, YYYY-MM-DD (default today in the business’s zone)' })),
    to: Type.Optional(Type.String({ ...DEPARTURE_RULES.date, description: 'Last local date (default 90 days after from; at most 400 days after it)' })),
  },
  { additionalProperties: false },
);
export const ScheduleSchema = Type.Object({ from: Type.String(), to: Type.String(), data: Type.Array(ScheduleEntrySchema) });

export type Resource = Static<typeof ResourceSchema>;
export type NewResource = Static<typeof NewResourceSchema>;
export type ResourcePatch = Static<typeof ResourcePatchSchema>;
export type ResourceListQuery = Static<typeof ResourceListQuerySchema>;
export type ResourceBusy = Static<typeof ResourceBusySchema>;
export type ResourceListItem = Static<typeof ResourceListItemSchema>;
export type Unavailability = Static<typeof UnavailabilitySchema>;
export type NewUnavailability = Static<typeof NewUnavailabilitySchema>;
export type Assignment = Static<typeof AssignmentSchema>;
export type NewAssignment = Static<typeof NewAssignmentSchema>;
export type AssignmentWarning = (typeof ASSIGNMENT_WARNINGS)[number];
export type CreatedAssignment = Static<typeof CreatedAssignmentSchema>;
export type ScheduleEntry = Static<typeof ScheduleEntrySchema>;
