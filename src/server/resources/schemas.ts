/** The resource routes' schemas: the contract's (src/shared/contract/resources.ts) plus what each route may answer. */
import Type from 'typebox';
import {
  CreatedAssignmentSchema,
  DepartureAssignmentsSchema,
  NewAssignmentSchema,
  NewResourceSchema,
  ResourceListQuerySchema,
  ResourceListSchema,
  ResourcePatchSchema,
  ResourceSchema,
  ScheduleQuerySchema,
  ScheduleSchema,
  NewUnavailabilitySchema,
  UnavailabilityListSchema,
  UnavailabilitySchema,
} from '../../shared/contract/resources.js';
import { AUTHENTICATED_ERRORS, errorResponses, IdAnswerSchema, IdParamsSchema, UuidSchema } from '../http/schemas.js';

const tags = ['resources'];
const security = [{ bearerAuth: [] }];

export const listResourcesSchema = {
  tags,
  security,
  summary: 'List guides, drivers, vehicles and other resources',
  description:
    'Needs `resources.read`. Filters: `kind`, `active`, `q` (name, e-mail or phone). Sorts: `name`, `kind`. With `busyFor` (a departure id) each resource carries `busy`: ' +
    'the other departures it is on during that departure’s hours and its days off during its local dates (empty: free), as the assign dialog shows them.',
  querystring: ResourceListQuerySchema,
  response: { 200: ResourceListSchema, ...errorResponses(...AUTHENTICATED_ERRORS) },
};

export const getResourceSchema = {
  tags,
  security,
  summary: 'A resource by id',
  description: 'Needs `resources.read`.',
  params: IdParamsSchema,
  response: { 200: ResourceSchema, ...errorResponses(...AUTHENTICATED_ERRORS, 404) },
};

export const createResourceSchema = {
  tags,
  security,
  summary: 'Add a resource',
  description: 'Needs `resources.manage`. A vehicle needs `seats`; no other kind has them (400). `userId` must be a staff user (400). Resources are never deleted: deactivate them.',
  body: NewResourceSchema,
  response: { 201: ResourceSchema, ...errorResponses(...AUTHENTICATED_ERRORS) },
};

export const updateResourceSchema = {
  tags,
  security,
  summary: 'Change a resource',
  description: 'Needs `resources.manage`. An inactive resource cannot be assigned; its assignments stay.',
  params: IdParamsSchema,
  body: ResourcePatchSchema,
  response: { 200: ResourceSchema, ...errorResponses(...AUTHENTICATED_ERRORS, 404) },
};

export const scheduleSchema = {
  tags,
  security,
  summary: 'A resource’s schedule',
  description: 'Needs `resources.read`. Its assignments whose days meet `from` to `to` (local dates, at most 400 days apart), in date order, with their departures’ tours and dates; ended ones (cancelled departures) too, marked by `endedAt`.',
  params: IdParamsSchema,
  querystring: ScheduleQuerySchema,
  response: { 200: ScheduleSchema, ...errorResponses(...AUTHENTICATED_ERRORS, 404) },
};

export const listAssignmentsSchema = {
  tags,
  security,
  summary: 'A departure’s assignments',
  description: 'Needs `resources.read`. Ended ones (the departure was cancelled) last. `warnings`: VEHICLE_TOO_SMALL when an assigned vehicle has fewer seats than the seats taken.',
  params: IdParamsSchema,
  response: { 200: DepartureAssignmentsSchema, ...errorResponses(...AUTHENTICATED_ERRORS, 404) },
};

export const createAssignmentSchema = {
  tags,
  security,
  summary: 'Assign a resource to a departure',
  description:
    'Needs `resources.manage`. For the departure’s days `dayFrom` to `dayTo` (default all; 1 ≤ dayFrom ≤ dayTo ≤ the tour’s days). The days are the ' +
    'departure’s local days in its tour’s zone, compared as the hours they cover: a resource already on another departure during any of them is 409 ' +
    '`RESOURCE_CONFLICT` with `conflicts: [{departureId, tourTitle, startDate}]`, however many clerks assign at once on however many servers (a database ' +
    'constraint decides). 404: no such departure or resource; 409 CONFLICT: a cancelled departure or an inactive resource. A vehicle with fewer seats than ' +
    'the seats taken is assigned with `warnings: ["VEHICLE_TOO_SMALL"]`.',
  params: IdParamsSchema,
  body: NewAssignmentSchema,
  response: { 201: CreatedAssignmentSchema, ...errorResponses(...AUTHENTICATED_ERRORS, 404, 409) },
};

export const deleteAssignmentSchema = {
  tags,
  security,
  summary: 'Take a resource off a departure',
  description: 'Needs `resources.manage`. The assignment is deleted; the audit log keeps that it was made.',
  params: Type.Object({ id: UuidSchema, assignmentId: UuidSchema }),
  response: { 200: IdAnswerSchema, ...errorResponses(...AUTHENTICATED_ERRORS, 404) },
};

export const listUnavailabilitySchema = {
  tags,
  security,
  summary: 'A resource’s days off',
  description: 'Needs `resources.read`. In date order; `from` (YYYY-MM-DD) leaves out those that ended before it.',
  params: IdParamsSchema,
  querystring: Type.Object({ from: Type.Optional(Type.String({ description: 'YYYY-MM-DD' })) }, { additionalProperties: false }),
  response: { 200: UnavailabilityListSchema, ...errorResponses(...AUTHENTICATED_ERRORS, 404) },
};

export const createUnavailabilitySchema = {
  tags,
  security,
  summary: 'Record days off',
  description:
    'Needs `resources.manage`. Calendar days `from` to `to` (one day: the same date), at most a year, with an optional `reason`. While they stand the resource cannot be ' +
    'assigned to a departure with a local day among them (409 `RESOURCE_CONFLICT` whose message names the days off, with `conflicts: []`), nor a departure it is on be moved onto them. ' +
    'Days off over a departure the resource is already on are 409 `RESOURCE_CONFLICT` with `conflicts`: take it off the departure first.',
  params: IdParamsSchema,
  body: NewUnavailabilitySchema,
  response: { 201: UnavailabilitySchema, ...errorResponses(...AUTHENTICATED_ERRORS, 404, 409) },
};

export const deleteUnavailabilitySchema = {
  tags,
  security,
  summary: 'Remove days off',
  description: 'Needs `resources.manage`. Audited.',
  params: Type.Object({ id: UuidSchema, uid: UuidSchema }),
  response: { 200: IdAnswerSchema, ...errorResponses(...AUTHENTICATED_ERRORS, 404) },
};
