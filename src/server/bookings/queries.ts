/**
 * What the bookings domain reads of its own tables: the lists (with their kept totals and the CSV
 * export's pages), one booking by id or reference with its travellers and extras, its payments,
 * its history, and a departure's manifest. A held booking whose hold has lapsed reads as expired
 * here at once, before the sweep records it.
 */
import { sql, type Expression, type Kysely, type RawBuilder, type SelectQueryBuilder, type SqlBool } from 'kysely';
import type { GuideManifest } from '../../shared/contract/manifests.js';
import { httpErrors } from '../http/errors.js';
import {
  paymentStanding,
  type Booking,
  type BookingListQuery,
  type CancellationQuote,
  type Payment,
  type TimelineEntry,
} from '../../shared/contract/bookings.js';
import { foldedContains, fromJson, keptCount, listPage, refuseBadDateFilters, toMoney } from '../db/query-helpers.js';
import type { Database } from '../db/schema.js';
import { addDays, localDateAt, startOfDay, startOfNextDay } from '../../shared/local-time.js';
import { cancellationQuoteAt, depositOf, latestToday } from '../../shared/payment-schedule.js';
import { ACTIVE_BOOKING_STATUSES } from '../../shared/contract/booking-rules.js';
import { Temporal } from 'temporal-polyfill';
import { resellerStatementCsv } from './documents.js';
import { holdsSeatsAt } from './holds.js';
import { effectiveStatus } from './rules.js';


const SORT_COLUMNS = {
  createdAt: sql.ref('b.created_at'),
  startsAt: sql.ref('b.starts_at'),
  reference: sql.ref('b.reference'),
  totalMinor: sql.ref('b.total_minor'),
  balanceMinor: sql.ref('b.balance_minor'),
} as const;

type BookingRow = Awaited<ReturnType<ReturnType<typeof bookingColumns>['executeTakeFirstOrThrow']>>;

/** A booking's travellers and extras (from `travellers` and `extras`: the tables, or a statement's `returning *` of them), as JSON beside its columns. */
function withLines<O>(rows: SelectQueryBuilder<Database & { b: Database['bookings'] }, 'b', O>, travellers: string, extras = 'booking_extras') {
  return rows.select([
    sql<TravellerLine[]>`coalesce((select json_agg(json_build_object('id', tr.id, 'category', tr.category, 'first_name', tr.first_name, 'last_name', tr.last_name, 'date_of_birth', tr.date_of_birth, 'notes', tr.notes, 'unit_price_minor', tr.unit_price_minor, 'list_price_minor', tr.list_price_minor, 'reseller_unit_uuid', tr.reseller_unit_uuid, 'reseller_unit_reference', tr.reseller_unit_reference, 'checked_in_at', tr.checked_in_at, 'no_show', tr.no_show) order by tr.position) from ${sql.table(travellers)} tr where tr.booking_id = b.id), '[]'::json)`.as('traveller_lines'),
    sql<ExtraLine[]>`coalesce((select json_agg(json_build_object('component_id', x.component_id, 'name', x.name, 'quantity', x.quantity, 'unit_price_minor', x.unit_price_minor) order by x.position) from ${sql.table(extras)} x where x.booking_id = b.id), '[]'::json)`.as('extra_lines'),
  ]);
}

function bookingColumns(rows: SelectQueryBuilder<Database & { b: Database['bookings'] }, 'b', object>) {
  return ownColumns(rows)
    .innerJoin('tours as t', 't.id', 'b.tour_id')
    .innerJoin('departures as d', 'd.id', 'b.departure_id')
    .leftJoin('users as u', 'u.id', 'b.created_by')
    .leftJoin('resellers as r', 'r.id', 'b.reseller_id')
    .select(['t.code as tour_code', 't.title as tour_title', 'd.start_time', 't.time_zone', 'r.name as reseller_name', 'u.full_name as created_by_name']);
}

/** What a booking's answer takes from other rows than its own: its tour's code, title and zone, its departure's start time, its reseller's and creator's names. */
export interface BookingJoined {
  tour_code: string;
  tour_title: string;
  start_time: string;
  time_zone: string;
  reseller_name: string | null;
  created_by_name: string | null;
}

/** The booking's own columns, as every read of one answers them. */
function ownColumns(rows: SelectQueryBuilder<Database & { b: Database['bookings'] }, 'b', object>) {
  return rows.select([
    'b.id',
    'b.reference',
    'b.departure_id',
    'b.tour_id',
    'b.starts_at',
    sql<string>`b.start_date::text`.as('start_date'),
    'b.status',
    'b.currency',
    'b.seats',
    'b.total_minor',
    'b.paid_minor',
    'b.refunded_minor',
    'b.cancel_fee_minor',
    'b.hold_expires_at',
    'b.contact_name',
    'b.contact_email',
    'b.contact_phone',
    'b.customer_id',
    'b.single_rooms',
    'b.single_supplement_minor',
    'b.channel',
    'b.reseller_id',
    'b.reseller_reference',
    'b.octo_uuid',
    'b.test_mode',
    'b.net_minor',
    'b.price_rule',
    'b.discount_minor',
    'b.promo_code',
    'b.promo_discount_minor',
    'b.reseller_contact',
    'b.reseller_commission_bp',
    'b.updated_at',
    'b.notes',
    'b.pickup',
    'b.guide_notes',
    'b.cancel_reason',
    'b.cancelled_at',
    'b.created_at',
    'b.created_by',
    'b.confirmed_at',
    'b.check_in_code',
    sql<string>`b.balance_due_date::text`.as('balance_due_date'),
    // The tour's deposit, read with the booking's own row wherever it is read (also from a
    // statement's own `returning *`).
    sql<number | null>`(select pt.deposit_percent from tours pt where pt.id = b.tour_id)`.as('deposit_percent'),
  ]);
}

export class BookingQueries {
  constructor(
    protected readonly db: Kysely<Database>,
    protected readonly now: () => number,
    /** The zone whose days the "booked on" filter means (BUSINESS_TIME_ZONE, as the dashboard counts). */
    protected readonly businessTimeZone = 'UTC',
  ) {}

  async list(query: BookingListQuery): Promise<{ data: Booking[]; total: number }> {
    const at = new Date(this.now());
    const filtered = this.filtered(query, at);
    const kept = this.keptTotal(query, at);
    const page = await listPage(filtered, {
      select: bookingColumns,
      orderBy: [SORT_COLUMNS[query.sort ?? 'createdAt'], sql.ref('b.id')],
      query,
      keptTotal: kept,
      rowsOf: (ids) => bookingColumns(this.db.selectFrom('bookings as b').where('b.id', 'in', ids)).execute(),
      toAnswer: (row) => row,
    });
    return { data: await this.withLines(this.db, page.data, at), total: page.total };
  }

  /** The bookings matching the list's filters, in the list's order, a page of `size` at a time (for the CSV export). */
  async *pages(query: BookingListQuery, size = 500): AsyncGenerator<Booking[]> {
    const at = new Date(this.now());
    const sortKey = query.sort ?? 'createdAt';
    const sortColumn = SORT_COLUMNS[sortKey];
    const descending = query.order === 'DESC';
    let after: { value: unknown; id: string } | null = null;
    for (;;) {
      let rows = bookingColumns(this.filtered(query, at));
      if (after) {
        const cursor = after;
        rows = rows.where(descending ? sql<SqlBool>`(${sortColumn}, b.id) < (${cursor.value}, ${cursor.id})` : sql<SqlBool>`(${sortColumn}, b.id) > (${cursor.value}, ${cursor.id})`);
      }
      const direction = descending ? 'desc' : 'asc';
      const page = await rows.select(sql<unknown>`${sortColumn}`.as('sort_value')).orderBy(sortColumn, direction).orderBy('b.id', direction).limit(size).execute();
      if (page.length === 0) return;
      yield await this.withLines(this.db, page, at);
      if (page.length < size) return;
      const last = page[page.length - 1];
      after = { value: last.sort_value, id: last.id };
    }
  }

  /**
   * A booking (`b`) overdue at `at`: active, owing money, past its balance due day in its tour's zone.
   * The index of active bookings owing money by their due day (migration 0020) gives the range up to
   * the latest "today" anywhere; each booking's own today is checked after. Its literals match the
   * index's predicate, which a parameter would not. The bookings list and the dashboard both use it.
   */
  overdueCondition(at: Date): RawBuilder<SqlBool> {
    // A reseller's booking is owed by the reseller, not overdue from its customer.
    return sql<SqlBool>`(b.balance_minor > 0 and b.channel <> 'reseller' and b.status in ('held', 'confirmed', 'waitlisted') and b.balance_due_date < ${latestToday(at)}::date
      and b.balance_due_date < (select (${at}::timestamptz at time zone ot.time_zone)::date from tours ot where ot.id = b.tour_id)
      and not (b.status = 'held' and b.hold_expires_at <= ${at}))`;
  }

  /** What the tour's cancellation terms propose for cancelling the booking today (null: no such booking; 409 when it is not active). */
  async cancellationQuote(id: string): Promise<CancellationQuote | null> {
    const booking = await this.get(id);
    if (!booking) return null;
    if (booking.status === 'cancelled' || booking.status === 'expired') throw httpErrors.conflict(`This booking is ${booking.status}: there is nothing to cancel.`);
    const terms = await this.db.selectFrom('tours').select('cancellation_fees').where('id', '=', booking.tourId).executeTakeFirstOrThrow();
    return cancellationQuoteAt(fromJson(terms.cancellation_fees), booking, new Date(this.now()));
  }

  async get(id: string, db: Kysely<Database> = this.db): Promise<Booking | null> {
    return this.one(db, 'b.id', id);
  }

  /** A booking by its reference (upper case, as bookingKey gives it). */
  async byReference(reference: string): Promise<Booking | null> {
    return this.one(this.db, 'b.reference', reference);
  }

  /** A reseller's booking by the OCTO uuid it gave it, in one read (its unique index). */
  protected async oneOfReseller(resellerId: string, uuid: string): Promise<Booking | null> {
    return this.oneWhere(this.db, (rows) => rows.where('b.reseller_id', '=', resellerId).where('b.octo_uuid', '=', uuid));
  }

  protected async one(db: Kysely<Database>, column: 'b.id' | 'b.reference', value: string): Promise<Booking | null> {
    return this.oneWhere(db, (rows) => rows.where(column, '=', value));
  }

  /**
   * One booking with its travellers and extras in a single read (they come as JSON from
   * subqueries): a sale, a confirmation or a page answers with one round trip to the database.
   */
  private async oneWhere(db: Kysely<Database>, where: (rows: ReturnType<typeof bookingColumns>) => ReturnType<typeof bookingColumns>): Promise<Booking | null> {
    const row = await withLines(where(bookingColumns(db.selectFrom('bookings as b'))), 'booking_travellers').executeTakeFirst();
    return row ? this.fromRow(row) : null;
  }

  /**
   * The booking a statement wrote, read in that statement: `written`, the name of the statement's
   * `returning *` of bookings (its final query does not see its own writes in the tables), and
   * `lines`, the names of its `returning *` of booking_travellers and booking_extras when it wrote
   * those too. Only the booking's own row is read; what get() joins from other rows (BookingJoined)
   * the caller knows and gives to fromRow(). The change and its answer cost one round trip, and the
   * answer's read no planning of joins.
   */
  protected bookingWritten(db: Kysely<Database>, written: string, lines: { travellers?: string; extras?: string } = {}) {
    const rows = db.selectFrom(sql.table(written).as('b')) as unknown as SelectQueryBuilder<Database & { b: Database['bookings'] }, 'b', object>;
    return withLines(ownColumns(rows), lines.travellers ?? 'booking_travellers', lines.extras);
  }

  /** A row of oneWhere(), or of bookingWritten() with what it does not read, as the API's booking. */
  protected fromRow(row: Omit<BookingRow, keyof BookingJoined> & Partial<BookingJoined> & { traveller_lines: TravellerLine[] | string; extra_lines: ExtraLine[] | string }, joined?: BookingJoined): Booking {
    return toBooking({ ...row, ...joined } as BookingRow, new Date(this.now()), fromJson(row.traveller_lines), fromJson(row.extra_lines));
  }

  /** What the answer of a booking already read takes from other rows (for bookingWritten() after a change of it). */
  protected joinedOf(booking: Booking): BookingJoined {
    return { tour_code: booking.tourCode, tour_title: booking.tourTitle, start_time: booking.startTime, time_zone: booking.timeZone, reseller_name: booking.resellerName, created_by_name: booking.createdByName };
  }

  async payments(bookingId: string): Promise<Payment[] | null> {
    const exists = await this.db.selectFrom('bookings').select('id').where('id', '=', bookingId).executeTakeFirst();
    if (!exists) return null;
    const rows = await paymentColumns(this.db).where('p.booking_id', '=', bookingId).orderBy('p.created_at').orderBy('p.id').execute();
    return rows.map(toPayment);
  }

  /** The booking's audit entries, oldest first (a booking's page shows them to whoever may read it, without audit.read). */
  async timeline(bookingId: string): Promise<TimelineEntry[] | null> {
    const exists = await this.db.selectFrom('bookings').select('id').where('id', '=', bookingId).executeTakeFirst();
    if (!exists) return null;
    const rows = await this.db
      .selectFrom('audit_log as a')
      .leftJoin('users as u', 'u.id', 'a.actor_id')
      .select(['a.at', 'a.action', sql<string | null>`coalesce(u.full_name, a.actor_label)`.as('full_name'), 'a.details'])
      .where('a.target_id', '=', bookingId)
      .where('a.target_type', '=', 'booking')
      .orderBy('a.at')
      .orderBy('a.id')
      .limit(500)
      .execute();
    return rows.map((row) => ({
      at: row.at.toISOString(),
      action: row.action,
      actorName: row.full_name,
      details: typeof row.details === 'string' ? (JSON.parse(row.details) as Record<string, unknown>) : (row.details as Record<string, unknown> | null),
    }));
  }

  /** A reseller's statement of a month (YYYY-MM) as CSV (documents.ts). */
  async resellerStatementCsv(resellerId: string, month: string): Promise<string> {
    const from = `${month}-01`;
    const to = Temporal.PlainDate.from(from).add({ months: 1 }).subtract({ days: 1 }).toString();
    return resellerStatementCsv(await this.resellerStatement(resellerId, from, to));
  }

  /** A reseller's confirmed and cancelled bookings that departed on local dates `from` to `to`, by date and reference. */
  async resellerStatement(resellerId: string, from: string, to: string) {
    return this.db
      .selectFrom('bookings as b')
      .innerJoin('tours as t', 't.id', 'b.tour_id')
      .select([
        'b.reference',
        'b.reseller_reference',
        't.code as tour_code',
        't.title as tour_title',
        sql<string>`b.start_date::text`.as('start_date'),
        sql<'confirmed' | 'cancelled'>`b.status`.as('status'),
        'b.travellers',
        'b.currency',
        'b.total_minor',
        'b.net_minor',
      ])
      .where('b.reseller_id', '=', resellerId)
      .where('b.start_date', '>=', from)
      .where('b.start_date', '<=', to)
      .where('b.status', 'in', ['confirmed', 'cancelled'])
      // A test booking is owed by nobody.
      .where('b.test_mode', '=', false)
      .orderBy('b.start_date')
      .orderBy('b.reference')
      .execute();
  }

  /** Travellers of the departure's held and confirmed bookings, for its manifest, by last name. */
  async manifest(departureId: string) {
    const at = new Date(this.now());
    const departure = await this.db.selectFrom('departures').select('id').where('id', '=', departureId).executeTakeFirst();
    if (!departure) return null;
    return this.db
      .selectFrom('booking_travellers as tr')
      .innerJoin('bookings as b', 'b.id', 'tr.booking_id')
      .select([
        'b.reference',
        'b.status',
        'tr.last_name',
        'tr.first_name',
        'tr.category',
        sql<string | null>`tr.date_of_birth::text`.as('date_of_birth'),
        'b.contact_name',
        'b.contact_email',
        'b.contact_phone',
        'tr.notes',
        'tr.checked_in_at',
        'tr.no_show',
      ])
      .where('b.departure_id', '=', departureId)
      .where(holdsSeatsAt(at))
      // A reseller's test booking brings nobody.
      .where('b.test_mode', '=', false)
      .orderBy(sql`lower(tr.last_name)`)
      .orderBy(sql`lower(tr.first_name)`)
      .orderBy('b.reference')
      .orderBy('tr.position')
      .execute();
  }

  /** What a departure's passenger list file is named after: its tour's code and its date. */
  async manifestName(departureId: string): Promise<{ code: string; date: string } | null> {
    const row = await this.db
      .selectFrom('departures as d')
      .innerJoin('tours as t', 't.id', 'd.tour_id')
      .select(['t.code', sql<string>`d.start_date::text`.as('date')])
      .where('d.id', '=', departureId)
      .executeTakeFirst();
    return row ?? null;
  }

  /**
   * The guide's passenger list: the departure, its held and confirmed bookings as parties (the lead,
   * their phone, pick-up, notes for the guide, extras, each traveller with their notes and check-in),
   * and each itinerary day's meals split by adults and children. Three indexed reads; null: no such departure.
   */
  async guideManifest(departureId: string): Promise<GuideManifest | null> {
    const at = new Date(this.now());
    const departure = await this.db
      .selectFrom('departures as d')
      .innerJoin('tours as t', 't.id', 'd.tour_id')
      .select([
        'd.id',
        'd.tour_id',
        't.code',
        't.title',
        't.time_zone',
        't.duration_days',
        sql<string>`d.start_date::text`.as('start_date'),
        sql<string>`(d.start_date + (t.duration_days - 1))::text`.as('end_date'),
        'd.start_time',
        'd.starts_at',
        'd.status',
      ])
      .where('d.id', '=', departureId)
      .executeTakeFirst();
    if (!departure) return null;
    const [bookings, travellers, days] = await Promise.all([
      this.db
        .selectFrom('bookings as b')
        .select([
          'b.id',
          'b.reference',
          'b.status',
          'b.contact_name',
          'b.contact_phone',
          'b.pickup',
          'b.guide_notes',
          sql<{ name: string; quantity: number }[]>`coalesce((select json_agg(json_build_object('name', be.name, 'quantity', be.quantity) order by be.position) from booking_extras be where be.booking_id = b.id), '[]'::json)`.as('extras'),
        ])
        .where('b.departure_id', '=', departureId)
        .where(holdsSeatsAt(at))
        // A reseller's test booking holds seats but brings nobody: not on the guide's list, nor in the meals.
        .where('b.test_mode', '=', false)
        // By name as people read it (Ålund with the As): folded, whatever the database's collation.
        .orderBy(sql`search_fold(b.contact_name)`)
        .orderBy('b.reference')
        .execute(),
      this.db
        .selectFrom('booking_travellers as tr')
        .innerJoin('bookings as b', 'b.id', 'tr.booking_id')
        .select(['tr.id', 'tr.booking_id', 'tr.category', 'tr.first_name', 'tr.last_name', 'tr.notes', 'tr.checked_in_at', 'tr.no_show'])
        .where('b.departure_id', '=', departureId)
        .where(holdsSeatsAt(at))
        .where('b.test_mode', '=', false)
        .orderBy('tr.position')
        .execute(),
      this.db.selectFrom('tour_days').select(['day_number', 'title', 'breakfast', 'lunch', 'dinner']).where('tour_id', '=', departure.tour_id).orderBy('day_number').execute(),
    ]);
    const counts = { ADULT: 0, CHILD: 0, INFANT: 0 };
    for (const traveller of travellers) counts[traveller.category as keyof typeof counts] += 1;
    const byBooking = new Map<string, GuideManifest['parties'][number]['travellers']>();
    for (const traveller of travellers) {
      byBooking.set(traveller.booking_id, [
        ...(byBooking.get(traveller.booking_id) ?? []),
        { id: traveller.id, category: traveller.category, firstName: traveller.first_name, lastName: traveller.last_name, notes: traveller.notes, checkedInAt: traveller.checked_in_at?.toISOString() ?? null, noShow: traveller.no_show },
      ]);
    }
    // Infants eat from a parent's plate: the meals count adults and children.
    const plate = { adults: counts.ADULT, children: counts.CHILD };
    const dayByNumber = new Map(days.map((day) => [day.day_number, day]));
    return {
      departure: {
        id: departure.id,
        tourCode: departure.code,
        tourTitle: departure.title,
        startDate: departure.start_date,
        startTime: departure.start_time,
        endDate: departure.end_date,
        timeZone: departure.time_zone,
        startsAt: departure.starts_at.toISOString(),
        status: departure.status,
      },
      travellers: counts,
      checkedIn: travellers.filter((traveller) => traveller.checked_in_at !== null).length,
      meals: Array.from({ length: departure.duration_days }, (_unused, index) => {
        const day = dayByNumber.get(index + 1);
        return { day: index + 1, date: addDays(departure.start_date, index), title: day?.title ?? '', breakfast: day?.breakfast ? plate : null, lunch: day?.lunch ? plate : null, dinner: day?.dinner ? plate : null };
      }),
      parties: bookings.map((booking) => ({
        bookingId: booking.id,
        reference: booking.reference,
        status: booking.status,
        leadName: booking.contact_name,
        leadPhone: booking.contact_phone,
        pickup: booking.pickup,
        guideNotes: booking.guide_notes,
        extras: (typeof booking.extras === 'string' ? (JSON.parse(booking.extras) as { name: string; quantity: number }[]) : booking.extras).map((extra) => ({ name: extra.name, quantity: Number(extra.quantity) })),
        travellers: byBooking.get(booking.id) ?? [],
      })),
    };
  }

  private filtered(query: BookingListQuery, at: Date) {
    refuseBadDateFilters(query);
    return this.db.selectFrom('bookings as b').where((eb) => {
      const conditions: Expression<SqlBool>[] = [];
      // With a tour and a status, one indexed column holds both (migration 0010).
      const statusColumn = query.tourId !== undefined ? 'b.tour_status' : 'b.status';
      const statusValue = (status: string) => (query.tourId !== undefined ? `${query.tourId}:${status}` : status);
      if (query.tourId !== undefined && query.status === undefined) conditions.push(eb('b.tour_id', '=', query.tourId));
      if (query.status === 'held') {
        conditions.push(eb(statusColumn, '=', statusValue('held')), eb('b.hold_expires_at', '>', at));
      } else if (query.status === 'expired') {
        conditions.push(eb.or([eb(statusColumn, '=', statusValue('expired')), eb.and([eb(statusColumn, '=', statusValue('held')), eb('b.hold_expires_at', '<=', at)])]));
      } else if (query.status !== undefined) {
        conditions.push(eb(statusColumn, '=', statusValue(query.status)));
      }
      if (query.paymentStatus !== undefined) conditions.push(eb('b.payment_status', '=', query.paymentStatus));
      if (query.departureId !== undefined) conditions.push(eb('b.departure_id', '=', query.departureId));
      if (query.resellerId !== undefined) conditions.push(eb('b.reseller_id', '=', query.resellerId));
      if (query.customerId !== undefined) conditions.push(eb('b.customer_id', '=', query.customerId));
      if (query.channel !== undefined) conditions.push(eb('b.channel', '=', query.channel));
      if (query.from !== undefined) conditions.push(eb('b.start_date', '>=', query.from));
      if (query.to !== undefined) conditions.push(eb('b.start_date', '<=', query.to));
      if (query.bookedFrom !== undefined) conditions.push(eb('b.created_at', '>=', startOfDay(query.bookedFrom, this.businessTimeZone)));
      if (query.bookedTo !== undefined) conditions.push(eb('b.created_at', '<', startOfNextDay(query.bookedTo, this.businessTimeZone)));
      if (query.overdue !== undefined) conditions.push(query.overdue ? this.overdueCondition(at) : sql<SqlBool>`not ${this.overdueCondition(at)}`);
      // What customers owe: a reseller's booking is owed by the reseller (its statement), not its customer.
      if (query.balanceDue === true) conditions.push(eb('b.balance_minor', '>', 0), eb('b.channel', '<>', 'reseller'));
      if (query.balanceDue === false) conditions.push(eb.or([eb('b.balance_minor', '<=', 0), eb('b.channel', '=', 'reseller')]));
      const q = query.q?.trim().toLowerCase();
      if (q) conditions.push(eb('b.search_text', 'like', foldedContains(q)));
      return eb.and(conditions);
    });
  }

  /** The total from kept counts when the filters allow (none; a status; a tour; a tour and a status; a payment status), adjusted for lapsed holds. */
  private keptTotal(query: BookingListQuery, at: Date): (() => Promise<number>) | null {
    const { status, tourId, paymentStatus } = query;
    const others = [query.departureId, query.resellerId, query.customerId, query.channel, query.from, query.to, query.bookedFrom, query.bookedTo, query.balanceDue, query.overdue, query.q?.trim() || undefined].some((value) => value !== undefined);
    if (others) return null;
    if (paymentStatus !== undefined) return status === undefined && tourId === undefined ? () => keptCount(this.db, `bookings:payment_status:${paymentStatus}`) : null;
    if (status === undefined) return () => keptCount(this.db, tourId === undefined ? 'bookings' : `bookings:tour:${tourId}`);
    const name = tourId === undefined ? `bookings:status:${status}` : `bookings:tour_status:${tourId}:${status}`;
    if (status !== 'held' && status !== 'expired') return () => keptCount(this.db, name);
    return async () => {
      const [counted, lapsed] = await Promise.all([keptCount(this.db, name), this.lapsedCount(at, tourId)]);
      return status === 'held' ? counted - lapsed : counted + lapsed;
    };
  }

  private async lapsedCount(at: Date, tourId?: string): Promise<number> {
    let rows = this.db.selectFrom('bookings').select(sql<number>`count(*)::int`.as('n')).where('status', '=', 'held').where('hold_expires_at', '<=', at);
    if (tourId !== undefined) rows = rows.where('tour_id', '=', tourId);
    return (await rows.executeTakeFirstOrThrow()).n;
  }

  private async withLines(db: Kysely<Database>, rows: BookingRow[], at: Date): Promise<Booking[]> {
    if (rows.length === 0) return [];
    const ids = rows.map((row) => row.id);
    const [travellers, extras] = await Promise.all([
      db
        .selectFrom('booking_travellers')
        .select(['id', 'booking_id', 'category', 'first_name', 'last_name', sql<string | null>`date_of_birth::text`.as('date_of_birth'), 'notes', 'unit_price_minor', 'list_price_minor'])
        .where('booking_id', 'in', ids)
        .orderBy('booking_id')
        .orderBy('position')
        .execute(),
      db.selectFrom('booking_extras').select(['booking_id', 'component_id', 'name', 'quantity', 'unit_price_minor']).where('booking_id', 'in', ids).orderBy('booking_id').orderBy('position').execute(),
    ]);
    return rows.map((row) => toBooking(row, at, travellers.filter((line) => line.booking_id === row.id), extras.filter((line) => line.booking_id === row.id)));
  }
}

export function paymentColumns(db: Kysely<Database>) {
  return db
    .selectFrom('payments as p')
    .leftJoin('users as u', 'u.id', 'p.recorded_by')
    .select(['p.id', 'p.booking_id', 'p.kind', 'p.amount_minor', 'p.currency', 'p.method', 'p.reference', 'p.gift_card_id', 'p.received_at', 'p.recorded_by', 'u.full_name as recorded_by_name', 'p.created_at']);
}

export function toPayment(row: Awaited<ReturnType<ReturnType<typeof paymentColumns>['executeTakeFirstOrThrow']>>): Payment {
  return {
    id: row.id,
    bookingId: row.booking_id,
    kind: row.kind,
    amountMinor: toMoney(row.amount_minor)!,
    currency: row.currency,
    method: row.method,
    reference: row.reference,
    giftCardId: row.gift_card_id,
    receivedAt: row.received_at.toISOString(),
    recordedBy: row.recorded_by,
    recordedByName: row.recorded_by_name,
    createdAt: row.created_at.toISOString(),
  };
}

type TravellerLine = {
  id: string;
  category: 'ADULT' | 'CHILD' | 'INFANT';
  first_name: string;
  last_name: string;
  date_of_birth: string | null;
  notes: string;
  unit_price_minor: string | number;
  list_price_minor: string | number | null;
  reseller_unit_uuid?: string | null;
  reseller_unit_reference?: string | null;
  checked_in_at?: string | null;
  no_show?: boolean;
};
type ExtraLine = { component_id: string; name: string; quantity: number; unit_price_minor: string | number };

function toBooking(row: BookingRow, at: Date, travellers: TravellerLine[], extras: ExtraLine[]): Booking {
  const status = effectiveStatus(row, at);
  const fee = toMoney(row.cancel_fee_minor);
  const totalMinor = toMoney(row.total_minor)!;
  const paidMinor = toMoney(row.paid_minor)!;
  const refundedMinor = toMoney(row.refunded_minor)!;
  const standing = paymentStanding({ status, totalMinor, paidMinor, refundedMinor, feeMinor: fee });
  const dueDate = row.balance_due_date;
  return {
    id: row.id,
    reference: row.reference,
    departureId: row.departure_id,
    tourId: row.tour_id,
    tourCode: row.tour_code,
    tourTitle: row.tour_title,
    startsAt: row.starts_at.toISOString(),
    startDate: row.start_date,
    startTime: row.start_time,
    timeZone: row.time_zone,
    status,
    paymentStatus: standing.paymentStatus,
    currency: row.currency,
    seats: row.seats,
    totalMinor,
    pricing: { rule: row.price_rule ? { kind: row.price_rule.kind as 'early_bird' | 'last_minute' | 'group', percent: row.price_rule.percent } : null, promoCode: row.promo_code?.code ?? null, promoDiscountMinor: toMoney(row.promo_discount_minor)!, discountMinor: toMoney(row.discount_minor)! },
    paidMinor,
    refundedMinor,
    balanceMinor: standing.balanceMinor,
    depositMinor: depositOf(totalMinor, row.deposit_percent),
    balanceDueDate: dueDate,
    // A reseller's customer owes nothing (they paid the reseller): the reseller owes the net, and nothing is overdue from the customer.
    overdue: row.channel !== 'reseller' && (ACTIVE_BOOKING_STATUSES as readonly string[]).includes(status) && standing.balanceMinor > 0 && localDateAt(at, row.time_zone) > dueDate,
    resellerOwesMinor: row.channel === 'reseller' && status === 'confirmed' ? Math.max(0, (toMoney(row.net_minor) ?? totalMinor) - paidMinor) : null,
    holdExpiresAt: row.hold_expires_at?.toISOString() ?? null,
    contact: { name: row.contact_name, email: row.contact_email, phone: row.contact_phone },
    customerId: row.customer_id,
    travellers: travellers.map((line) => ({
      id: line.id,
      category: line.category,
      firstName: line.first_name,
      lastName: line.last_name,
      dateOfBirth: line.date_of_birth,
      notes: line.notes,
      unitPriceMinor: toMoney(line.unit_price_minor)!,
      // Sold before list prices were kept: its list price is what it was charged.
      listPriceMinor: toMoney(line.list_price_minor ?? line.unit_price_minor)!,
      resellerUnitUuid: line.reseller_unit_uuid ?? null,
      resellerUnitReference: line.reseller_unit_reference ?? null,
      checkedInAt: line.checked_in_at ? new Date(line.checked_in_at).toISOString() : null,
      noShow: line.no_show ?? false,
    })),
    extras: extras.map((line) => ({ componentId: line.component_id, name: line.name, quantity: line.quantity, unitPriceMinor: toMoney(line.unit_price_minor)! })),
    singleRooms: row.single_rooms,
    singleSupplementMinor: toMoney(row.single_supplement_minor)!,
    channel: row.channel,
    resellerId: row.reseller_id,
    resellerName: row.reseller_name,
    resellerReference: row.reseller_reference,
    octoUuid: row.octo_uuid,
    testMode: row.test_mode,
    netMinor: toMoney(row.net_minor),
    resellerCommissionPercent: row.reseller_commission_bp === null ? null : row.reseller_commission_bp / 100,
    resellerContact: typeof row.reseller_contact === 'string' ? (JSON.parse(row.reseller_contact) as Record<string, unknown>) : row.reseller_contact,
    notes: row.notes,
    pickup: row.pickup,
    guideNotes: row.guide_notes,
    cancellation: row.status === 'cancelled' && row.cancelled_at ? { at: row.cancelled_at.toISOString(), reason: row.cancel_reason ?? '', feeMinor: fee ?? 0 } : null,
    createdAt: row.created_at.toISOString(),
    createdBy: row.created_by,
    createdByName: row.created_by_name,
    confirmedAt: row.confirmed_at?.toISOString() ?? null,
    updatedAt: row.updated_at.toISOString(),
    checkInCode: row.check_in_code,
  };
}
