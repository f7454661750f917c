/**
 * The tour catalogue: tours, their components and itinerary days, and the rules that guard them
 *. Every change is audited in its own transaction, and touches the tour's
 * `updatedAt`. Changes to one tour's parts take turns on the tour's row, so a component's day range
 * and the tour's length cannot be changed past each other.
 */
import { randomUUID } from 'node:crypto';
import { sql, type Expression, type Kysely, type Selectable, type SelectQueryBuilder, type SqlBool } from 'kysely';
import type {
  CancellationFee,
  ComponentPatch,
  DayInput,
  ItineraryDay,
  NewComponent,
  NewTour,
  Tour,
  TourComponent,
  TourListQuery,
  TourPatch,
  TourSortField,
} from '../../shared/contract/tours.js';
import { DEFAULT_SELF_SERVICE, TOUR_RULES } from '../../shared/contract/tour-rules.js';
import { isKnownCurrency } from '../../shared/money.js';
import { isKnownTimeZone } from '../../shared/time-zones.js';
import { auditOrigin, type AuditLog, type RequestOrigin } from '../audit/audit-log.js';
import { containsPattern, folded, foldedContains, fromJson, isUniqueViolation, keptCount, listPage, toMoney } from '../db/query-helpers.js';
import type { Database } from '../db/schema.js';
import type { TourComponentsTable, ToursTable } from './tables.js';
import { componentsForSale, tourForDepartures } from './lookups.js';
import { httpErrors } from '../http/errors.js';
import { sanitizeRichText } from '../security/rich-text.js';
import { mediaUrls } from './gallery.js';
import { DEFAULT_AGE_BANDS } from '../../shared/traveller-ages.js';

type TourRow = Selectable<ToursTable>;
/** A published tour as a sales channel reads it. */
export interface PublishedTour {
  id: string;
  code: string;
  title: string;
  summary: string;
  timeZone: string;
  currency: string;
  durationDays: number;
  bookingCutoffHours: number;
  cancellationCutoffHours: number;
  infantAgeUnder: number;
  childAgeUnder: number;
  prices: Record<'ADULT' | 'CHILD' | 'INFANT', number | null>;
  /** The group's largest size (null: none set). */
  maxPax: number | null;
}

/** A tour's row with its cover's token and its departures (see tourColumns). */
type TourAnswerRow = TourRow & { cover_token: string | null; departure_count: string | number | null; next_departure_at: Date | null };
type ComponentRow = Selectable<TourComponentsTable>;

const SORT_COLUMNS: Record<TourSortField, Expression<unknown>> = {
  code: sql.ref('t.code'),
  title: sql`lower(t.title)`,
  createdAt: sql.ref('t.created_at'),
  updatedAt: sql.ref('t.updated_at'),
};

const NO_TOUR = 'No tour with this id.';
/** Day numbers end at 365; a reorder parks days above that for a moment. */
const PARKED_DAY = 1_000;

/**
 * What the catalogue asks of the domains that use a tour, before a change that would break them:
 * given by the module's wiring, so the catalogue reads no other domain's tables.
 */
export interface TourUsage {
  /** Whether the tour has a departure (one with departures is kept, and keeps its zone). */
  hasDepartures(db: Kysely<Database>, tourId: string): Promise<boolean>;
  /** Whether a booking bought the component as an extra. */
  componentSold(db: Kysely<Database>, componentId: string): Promise<boolean>;
}

export class ToursRepository {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly now: () => number,
    private readonly audit: AuditLog,
    private readonly usage: TourUsage,
  ) {}

  /** The tour a departure is of, locked against a change of its zone meanwhile; 400 when there is none. */
  async forDepartures(trx: Kysely<Database>, tourId: string) {
    return tourForDepartures(trx, tourId);
  }

  /** The tour's components among `ids`, with what a booking needs to sell them as extras. */
  async componentsForSale(db: Kysely<Database>, tourId: string, ids: string[]) {
    return componentsForSale(db, tourId, ids);
  }

  /** The ids among these that are not tours of the catalogue. */
  async unknownIds(ids: string[]): Promise<string[]> {
    if (ids.length === 0) return [];
    const found = new Set((await this.db.selectFrom('tours').select('id').where('id', 'in', ids).execute()).map((row) => row.id));
    return ids.filter((id) => !found.has(id));
  }

  /**
   * Published tours as a sales channel shows them (a reseller's products): `ids` null means every
   * published tour, `only` one of them; `anyStatus`: a tour whatever its status (a booking made
   * before it was unpublished still shows it). By code, so a reseller's product list keeps its order.
   */
  async published(ids: string[] | null, only?: string, options: { anyStatus?: boolean } = {}): Promise<PublishedTour[]> {
    let rows = this.db
      .selectFrom('tours')
      .select([
        'id',
        'code',
        'title',
        'summary',
        'time_zone',
        'currency',
        'duration_days',
        'booking_cutoff_hours',
        'cancellation_cutoff_hours',
        'infant_age_under',
        'child_age_under',
        'price_adult_minor',
        'price_child_minor',
        'price_infant_minor',
        'max_pax',
        'updated_at',
      ])
      .$if(!options.anyStatus, (rows) => rows.where('status', '=', 'published'));
    if (ids !== null) {
      if (ids.length === 0) return [];
      rows = rows.where('id', 'in', ids);
    }
    if (only !== undefined) rows = rows.where('id', '=', only);
    return (await rows.orderBy('code').execute()).map((row) => ({
      id: row.id,
      code: row.code,
      title: row.title,
      summary: row.summary,
      timeZone: row.time_zone,
      currency: row.currency,
      durationDays: row.duration_days,
      bookingCutoffHours: row.booking_cutoff_hours,
      cancellationCutoffHours: row.cancellation_cutoff_hours,
      infantAgeUnder: row.infant_age_under,
      childAgeUnder: row.child_age_under,
      prices: { ADULT: toMoney(row.price_adult_minor), CHILD: toMoney(row.price_child_minor), INFANT: toMoney(row.price_infant_minor) },
      maxPax: row.max_pax,
    }));
  }

  async list(query: TourListQuery): Promise<{ data: Tour[]; total: number }> {
    const search = query.q?.trim() ?? '';
    const filtered = this.db.selectFrom('tours as t').where((eb) => {
      const conditions: Expression<SqlBool>[] = [];
      if (query.status !== undefined) conditions.push(eb('t.status', '=', query.status));
      if (search !== '') {
        const pattern = containsPattern(search);
        conditions.push(eb.or([eb('t.code', 'ilike', pattern), eb(folded('t.title'), 'like', foldedContains(search))]));
      }
      return eb.and(conditions);
    });
    return listPage(filtered, {
      select: (rows) => tourColumns(rows, new Date(this.now())),
      orderBy: [SORT_COLUMNS[query.sort ?? 'createdAt'], sql.ref('t.id')],
      query,
      keptTotal: search !== '' ? null : () => keptCount(this.db, query.status === undefined ? 'tours' : `tours:status:${query.status}`),
      toAnswer: toTour,
    });
  }

  async get(id: string, db: Kysely<Database> = this.db): Promise<Tour | null> {
    const row = await tourColumns(db.selectFrom('tours as t'), new Date(this.now())).where('t.id', '=', id).executeTakeFirst();
    return row ? toTour(row) : null;
  }

  async create(input: NewTour, origin: RequestOrigin): Promise<Tour> {
    checkPlaceAndMoney(input);
    if (input.maxPax != null && input.maxPax < (input.minPax ?? 1)) throw httpErrors.validation({ maxPax: 'must be at least the minimum' });
    const infantAgeUnder = input.infantAgeUnder ?? DEFAULT_AGE_BANDS.infantAgeUnder;
    const childAgeUnder = input.childAgeUnder ?? DEFAULT_AGE_BANDS.childAgeUnder;
    checkAgeBands(infantAgeUnder, childAgeUnder);
    const at = new Date(this.now());
    const id = randomUUID();
    try {
      return await this.db.transaction().execute(async (trx) => {
        await trx
          .insertInto('tours')
          .values({
            id,
            code: input.code,
            title: input.title.trim(),
            summary: input.summary?.trim() ?? '',
            description: sanitizeRichText(input.description ?? ''),
            status: input.status ?? 'draft',
            time_zone: input.timeZone,
            currency: input.currency,
            duration_days: input.durationDays,
            min_pax: input.minPax ?? 1,
            max_pax: input.maxPax ?? null,
            booking_cutoff_hours: input.bookingCutoffHours ?? 0,
            cancellation_cutoff_hours: input.cancellationCutoffHours ?? TOUR_RULES.cancellationCutoffHours.default,
            deposit_percent: input.depositPercent ?? null,
            balance_due_days: input.balanceDueDays ?? TOUR_RULES.balanceDueDays.default,
            cancellation_fees: JSON.stringify(cancellationTiers(input.cancellationFees ?? [])),
            infant_age_under: infantAgeUnder,
            child_age_under: childAgeUnder,
            price_adult_minor: input.prices.ADULT,
            price_child_minor: input.prices.CHILD,
            price_infant_minor: input.prices.INFANT,
            single_supplement_minor: input.singleSupplementMinor ?? null,
            bookable_online: input.bookableOnline ?? false,
            self_service: JSON.stringify(input.selfService ?? DEFAULT_SELF_SERVICE),
            created_at: at,
            updated_at: at,
          })
          .execute();
        await this.record(trx, origin, 'tour.created', id, { code: input.code, title: input.title.trim() });
        return (await this.get(id, trx))!;
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw httpErrors.conflict(`A tour with the code ${input.code} exists already.`);
      throw error;
    }
  }

  async update(id: string, patch: TourPatch, origin: RequestOrigin): Promise<Tour> {
    checkPlaceAndMoney(patch);
    try {
      return await this.db.transaction().execute(async (trx) => {
        const current = await lockTour(trx, id);
        const minPax = patch.minPax ?? current.min_pax;
        const maxPax = patch.maxPax === undefined ? current.max_pax : patch.maxPax;
        if (maxPax !== null && maxPax < minPax) throw httpErrors.validation({ maxPax: 'must be at least the minimum' });
        checkAgeBands(patch.infantAgeUnder ?? current.infant_age_under, patch.childAgeUnder ?? current.child_age_under);
        // Departures were entered as local times in this zone: moving the zone would move them all.
        if (patch.timeZone !== undefined && patch.timeZone !== current.time_zone && (await this.usage.hasDepartures(trx, id))) {
          throw httpErrors.conflict('This tour has departures, entered in its time zone: the zone cannot change.');
        }
        if (patch.durationDays !== undefined && patch.durationDays < current.duration_days) {
          const lastDayUsed = await lastDayInUse(trx, id);
          if (lastDayUsed > patch.durationDays) {
            throw httpErrors.conflict(`Day ${lastDayUsed} is still used by a component or the itinerary: shorten those first, then the tour.`);
          }
        }
        await trx
          .updateTable('tours')
          .set({
            ...(patch.code !== undefined && { code: patch.code }),
            ...(patch.title !== undefined && { title: patch.title.trim() }),
            ...(patch.summary !== undefined && { summary: patch.summary.trim() }),
            ...(patch.description !== undefined && { description: sanitizeRichText(patch.description) }),
            ...(patch.status !== undefined && { status: patch.status }),
            ...(patch.timeZone !== undefined && { time_zone: patch.timeZone }),
            ...(patch.currency !== undefined && { currency: patch.currency }),
            ...(patch.durationDays !== undefined && { duration_days: patch.durationDays }),
            ...(patch.minPax !== undefined && { min_pax: patch.minPax }),
            ...(patch.maxPax !== undefined && { max_pax: patch.maxPax }),
            ...(patch.bookingCutoffHours !== undefined && { booking_cutoff_hours: patch.bookingCutoffHours }),
            ...(patch.cancellationCutoffHours !== undefined && { cancellation_cutoff_hours: patch.cancellationCutoffHours }),
            ...(patch.depositPercent !== undefined && { deposit_percent: patch.depositPercent }),
            ...(patch.balanceDueDays !== undefined && { balance_due_days: patch.balanceDueDays }),
            ...(patch.cancellationFees !== undefined && { cancellation_fees: JSON.stringify(cancellationTiers(patch.cancellationFees)) }),
            ...(patch.infantAgeUnder !== undefined && { infant_age_under: patch.infantAgeUnder }),
            ...(patch.childAgeUnder !== undefined && { child_age_under: patch.childAgeUnder }),
            ...(patch.prices !== undefined && {
              price_adult_minor: patch.prices.ADULT,
              price_child_minor: patch.prices.CHILD,
              price_infant_minor: patch.prices.INFANT,
            }),
            ...(patch.singleSupplementMinor !== undefined && { single_supplement_minor: patch.singleSupplementMinor }),
            ...(patch.bookableOnline !== undefined && { bookable_online: patch.bookableOnline }),
            ...(patch.selfService !== undefined && { self_service: JSON.stringify(patch.selfService) }),
            updated_at: new Date(this.now()),
          })
          .where('id', '=', id)
          .execute();
        // The description's text is in the tour; the entry says that it changed.
        const { description, ...recorded } = patch;
        await this.record(trx, origin, 'tour.updated', id, { code: patch.code ?? current.code, ...recorded, ...(description !== undefined && { description: 'changed' }) });
        return (await this.get(id, trx))!;
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw httpErrors.conflict(`A tour with the code ${patch.code} exists already.`);
      throw error;
    }
  }

  /** A tour goes with its components, days and pictures; one with departures is kept (history): archive it instead. */
  async delete(id: string, origin: RequestOrigin): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      const current = await lockTour(trx, id);
      if (await this.usage.hasDepartures(trx, id)) throw httpErrors.conflict('This tour has departures: archive it instead.');
      await trx.deleteFrom('tours').where('id', '=', id).execute();
      await this.record(trx, origin, 'tour.deleted', id, { code: current.code, title: current.title });
    });
  }

  // Components ------------------------------------------------------------------------------

  async components(tourId: string): Promise<TourComponent[]> {
    await this.mustExist(tourId);
    const rows = await this.db.selectFrom('tour_components').selectAll().where('tour_id', '=', tourId).orderBy('position').orderBy('id').execute();
    return rows.map(toComponent);
  }

  async addComponent(tourId: string, input: NewComponent, origin: RequestOrigin): Promise<TourComponent> {
    return this.db.transaction().execute(async (trx) => {
      const tour = await lockTour(trx, tourId);
      const component = { supplier: '', notes: '', priceMinor: null, costMinor: null, costBasis: 'per_traveller' as const, ...input };
      checkComponent(component, tour.duration_days);
      const last = await trx.selectFrom('tour_components').select(sql<number | null>`max(position)`.as('position')).where('tour_id', '=', tourId).executeTakeFirst();
      const id = randomUUID();
      await trx
        .insertInto('tour_components')
        .values({
          id,
          tour_id: tourId,
          kind: component.kind,
          name: component.name.trim(),
          supplier: component.supplier.trim(),
          day_from: component.dayFrom,
          day_to: component.dayTo,
          inclusion: component.inclusion,
          price_minor: component.priceMinor,
          cost_minor: component.costMinor,
          cost_basis: component.costBasis,
          notes: component.notes.trim(),
          position: (last?.position ?? -1) + 1,
        })
        .execute();
      await this.touch(trx, tourId);
      await this.record(trx, origin, 'tour.component_added', tourId, { code: tour.code, componentId: id, name: component.name.trim(), kind: component.kind });
      return toComponent(await trx.selectFrom('tour_components').selectAll().where('id', '=', id).executeTakeFirstOrThrow());
    });
  }

  async updateComponent(tourId: string, componentId: string, patch: ComponentPatch, origin: RequestOrigin): Promise<TourComponent> {
    return this.db.transaction().execute(async (trx) => {
      const tour = await lockTour(trx, tourId);
      const current = await trx.selectFrom('tour_components').selectAll().where('id', '=', componentId).where('tour_id', '=', tourId).executeTakeFirst();
      if (!current) throw httpErrors.notFound('No component with this id in this tour.');
      const { position, ...fields } = patch;
      const next = { ...toComponent(current), ...fields };
      checkComponent(next, tour.duration_days);
      await trx
        .updateTable('tour_components')
        .set({
          kind: next.kind,
          name: next.name.trim(),
          supplier: next.supplier.trim(),
          day_from: next.dayFrom,
          day_to: next.dayTo,
          inclusion: next.inclusion,
          price_minor: next.priceMinor,
          cost_minor: next.costMinor,
          cost_basis: next.costBasis,
          notes: next.notes.trim(),
        })
        .where('id', '=', componentId)
        .execute();
      if (position !== undefined) await moveComponent(trx, tourId, componentId, position);
      await this.touch(trx, tourId);
      await this.record(trx, origin, 'tour.component_updated', tourId, { code: tour.code, componentId, ...patch });
      return toComponent(await trx.selectFrom('tour_components').selectAll().where('id', '=', componentId).executeTakeFirstOrThrow());
    });
  }

  /** The component goes, and with it its place on the itinerary's days; not one a booking took as an extra (409: history is kept). */
  async removeComponent(tourId: string, componentId: string, origin: RequestOrigin): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      const tour = await lockTour(trx, tourId);
      if (await this.usage.componentSold(trx, componentId)) {
        throw httpErrors.conflict('A booking took this component as an extra: it cannot be deleted. Make it included or leave it unused instead.');
      }
      const removed = await trx.deleteFrom('tour_components').where('id', '=', componentId).where('tour_id', '=', tourId).returning('name').executeTakeFirst();
      if (!removed) throw httpErrors.notFound('No component with this id in this tour.');
      await trx
        .updateTable('tour_days')
        .set({ component_ids: sql`array_remove(component_ids, ${componentId}::uuid)` })
        .where('tour_id', '=', tourId)
        .where(sql<boolean>`${componentId}::uuid = any(component_ids)`)
        .execute();
      await writePositions(trx, await componentOrder(trx, tourId));
      await this.touch(trx, tourId);
      await this.record(trx, origin, 'tour.component_removed', tourId, { code: tour.code, componentId, name: removed.name });
    });
  }

  // Itinerary -------------------------------------------------------------------------------

  async itinerary(tourId: string): Promise<ItineraryDay[]> {
    await this.mustExist(tourId);
    const rows = await this.db.selectFrom('tour_days').selectAll().where('tour_id', '=', tourId).orderBy('day_number').execute();
    return rows.map(toDay);
  }

  async saveDay(tourId: string, dayNumber: number, input: DayInput, origin: RequestOrigin): Promise<ItineraryDay> {
    return this.db.transaction().execute(async (trx) => {
      const tour = await lockTour(trx, tourId);
      if (dayNumber > tour.duration_days) throw httpErrors.validation({ dayNumber: `must be between 1 and the tour's ${tour.duration_days} days` });
      const componentIds = [...new Set(input.componentIds ?? [])];
      if (componentIds.length > 0) {
        const found = await trx.selectFrom('tour_components').select('id').where('tour_id', '=', tourId).where('id', 'in', componentIds).execute();
        if (found.length !== componentIds.length) throw httpErrors.validation({ componentIds: 'must be components of this tour' });
      }
      const values = {
        title: input.title.trim(),
        description: sanitizeRichText(input.description ?? ''),
        overnight: input.overnight?.trim() ?? '',
        breakfast: input.meals?.breakfast ?? false,
        lunch: input.meals?.lunch ?? false,
        dinner: input.meals?.dinner ?? false,
        component_ids: componentIds,
      };
      await trx
        .insertInto('tour_days')
        .values({ tour_id: tourId, day_number: dayNumber, ...values })
        .onConflict((oc) => oc.columns(['tour_id', 'day_number']).doUpdateSet(values))
        .execute();
      await this.touch(trx, tourId);
      await this.record(trx, origin, 'tour.day_saved', tourId, { code: tour.code, dayNumber, title: values.title });
      return toDay(await trx.selectFrom('tour_days').selectAll().where('tour_id', '=', tourId).where('day_number', '=', dayNumber).executeTakeFirstOrThrow());
    });
  }

  async removeDay(tourId: string, dayNumber: number, origin: RequestOrigin): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      const tour = await lockTour(trx, tourId);
      const removed = await trx.deleteFrom('tour_days').where('tour_id', '=', tourId).where('day_number', '=', dayNumber).returning('title').executeTakeFirst();
      if (!removed) throw httpErrors.notFound('No itinerary day with this number.');
      await this.touch(trx, tourId);
      await this.record(trx, origin, 'tour.day_removed', tourId, { code: tour.code, dayNumber, title: removed.title });
    });
  }

  /**
   * Renumbers the days in the order given: a permutation of the existing day numbers. The days
   * keep the set of numbers they had; the first one listed takes the lowest of them, and so on.
   */
  async reorderDays(tourId: string, order: number[], origin: RequestOrigin): Promise<ItineraryDay[]> {
    return this.db.transaction().execute(async (trx) => {
      const tour = await lockTour(trx, tourId);
      const existing = (await trx.selectFrom('tour_days').select('day_number').where('tour_id', '=', tourId).orderBy('day_number').execute()).map((row) => row.day_number);
      const isPermutation = order.length === existing.length && new Set(order).size === order.length && order.every((day) => existing.includes(day));
      if (!isPermutation) {
        throw httpErrors.validation(
          { order: `must list each existing day once: ${existing.join(', ') || 'there are no days'}` },
          'The itinerary has changed since it was shown: nothing was moved. Look at it again and move the day once more.',
        );
      }
      // Through numbers above any real day, so no two days ever hold the same number on the way.
      const parked = (index: number) => PARKED_DAY + index;
      for (const [index, day] of order.entries()) {
        await trx.updateTable('tour_days').set({ day_number: parked(index) }).where('tour_id', '=', tourId).where('day_number', '=', day).execute();
      }
      for (const [index, day] of existing.entries()) {
        await trx.updateTable('tour_days').set({ day_number: day }).where('tour_id', '=', tourId).where('day_number', '=', parked(index)).execute();
      }
      await this.touch(trx, tourId);
      await this.record(trx, origin, 'tour.itinerary_reordered', tourId, { code: tour.code, order });
      const rows = await trx.selectFrom('tour_days').selectAll().where('tour_id', '=', tourId).orderBy('day_number').execute();
      return rows.map(toDay);
    });
  }

  // -----------------------------------------------------------------------------------------

  private async mustExist(tourId: string): Promise<void> {
    const found = await this.db.selectFrom('tours').select('id').where('id', '=', tourId).executeTakeFirst();
    if (!found) throw httpErrors.notFound(NO_TOUR);
  }

  private async touch(trx: Kysely<Database>, tourId: string): Promise<void> {
    await trx.updateTable('tours').set({ updated_at: new Date(this.now()) }).where('id', '=', tourId).execute();
  }

  private async record(trx: Kysely<Database>, origin: RequestOrigin, action: Parameters<AuditLog['record']>[0]['action'], tourId: string, details: Record<string, unknown>) {
    await this.audit.record({ action, ...auditOrigin(origin), targetType: 'tour', targetId: tourId, details }, trx);
  }
}

/**
 * A tour's columns, its cover picture's token, how many departures it has (a kept count) and the
 * next one that is not cancelled (from the departures' (tour, start) index).
 */
function tourColumns<DB extends Database & { t: ToursTable }, QB extends SelectQueryBuilder<DB, 't', object>>(rows: QB, now: Date) {
  return rows
    .selectAll('t')
    .select([
      sql<string | null>`(select m.token from tour_media m where m.id = t.cover_media_id)`.as('cover_token'),
      sql<string | number | null>`(select c.count from row_counts c where c.name = 'departures:tour:' || t.id::text)`.as('departure_count'),
      sql<Date | null>`(select min(d.starts_at) from departures d where d.tour_id = t.id and d.starts_at > ${now} and d.status <> 'cancelled')`.as('next_departure_at'),
    ]);
}

/** The tour's row, locked until the transaction ends; 404 when there is none. */
async function lockTour(trx: Kysely<Database>, id: string): Promise<TourRow> {
  const row = await trx.selectFrom('tours').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
  if (!row) throw httpErrors.notFound(NO_TOUR);
  return row;
}

async function lastDayInUse(trx: Kysely<Database>, tourId: string): Promise<number> {
  const row = await trx
    .selectFrom('tours as t')
    .select([
      sql<number>`greatest(
        coalesce((select max(c.day_to) from tour_components c where c.tour_id = t.id), 0),
        coalesce((select max(d.day_number) from tour_days d where d.tour_id = t.id), 0))`.as('last'),
    ])
    .where('t.id', '=', tourId)
    .executeTakeFirstOrThrow();
  return Number(row.last);
}

/** The tour's component ids in their order. */
async function componentOrder(trx: Kysely<Database>, tourId: string): Promise<string[]> {
  return (await trx.selectFrom('tour_components').select('id').where('tour_id', '=', tourId).orderBy('position').orderBy('id').execute()).map((row) => row.id);
}

/** Positions 0…n−1 in the given order. */
async function writePositions(trx: Kysely<Database>, ids: string[]): Promise<void> {
  for (const [index, id] of ids.entries()) await trx.updateTable('tour_components').set({ position: index }).where('id', '=', id).execute();
}

/** Moves a component to `position` (clamped), shifting the others. */
async function moveComponent(trx: Kysely<Database>, tourId: string, componentId: string, position: number): Promise<void> {
  const rest = (await componentOrder(trx, tourId)).filter((id) => id !== componentId);
  rest.splice(Math.min(position, rest.length), 0, componentId);
  await writePositions(trx, rest);
}

/** What no schema can say: a zone and a currency the runtime knows. */
function checkPlaceAndMoney(input: { timeZone?: string; currency?: string }): void {
  const problems: Record<string, string> = {};
  if (input.timeZone !== undefined && !isKnownTimeZone(input.timeZone)) problems.timeZone = 'must be an IANA time zone such as Europe/Berlin';
  if (input.currency !== undefined && !isKnownCurrency(input.currency)) problems.currency = 'must be an ISO 4217 currency code such as EUR';
  if (Object.keys(problems).length > 0) throw httpErrors.validation(problems);
}

function checkComponent(component: { dayFrom: number; dayTo: number; inclusion: string; priceMinor: number | null }, durationDays: number): void {
  const problems: Record<string, string> = {};
  if (component.dayFrom > durationDays) problems.dayFrom = `must be within the tour's ${durationDays} days`;
  if (component.dayTo > durationDays) problems.dayTo = `must be within the tour's ${durationDays} days`;
  else if (component.dayTo < component.dayFrom) problems.dayTo = 'must not be before the first day';
  if (component.inclusion === 'optional' && component.priceMinor === null) problems.priceMinor = 'is required for an optional extra';
  if (Object.keys(problems).length > 0) throw httpErrors.validation(problems);
}

/** A tour's cancellation tiers as kept: each number of days once (400 otherwise), most days first. */
function cancellationTiers(tiers: CancellationFee[]): CancellationFee[] {
  const seen = new Set<number>();
  tiers.forEach((tier, index) => {
    if (seen.has(tier.daysBefore)) throw httpErrors.validation({ [`cancellationFees.${index}.daysBefore`]: `is given twice (${tier.daysBefore} days)` });
    seen.add(tier.daysBefore);
  });
  return [...tiers].sort((a, b) => b.daysBefore - a.daysBefore).map(({ daysBefore, percent }) => ({ daysBefore, percent }));
}

/** Infants are younger than children: the child band starts where the infant band ends. */
function checkAgeBands(infantAgeUnder: number, childAgeUnder: number): void {
  if (childAgeUnder <= infantAgeUnder) throw httpErrors.validation({ childAgeUnder: `must be above the infants' age (${infantAgeUnder})` });
}

function toTour(row: TourAnswerRow): Tour {
  return {
    id: row.id,
    code: row.code,
    title: row.title,
    summary: row.summary,
    description: row.description,
    status: row.status,
    timeZone: row.time_zone,
    currency: row.currency,
    durationDays: row.duration_days,
    minPax: row.min_pax,
    maxPax: row.max_pax,
    bookingCutoffHours: row.booking_cutoff_hours,
    cancellationCutoffHours: row.cancellation_cutoff_hours,
    depositPercent: row.deposit_percent,
    balanceDueDays: row.balance_due_days,
    cancellationFees: fromJson(row.cancellation_fees),
    infantAgeUnder: row.infant_age_under,
    childAgeUnder: row.child_age_under,
    prices: { ADULT: toMoney(row.price_adult_minor), CHILD: toMoney(row.price_child_minor), INFANT: toMoney(row.price_infant_minor) },
    singleSupplementMinor: toMoney(row.single_supplement_minor),
    bookableOnline: row.bookable_online,
    selfService: { ...DEFAULT_SELF_SERVICE, ...fromJson(row.self_service) },
    coverMediaId: row.cover_media_id,
    coverUrls: row.cover_token === null ? null : mediaUrls(row.cover_token),
    departureCount: Number(row.departure_count ?? 0),
    nextDepartureAt: row.next_departure_at === null ? null : new Date(row.next_departure_at).toISOString(),
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  };
}

function toComponent(row: ComponentRow): TourComponent {
  return {
    id: row.id,
    tourId: row.tour_id,
    kind: row.kind,
    name: row.name,
    supplier: row.supplier,
    dayFrom: row.day_from,
    dayTo: row.day_to,
    inclusion: row.inclusion,
    priceMinor: toMoney(row.price_minor),
    costMinor: toMoney(row.cost_minor),
    costBasis: row.cost_basis,
    notes: row.notes,
    position: row.position,
  };
}

function toDay(row: Selectable<Database['tour_days']>): ItineraryDay {
  return {
    dayNumber: row.day_number,
    title: row.title,
    description: row.description,
    overnight: row.overnight,
    meals: { breakfast: row.breakfast, lunch: row.lunch, dinner: row.dinner },
    componentIds: row.component_ids,
  };
}
