/** TypeBox schemas shared by every route group: the error body, ids, paging. */
import { PROMO_REFUSALS } from '../../shared/contract/promo-codes.js';
import Type from 'typebox';
import { UuidSchema } from '../../shared/contract/common.js';

export const ErrorBodySchema = Type.Object(
  {
    code: Type.String({ description: 'UPPER_SNAKE error code, e.g. VALIDATION, FORBIDDEN, CONFLICT' }),
    message: Type.String({ description: 'Human-readable explanation' }),
    errors: Type.Optional(Type.Record(Type.String(), Type.String(), { description: 'Field → message, for validation errors only' })),
    requestId: Type.Optional(Type.String({ description: 'For 5xx answers: quote it when reporting the problem' })),
    available: Type.Optional(Type.Integer({ description: 'SOLD_OUT: the seats free now' })),
    conflicts: Type.Optional(
      Type.Array(Type.Object({ departureId: UuidSchema, tourTitle: Type.String(), startDate: Type.String({ description: 'Local to the tour’s zone' }) }), {
        description: 'RESOURCE_CONFLICT: the departures the resource is on already on those days',
      }),
    ),
    failed: Type.Optional(Type.Record(Type.String(), Type.String(), { description: 'UNAVAILABLE from GET /api/health/ready: each part that did not answer (database, redis, objectStore) → what went wrong' })),
    reason: Type.Optional(
      Type.Enum([...PROMO_REFUSALS], { description: 'PROMO_CODE_INVALID: why the code does not apply (unknown, inactive, not_started, expired, not_for_tour, not_for_currency, not_for_dates, not_for_channel, too_few_travellers, used_up)' }),
    ),
  },
  { title: 'Error' },
);

/** Error answers every route can give, to merge into a route's `response` schema. */
export function errorResponses(...statuses: number[]): Record<number, typeof ErrorBodySchema> {
  const unique = [...new Set([400, 500, 503, ...statuses])];
  return Object.fromEntries(unique.map((status) => [status, ErrorBodySchema]));
}

/** Statuses of routes behind the access token. */
export const AUTHENTICATED_ERRORS = [403];

export const IdParamsSchema = Type.Object({ id: UuidSchema });
export const IdAnswerSchema = Type.Object({ id: UuidSchema });
export const MessageAnswerSchema = Type.Object({ message: Type.String() });

/** The list and id schemas of the contract (src/shared/contract/common.ts), for the route files. */
export { OrderSchema, PageSchema, PageSizeSchema, SearchSchema, UuidSchema } from '../../shared/contract/common.js';

export const ISO_DATE = { format: 'date-time' } as const;
export const API_PREFIX = '/api';
