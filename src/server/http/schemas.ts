/** TypeBox schemas shared by every route group: the error body, ids, paging. */
import Type from 'typebox';
import { MAX_PAGE_SIZE } from '../../shared/types.js';
import { DEFAULT_PAGE_SIZE } from '../db/query-helpers.js';

export const ErrorBodySchema = Type.Object(
  {
    code: Type.String({ description: 'UPPER_SNAKE error code, e.g. VALIDATION, FORBIDDEN, CONFLICT' }),
    message: Type.String({ description: 'Human-readable explanation' }),
    errors: Type.Optional(Type.Record(Type.String(), Type.String(), { description: 'Field → message, for validation errors only' })),
    requestId: Type.Optional(Type.String({ description: 'For 5xx answers: quote it when reporting the problem' })),
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

export const UuidSchema = Type.String({ format: 'uuid', description: 'UUID' });
export const IdParamsSchema = Type.Object({ id: UuidSchema });
export const IdAnswerSchema = Type.Object({ id: UuidSchema });
export const MessageAnswerSchema = Type.Object({ message: Type.String() });

export const PageSchema = Type.Integer({ minimum: 1, maximum: 1_000_000, default: 1, description: 'Page number, from 1' });
export const PageSizeSchema = Type.Integer({ minimum: 1, maximum: MAX_PAGE_SIZE, default: DEFAULT_PAGE_SIZE, description: `Rows per page, at most ${MAX_PAGE_SIZE}` });
export const SearchSchema = Type.String({ maxLength: 200, description: 'Case-insensitive substring search' });
export const OrderSchema = Type.Enum(['ASC', 'DESC'], { default: 'ASC' });

export const ISO_DATE = { format: 'date-time' } as const;
export const API_PREFIX = '/api';
