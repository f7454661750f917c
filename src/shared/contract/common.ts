/**
 * Building blocks of the contract's schemas (TypeBox): both sides derive their types from the
 * schemas with Static<>, the server validates with them and the OpenAPI document shows them.
 */
import Type from 'typebox';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from '../types.js';

export const UuidSchema = Type.String({ format: 'uuid', description: 'UUID' });
export const IsoDateTimeSchema = Type.String({ format: 'date-time', description: 'ISO 8601 instant, UTC (…Z)' });
export const NullableIsoDateTimeSchema = Type.Union([IsoDateTimeSchema, Type.Null()]);

/** An amount in minor units: a non-negative safe integer (never a float). */
export const MoneyMinorSchema = Type.Integer({ minimum: 0, maximum: Number.MAX_SAFE_INTEGER, description: 'Minor units of the currency (EUR 12.50 is 1250)' });
export const NullableMoneyMinorSchema = Type.Union([MoneyMinorSchema, Type.Null()]);

export const PageSchema = Type.Integer({ minimum: 1, maximum: 1_000_000, default: 1, description: 'Page number, from 1' });
export const PageSizeSchema = Type.Integer({ minimum: 1, maximum: MAX_PAGE_SIZE, default: DEFAULT_PAGE_SIZE, description: `Rows per page, at most ${MAX_PAGE_SIZE}` });
export const SearchSchema = Type.String({ maxLength: 200, description: 'Case-insensitive substring search' });
export const OrderSchema = Type.Enum(['ASC', 'DESC'], { default: 'ASC' });

/** A list answer of the given item schema: `{data, total}`. */
export function ListAnswerSchema<T extends Parameters<typeof Type.Array>[0]>(item: T) {
  return Type.Object({ data: Type.Array(item), total: Type.Integer({ minimum: 0 }) });
}

/** The query of a list: page window, sort among `sortFields`, order, plus the list's own filters. */
export function ListQuerySchema<S extends string, F extends Parameters<typeof Type.Object>[0]>(sortFields: readonly S[], defaultSort: S, filters: F) {
  return Type.Object({
    page: Type.Optional(PageSchema),
    pageSize: Type.Optional(PageSizeSchema),
    sort: Type.Optional(Type.Enum([...sortFields], { default: defaultSort })),
    order: Type.Optional(OrderSchema),
    ...filters,
  });
}
