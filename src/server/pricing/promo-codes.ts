/**
 * Promo codes: staff make and change them; a booking takes one through claimIn, in the booking's
 * own transaction. Their uses are counted from the bookings holding them (held with a hold not
 * lapsed, confirmed, waitlisted), so a cancelled or expired booking gives its use back by itself.
 * claimIn locks the code's row before it counts: two bookings at once cannot both take the last
 * use, on one instance or many (the second counts after the first has committed, as PostgreSQL's
 * read committed gives each statement a fresh view). The lock is taken before the departure's row,
 * always, so two sales never wait on each other the other way round.
 */
import { randomUUID } from 'node:crypto';
import { sql, type Kysely, type Selectable } from 'kysely';
import type { NewPromoCode, PromoChannel, PromoCode, PromoCodeListQuery, PromoCodePatch, PromoRefusal, PromoTerms } from '../../shared/contract/promo-codes.js';
import { PROMO_CHANNELS } from '../../shared/contract/promo-codes.js';
import { isCalendarDate, localDateAt } from '../../shared/local-time.js';
import { auditOrigin, type AuditLog, type RequestOrigin } from '../audit/audit-log.js';
import { containsPattern, isUniqueViolation, listPage, pageWindow, toMoney } from '../db/query-helpers.js';
import type { Database } from '../db/schema.js';
import { AppError, httpErrors } from '../http/errors.js';
import type { PromoCodesTable } from './tables.js';

/** What a booking asks a code for: where, when and for how many. */
export interface PromoUse {
  tourId: string;
  currency: string;
  /** The departure's local start date and its tour's zone. */
  startDate: string;
  timeZone: string;
  travellers: number;
  channel: PromoChannel;
  at: Date;
}

/** A code a booking may carry: its row and its terms, as the booking keeps them. */
export interface ClaimedPromo {
  id: string;
  terms: PromoTerms;
}

interface Refusal {
  reason: PromoRefusal;
  message: string;
}

export const promoErrors = {
  /** 400 PROMO_CODE_INVALID, the reason beside the sentence (`errors` is for field validation only: a form places it by the code). */
  invalid: (refusal: Refusal) => new AppError(400, 'PROMO_CODE_INVALID', refusal.message, undefined, undefined, { reason: refusal.reason }),
};

type Row = Selectable<PromoCodesTable>;

/** A code's columns, its travel dates as text (YYYY-MM-DD) as the departures' start dates are compared. */
const PROMO_COLUMNS = [
  'p.id', 'p.code', 'p.kind', 'p.value', 'p.currency', 'p.applies_to', 'p.tour_ids', 'p.booking_from', 'p.booking_to',
  sql<string | null>`p.travel_from::text`.as('travel_from'), sql<string | null>`p.travel_to::text`.as('travel_to'),
  'p.min_travellers', 'p.max_uses', 'p.channels', 'p.active', 'p.created_at', 'p.updated_at', 'p.created_by',
] as const;

/** The key a code is found by: upper case, without the spaces around it. */
export function codeKey(code: string): string {
  return code.trim().toUpperCase();
}

/** Whether `at` is before a booking window's start (a date: the day's start in the tour's zone). */
function beforeStart(bound: string, at: Date, timeZone: string): boolean {
  return isCalendarDate(bound) ? localDateAt(at, timeZone) < bound : at.getTime() < Date.parse(bound);
}

/** Whether `at` is past a booking window's end (a date: the whole day, in the tour's zone). */
function pastEnd(bound: string, at: Date, timeZone: string): boolean {
  return isCalendarDate(bound) ? localDateAt(at, timeZone) > bound : at.getTime() > Date.parse(bound);
}

/** Why the code does not apply to this booking (its uses counted apart), or null when it does. */
export function promoRefusalBecause(row: Row, use: PromoUse): Refusal | null {
  if (!row.active) return { reason: 'inactive', message: 'This promo code is no longer valid.' };
  if (row.booking_from !== null && beforeStart(row.booking_from, use.at, use.timeZone)) return { reason: 'not_started', message: 'This promo code is not valid yet.' };
  if (row.booking_to !== null && pastEnd(row.booking_to, use.at, use.timeZone)) return { reason: 'expired', message: 'This promo code has expired.' };
  if (!row.channels.includes(use.channel)) return { reason: 'not_for_channel', message: 'This promo code cannot be used here.' };
  if (row.tour_ids !== null && !row.tour_ids.includes(use.tourId)) return { reason: 'not_for_tour', message: 'This promo code is not for this tour.' };
  if (row.currency !== null && row.currency !== use.currency) return { reason: 'not_for_currency', message: `This promo code is for tours priced in ${row.currency}.` };
  if ((row.travel_from !== null && use.startDate < row.travel_from) || (row.travel_to !== null && use.startDate > row.travel_to)) {
    return { reason: 'not_for_dates', message: 'This promo code is not for travel on this date.' };
  }
  if (row.min_travellers !== null && use.travellers < row.min_travellers) return { reason: 'too_few_travellers', message: `This promo code is for bookings of at least ${row.min_travellers} travellers.` };
  return null;
}

const USED_UP: Refusal = { reason: 'used_up', message: 'This promo code has been used up.' };
const UNKNOWN: Refusal = { reason: 'unknown', message: 'There is no such promo code.' };

function termsOf(row: Row): PromoTerms {
  return { code: row.code, kind: row.kind, value: Number(row.value), appliesTo: row.applies_to, currency: row.currency };
}

/** Bookings holding a code: not cancelled or expired, and a held one only while its hold lasts. */
function holding(at: Date) {
  return sql<boolean>`(b.status in ('confirmed', 'waitlisted') or (b.status = 'held' and (b.hold_expires_at is null or b.hold_expires_at > ${at})))`;
}

/** A code's uses at `at`, counted in SQL beside its row (`p`): the answer's `uses` and the list's sort. */
function usesAt(at: Date) {
  return sql<number>`(select count(*)::int from bookings b where b.promo_code_id = p.id and ${holding(at)})`;
}

/** Why a code's terms cannot be kept, by field; empty when they can. */
function termProblems(code: Omit<PromoCode, 'id' | 'uses' | 'given' | 'createdAt' | 'updatedAt'>): Record<string, string> {
  const problems: Record<string, string> = {};
  if (code.kind === 'percent' && code.value > 100) problems.value = 'must be at most 100 for a percent';
  if (code.kind === 'amount' && code.currency === null) problems.currency = 'is required for an amount';
  if (code.kind === 'percent' && code.currency !== null) problems.currency = 'must be null for a percent: a percent holds in every currency';
  for (const field of ['travelFrom', 'travelTo'] as const) {
    const value = code[field];
    if (value !== null && !isCalendarDate(value)) problems[field] = 'must be a real date such as 2027-06-01';
  }
  for (const field of ['bookingFrom', 'bookingTo'] as const) {
    const value = code[field];
    if (value !== null && (value.length === 10 ? !isCalendarDate(value) : Number.isNaN(Date.parse(value)))) problems[field] = 'must be a real date such as 2027-06-01, or an instant';
  }
  if (!problems.travelTo && code.travelFrom !== null && code.travelTo !== null && code.travelTo < code.travelFrom) problems.travelTo = 'must not be before travelFrom';
  if (!problems.bookingTo && !problems.bookingFrom && code.bookingFrom !== null && code.bookingTo !== null && code.bookingFrom.length === code.bookingTo.length) {
    const backwards = code.bookingFrom.length === 10 ? code.bookingTo < code.bookingFrom : Date.parse(code.bookingTo) < Date.parse(code.bookingFrom);
    if (backwards) problems.bookingTo = 'must not be before bookingFrom';
  }
  return problems;
}

export class PromoCodes {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly audit: AuditLog,
    private readonly now: () => number,
  ) {}

  async list(query: PromoCodeListQuery): Promise<{ data: PromoCode[]; total: number }> {
    const filtered = this.db.selectFrom('promo_codes as p').where((eb) => {
      const conditions = [];
      if (query.active !== undefined) conditions.push(eb('p.active', '=', query.active));
      if (query.tourId !== undefined) conditions.push(eb.or([eb('p.tour_ids', 'is', null), sql<boolean>`${query.tourId}::uuid = any(p.tour_ids)`]));
      const q = query.q?.trim();
      if (q) conditions.push(sql<boolean>`upper(p.code) like ${containsPattern(q.toUpperCase())}`);
      return eb.and(conditions);
    });
    const at = new Date(this.now());
    const sort = { code: sql`upper(p.code)`, createdAt: sql`p.created_at`, uses: usesAt(at) }[query.sort ?? 'createdAt'];
    return listPage(filtered, {
      select: (rows) => rows.select([...PROMO_COLUMNS, this.usesOf(at), this.givenOf(at)]),
      orderBy: [sort, sql.ref('p.id')],
      query,
      keptTotal: null,
      toAnswer: (row) => this.toAnswer(row),
    });
  }

  async get(id: string, db: Kysely<Database> = this.db): Promise<PromoCode | null> {
    const at = new Date(this.now());
    const row = await db.selectFrom('promo_codes as p').select([...PROMO_COLUMNS, this.usesOf(at), this.givenOf(at)]).where('p.id', '=', id).executeTakeFirst();
    return row ? this.toAnswer(row) : null;
  }

  /** A code's bookings, newest first, with what the code gave each. */
  async bookings(id: string, query: { page?: number; pageSize?: number }) {
    const { limit, offset } = pageWindow(query);
    const [rows, total] = await Promise.all([
      this.db
        .selectFrom('bookings as b')
        .innerJoin('tours as t', 't.id', 'b.tour_id')
        .select(['b.id', 'b.reference', 'b.status', 'b.channel', 't.code as tour_code', sql<string>`b.start_date::text`.as('start_date'), 'b.contact_name', 'b.currency', 'b.total_minor', 'b.promo_discount_minor', 'b.created_at'])
        .where('b.promo_code_id', '=', id)
        .orderBy('b.created_at', 'desc')
        .orderBy('b.id', 'desc')
        .limit(limit)
        .offset(offset)
        .execute(),
      this.db.selectFrom('bookings').select(sql<number>`count(*)::int`.as('total')).where('promo_code_id', '=', id).executeTakeFirstOrThrow(),
    ]);
    return {
      data: rows.map((row) => ({
        id: row.id,
        reference: row.reference,
        status: row.status,
        channel: row.channel,
        tourCode: row.tour_code,
        startDate: row.start_date,
        contactName: row.contact_name,
        currency: row.currency,
        totalMinor: toMoney(row.total_minor)!,
        promoDiscountMinor: toMoney(row.promo_discount_minor)!,
        createdAt: row.created_at.toISOString(),
      })),
      total: total.total,
    };
  }

  async create(input: NewPromoCode, origin: RequestOrigin): Promise<PromoCode> {
    const terms = {
      code: input.code.trim(),
      kind: input.kind,
      value: input.value,
      currency: input.currency ?? null,
      appliesTo: input.appliesTo ?? 'booking',
      tourIds: input.tourIds ?? null,
      bookingFrom: input.bookingFrom ?? null,
      bookingTo: input.bookingTo ?? null,
      travelFrom: input.travelFrom ?? null,
      travelTo: input.travelTo ?? null,
      minTravellers: input.minTravellers ?? null,
      maxUses: input.maxUses ?? null,
      channels: input.channels ?? [...PROMO_CHANNELS],
      active: input.active ?? true,
    };
    const problems = termProblems(terms);
    if (Object.keys(problems).length > 0) throw httpErrors.validation(problems);
    const id = randomUUID();
    const at = new Date(this.now());
    return this.write(async (trx) => {
      await this.checkTours(trx, terms.tourIds, terms.currency);
      await trx.insertInto('promo_codes').values({ id, ...this.columns(terms), created_at: at, updated_at: at, created_by: origin.actorId }).execute();
      const made = (await this.get(id, trx))!;
      await this.audit.record({ action: 'promo_code.created', ...auditOrigin(origin), targetType: 'promo_code', targetId: id, details: { code: made.code, after: this.audited(made) } }, trx);
      return made;
    });
  }

  /** Changes a code's terms; the bookings made with it keep the terms they were sold with. */
  async update(id: string, patch: PromoCodePatch, origin: RequestOrigin): Promise<PromoCode> {
    return this.write(async (trx) => {
      const locked = await trx.selectFrom('promo_codes').select('id').where('id', '=', id).forUpdate().executeTakeFirst();
      if (!locked) throw httpErrors.notFound('No promo code with this id.');
      const before = (await this.get(id, trx))!;
      const terms = { ...this.audited(before), ...patch, ...(patch.code !== undefined && { code: patch.code.trim() }) };
      // A code turned into a percent drops the currency its amount had.
      if (patch.kind === 'percent' && patch.currency === undefined) terms.currency = null;
      const problems = termProblems(terms);
      if (Object.keys(problems).length > 0) throw httpErrors.validation(problems);
      if (patch.tourIds !== undefined || patch.currency !== undefined || patch.kind !== undefined) await this.checkTours(trx, terms.tourIds, terms.currency);
      await trx.updateTable('promo_codes').set({ ...this.columns(terms), updated_at: new Date(this.now()) }).where('id', '=', id).execute();
      const after = (await this.get(id, trx))!;
      const action = before.active && !after.active ? 'promo_code.deactivated' : 'promo_code.changed';
      await this.audit.record({ action, ...auditOrigin(origin), targetType: 'promo_code', targetId: id, details: { code: after.code, before: this.audited(before), after: this.audited(after) } }, trx);
      return after;
    });
  }

  /**
   * The code for a booking being made in `trx`: its row locked, its terms checked against the
   * booking, its uses counted; 400 PROMO_CODE_INVALID with the reason when it does not apply.
   */
  async claimIn(trx: Kysely<Database>, code: string, use: PromoUse): Promise<ClaimedPromo> {
    const row = await trx.selectFrom('promo_codes as p').select(PROMO_COLUMNS).where(sql`upper(p.code)`, '=', codeKey(code)).forUpdate().executeTakeFirst();
    return this.checked(trx, row, use);
  }

  /** The code as a quote would take it: checked as claimIn checks it, nothing locked or taken. */
  async check(code: string, use: PromoUse): Promise<ClaimedPromo> {
    const row = await this.db.selectFrom('promo_codes as p').select(PROMO_COLUMNS).where(sql`upper(p.code)`, '=', codeKey(code)).executeTakeFirst();
    return this.checked(this.db, row, use);
  }

  private async checked(db: Kysely<Database>, row: Row | undefined, use: PromoUse): Promise<ClaimedPromo> {
    if (!row) throw promoErrors.invalid(UNKNOWN);
    const refusal = promoRefusalBecause(row, use);
    if (refusal) throw promoErrors.invalid(refusal);
    if (row.max_uses !== null) {
      const { uses } = await db
        .selectFrom('bookings as b')
        .select(sql<number>`count(*)::int`.as('uses'))
        .where('b.promo_code_id', '=', row.id)
        .where(holding(use.at))
        .executeTakeFirstOrThrow();
      if (uses >= row.max_uses) throw promoErrors.invalid(USED_UP);
    }
    return { id: row.id, terms: termsOf(row) };
  }

  /** A write in its own transaction; a code taken already (in any case) is 400 on `code`. */
  private async write<T>(work: (trx: Kysely<Database>) => Promise<T>): Promise<T> {
    try {
      return await this.db.transaction().execute(work);
    } catch (error) {
      if (isUniqueViolation(error)) throw httpErrors.validation({ code: 'is taken by another promo code (codes are the same in any case)' });
      throw error;
    }
  }

  /** Tours named must exist, and be priced in an amount's currency. */
  private async checkTours(trx: Kysely<Database>, tourIds: string[] | null, currency: string | null): Promise<void> {
    if (tourIds === null || tourIds.length === 0) {
      if (tourIds !== null) throw httpErrors.validation({ tourIds: 'must name at least one tour, or be null for every tour' });
      return;
    }
    const tours = await trx.selectFrom('tours').select(['id', 'code', 'currency']).where('id', 'in', tourIds).execute();
    const byId = new Map(tours.map((tour) => [tour.id, tour]));
    const problems: Record<string, string> = {};
    tourIds.forEach((tourId, index) => {
      const tour = byId.get(tourId);
      if (!tour) problems[`tourIds.${index}`] = 'must be an existing tour';
      else if (currency !== null && tour.currency !== currency) problems[`tourIds.${index}`] = `is priced in ${tour.currency}, not in the code’s ${currency}`;
    });
    if (Object.keys(problems).length > 0) throw httpErrors.validation(problems);
  }

  private columns(terms: Omit<PromoCode, 'id' | 'uses' | 'given' | 'createdAt' | 'updatedAt'>) {
    return {
      code: terms.code,
      kind: terms.kind,
      value: terms.value,
      currency: terms.currency,
      applies_to: terms.appliesTo,
      tour_ids: terms.tourIds,
      booking_from: terms.bookingFrom,
      booking_to: terms.bookingTo,
      travel_from: terms.travelFrom,
      travel_to: terms.travelTo,
      min_travellers: terms.minTravellers,
      max_uses: terms.maxUses,
      channels: terms.channels,
      active: terms.active,
    };
  }

  private usesOf(at: Date) {
    return usesAt(at).as('uses');
  }

  /** What the code took off the bookings holding it (not cancelled or expired), per currency. */
  private givenOf(at: Date) {
    return sql<{ currency: string; amount: string | number }[] | null>`(
      select json_agg(json_build_object('currency', g.currency, 'amount', g.amount) order by g.currency)
      from (select b.currency, sum(b.promo_discount_minor) as amount from bookings b
            where b.promo_code_id = p.id and ${holding(at)} and b.promo_discount_minor > 0 group by b.currency) g)`.as('given');
  }

  private toAnswer(row: Row & { uses: number; given: { currency: string; amount: string | number }[] | string | null }): PromoCode {
    const given = (typeof row.given === 'string' ? JSON.parse(row.given) : row.given) as { currency: string; amount: string | number }[] | null;
    return {
      id: row.id,
      code: row.code,
      kind: row.kind,
      value: Number(row.value),
      currency: row.currency,
      appliesTo: row.applies_to,
      tourIds: row.tour_ids,
      bookingFrom: row.booking_from,
      bookingTo: row.booking_to,
      travelFrom: row.travel_from,
      travelTo: row.travel_to,
      minTravellers: row.min_travellers,
      maxUses: row.max_uses,
      channels: row.channels,
      active: row.active,
      uses: row.uses,
      given: (given ?? []).map((entry) => ({ currency: entry.currency, amountMinor: Number(entry.amount) })),
      createdAt: row.created_at.toISOString(),
      updatedAt: row.updated_at.toISOString(),
    };
  }

  /** A code's terms as the audit log keeps them (not its counts). */
  private audited(code: PromoCode) {
    const { id: _id, uses: _uses, given: _given, createdAt: _created, updatedAt: _updated, ...terms } = code;
    return terms;
  }
}
