/**
 * Departures: a tour's bookable dates. The local date and time are the
 * truth the operator entered; `starts_at` is derived from them in the tour's zone whenever either
 * changes (a time the clocks skip is refused, one they repeat takes the earlier instant). Seats
 * taken live on the row and a check constraint keeps them within capacity. Every change is
 * audited in its own transaction.
 */
import { randomUUID } from 'node:crypto';
import { sql, type Expression, type Kysely, type RawBuilder, type SelectQueryBuilder, type SqlBool } from 'kysely';
import type { BulkDepartures, Departure, DepartureListQuery, DeparturePatch, NewDeparture } from '../../shared/contract/departures.js';
import { DEPARTURE_RULES } from '../../shared/contract/departure-rules.js';
import type { Assignment } from '../../shared/contract/resources.js';
import type { Prices } from '../../shared/contract/tours.js';
import { datesOnWeekdays, daysBetween, instantOf, isCalendarDate } from '../../shared/local-time.js';
import { findPrices, priceRuleOf, seasonOn, type PriceRule, type PricingTerms } from '../../shared/pricing.js';
import { auditOrigin, type AuditLog, type RequestOrigin } from '../audit/audit-log.js';
import { fromJson, isUniqueViolation, keptCount, listPage, refuseBadDateFilters, toMoney } from '../db/query-helpers.js';
import type { Database } from '../db/schema.js';
import { httpErrors } from '../http/errors.js';

const NO_DEPARTURE = 'No departure with this id.';
const DUPLICATE = 'The tour has a departure on this date at this time already.';
const SORT_COLUMNS = { startsAt: sql.ref('d.starts_at'), createdAt: sql.ref('d.created_at') } as const;

export type LockedDeparture = Awaited<ReturnType<DeparturesRepository['lockForChange']>>;
type DepartureRow = Awaited<ReturnType<ReturnType<typeof departureColumns>['executeTakeFirstOrThrow']>>;

/**
 * What the departures ask of the domains around them, given by the module's wiring so that this
 * domain reads no other's tables: the tour a departure is of (its zone and default prices), and
 * the seats of lapsed holds on it that are not recorded yet (free to every read).
 */
export interface DepartureSurroundings {
  tourFor(trx: Kysely<Database>, tourId: string): Promise<{ id: string; code: string; time_zone: string; price_adult_minor: Money; price_child_minor: Money; price_infant_minor: Money; single_supplement_minor: Money }>;
  lapsedHeldSeats(departureId: RawBuilder<unknown>, at: Date): RawBuilder<number>;
  /** The guides, vehicles and others assigned to these departures (the resources domain's), by departure. */
  assignmentsOf?(db: Kysely<Database>, departureIds: string[]): Promise<Map<string, Assignment[]>>;
  /** Travellers checked in on these departures' confirmed bookings (the bookings domain's), by departure. */
  checkedInOf?(db: Kysely<Database>, departureIds: string[]): Promise<Map<string, number>>;
  /** The departure (`departureId`, an expression of the query) has no resource of this kind assigned. */
  noneAssigned?(kind: 'guide' | 'vehicle', departureId: RawBuilder<unknown>): RawBuilder<SqlBool>;
}
type Money = string | number | null;

/** A departure's columns with what it takes from its tour. */
function departureColumns(rows: SelectQueryBuilder<Database & { d: Database['departures'] }, 'd', object>, at: Date, lapsedHeldSeats: DepartureSurroundings['lapsedHeldSeats']) {
  return rows
    .innerJoin('tours as t', 't.id', 'd.tour_id')
    .select([
      'd.id',
      'd.tour_id',
      't.code as tour_code',
      't.title as tour_title',
      sql<string>`d.start_date::text`.as('start_date'),
      'd.start_time',
      't.time_zone',
      'd.starts_at',
      sql<string>`(d.start_date + (t.duration_days - 1))::text`.as('end_date'),
      'd.capacity',
      // A hold that has lapsed frees its seats at once, before the sweep records it (bookings/holds.ts).
      sql<number>`d.seats_held - ${lapsedHeldSeats(sql.ref('d.id'), at)}`.as('seats_held'),
      'd.seats_confirmed',
      'd.waitlisted',
      't.min_pax',
      'd.status',
      'd.price_adult_minor',
      'd.price_child_minor',
      'd.price_infant_minor',
      'd.single_supplement_minor',
      't.booking_cutoff_hours',
      'd.cancel_reason',
      'd.created_at',
      ...pricingColumns(at),
    ]);
}

/** A season as a departure's read carries it (the one holding its start date). */
type SeasonJson = { name: string; adult: string | number | null; child: string | number | null; infant: string | number | null };
/** A tour's active rule as a departure's read carries it. */
type RuleJson = { kind: PriceRule['kind']; threshold: number; percent: number };

/** Whether staff priced the departure `d`, and its tour `t`'s prices: what both reads of pricing terms take. */
const OWN_AND_TOUR_PRICES = ['d.own_prices', 't.price_adult_minor as tour_price_adult_minor', 't.price_child_minor as tour_price_child_minor', 't.price_infant_minor as tour_price_infant_minor'] as const;

/**
 * What a departure's price is found from (shared/pricing.ts), read with it in the same statement:
 * whether staff priced it, its tour's prices, the season holding its local start date and the
 * tour's active rules, each a lookup on the tour's index of seasons and rules, so a list or a
 * calendar asks no query per departure. `priced_at` is the moment its price is found for. The
 * query names its departure `d` and the departure's tour `t`.
 */
function pricingColumns(at: Date) {
  return [
    ...OWN_AND_TOUR_PRICES,
    sql<SeasonJson | null>`(select json_build_object('name', s.name, 'adult', s.price_adult_minor, 'child', s.price_child_minor, 'infant', s.price_infant_minor)
      from tour_seasons s where s.tour_id = d.tour_id and s.from_date <= d.start_date and s.to_date >= d.start_date order by s.from_date desc limit 1)`.as('season'),
    sql<RuleJson[] | null>`(select json_agg(json_build_object('kind', r.kind, 'threshold', r.threshold, 'percent', r.percent) order by r.position)
      from tour_price_rules r where r.tour_id = d.tour_id and r.active)`.as('price_rules'),
    sql<Date>`${at}::timestamptz`.as('priced_at'),
  ] as const;
}

/**
 * pricingColumns() for the departures of one tour (a channel's calendar): the tour's seasons and
 * active rules are read once for the statement (subqueries that do not depend on the row), and
 * each departure's season is picked from them (seasonsOfTour), so a 92-day calendar asks no lookup
 * per departure.
 */
function tourPricingColumns(at: Date, tourId: string) {
  return [
    ...OWN_AND_TOUR_PRICES,
    sql<(SeasonJson & { from: string; to: string })[] | null>`(select json_agg(json_build_object('name', s.name, 'from', s.from_date, 'to', s.to_date, 'adult', s.price_adult_minor, 'child', s.price_child_minor, 'infant', s.price_infant_minor))
      from tour_seasons s where s.tour_id = ${tourId})`.as('seasons_of_tour'),
    sql<RuleJson[] | null>`(select json_agg(json_build_object('kind', r.kind, 'threshold', r.threshold, 'percent', r.percent) order by r.position)
      from tour_price_rules r where r.tour_id = ${tourId} and r.active)`.as('price_rules'),
    sql<Date>`${at}::timestamptz`.as('priced_at'),
  ] as const;
}

/** The season of a departure of a row read with tourPricingColumns(). */
function withSeason<R extends { start_date: string; seasons_of_tour: (SeasonJson & { from: string; to: string })[] | null }>(row: R): R & { season: SeasonJson | null } {
  return { ...row, season: seasonOn(row.seasons_of_tour ?? [], row.start_date) };
}

/** The columns pricingColumns() reads, with the departure's own prices. */
interface PricingRow {
  own_prices: boolean;
  price_adult_minor: Money;
  price_child_minor: Money;
  price_infant_minor: Money;
  tour_price_adult_minor: Money;
  tour_price_child_minor: Money;
  tour_price_infant_minor: Money;
  season: SeasonJson | null;
  price_rules: RuleJson[] | null;
}

/** What the price finder takes, from a row read with pricingColumns(). */
export function pricingTermsOf(row: PricingRow): PricingTerms {
  const rules = (row.price_rules ?? []).map((rule) => priceRuleOf(rule.kind, rule.threshold, rule.percent, true));
  return {
    tourPrices: { ADULT: toMoney(row.tour_price_adult_minor), CHILD: toMoney(row.tour_price_child_minor), INFANT: toMoney(row.tour_price_infant_minor) },
    departurePrices: row.own_prices ? { ADULT: toMoney(row.price_adult_minor), CHILD: toMoney(row.price_child_minor), INFANT: toMoney(row.price_infant_minor) } : null,
    season: row.season && { name: row.season.name, prices: { ADULT: toMoney(row.season.adult), CHILD: toMoney(row.season.child), INFANT: toMoney(row.season.infant) } },
    rules,
  };
}

/** A departure's prices as every channel shows them: found now for one adult (shared/pricing.ts). */
function foundFor(row: PricingRow & { starts_at: Date; priced_at: Date | string }) {
  const terms = pricingTermsOf(row);
  const found = findPrices(terms, { startsAt: row.starts_at.getTime(), bookedAt: new Date(row.priced_at).getTime(), payingTravellers: 1 });
  return { prices: found.prices, pricing: { own: row.own_prices, basis: found.basis, season: found.season, listPrices: found.listPrices, rule: found.rule, rules: [...terms.rules] } };
}

export class DeparturesRepository {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly now: () => number,
    private readonly audit: AuditLog,
    private readonly around: DepartureSurroundings,
  ) {}

  private columns(rows: Parameters<typeof departureColumns>[0], at: Date) {
    return departureColumns(rows, at, this.around.lapsedHeldSeats);
  }

  /**
   * The departure as get() reads it, as one JSON value, for the statement that changed its row:
   * `written` names the statement's `returning *` of departures (its final query does not see the
   * change in the table). departureFromJson() turns it into the answer. The change, the booking it
   * was for and the departure's new seats then cost one round trip.
   */
  departureWritten(written: string): RawBuilder<unknown> {
    const rows = this.db.selectFrom(sql.table(written).as('d')) as unknown as Parameters<typeof departureColumns>[0];
    return sql`(select row_to_json(x) from (${this.columns(rows, new Date(this.now()))}) x)`;
  }

  async list(query: DepartureListQuery): Promise<{ data: Departure[]; total: number }> {
    refuseBadDateFilters(query);
    const at = new Date(this.now());
    const filtered = this.db.selectFrom('departures as d').where((eb) => {
      const conditions: Expression<SqlBool>[] = [];
      if (query.tourId !== undefined) conditions.push(eb('d.tour_id', '=', query.tourId));
      if (query.status !== undefined) conditions.push(eb('d.status', '=', query.status));
      if (query.from !== undefined) conditions.push(eb('d.start_date', '>=', query.from));
      if (query.to !== undefined) conditions.push(eb('d.start_date', '<=', query.to));
      const taken = sql`d.seats_held - ${this.around.lapsedHeldSeats(sql.ref('d.id'), at)} + d.seats_confirmed`;
      if (query.hasSeats === true) conditions.push(sql<SqlBool>`${taken} < d.capacity`);
      if (query.hasSeats === false) conditions.push(sql<SqlBool>`${taken} >= d.capacity`);
      // Open departures that nothing of that kind is assigned to yet: so that none leaves without a guide.
      if (query.unassigned !== undefined && this.around.noneAssigned) {
        conditions.push(eb('d.status', '=', 'open'), this.around.noneAssigned(query.unassigned, sql.ref('d.id')));
      }
      return eb.and(conditions);
    });
    // A kept count answers the total when the filters are none, a status alone or a tour alone.
    const filters = [query.tourId, query.status, query.from, query.to, query.hasSeats, query.unassigned].filter((value) => value !== undefined).length;
    const kept =
      filters === 0 ? 'departures' : filters === 1 && query.status !== undefined ? `departures:status:${query.status}` : filters === 1 && query.tourId !== undefined ? `departures:tour:${query.tourId}` : null;
    const page = await listPage(filtered, {
      select: (rows) => this.columns(rows, at),
      orderBy: [SORT_COLUMNS[query.sort ?? 'startsAt'], sql.ref('d.id')],
      query,
      keptTotal: kept === null ? null : () => keptCount(this.db, kept),
      toAnswer: toDeparture,
    });
    return { data: await this.withTheDay(this.db, page.data), total: page.total };
  }

  /** Departures with their assignments and their travellers checked in (a read of each for a page), as the office's screens show them. */
  private async withTheDay(db: Kysely<Database>, departures: Departure[]): Promise<Departure[]> {
    if (!this.around.assignmentsOf || !this.around.checkedInOf || departures.length === 0) return departures;
    const ids = departures.map((departure) => departure.id);
    const [assigned, checkedIn] = await Promise.all([this.around.assignmentsOf(db, ids), this.around.checkedInOf(db, ids)]);
    return departures.map((departure) => ({ ...departure, assignments: assigned.get(departure.id) ?? [], checkedIn: checkedIn.get(departure.id) ?? 0 }));
  }

  /** Departures that are not cancelled and start in [from, until), soonest first, with their assignments (the dashboard's; one index range). */
  async upcoming(from: Date, until: Date, limit: number): Promise<Departure[]> {
    const rows = await this.columns(this.db.selectFrom('departures as d'), new Date(this.now()))
      .where('d.starts_at', '>=', from)
      .where('d.starts_at', '<', until)
      .where('d.status', '<>', 'cancelled')
      .orderBy('d.starts_at')
      .orderBy('d.id')
      .limit(limit)
      .execute();
    return this.withTheDay(this.db, rows.map(toDeparture));
  }

  async get(id: string, db: Kysely<Database> = this.db): Promise<Departure | null> {
    const row = await this.columns(db.selectFrom('departures as d'), new Date(this.now())).where('d.id', '=', id).executeTakeFirst();
    return row ? toDeparture(row) : null;
  }

  /** A departure as the office sees it: with its assignments and its travellers checked in (a channel's reads take get()). */
  async show(id: string, db: Kysely<Database> = this.db): Promise<Departure | null> {
    const departure = await this.get(id, db);
    return departure ? (await this.withTheDay(db, [departure]))[0]! : null;
  }

  /**
   * A tour's departures as a sales channel reads them (a reseller's availability): those starting
   * on local dates `from` to `to`, or those of `ids` (of this tour only), by start. At most 1,000.
   */
  async ofTourForChannel(tourId: string, range: { from: string; to: string } | { ids: string[] }): Promise<Departure[]> {
    let rows = this.columns(this.db.selectFrom('departures as d'), new Date(this.now())).where('d.tour_id', '=', tourId);
    if ('ids' in range) {
      if (range.ids.length === 0) return [];
      rows = rows.where('d.id', 'in', range.ids);
    } else {
      rows = rows.where('d.start_date', '>=', range.from).where('d.start_date', '<=', range.to);
    }
    return (await rows.orderBy('d.start_date').orderBy('d.start_time').limit(1000).execute()).map(toDeparture);
  }

  /**
   * What a day of a channel's calendar needs of each of a tour's departures between two local dates:
   * its status, start, seats and prices, without the joins and text a whole departure carries. A
   * 90-day calendar of a busy tour reads hundreds of departures for one answer of 90 days.
   */
  async calendarOf(tourId: string, range: { from: string; to: string }, bookingCutoffHours: number): Promise<CalendarDeparture[]> {
    const at = new Date(this.now());
    const rows = await this.db
      .selectFrom('departures as d')
      .innerJoin('tours as t', 't.id', 'd.tour_id')
      .select([
        'd.id',
        sql<string>`d.start_date::text`.as('start_date'),
        'd.start_time',
        'd.status',
        'd.starts_at',
        'd.capacity',
        // As get() counts them: a lapsed hold's seats are free at once.
        sql<number>`greatest(0, d.capacity - (d.seats_held - ${this.around.lapsedHeldSeats(sql.ref('d.id'), at)}) - d.seats_confirmed)`.as('seats_available'),
        'd.price_adult_minor',
        'd.price_child_minor',
        'd.price_infant_minor',
        ...tourPricingColumns(at, tourId),
      ])
      .where('d.tour_id', '=', tourId)
      .where('d.start_date', '>=', range.from)
      .where('d.start_date', '<=', range.to)
      .orderBy('d.start_date')
      .orderBy('d.start_time')
      .limit(1000)
      .execute();
    return rows.map((row) => ({
      id: row.id,
      startDate: row.start_date,
      startTime: row.start_time,
      status: row.status,
      startsAt: row.starts_at.toISOString(),
      bookingCutoffHours,
      capacity: row.capacity,
      seatsAvailable: Number(row.seats_available),
      prices: foundFor(withSeason(row)).prices,
    }));
  }

  /** The local start times of each tour's departures to come (or, for a tour without any, of all its departures), sorted. */
  async startTimes(tourIds: string[]): Promise<Map<string, string[]>> {
    const times = new Map<string, string[]>();
    if (tourIds.length === 0) return times;
    const rows = await this.db
      .selectFrom('departures')
      .select(['tour_id', 'start_time', sql<boolean>`bool_or(starts_at > ${new Date(this.now())} and status <> 'cancelled')`.as('coming')])
      .where('tour_id', 'in', tourIds)
      .groupBy(['tour_id', 'start_time'])
      .orderBy('start_time')
      .execute();
    for (const tourId of tourIds) {
      const own = rows.filter((row) => row.tour_id === tourId);
      const coming = own.filter((row) => row.coming);
      times.set(tourId, (coming.length > 0 ? coming : own).map((row) => row.start_time));
    }
    return times;
  }

  async create(input: NewDeparture, origin: RequestOrigin): Promise<Departure> {
    if (!isCalendarDate(input.startDate)) throw httpErrors.validation({ startDate: 'must be a real date such as 2027-06-01' });
    try {
      return await this.db.transaction().execute(async (trx) => {
        const tour = await this.around.tourFor(trx, input.tourId);
        const startsAt = instantOrRefuse(input.startDate, input.startTime, tour.time_zone);
        const at = new Date(this.now());
        refuseStarted(startsAt, at);
        const id = randomUUID();
        const prices = input.prices ?? { ADULT: toMoney(tour.price_adult_minor), CHILD: toMoney(tour.price_child_minor), INFANT: toMoney(tour.price_infant_minor) };
        await trx
          .insertInto('departures')
          .values({
            id,
            tour_id: tour.id,
            start_date: input.startDate,
            start_time: input.startTime,
            starts_at: new Date(startsAt),
            capacity: input.capacity,
            status: input.status ?? 'open',
            ...priceColumns(prices),
            // Priced by staff when prices were given; else it follows its season, else its tour.
            own_prices: input.prices !== undefined,
            single_supplement_minor: input.singleSupplementMinor === undefined ? toMoney(tour.single_supplement_minor) : input.singleSupplementMinor,
            created_at: at,
            updated_at: at,
          })
          .execute();
        await this.record(trx, origin, 'departure.created', 'departure', id, { tourCode: tour.code, startDate: input.startDate, startTime: input.startTime, capacity: input.capacity });
        return (await this.show(id, trx))!;
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw httpErrors.conflict(DUPLICATE);
      throw error;
    }
  }

  /**
   * One departure on each date from `from` to `to` falling on `weekdays`, at `startTime`. A date
   * that has one at that time already, or on which that time does not exist, is skipped.
   */
  async bulk(input: BulkDepartures, origin: RequestOrigin): Promise<{ data: Departure[]; skipped: string[] }> {
    const problems: Record<string, string> = {};
    if (!isCalendarDate(input.from)) problems.from = 'must be a real date such as 2027-04-03';
    if (!isCalendarDate(input.to)) problems.to = 'must be a real date such as 2027-10-30';
    if (Object.keys(problems).length > 0) throw httpErrors.validation(problems);
    const span = daysBetween(input.from, input.to);
    if (span < 1) throw httpErrors.validation({ to: 'must not be before the first date' });
    if (span > DEPARTURE_RULES.bulkMax) throw httpErrors.validation({ to: `must be at most ${DEPARTURE_RULES.bulkMax} days after the first date` });
    return this.db.transaction().execute(async (trx) => {
      const tour = await this.around.tourFor(trx, input.tourId);
      const at = new Date(this.now());
      const created: string[] = [];
      const skipped: string[] = [];
      for (const date of datesOnWeekdays(input.from, input.to, input.weekdays)) {
        const startsAt = instantOf(date, input.startTime, tour.time_zone);
        // A date whose start has passed (today's earlier hours included) is skipped, as one whose time does not exist.
        if (startsAt === null || Date.parse(startsAt) <= at.getTime()) {
          skipped.push(date);
          continue;
        }
        const id = randomUUID();
        const inserted = await trx
          .insertInto('departures')
          .values({
            id,
            tour_id: tour.id,
            start_date: date,
            start_time: input.startTime,
            starts_at: new Date(startsAt),
            capacity: input.capacity,
            status: 'open',
            price_adult_minor: toMoney(tour.price_adult_minor),
            price_child_minor: toMoney(tour.price_child_minor),
            price_infant_minor: toMoney(tour.price_infant_minor),
            single_supplement_minor: toMoney(tour.single_supplement_minor),
            created_at: at,
            updated_at: at,
          })
          .onConflict((oc) => oc.columns(['tour_id', 'start_date', 'start_time']).doNothing())
          .returning('id')
          .executeTakeFirst();
        if (inserted) created.push(id);
        else skipped.push(date);
      }
      await this.record(trx, origin, 'departure.bulk_created', 'tour', tour.id, {
        tourCode: tour.code,
        from: input.from,
        to: input.to,
        weekdays: input.weekdays,
        startTime: input.startTime,
        created: created.length,
        skipped,
      });
      const rows = created.length === 0 ? [] : await this.columns(trx.selectFrom('departures as d'), at).where('d.id', 'in', created).orderBy('d.starts_at').execute();
      return { data: rows.map(toDeparture), skipped };
    });
  }

  /** The departure's row, locked for the rest of the transaction; 404 when there is none. */
  async lockForChange(trx: Kysely<Database>, id: string) {
    const row = await trx
      .selectFrom('departures')
      .select(['id', 'tour_id', sql<string>`start_date::text`.as('start_date'), 'start_time', 'status', 'seats_held', 'seats_confirmed', 'waitlisted'])
      .where('id', '=', id)
      .forUpdate()
      .executeTakeFirst();
    if (!row) throw httpErrors.notFound(NO_DEPARTURE);
    return row;
  }

  /**
   * Writes a patch to a departure locked by lockForChange (the flow has checked its seats against a
   * lower capacity). Answers the new date and instant when the departure moved, for its bookings.
   */
  async applyPatch(trx: Kysely<Database>, current: LockedDeparture, patch: DeparturePatch, at: Date, origin: RequestOrigin): Promise<{ startDate: string; startsAt: Date } | null> {
    let startsAt: Date | undefined;
    if (patch.startDate !== undefined || patch.startTime !== undefined) {
      const tour = await this.around.tourFor(trx, current.tour_id);
      startsAt = new Date(instantOrRefuse(patch.startDate ?? current.start_date, patch.startTime ?? current.start_time, tour.time_zone));
      // Moved to a moment that has passed: refused, as a new one there would be (a departure under way keeps its own start).
      if ((patch.startDate ?? current.start_date) !== current.start_date || (patch.startTime ?? current.start_time) !== current.start_time) refuseStarted(startsAt.toISOString(), at);
    }
    try {
      await trx
        .updateTable('departures')
        .set({
          ...(patch.startDate !== undefined && { start_date: patch.startDate }),
          ...(patch.startTime !== undefined && { start_time: patch.startTime }),
          ...(startsAt && { starts_at: startsAt }),
          ...(patch.capacity !== undefined && { capacity: patch.capacity }),
          ...(patch.status !== undefined && { status: patch.status }),
          // null: staff give the departure's price back to its season or tour.
          ...(patch.prices !== undefined && (patch.prices === null ? { own_prices: false } : { ...priceColumns(patch.prices), own_prices: true })),
          ...(patch.singleSupplementMinor !== undefined && { single_supplement_minor: patch.singleSupplementMinor }),
          updated_at: at,
        })
        .where('id', '=', current.id)
        .execute();
    } catch (error) {
      if (isUniqueViolation(error)) throw httpErrors.conflict(DUPLICATE);
      throw error;
    }
    await this.record(trx, origin, 'departure.updated', 'departure', current.id, { startDate: current.start_date, ...patch });
    return startsAt ? { startDate: patch.startDate ?? current.start_date, startsAt } : null;
  }

  /** Marks a locked departure cancelled: no new bookings, ever; the reason is kept. */
  async markCancelled(trx: Kysely<Database>, id: string, reason: string, at: Date): Promise<void> {
    await trx.updateTable('departures').set({ status: 'cancelled', cancel_reason: reason, cancelled_at: at, updated_at: at }).where('id', '=', id).execute();
  }

  /** Deletes a locked departure the flow found nobody booked. */
  async remove(trx: Kysely<Database>, current: LockedDeparture, origin: RequestOrigin): Promise<void> {
    await trx.deleteFrom('departures').where('id', '=', current.id).execute();
    await this.record(trx, origin, 'departure.deleted', 'departure', current.id, { startDate: current.start_date, startTime: current.start_time });
  }

  /** Whether the tour has a departure (a tour with one is kept: history). */
  async anyOfTour(db: Kysely<Database>, tourId: string): Promise<boolean> {
    return (await db.selectFrom('departures').select('id').where('tour_id', '=', tourId).limit(1).executeTakeFirst()) !== undefined;
  }

  /**
   * What a new booking reads of its departure: its state, its date and the prices it sells at, with
   * its tour's terms (status, currency, code, booking cut-off) in the same query, as a booking is
   * made on every sale.
   */
  async forSale(db: Kysely<Database>, id: string) {
    const row = await db
      .selectFrom('departures as d')
      .innerJoin('tours as t', 't.id', 'd.tour_id')
      .select([
        'd.id',
        'd.tour_id',
        'd.status',
        sql<string>`d.start_date::text`.as('start_date'),
        'd.starts_at',
        'd.price_adult_minor',
        'd.price_child_minor',
        'd.price_infant_minor',
        'd.single_supplement_minor',
        't.status as tour_status',
        't.bookable_online',
        't.max_pax',
        't.currency',
        't.code as tour_code',
        't.booking_cutoff_hours',
        't.title as tour_title',
        't.time_zone',
        'd.start_time',
        ...pricingColumns(new Date(this.now())),
      ])
      .where('d.id', '=', id)
      .executeTakeFirst();
    return row && { ...row, priced_at: new Date(row.priced_at), pricing_terms: pricingTermsOf(row) };
  }

  async record(
    trx: Kysely<Database>,
    origin: RequestOrigin,
    action: Parameters<AuditLog['record']>[0]['action'],
    targetType: 'departure' | 'tour',
    targetId: string,
    details: Record<string, unknown>,
  ) {
    await this.audit.record({ action, ...auditOrigin(origin), targetType, targetId, details }, trx);
  }

  /**
   * Departures whose travellers are due to be forgotten: ended (start plus the tour's days) before
   * `endedBefore` and not forgotten yet, oldest first, locked for the caller (another instance's
   * job skips them). Walks the index of departures not forgotten yet from the oldest.
   */
  async toForget(trx: Kysely<Database>, endedBefore: Date, limit: number): Promise<{ id: string; startDate: string }[]> {
    const rows = await sql<{ id: string; start_date: string }>`
      select d.id, d.start_date::text as start_date from departures d
      join tours t on t.id = d.tour_id
      where d.travellers_forgotten_at is null and d.starts_at < ${endedBefore}
        and d.starts_at + make_interval(days => t.duration_days) <= ${endedBefore}
      order by d.starts_at, d.id
      limit ${limit}
      for update of d skip locked`.execute(trx);
    return rows.rows.map((row) => ({ id: row.id, startDate: row.start_date }));
  }

  async markTravellersForgotten(trx: Kysely<Database>, ids: string[], at: Date): Promise<void> {
    if (ids.length === 0) return;
    await trx.updateTable('departures').set({ travellers_forgotten_at: at }).where('id', 'in', ids).execute();
  }
}

/** A departure is scheduled before it starts: one whose start has passed would sell nothing and count in every past figure. */
function refuseStarted(startsAt: string, at: Date): void {
  if (Date.parse(startsAt) <= at.getTime()) throw httpErrors.validation({ startDate: 'is in the past: this departure would have started already' });
}

function instantOrRefuse(date: string, time: string, timeZone: string): string {
  const instant = instantOf(date, time, timeZone);
  if (instant === null) throw httpErrors.validation({ startTime: `does not exist on ${date} in ${timeZone}: the clocks skip that hour` });
  return instant;
}

function priceColumns(prices: Prices) {
  return { price_adult_minor: prices.ADULT, price_child_minor: prices.CHILD, price_infant_minor: prices.INFANT };
}

/** A departure read by departureWritten(): JSON, where its instants are text. */
type DepartureJson = Omit<DepartureRow, 'starts_at' | 'created_at'> & { starts_at: string; created_at: string };

export function departureFromJson(value: unknown): Departure {
  const row = fromJson(value as DepartureJson | string);
  return toDeparture({ ...row, starts_at: new Date(row.starts_at), created_at: new Date(row.created_at) });
}

/** A departure as a channel's calendar reads it (calendarOf). */
export type CalendarDeparture = Pick<Departure, 'id' | 'startDate' | 'startTime' | 'status' | 'startsAt' | 'bookingCutoffHours' | 'capacity' | 'seatsAvailable' | 'prices'>;

function toDeparture(row: DepartureRow): Departure {
  const available = Math.max(0, row.capacity - row.seats_held - row.seats_confirmed);
  return {
    id: row.id,
    tourId: row.tour_id,
    tourCode: row.tour_code,
    tourTitle: row.tour_title,
    startDate: row.start_date,
    startTime: row.start_time,
    timeZone: row.time_zone,
    startsAt: row.starts_at.toISOString(),
    endDate: row.end_date,
    capacity: row.capacity,
    seatsHeld: row.seats_held,
    seatsConfirmed: row.seats_confirmed,
    seatsAvailable: available,
    waitlisted: row.waitlisted,
    minPax: row.min_pax,
    guaranteed: row.seats_confirmed >= row.min_pax,
    status: row.status,
    ...foundFor(row),
    singleSupplementMinor: toMoney(row.single_supplement_minor),
    bookingCutoffHours: row.booking_cutoff_hours,
    cancelReason: row.cancel_reason,
    createdAt: row.created_at.toISOString(),
  };
}
