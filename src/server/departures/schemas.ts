/** The departure routes' schemas: the contract's (src/shared/contract/departures.ts) plus what each route may answer. */
import {
  DepartureAnswerListSchema,
  DepartureAnswerSchema,
  BulkAnswerSchema,
  BulkDeparturesSchema,
  CancelDepartureSchema,
  DepartureListQuerySchema,
  DeparturePatchSchema,
  DepartureSchema,
  NewDepartureSchema,
} from '../../shared/contract/departures.js';
import { AUTHENTICATED_ERRORS, errorResponses, IdAnswerSchema, IdParamsSchema } from '../http/schemas.js';

const tags = ['departures'];
const security = [{ bearerAuth: [] }];

export const listDeparturesSchema = {
  tags,
  security,
  summary: 'List departures',
  description:
    'Needs `departures.read`. Filters by tour, local start dates (inclusive), status, free seats and no guide or vehicle yet. A role that sees no money ' +
    '(such as GUIDE) gets them without prices.',
  querystring: DepartureListQuerySchema,
  response: { 200: DepartureAnswerListSchema, ...errorResponses(...AUTHENTICATED_ERRORS) },
};

export const getDepartureSchema = {
  tags,
  security,
  summary: 'A departure by id',
  description: 'Needs `departures.read`. A role that sees no money (such as GUIDE) gets it without prices.',
  params: IdParamsSchema,
  response: { 200: DepartureAnswerSchema, ...errorResponses(...AUTHENTICATED_ERRORS, 404) },
};

export const createDepartureSchema = {
  tags,
  security,
  summary: 'Schedule a departure',
  description:
    'Needs `departures.create`. The local date and time are in the tour’s zone; a time the clocks skip that day is 400 on ' +
    '`startTime`, one they repeat takes the earlier instant. Prices start as the tour’s unless given. A second departure of ' +
    'the tour at the same date and time is 409.',
  body: NewDepartureSchema,
  response: { 201: DepartureSchema, ...errorResponses(...AUTHENTICATED_ERRORS, 409) },
};

export const bulkDeparturesSchema = {
  tags,
  security,
  summary: 'Schedule departures on weekdays over a date range',
  description:
    'Needs `departures.create`. One departure on each date from `from` to `to` (at most 366 days) that falls on one of ' +
    '`weekdays` (Monday = 1). Dates with a departure of the tour at that time already, or on which that time does not exist, ' +
    'are listed in `skipped`.',
  body: BulkDeparturesSchema,
  response: { 201: BulkAnswerSchema, ...errorResponses(...AUTHENTICATED_ERRORS) },
};

export const updateDepartureSchema = {
  tags,
  security,
  summary: 'Change a departure',
  description: 'Needs `departures.update`. Capacity cannot go below the seats taken (409); a cancelled departure cannot change (409).',
  params: IdParamsSchema,
  body: DeparturePatchSchema,
  response: { 200: DepartureSchema, ...errorResponses(...AUTHENTICATED_ERRORS, 404, 409) },
};

export const cancelDepartureSchema = {
  tags,
  security,
  summary: 'Cancel a departure',
  description: 'Needs `departures.update`. It takes no more bookings; the reason is kept. Cancelling twice is 409.',
  params: IdParamsSchema,
  body: CancelDepartureSchema,
  response: { 200: DepartureSchema, ...errorResponses(...AUTHENTICATED_ERRORS, 404, 409) },
};

export const deleteDepartureSchema = {
  tags,
  security,
  summary: 'Delete a departure',
  description: 'Needs `departures.delete`. Only one nobody has booked (409 otherwise: cancel it instead).',
  params: IdParamsSchema,
  response: { 200: IdAnswerSchema, ...errorResponses(...AUTHENTICATED_ERRORS, 404, 409) },
};
