/**
 * Resources (guides, drivers, vehicles, others) and their assignments to departures. Every change
 * is audited in its transaction. Resources are never deleted: an inactive one cannot be assigned,
 * and its assignments stay. An assignment covers the departure's local days from dayFrom to dayTo
 * in the tour's zone. Two assignments of one resource whose hours overlap are never both made: each
 * assignment locks the resource's row and looks for an overlap before it writes, and the database's
 * exclusion constraint (migration 0029, where btree_gist could be created) refuses one besides, so
 * two clerks on two servers cannot both succeed.
 */
import { randomUUID } from 'node:crypto';
import { sql, type Expression, type Kysely, type RawBuilder, type SelectQueryBuilder, type SqlBool } from 'kysely';
import type {
  Assignment,
  AssignmentWarning,
  CreatedAssignment,
  NewAssignment,
  NewResource,
  NewUnavailability,
  Resource,
  ResourceBusy,
  ResourceListItem,
  ResourceListQuery,
  ResourcePatch,
  ScheduleEntry,
  Unavailability,
} from '../../shared/contract/resources.js';
import { RESOURCE_RULES } from '../../shared/contract/resource-rules.js';
import { addDays, daysBetween } from '../../shared/local-time.js';
import { auditOrigin, type AuditLog, type RequestOrigin } from '../audit/audit-log.js';
import { foldedContains, listPage, refuseBadDateFilters } from '../db/query-helpers.js';
import type { Database } from '../db/schema.js';
import { AppError, httpErrors } from '../http/errors.js';
import type { ResourcesTable } from './tables.js';

const NO_RESOURCE = 'No resource with this id.';
const NO_DEPARTURE = 'No departure with this id.';
/** The longest schedule one request reads. */
const SCHEDULE_MAX_DAYS = 400;

const SORT_COLUMNS = { name: sql`lower(r.name)`, kind: sql.ref('r.kind') } as const;

type Conflict = { departureId: string; tourTitle: string; startDate: string };

/** A resource already busy on those days: 409 RESOURCE_CONFLICT, naming where it is. */
export function resourceConflict(conflicts: Conflict[]): AppError {
  const where = conflicts.map((conflict) => `${conflict.tourTitle} on ${conflict.startDate}`).join(', ');
  return new AppError(409, 'RESOURCE_CONFLICT', conflicts.length > 0 ? `This resource is busy on those days: ${where}.` : 'This resource is busy on those days.', undefined, undefined, { conflicts });
}

/** Days off on the days asked for: 409 naming whose and when in its message (no departure is in the way: `conflicts` is empty). */
export function daysOffConflict(daysOff: { name: string; from: string; to: string; reason: string }[]): AppError {
  const when = daysOff.map((off) => `${off.name}, ${off.from === off.to ? off.from : `${off.from} to ${off.to}`}${off.reason ? ` (${off.reason})` : ''}`).join('; ');
  return new AppError(409, 'RESOURCE_CONFLICT', `Days off on those days: ${when}.`, undefined, undefined, { conflicts: [] });
}

/** The database's exclusion constraint refused an overlap (SQLSTATE 23P01). */
export function isOverlap(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '23P01';
}

export class ResourcesRepository {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly now: () => number,
    private readonly audit: AuditLog,
  ) {}

  async list(query: ResourceListQuery): Promise<{ data: ResourceListItem[]; total: number }> {
    const page = await this.page(query);
    if (query.busyFor === undefined) return page;
    // What keeps each resource of the page from that departure's days: two queries for the page, none per row.
    const ids = page.data.map((resource) => resource.id);
    const busy = await this.busyFor(query.busyFor, ids);
    return { ...page, data: page.data.map((resource) => ({ ...resource, busy: busy.get(resource.id) ?? [] })) };
  }

  /** For the departure's days: each resource's other departures on the same hours and its days off. */
  private async busyFor(departureId: string, ids: string[]): Promise<Map<string, ResourceBusy[]>> {
    const byResource = new Map<string, ResourceBusy[]>();
    if (ids.length === 0) return byResource;
    const add = (id: string, entry: ResourceBusy) => byResource.set(id, [...(byResource.get(id) ?? []), entry]);
    const others = await this.db
      .selectFrom('departures as d')
      .innerJoin('tours as t', 't.id', 'd.tour_id')
      .innerJoin('assignments as other', (join) =>
        join
          .on('other.resource_id', 'in', ids)
          .on('other.ended_at', 'is', null)
          .onRef('other.departure_id', '<>', 'd.id')
          .on(sql<SqlBool>`other.span && ${localDaysSpan(sql`d.start_date`, 1, sql`t.duration_days`)}`),
      )
      .innerJoin('departures as od', 'od.id', 'other.departure_id')
      .innerJoin('tours as ot', 'ot.id', 'od.tour_id')
      .select(['other.resource_id as resourceId', 'od.id as departureId', 'ot.title as tourTitle', sql<string>`od.start_date::text`.as('startDate')])
      .where('d.id', '=', departureId)
      .orderBy('od.start_date')
      .execute();
    for (const row of others) add(row.resourceId, { kind: 'departure', departureId: row.departureId, tourTitle: row.tourTitle, startDate: row.startDate });
    const off = await this.db
      .selectFrom('departures as d')
      .innerJoin('tours as t', 't.id', 'd.tour_id')
      .innerJoin('resource_unavailability as u', (join) =>
        join.on('u.resource_id', 'in', ids).on(sql<SqlBool>`u.from_date <= d.start_date + (t.duration_days - 1) and u.to_date >= d.start_date`),
      )
      .select(['u.resource_id as resourceId', sql<string>`u.from_date::text`.as('from'), sql<string>`u.to_date::text`.as('to'), 'u.reason'])
      .where('d.id', '=', departureId)
      .orderBy('u.from_date')
      .execute();
    for (const row of off) add(row.resourceId, { kind: 'off', from: row.from, to: row.to, reason: row.reason });
    return byResource;
  }

  private async page(query: ResourceListQuery): Promise<{ data: Resource[]; total: number }> {
    const filtered = this.db.selectFrom('resources as r').where((eb) => {
      const conditions: Expression<SqlBool>[] = [];
      if (query.kind !== undefined) conditions.push(eb('r.kind', '=', query.kind));
      if (query.active !== undefined) conditions.push(eb('r.active', '=', query.active));
      const q = query.q?.trim().toLowerCase();
      if (q) conditions.push(eb('r.search_text', 'like', foldedContains(q)));
      return eb.and(conditions);
    });
    return listPage(filtered, {
      select: (rows) => resourceColumns(rows),
      orderBy: [SORT_COLUMNS[query.sort ?? 'name'], sql.ref('r.id')],
      query,
      keptTotal: null,
      toAnswer: toResource,
    });
  }

  async get(id: string, db: Kysely<Database> = this.db): Promise<Resource | null> {
    const row = await resourceColumns(db.selectFrom('resources as r')).where('r.id', '=', id).executeTakeFirst();
    return row ? toResource(row) : null;
  }

  async create(input: NewResource, origin: RequestOrigin): Promise<Resource> {
    const seats = input.seats ?? null;
    checkSeats(input.kind, seats);
    const id = randomUUID();
    const at = new Date(this.now());
    return this.db.transaction().execute(async (trx) => {
      await this.checkUser(trx, input.userId ?? null);
      await trx
        .insertInto('resources')
        .values({
          id,
          kind: input.kind,
          name: input.name.trim(),
          languages: normalLanguages(input.languages ?? []),
          seats,
          phone: input.phone?.trim() || null,
          email: input.email?.trim() || null,
          user_id: input.userId ?? null,
          active: input.active ?? true,
          notes: input.notes?.trim() ?? '',
          created_at: at,
          updated_at: at,
        })
        .execute();
      await this.record(trx, origin, 'resource.created', id, { name: input.name.trim(), kind: input.kind });
      return (await this.get(id, trx))!;
    });
  }

  async update(id: string, patch: ResourcePatch, origin: RequestOrigin): Promise<Resource> {
    return this.db.transaction().execute(async (trx) => {
      const before = await trx.selectFrom('resources').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
      if (!before) throw httpErrors.notFound(NO_RESOURCE);
      const kind = patch.kind ?? before.kind;
      // A vehicle made something else loses its seats; anything made a vehicle must be given them.
      const seats = patch.seats !== undefined ? patch.seats : kind === 'vehicle' ? before.seats : null;
      checkSeats(kind, seats);
      if (patch.userId !== undefined) await this.checkUser(trx, patch.userId);
      await trx
        .updateTable('resources')
        .set({
          ...(patch.kind !== undefined && { kind: patch.kind }),
          ...(patch.name !== undefined && { name: patch.name.trim() }),
          ...(patch.languages !== undefined && { languages: normalLanguages(patch.languages) }),
          seats,
          ...(patch.phone !== undefined && { phone: patch.phone?.trim() || null }),
          ...(patch.email !== undefined && { email: patch.email?.trim() || null }),
          ...(patch.userId !== undefined && { user_id: patch.userId }),
          ...(patch.active !== undefined && { active: patch.active }),
          ...(patch.notes !== undefined && { notes: patch.notes.trim() }),
          updated_at: new Date(this.now()),
        })
        .where('id', '=', id)
        .execute();
      await this.record(trx, origin, 'resource.updated', id, { name: patch.name?.trim() ?? before.name, fields: Object.keys(patch) });
      return (await this.get(id, trx))!;
    });
  }

  /** The assignments of these departures (ended ones too, last), by departure. */
  async assignmentsOf(db: Kysely<Database>, departureIds: string[]): Promise<Map<string, Assignment[]>> {
    const byDeparture = new Map<string, Assignment[]>();
    if (departureIds.length === 0) return byDeparture;
    const rows = await assignmentColumns(db.selectFrom('assignments as a').innerJoin('resources as r', 'r.id', 'a.resource_id'))
      .where('a.departure_id', 'in', departureIds)
      .orderBy(sql`a.ended_at is not null`)
      .orderBy('r.kind')
      .orderBy('a.day_from')
      .orderBy(sql`lower(r.name)`)
      .orderBy('a.id')
      .execute();
    for (const row of rows) byDeparture.set(row.departure_id, [...(byDeparture.get(row.departure_id) ?? []), toAssignment(row)]);
    return byDeparture;
  }

  /** A departure's assignments and what staff should know of them (a vehicle too small for the seats taken); null: no such departure. */
  async ofDeparture(departureId: string): Promise<{ data: Assignment[]; warnings: AssignmentWarning[] } | null> {
    const departure = await this.departureFacts(this.db, departureId);
    if (!departure) return null;
    const data = (await this.assignmentsOf(this.db, [departureId])).get(departureId) ?? [];
    return { data, warnings: await this.warnings(this.db, departureId, departure.seats_taken) };
  }

  /**
   * Assigns a resource to a departure for its days dayFrom to dayTo (default: all of them). 404 for
   * a departure or resource that is not there, 409 for a cancelled departure or an inactive
   * resource, RESOURCE_CONFLICT when the resource is busy on any of those hours. A vehicle with
   * fewer seats than the departure's seats taken is assigned with a warning.
   */
  async assign(departureId: string, input: NewAssignment, origin: RequestOrigin): Promise<CreatedAssignment> {
    const id = randomUUID();
    const at = new Date(this.now());
    try {
      return await this.db.transaction().execute(async (trx) => {
        const departure = await this.departureFacts(trx, departureId);
        if (!departure) throw httpErrors.notFound(NO_DEPARTURE);
        if (departure.status === 'cancelled') throw httpErrors.conflict('This departure is cancelled: nobody can be assigned to it.');
        const dayFrom = input.dayFrom ?? 1;
        const dayTo = input.dayTo ?? departure.duration_days;
        const problems: Record<string, string> = {};
        if (dayTo > departure.duration_days) problems.dayTo = `must be at most ${departure.duration_days}, the tour’s last day`;
        if (dayFrom > dayTo) problems.dayFrom = 'must not be after dayTo';
        if (dayFrom > departure.duration_days) problems.dayFrom = `must be at most ${departure.duration_days}, the tour’s last day`;
        if (Object.keys(problems).length > 0) throw httpErrors.validation(problems);
        // The resource's row locked: two assignments of it, here or on another server, are made one after the other.
        const resource = await trx.selectFrom('resources').select(['id', 'name', 'kind', 'active', 'seats']).where('id', '=', input.resourceId).forUpdate().executeTakeFirst();
        if (!resource) throw httpErrors.notFound(NO_RESOURCE);
        if (!resource.active) throw httpErrors.conflict(`${resource.name} is inactive: make the resource active to assign it.`);
        const busy = await this.conflictsOf(trx, input.resourceId, departureId, dayFrom, dayTo);
        if (busy.length > 0) throw resourceConflict(busy);
        const daysOff = await this.daysOffOn(trx, input.resourceId, sql`d.start_date + ${dayFrom - 1}::int`, sql`d.start_date + ${dayTo - 1}::int`, departureId);
        if (daysOff.length > 0) throw daysOffConflict(daysOff.map((off) => ({ ...off, name: resource.name })));
        await trx
          .insertInto('assignments')
          .columns(['id', 'departure_id', 'resource_id', 'day_from', 'day_to', 'role', 'from_date', 'to_date', 'span', 'created_at', 'created_by'])
          .expression((eb) =>
            eb
              .selectFrom('departures as d')
              .innerJoin('tours as t', 't.id', 'd.tour_id')
              .select([
                sql.lit(id).as('id'),
                'd.id',
                sql`${input.resourceId}::uuid`.as('resource_id'),
                sql`${dayFrom}::smallint`.as('day_from'),
                sql`${dayTo}::smallint`.as('day_to'),
                sql`${input.role?.trim() ?? ''}`.as('role'),
                sql`d.start_date + ${dayFrom - 1}::int`.as('from_date'),
                sql`d.start_date + ${dayTo - 1}::int`.as('to_date'),
                localDaysSpan(sql`d.start_date`, dayFrom, dayTo).as('span'),
                sql`${at}::timestamptz`.as('created_at'),
                sql`${origin.actorId}::uuid`.as('created_by'),
              ])
              .where('d.id', '=', departureId),
          )
          .execute();
        await this.record(trx, origin, 'assignment.created', resource.id, { departureId, assignmentId: id, dayFrom, dayTo, name: resource.name });
        const assignment = (await this.assignmentsOf(trx, [departureId])).get(departureId)!.find((one) => one.id === id)!;
        const warnings: AssignmentWarning[] = resource.kind === 'vehicle' && resource.seats !== null && resource.seats < departure.seats_taken ? ['VEHICLE_TOO_SMALL'] : [];
        return { ...assignment, warnings };
      });
    } catch (error) {
      if (isOverlap(error)) throw resourceConflict(await this.conflictsOf(this.db, input.resourceId, departureId, input.dayFrom ?? 1, input.dayTo ?? null));
      throw error;
    }
  }

  /** Takes a resource off a departure (the assignment is deleted; the audit log keeps that it was there). */
  async unassign(departureId: string, assignmentId: string, origin: RequestOrigin): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      const row = await trx
        .deleteFrom('assignments')
        .where('id', '=', assignmentId)
        .where('departure_id', '=', departureId)
        .returning(['resource_id', 'day_from', 'day_to'])
        .executeTakeFirst();
      if (!row) throw httpErrors.notFound('No assignment with this id on this departure.');
      await this.record(trx, origin, 'assignment.deleted', row.resource_id, { departureId, assignmentId, dayFrom: row.day_from, dayTo: row.day_to });
    });
  }

  /** A resource's assignments whose days meet `from` to `to` (local dates), in date order; null: no such resource. */
  async schedule(resourceId: string, range: { from?: string; to?: string }, today: string): Promise<{ from: string; to: string; data: ScheduleEntry[] } | null> {
    refuseBadDateFilters(range);
    const from = range.from ?? today;
    const to = range.to ?? addDays(from, 90);
    if (to < from) throw httpErrors.validation({ to: 'must not be before from' });
    if (daysBetween(from, to) > SCHEDULE_MAX_DAYS) throw httpErrors.validation({ to: `must be at most ${SCHEDULE_MAX_DAYS} days after from` });
    if (!(await this.db.selectFrom('resources').select('id').where('id', '=', resourceId).executeTakeFirst())) return null;
    const rows = await assignmentColumns(
      this.db
        .selectFrom('assignments as a')
        .innerJoin('resources as r', 'r.id', 'a.resource_id')
        .innerJoin('departures as d', 'd.id', 'a.departure_id')
        .innerJoin('tours as t', 't.id', 'd.tour_id'),
    )
      .select([
        't.id as tour_id',
        't.code as tour_code',
        't.title as tour_title',
        't.time_zone',
        'd.status as departure_status',
        sql<string>`d.start_date::text`.as('start_date'),
        'd.start_time',
      ])
      .where('a.resource_id', '=', resourceId)
      // Assignments are a few days long: those starting up to 400 days before `from` may still run into it.
      .where('a.from_date', '>=', sql<string>`${from}::date - ${SCHEDULE_MAX_DAYS}::int`)
      .where('a.from_date', '<=', sql<string>`${to}::date`)
      .where('a.to_date', '>=', sql<string>`${from}::date`)
      .orderBy('a.from_date')
      .orderBy('d.start_time')
      .orderBy('a.id')
      .execute();
    return {
      from,
      to,
      data: rows.map((row) => ({
        ...toAssignment(row),
        tourId: row.tour_id,
        tourCode: row.tour_code,
        tourTitle: row.tour_title,
        timeZone: row.time_zone,
        departureStatus: row.departure_status,
        startDate: row.start_date,
        startTime: row.start_time,
        fromDate: row.from_date,
        toDate: row.to_date,
      })),
    };
  }

  /** A condition for a query of departures: no resource of `kind` is assigned (and not ended) to the departure `departureId` names. */
  noneAssigned(kind: 'guide' | 'vehicle', departureId: RawBuilder<unknown>): RawBuilder<SqlBool> {
    return sql<SqlBool>`not exists (select 1 from assignments a join resources r on r.id = a.resource_id where a.departure_id = ${departureId} and a.ended_at is null and r.kind = ${kind})`;
  }

  /** A cancelled departure's assignments end (in the cancel's transaction): the resources are free again, the records stay. */
  async endForDeparture(trx: Kysely<Database>, departureId: string, at: Date): Promise<void> {
    await trx.updateTable('assignments').set({ ended_at: at }).where('departure_id', '=', departureId).where('ended_at', 'is', null).execute();
  }

  /**
   * A departure moved to another date or time: its assignments follow it (in the change's
   * transaction). A resource busy on the new days refuses the move: RESOURCE_CONFLICT, naming where.
   */
  async followDeparture(trx: Kysely<Database>, departureId: string): Promise<void> {
    // Its resources' rows locked, in one order (as an assignment locks one), before the overlap is looked for.
    await trx
      .selectFrom('resources')
      .select('id')
      .where('id', 'in', (eb) => eb.selectFrom('assignments').select('resource_id').where('departure_id', '=', departureId).where('ended_at', 'is', null))
      .orderBy('id')
      .forUpdate()
      .execute();
    const busy = await trx
      .selectFrom('assignments as a')
      .innerJoin('departures as d', 'd.id', 'a.departure_id')
      .innerJoin('tours as t', 't.id', 'd.tour_id')
      .innerJoin('assignments as other', (join) =>
        join
          .onRef('other.resource_id', '=', 'a.resource_id')
          .onRef('other.departure_id', '<>', 'a.departure_id')
          .on('other.ended_at', 'is', null)
          .on(sql<SqlBool>`other.span && ${localDaysSpan(sql`d.start_date`, sql`a.day_from`, sql`a.day_to`)}`),
      )
      .innerJoin('departures as od', 'od.id', 'other.departure_id')
      .innerJoin('tours as ot', 'ot.id', 'od.tour_id')
      .select(['od.id as departureId', 'ot.title as tourTitle', sql<string>`od.start_date::text`.as('startDate')])
      .where('a.departure_id', '=', departureId)
      .where('a.ended_at', 'is', null)
      .execute();
    if (busy.length > 0) throw resourceConflict(busy);
    // Nor onto a day one of its resources is off.
    const off = await trx
      .selectFrom('assignments as a')
      .innerJoin('departures as d', 'd.id', 'a.departure_id')
      .innerJoin('resource_unavailability as u', (join) =>
        join.onRef('u.resource_id', '=', 'a.resource_id').on(sql<SqlBool>`u.from_date <= d.start_date + (a.day_to - 1) and u.to_date >= d.start_date + (a.day_from - 1)`),
      )
      .innerJoin('resources as r', 'r.id', 'a.resource_id')
      .select(['r.name', sql<string>`u.from_date::text`.as('from'), sql<string>`u.to_date::text`.as('to'), 'u.reason'])
      .where('a.departure_id', '=', departureId)
      .where('a.ended_at', 'is', null)
      .orderBy('r.name')
      .orderBy('u.from_date')
      .execute();
    if (off.length > 0) throw daysOffConflict(off);
    await trx
      .updateTable('assignments as a')
      .from('departures as d')
      .innerJoin('tours as t', 't.id', 'd.tour_id')
      .set({
        from_date: sql`d.start_date + (a.day_from - 1)`,
        to_date: sql`d.start_date + (a.day_to - 1)`,
        span: sql`${localDaysSpan(sql`d.start_date`, sql`a.day_from`, sql`a.day_to`)}`,
      } as never)
      .whereRef('d.id', '=', 'a.departure_id')
      .where('a.departure_id', '=', departureId)
      .where('a.ended_at', 'is', null)
      .execute();
  }

  /** What an assignment needs of its departure: its status, length and seats taken. */
  private async departureFacts(db: Kysely<Database>, departureId: string) {
    return db
      .selectFrom('departures as d')
      .innerJoin('tours as t', 't.id', 'd.tour_id')
      .select(['d.id', 'd.status', 't.duration_days', sql<number>`d.seats_held + d.seats_confirmed`.as('seats_taken')])
      .where('d.id', '=', departureId)
      .executeTakeFirst();
  }

  private async warnings(db: Kysely<Database>, departureId: string, seatsTaken: number): Promise<AssignmentWarning[]> {
    const small = await db
      .selectFrom('assignments as a')
      .innerJoin('resources as r', 'r.id', 'a.resource_id')
      .select('a.id')
      .where('a.departure_id', '=', departureId)
      .where('a.ended_at', 'is', null)
      .where('r.kind', '=', 'vehicle')
      .where('r.seats', '<', seatsTaken)
      .executeTakeFirst();
    return small ? ['VEHICLE_TOO_SMALL'] : [];
  }

  /** The departures on which the resource is busy during the days asked for on `departureId` (dayTo null: to its last day). */
  private async conflictsOf(db: Kysely<Database>, resourceId: string, departureId: string, dayFrom: number, dayTo: number | null): Promise<Conflict[]> {
    return db
      .selectFrom('departures as d')
      .innerJoin('tours as t', 't.id', 'd.tour_id')
      .innerJoin('assignments as other', (join) =>
        join
          .on('other.resource_id', '=', resourceId)
          .on('other.ended_at', 'is', null)
          .on(sql<SqlBool>`other.span && ${localDaysSpan(sql`d.start_date`, dayFrom, dayTo ?? sql`t.duration_days`)}`),
      )
      .innerJoin('departures as od', 'od.id', 'other.departure_id')
      .innerJoin('tours as ot', 'ot.id', 'od.tour_id')
      .select(['od.id as departureId', 'ot.title as tourTitle', sql<string>`od.start_date::text`.as('startDate')])
      .where('d.id', '=', departureId)
      .orderBy('od.start_date')
      .execute();
  }

  /** The resource's days off that meet the local dates `from` to `to` (expressions over the departure `d`). */
  private async daysOffOn(db: Kysely<Database>, resourceId: string, from: RawBuilder<unknown>, to: RawBuilder<unknown>, departureId: string): Promise<{ from: string; to: string; reason: string }[]> {
    return db
      .selectFrom('departures as d')
      .innerJoin('resource_unavailability as u', (join) => join.on('u.resource_id', '=', resourceId).on(sql<SqlBool>`u.from_date <= ${to} and u.to_date >= ${from}`))
      .select([sql<string>`u.from_date::text`.as('from'), sql<string>`u.to_date::text`.as('to'), 'u.reason'])
      .where('d.id', '=', departureId)
      .orderBy('u.from_date')
      .execute();
  }

  /** A resource's days off, from `since` on (default all), in date order; null: no such resource. */
  async unavailability(resourceId: string, since?: string): Promise<Unavailability[] | null> {
    const resource = await this.db.selectFrom('resources').select('id').where('id', '=', resourceId).executeTakeFirst();
    if (!resource) return null;
    let query = this.db.selectFrom('resource_unavailability').selectAll().where('resource_id', '=', resourceId);
    if (since !== undefined) query = query.where('to_date', '>=', since);
    const rows = await query.orderBy('from_date').orderBy('id').limit(1000).execute();
    return rows.map(toUnavailability);
  }

  /**
   * Records days off. 404 for no such resource; 400 for dates that are no dates, `to` before `from`
   * or more than a year of them; 409 RESOURCE_CONFLICT when the resource is on a departure on one of
   * those days (take it off first), decided under the resource's row lock as assignments are.
   */
  async addUnavailability(resourceId: string, input: NewUnavailability, origin: RequestOrigin): Promise<Unavailability> {
    refuseBadDateFilters({ from: input.from, to: input.to });
    // Said in words: the form's fields are the first and the last day off.
    if (input.to < input.from) throw httpErrors.validation({ to: 'must not be before the first day off' }, 'The last day off is before the first.');
    if (daysBetween(input.from, input.to) >= RESOURCE_RULES.unavailabilityDays) {
      throw httpErrors.validation({ to: `must be within ${RESOURCE_RULES.unavailabilityDays} days of the first day off` }, `Days off are recorded at most ${RESOURCE_RULES.unavailabilityDays} days at a time.`);
    }
    const id = randomUUID();
    return this.db.transaction().execute(async (trx) => {
      const resource = await trx.selectFrom('resources').select(['id', 'name']).where('id', '=', resourceId).forUpdate().executeTakeFirst();
      if (!resource) throw httpErrors.notFound(NO_RESOURCE);
      const busy = await trx
        .selectFrom('assignments as a')
        .innerJoin('departures as d', 'd.id', 'a.departure_id')
        .innerJoin('tours as t', 't.id', 'd.tour_id')
        .select(['d.id as departureId', 't.title as tourTitle', sql<string>`d.start_date::text`.as('startDate')])
        .where('a.resource_id', '=', resourceId)
        .where('a.ended_at', 'is', null)
        .where('a.from_date', '<=', input.to)
        .where('a.to_date', '>=', input.from)
        .orderBy('d.start_date')
        .execute();
      if (busy.length > 0) throw resourceConflict(busy);
      const row = await trx
        .insertInto('resource_unavailability')
        .values({ id, resource_id: resourceId, from_date: input.from, to_date: input.to, reason: input.reason?.trim() ?? '', created_at: new Date(this.now()), created_by: origin.actorId })
        .returningAll()
        .executeTakeFirstOrThrow();
      await this.record(trx, origin, 'resource.unavailability_added', resourceId, { unavailabilityId: id, from: input.from, to: input.to, reason: input.reason?.trim() ?? '', name: resource.name });
      return toUnavailability(row);
    });
  }

  async removeUnavailability(resourceId: string, unavailabilityId: string, origin: RequestOrigin): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      const row = await trx
        .deleteFrom('resource_unavailability')
        .where('id', '=', unavailabilityId)
        .where('resource_id', '=', resourceId)
        .returning([sql<string>`from_date::text`.as('from'), sql<string>`to_date::text`.as('to')])
        .executeTakeFirst();
      if (!row) throw httpErrors.notFound('No days off with this id for this resource.');
      await this.record(trx, origin, 'resource.unavailability_removed', resourceId, { unavailabilityId, from: row.from, to: row.to });
    });
  }

  private async checkUser(db: Kysely<Database>, userId: string | null): Promise<void> {
    if (userId === null) return;
    const user = await db.selectFrom('users').select('id').where('id', '=', userId).executeTakeFirst();
    if (!user) throw httpErrors.validation({ userId: 'is not a user' });
  }

  private async record(trx: Kysely<Database>, origin: RequestOrigin, action: Parameters<AuditLog['record']>[0]['action'], resourceId: string, details: Record<string, unknown>) {
    await this.audit.record({ action, ...auditOrigin(origin), targetType: 'resource', targetId: resourceId, details }, trx);
  }
}

/**
 * The instants of a departure's local days `dayFrom` to `dayTo` in its tour's zone (`t.time_zone`
 * in the query): from the start of the first to the start of the day after the last.
 */
function localDaysSpan(startDate: Expression<unknown>, dayFrom: number | Expression<unknown>, dayTo: number | Expression<unknown>) {
  const first = typeof dayFrom === 'number' ? sql`${startDate} + ${dayFrom - 1}::int` : sql`${startDate} + (${dayFrom} - 1)`;
  const after = typeof dayTo === 'number' ? sql`${startDate} + ${dayTo}::int` : sql`${startDate} + ${dayTo}`;
  return sql<string>`tstzrange((${first})::timestamp at time zone t.time_zone, (${after})::timestamp at time zone t.time_zone, '[)')`;
}

function toUnavailability(row: { id: string; resource_id: string; from_date: unknown; to_date: unknown; reason: string; created_at: Date }): Unavailability {
  return { id: row.id, resourceId: row.resource_id, from: calendarDate(row.from_date), to: calendarDate(row.to_date), reason: row.reason, createdAt: row.created_at.toISOString() };
}

/** A date column as YYYY-MM-DD, whichever way the driver hands it over. */
function calendarDate(value: unknown): string {
  if (value instanceof Date) return `${value.getUTCFullYear()}-${String(value.getUTCMonth() + 1).padStart(2, '0')}-${String(value.getUTCDate()).padStart(2, '0')}`;
  return String(value).slice(0, 10);
}

function checkSeats(kind: ResourcesTable['kind'], seats: number | null): void {
  if (kind === 'vehicle' && seats === null) throw httpErrors.validation({ seats: 'is required for a vehicle: the seats it has for travellers' });
  if (kind !== 'vehicle' && seats !== null) throw httpErrors.validation({ seats: 'is only for vehicles' });
}

/** Language tags as BCP 47 writes them (de, en-GB, zh-Hant-TW), each once. */
function normalLanguages(languages: string[]): string[] {
  const tags = languages.map((tag) =>
    tag
      .split('-')
      .map((part, index) => (index === 0 ? part.toLowerCase() : part.length === 2 ? part.toUpperCase() : part.length === 4 ? part[0].toUpperCase() + part.slice(1).toLowerCase() : part.toLowerCase()))
      .join('-'),
  );
  return [...new Set(tags)];
}

type ResourceRows = SelectQueryBuilder<Database & { r: Database['resources'] }, 'r', object>;

/** A resource's answer columns, with the name of the staff user who is this guide. */
function resourceColumns(rows: ResourceRows) {
  return rows
    .leftJoin('users as u', 'u.id', 'r.user_id')
    .select(['r.id', 'r.kind', 'r.name', 'r.languages', 'r.seats', 'r.phone', 'r.email', 'r.user_id', 'u.full_name as user_name', 'r.active', 'r.notes', 'r.created_at', 'r.updated_at']);
}

function toResource(row: Awaited<ReturnType<ReturnType<typeof resourceColumns>['executeTakeFirstOrThrow']>>): Resource {
  return {
    id: row.id,
    kind: row.kind,
    name: row.name,
    languages: row.languages,
    seats: row.seats,
    phone: row.phone,
    email: row.email,
    userId: row.user_id,
    userName: row.user_name,
    active: row.active,
    notes: row.notes,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  };
}

type AssignmentRows = SelectQueryBuilder<Database & { a: Database['assignments']; r: Database['resources'] }, 'a' | 'r', object>;

/** An assignment's answer columns (`a` joined with its resource `r`). */
function assignmentColumns<Rows extends AssignmentRows>(rows: Rows) {
  return (rows as AssignmentRows).select([
    'a.id',
    'a.departure_id',
    'a.resource_id',
    'r.name as resource_name',
    'r.kind',
    'a.day_from',
    'a.day_to',
    'a.role',
    sql<string>`a.from_date::text`.as('from_date'),
    sql<string>`a.to_date::text`.as('to_date'),
    'a.ended_at',
    'a.created_at',
  ]) as unknown as SelectQueryBuilder<Rows extends SelectQueryBuilder<infer DB, infer _TB, object> ? DB : never, Rows extends SelectQueryBuilder<never, infer TB, object> ? TB : never, AssignmentRow>;
}

interface AssignmentRow {
  id: string;
  departure_id: string;
  resource_id: string;
  resource_name: string;
  kind: ResourcesTable['kind'];
  day_from: number;
  day_to: number;
  role: string;
  from_date: string;
  to_date: string;
  ended_at: Date | null;
  created_at: Date;
}

function toAssignment(row: AssignmentRow): Assignment {
  return {
    id: row.id,
    departureId: row.departure_id,
    resourceId: row.resource_id,
    resourceName: row.resource_name,
    kind: row.kind,
    dayFrom: row.day_from,
    dayTo: row.day_to,
    role: row.role,
    endedAt: row.ended_at?.toISOString() ?? null,
    createdAt: row.created_at.toISOString(),
  };
}
