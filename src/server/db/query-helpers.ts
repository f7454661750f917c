/** Small helpers shared by the repositories' queries. */
import { sql, type Expression, type Kysely, type RawBuilder, type SelectQueryBuilder } from 'kysely';
import { DEFAULT_PAGE_SIZE } from '../../shared/types.js';
import type { Database } from './schema.js';
import { isCalendarDate } from '../../shared/local-time.js';
import { httpErrors } from '../http/errors.js';

/** Escapes LIKE wildcards so a search for "50%_off" finds exactly that text (backslash is PostgreSQL's default escape). */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

/**
 * The pattern of `text` anywhere, folded as the search columns are (search_fold, migration 0040:
 * lowercase, no accents, ß as ss): compared with LIKE to a folded column, "Muller" finds Müller and
 * the other way round. The function of a parameter is a constant to the planner: trigram indexes serve it.
 */
export function foldedContains(text: string): RawBuilder<string> {
  return sql<string>`search_fold(${containsPattern(text)})`;
}

/** A column folded for a search (search_fold), to compare with foldedContains. */
export function folded(column: string): RawBuilder<string> {
  return sql<string>`search_fold(${sql.ref(column)})`;
}

export { DEFAULT_PAGE_SIZE };

export interface PageQuery {
  /** From 1; default 1. */
  page?: number;
  /** Default 25 (the schema caps it at MAX_PAGE_SIZE). */
  pageSize?: number;
}

/** LIMIT and OFFSET of a page. */
export function pageWindow({ page = 1, pageSize = DEFAULT_PAGE_SIZE }: PageQuery): { limit: number; offset: number } {
  return { limit: pageSize, offset: (page - 1) * pageSize };
}

/**
 * `insert into <table> (<columns>) select … <from>, json_populate_recordset(null::<table>, <rows>) r`:
 * the rows are written once for each row `from` gives (an earlier part of the same statement decides
 * whether they are, as a departure's seats taken decide a booking), each value typed by the table's
 * own column. The columns are the first row's keys. A value already JSON text (a jsonb column
 * written as Kysely's inserts write it) is given as the JSON it holds.
 */
export function rowsInserted(table: keyof Database & string, rows: Record<string, unknown>[], from: RawBuilder<unknown>): RawBuilder<unknown> {
  const columns = Object.keys(rows[0]!);
  const json = JSON.stringify(rows, (key, value: unknown) => (JSON_TEXT_COLUMNS.has(key) && typeof value === 'string' ? (JSON.parse(value) as unknown) : value));
  return sql`insert into ${sql.table(table)} (${sql.join(columns.map((column) => sql.ref(column)))}) select ${sql.join(columns.map((column) => sql.ref(`r.${column}`)))} ${from} cross join json_populate_recordset(null::${sql.table(table)}, ${json}::json) r`;
}

/** The jsonb columns rowsInserted() may be given as JSON text. */
const JSON_TEXT_COLUMNS = new Set(['details', 'reseller_contact', 'price_rule', 'promo_code']);

export function isUniqueViolation(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '23505';
}

/**
 * How many matches a search reads in one statement, in order, before it counts them apart: fewer, and
 * the page and its total come from that one read (a trigram index's scan, the dear part of a search,
 * is made once, not once for the page and again for the count).
 */
export const SEARCH_HITS_READ = 250;

/**
 * One page of a list, the way every list answers: the filtered rows in the chosen order (ties
 * broken by id, so pages never overlap), the page window, and the total. The total comes from a
 * kept count when the caller has one for these filters (one row read, whatever the table's
 * size), and otherwise counts the matches (a search). A search whose caller can read rows by id
 * (`rowsOf`) first reads the ids of up to SEARCH_HITS_READ matches in order: when there are no
 * more, they are the total and the page is read by its ids; only a wider search is counted apart.
 */
export async function listPage<DB, TB extends keyof DB, O, R>(
  filtered: SelectQueryBuilder<DB, TB, object>,
  spec: {
    select: (rows: SelectQueryBuilder<DB, TB, object>) => SelectQueryBuilder<DB, TB, O>;
    /** The sort column or expression, then the unique id column. */
    orderBy: [Expression<unknown>, Expression<unknown>];
    query: PageQuery & { order?: 'ASC' | 'DESC' };
    /** The total from a kept count, or null to count the matches. */
    keptTotal: (() => Promise<number>) | null;
    /** The rows (with their `id`) of these ids, in any order, read without the filters. */
    rowsOf?: (ids: string[]) => Promise<O[]>;
    toAnswer: (row: O) => R;
  },
): Promise<{ data: R[]; total: number }> {
  const direction = spec.query.order === 'DESC' ? 'desc' : 'asc';
  const { limit, offset } = pageWindow(spec.query);
  if (!spec.keptTotal && spec.rowsOf && offset + limit <= SEARCH_HITS_READ) {
    const hits = await filtered
      .select(sql<string>`${spec.orderBy[1]}`.as('hit_id'))
      .orderBy(spec.orderBy[0], direction)
      .orderBy(spec.orderBy[1], direction)
      .limit(SEARCH_HITS_READ + 1)
      .execute();
    if (hits.length <= SEARCH_HITS_READ) {
      const ids = (hits as { hit_id: string }[]).slice(offset, offset + limit).map((hit) => hit.hit_id);
      const rows = ids.length > 0 ? await spec.rowsOf(ids) : [];
      const byId = new Map(rows.map((row) => [(row as { id: string }).id, row]));
      // A row gone between the two reads is left out of the page, as a later read would.
      return { data: ids.flatMap((id) => (byId.has(id) ? [spec.toAnswer(byId.get(id)!)] : [])), total: hits.length };
    }
  }
  const [rows, total] = await Promise.all([
    spec.select(filtered).orderBy(spec.orderBy[0], direction).orderBy(spec.orderBy[1], direction).limit(limit).offset(offset).execute(),
    spec.keptTotal
      ? spec.keptTotal()
      : filtered
          .select(sql<number>`count(*)::int`.as('total'))
          .executeTakeFirstOrThrow()
          .then((row) => (row as { total: number }).total),
  ]);
  return { data: (rows as O[]).map(spec.toAnswer), total };
}

/** A count kept by the count_rows triggers (migration 0007); 0 when nothing was ever counted under the name. */
export async function keptCount(db: Kysely<Database>, name: string): Promise<number> {
  const row = await db.selectFrom('row_counts').select('count').where('name', '=', name).executeTakeFirst();
  return Number(row?.count ?? 0);
}

/** A json column or value built in SQL, as the driver answered it: parsed already, or JSON text. */
export function fromJson<T>(value: T | string): T {
  return typeof value === 'string' ? (JSON.parse(value) as T) : value;
}

/** A bigint money column as a number (drivers answer bigint as text); null stays null. */
export function toMoney(value: string | number | bigint | null): number | null {
  if (value === null) return null;
  const amount = Number(value);
  if (!Number.isSafeInteger(amount)) throw new Error('a stored amount is beyond the safe integer range');
  return amount;
}

/** A list's `from` and `to` filters (local dates, inclusive) must be real calendar dates: 400 on the field otherwise. */
export function refuseBadDateFilters(query: { from?: string; to?: string; bookedFrom?: string; bookedTo?: string }): void {
  const problems: Record<string, string> = {};
  if (query.from !== undefined && !isCalendarDate(query.from)) problems.from = 'must be a date such as 2027-06-01';
  if (query.to !== undefined && !isCalendarDate(query.to)) problems.to = 'must be a date such as 2027-06-30';
  if (query.bookedFrom !== undefined && !isCalendarDate(query.bookedFrom)) problems.bookedFrom = 'must be a date such as 2027-06-01';
  if (query.bookedTo !== undefined && !isCalendarDate(query.bookedTo)) problems.bookedTo = 'must be a date such as 2027-06-30';
  if (Object.keys(problems).length > 0) throw httpErrors.validation(problems);
}
