/**
 * Customers: the list and its search, one customer, a change of their details, and the customer
 * side of a merge. The database makes customers as bookings are written (migration 0021); what a
 * customer spent is kept by the database too, per currency (migration 0035).
 */
import { sql, type Expression, type Kysely, type Selectable, type SqlBool } from 'kysely';
import { ERASED_NAME, type Customer, type CustomerListQuery, type CustomerPatch } from '../../shared/contract/customers.js';
import { auditOrigin, type AuditLog, type RequestOrigin } from '../audit/audit-log.js';
import { foldedContains, fromJson, isUniqueViolation, keptCount, listPage, toMoney } from '../db/query-helpers.js';
import type { Database } from '../db/schema.js';
import { httpErrors } from '../http/errors.js';
import type { CustomersTable } from './tables.js';

const SORT_COLUMNS = {
  name: sql`lower(c.name)`,
  createdAt: sql.ref('c.created_at'),
  lastBookingAt: sql.ref('c.last_booking_at'),
  bookingCount: sql.ref('c.booking_count'),
} as const;

export const NO_CUSTOMER = 'No customer with this id.';
const EMAIL_TAKEN = 'Another customer has this e-mail address: merge the two instead.';

export type CustomerRow = Selectable<CustomersTable>;

export class CustomersRepository {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly now: () => number,
    private readonly audit: AuditLog,
  ) {}

  async list(query: CustomerListQuery): Promise<{ data: Customer[]; total: number }> {
    const q = query.q?.trim().toLowerCase();
    const filtered = this.db.selectFrom('customers as c').where((eb) => {
      const conditions: Expression<SqlBool>[] = [];
      if (query.marketingConsent !== undefined) conditions.push(eb('c.marketing_consent', '=', query.marketingConsent));
      if (q) conditions.push(eb('c.search_text', 'like', foldedContains(q)));
      return eb.and(conditions);
    });
    const page = await listPage(filtered, {
      select: (rows) => rows.select(ANSWER_SELECTION),
      orderBy: [SORT_COLUMNS[query.sort ?? 'name'], sql.ref('c.id')],
      query,
      keptTotal: q
        ? null
        : () => keptCount(this.db, query.marketingConsent === undefined ? 'customers' : `customers:marketing_consent:${String(query.marketingConsent)}`),
      rowsOf: (ids) => this.db.selectFrom('customers as c').select(ANSWER_SELECTION).where('c.id', 'in', ids).execute(),
      toAnswer: toCustomer,
    });
    return { data: page.data, total: page.total };
  }

  async get(id: string, db: Kysely<Database> = this.db): Promise<Customer | null> {
    const row = await db
      .selectFrom('customers as c')
      .select(ANSWER_SELECTION)
      .where('c.id', '=', id)
      .executeTakeFirst();
    return row ? toCustomer(row) : null;
  }

  async update(id: string, patch: CustomerPatch, origin: RequestOrigin): Promise<Customer> {
    try {
      return await this.db.transaction().execute(async (trx) => {
        const current = await trx.selectFrom('customers').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
        if (!current) throw httpErrors.notFound(NO_CUSTOMER);
        if (current.erased_at) throw httpErrors.conflict('This customer was erased: there is nothing left to change.');
        const set = {
          ...(patch.name !== undefined && { name: patch.name.trim() }),
          ...(patch.email !== undefined && { email: patch.email?.trim() || null }),
          ...(patch.phone !== undefined && { phone: patch.phone?.trim() || null }),
          ...(patch.language !== undefined && { language: patch.language }),
          ...(patch.marketingConsent !== undefined && { marketing_consent: patch.marketingConsent }),
          ...(patch.notes !== undefined && { notes: patch.notes }),
        };
        const before: Record<string, unknown> = { name: current.name, email: current.email, phone: current.phone, language: current.language, marketing_consent: current.marketing_consent, notes: current.notes };
        // What changed, by name only: the audit log keeps no personal data a customer may ask to have erased.
        const changed = Object.entries(set)
          .filter(([column, value]) => before[column] !== value)
          .map(([column]) => FIELD_OF[column as keyof typeof FIELD_OF]);
        if (changed.length === 0) return (await this.get(id, trx))!;
        await trx
          .updateTable('customers')
          .set({ ...set, updated_at: new Date(this.now()) })
          .where('id', '=', id)
          .execute();
        await this.audit.record({ action: 'customer.updated', ...auditOrigin(origin), targetType: 'customer', targetId: id, details: { changes: changed } }, trx);
        return (await this.get(id, trx))!;
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw httpErrors.conflict(EMAIL_TAKEN);
      throw error;
    }
  }

  /**
   * The customers' side of a merge, in the merge flow's transaction once the other's bookings have
   * moved: this customer takes what it lacks from the other (phone, e-mail, notes appended), and the
   * other is removed. Marketing consent is this customer's own: consent is never assumed.
   */
  async absorb(trx: Kysely<Database>, id: string, other: CustomerRow, origin: RequestOrigin): Promise<Customer> {
    const kept = await trx.selectFrom('customers').selectAll().where('id', '=', id).forUpdate().executeTakeFirstOrThrow();
    // (A customer made for a contact without an e-mail is gone already: the database removes it with its last booking.)
    await trx.deleteFrom('customers').where('id', '=', other.id).execute();
    const notes = [kept.notes, other.notes].filter((text) => text.trim() !== '').join('\n\n');
    await trx
      .updateTable('customers')
      .set({
        email: kept.email ?? other.email,
        phone: kept.phone ?? other.phone,
        name: kept.name.trim() === '' ? other.name : kept.name,
        notes: notes.slice(0, 4000),
        updated_at: new Date(this.now()),
      })
      .where('id', '=', id)
      .execute();
    await this.audit.record({ action: 'customer.merged', ...auditOrigin(origin), targetType: 'customer', targetId: id, details: { mergedId: other.id } }, trx);
    return (await this.get(id, trx))!;
  }

  /** Both customers of a merge, checked (404 for one that is not there, 409 for an erased one, 400 for the same one twice); answers the other as it is. */
  async checkMerge(trx: Kysely<Database>, id: string, otherId: string): Promise<CustomerRow> {
    if (id === otherId) throw httpErrors.validation({ otherId: 'must be another customer' });
    const rows = await trx.selectFrom('customers').selectAll().where('id', 'in', [id, otherId]).execute();
    const kept = rows.find((row) => row.id === id);
    const other = rows.find((row) => row.id === otherId);
    if (!kept) throw httpErrors.notFound(NO_CUSTOMER);
    if (!other) throw httpErrors.notFound('No customer with the id given as otherId.');
    if (kept.erased_at || other.erased_at) throw httpErrors.conflict('An erased customer cannot be merged.');
    return other;
  }

  /**
   * Erasure, the customers' part (in the erasure flow's transaction, after the bookings' part): the
   * name, e-mail, phone and notes go, consent is withdrawn, and the customer reads as erased. The
   * audit entry names who erased whom and why, and how many bookings it touched, nothing erased.
   */
  async erase(trx: Kysely<Database>, id: string, reason: string, bookings: number, origin: RequestOrigin): Promise<Customer> {
    const at = new Date(this.now());
    await trx
      .updateTable('customers')
      .set({ name: ERASED_NAME, email: null, phone: null, notes: '', marketing_consent: false, erased_at: at, updated_at: at })
      .where('id', '=', id)
      .execute();
    await this.audit.record({ action: 'customer.erased', ...auditOrigin(origin), targetType: 'customer', targetId: id, details: { reason, bookings } }, trx);
    return (await this.get(id, trx))!;
  }

  /** The customer's row, locked, for an erasure; 404 when there is none, 409 when erased already. */
  async lockForErasure(trx: Kysely<Database>, id: string): Promise<CustomerRow> {
    const row = await trx.selectFrom('customers').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
    if (!row) throw httpErrors.notFound(NO_CUSTOMER);
    if (row.erased_at) throw httpErrors.conflict('This customer was erased already.');
    return row;
  }

  /** The language the server gives new customers whose booking named none (DEFAULT_LANGUAGE), kept where the database reads it. */
  async useDefaultLanguage(language: 'en' | 'de'): Promise<void> {
    await this.db.updateTable('customer_settings').set({ default_language: language }).where('default_language', '<>', language).execute();
  }
}

const FIELD_OF = { name: 'name', email: 'email', phone: 'phone', language: 'language', marketing_consent: 'marketingConsent', notes: 'notes' } as const;

/** The columns an answer shows (not the search text or the e-mail key the database keeps for itself): a page of 25 reads less. */
const ANSWER_COLUMNS = [
  'id',
  'name',
  'email',
  'phone',
  'language',
  'marketing_consent',
  'notes',
  'booking_count',
  'first_booking_at',
  'last_booking_at',
  'created_at',
  'updated_at',
  'erased_at',
] as const satisfies readonly (keyof CustomerRow)[];
type AnswerRow = Pick<CustomerRow, (typeof ANSWER_COLUMNS)[number]> & { spent: SpentText | string };

/**
 * What the customer spent, per currency, from the sums the database keeps (migration 0035), read
 * in the same statement as the customer: a page of 25 is one query, not one more for its sums.
 * The amounts travel as text so that none is rounded on its way through JSON (toMoney checks them).
 */
type SpentText = { currency: string; amountMinor: string }[];
const SPENT = sql<SpentText | string>`(select coalesce(json_agg(json_build_object('currency', s.currency, 'amountMinor', s.spent_minor::text) order by s.currency), '[]'::json) from customer_spending s where s.customer_id = c.id and s.spent_minor <> 0)`.as(
  'spent',
);
/** What an answer reads of a customer (`customers as c`), the list's rows and one customer alike. */
const ANSWER_SELECTION = [...ANSWER_COLUMNS.map((column) => `c.${column}` as const), SPENT];

function toCustomer(row: AnswerRow): Customer {
  const spent = fromJson(row.spent).map((sum) => ({ currency: sum.currency, amountMinor: toMoney(sum.amountMinor)! }));
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    phone: row.phone,
    language: row.language,
    marketingConsent: row.marketing_consent,
    notes: row.notes,
    bookingCount: row.booking_count,
    firstBookingAt: row.first_booking_at?.toISOString() ?? null,
    lastBookingAt: row.last_booking_at?.toISOString() ?? null,
    spent,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
    erasedAt: row.erased_at?.toISOString() ?? null,
  };
}
