/**
 * Day sheets: what a date asks of the operation. Every departure running that local date, with the
 * day of it that date is, its itinerary day, the travellers of its held and confirmed bookings by
 * category, single rooms, the meals to order, the resources assigned that day, and the components
 * active that day with their suppliers and quantities. Cancelled departures and bookings, and holds
 * that have lapsed, are not counted. A read of a few indexed queries, whatever the size of the
 * bookings table: each departure's bookings are found by its own index.
 */
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { DaySheet, DaySheetDeparture } from '../../shared/contract/operations.js';
import type { Assignment } from '../../shared/contract/resources.js';
import { isCalendarDate } from '../../shared/local-time.js';
import type { Database } from '../db/schema.js';
import { CSV_BOM, csvLines, defuse } from '../http/csv.js';
import { httpErrors } from '../http/errors.js';

/** The most departures one day sheet shows. */
const MAX_DEPARTURES = 2000;

/** What the day sheets ask of their neighbours, given by the module's wiring. */
export interface OperationsSurroundings {
  assignmentsOf(db: Kysely<Database>, departureIds: string[]): Promise<Map<string, Assignment[]>>;
  /** A booking (`b`) that has its seats at `at` (the bookings domain's rule). */
  holdsSeatsAt(at: Date): RawBuilder<boolean>;
}

export class OperationsRepository {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly now: () => number,
    private readonly around: OperationsSurroundings,
  ) {}

  /** A date's sheet; without `resources` (a reader without resources.read) no departure names who or what is assigned to it. */
  async daySheet(date: string, { resources = true }: { resources?: boolean } = {}): Promise<DaySheet> {
    if (!isCalendarDate(date)) throw httpErrors.validation({ date: 'must be a real date such as 2027-06-01' });
    const at = new Date(this.now());
    const departures = await this.db
      .selectFrom('departures as d')
      .innerJoin('tours as t', 't.id', 'd.tour_id')
      .select([
        'd.id',
        'd.tour_id',
        't.code',
        't.title',
        't.time_zone',
        sql<string>`d.start_date::text`.as('start_date'),
        'd.start_time',
        sql<string>`(d.start_date + (t.duration_days - 1))::text`.as('end_date'),
        'd.status',
        sql<number>`(${date}::date - d.start_date) + 1`.as('day_number'),
      ])
      // A departure that started up to the longest tour's length before the date may still run on it.
      .where('d.start_date', '<=', sql<string>`${date}::date`)
      .where('d.start_date', '>=', sql<string>`${date}::date - (select coalesce(max(duration_days), 1) - 1 from tours)`)
      .where(sql<boolean>`d.start_date + (t.duration_days - 1) >= ${date}::date`)
      .where('d.status', '<>', 'cancelled')
      .orderBy('d.starts_at')
      .orderBy('d.id')
      .limit(MAX_DEPARTURES)
      .execute();
    if (departures.length === 0) return { date, departures: [] };
    const ids = departures.map((departure) => departure.id);
    const tourIds = [...new Set(departures.map((departure) => departure.tour_id))];
    const activeBooking = this.around.holdsSeatsAt(at);
    // Each departure's bookings by its own index (a lateral read per departure): a join of the
    // departures' bookings with every traveller would have the planner read whole tables once the
    // bookings number millions.
    const [travellers, extras, days, components, assigned] = await Promise.all([
      sql<{ departure_id: string; adults: number; children: number; infants: number; rooms: number }>`
        select d.id as departure_id, t.adults, t.children, t.infants, r.rooms
        from unnest(${sql.val(ids)}::uuid[]) as d (id)
        cross join lateral (
          select count(*) filter (where bt.category = 'ADULT')::int as adults,
                 count(*) filter (where bt.category = 'CHILD')::int as children,
                 count(*) filter (where bt.category = 'INFANT')::int as infants
          from bookings b join booking_travellers bt on bt.booking_id = b.id
          where b.departure_id = d.id and ${activeBooking}
        ) t
        cross join lateral (select coalesce(sum(b.single_rooms), 0)::int as rooms from bookings b where b.departure_id = d.id and ${activeBooking}) r`.execute(this.db),
      sql<{ departure_id: string; component_id: string; quantity: number }>`
        select d.id as departure_id, e.component_id, e.quantity
        from unnest(${sql.val(ids)}::uuid[]) as d (id)
        cross join lateral (
          select be.component_id, sum(be.quantity)::int as quantity
          from bookings b join booking_extras be on be.booking_id = b.id
          where b.departure_id = d.id and ${activeBooking}
          group by be.component_id
        ) e`.execute(this.db),
      this.db.selectFrom('tour_days').select(['tour_id', 'day_number', 'title', 'overnight', 'breakfast', 'lunch', 'dinner']).where('tour_id', 'in', tourIds).execute(),
      this.db
        .selectFrom('tour_components')
        .select(['id', 'tour_id', 'name', 'kind', 'supplier', 'inclusion', 'cost_basis', 'day_from', 'day_to'])
        .where('tour_id', 'in', tourIds)
        .orderBy('position')
        .orderBy('id')
        .execute(),
      resources ? this.around.assignmentsOf(this.db, ids) : new Map<string, never[]>(),
    ]);
    const counts = new Map(travellers.rows.map((row) => [row.departure_id, { ADULT: Number(row.adults), CHILD: Number(row.children), INFANT: Number(row.infants) }]));
    const roomsOf = new Map(travellers.rows.map((row) => [row.departure_id, Number(row.rooms)]));
    const extrasOf = new Map(extras.rows.map((row) => [`${row.departure_id} ${row.component_id}`, Number(row.quantity)]));
    const dayOf = new Map(days.map((row) => [`${row.tour_id} ${row.day_number}`, row]));
    return {
      date,
      departures: departures.map((departure): DaySheetDeparture => {
        const dayNumber = Number(departure.day_number);
        const travellersOf = counts.get(departure.id) ?? { ADULT: 0, CHILD: 0, INFANT: 0 };
        // Seats: adults and children; an infant takes none, eats from a parent's plate and sleeps in their room.
        const seated = travellersOf.ADULT + travellersOf.CHILD;
        const day = dayOf.get(`${departure.tour_id} ${dayNumber}`);
        return {
          departureId: departure.id,
          tourId: departure.tour_id,
          tourCode: departure.code,
          tourTitle: departure.title,
          timeZone: departure.time_zone,
          startDate: departure.start_date,
          startTime: departure.start_time,
          endDate: departure.end_date,
          status: departure.status,
          dayNumber,
          dayTitle: day?.title ?? null,
          overnight: day ? day.overnight || null : null,
          travellers: travellersOf,
          singleRooms: roomsOf.get(departure.id) ?? 0,
          meals: { breakfast: day?.breakfast ? seated : 0, lunch: day?.lunch ? seated : 0, dinner: day?.dinner ? seated : 0 },
          ...(resources && { assignments: (assigned.get(departure.id) ?? []).filter((one) => one.endedAt === null && one.dayFrom <= dayNumber && dayNumber <= one.dayTo) }),
          components: components
            .filter((component) => component.tour_id === departure.tour_id && component.day_from <= dayNumber && dayNumber <= component.day_to)
            .map((component) => ({
              componentId: component.id,
              name: component.name,
              kind: component.kind,
              supplier: component.supplier,
              inclusion: component.inclusion,
              costBasis: component.cost_basis,
              quantity:
                component.inclusion === 'optional' ? (extrasOf.get(`${departure.id} ${component.id}`) ?? 0) : component.cost_basis === 'per_departure' ? 1 : seated,
            })),
        };
      }),
    };
  }

  /** The day sheet as CSV for suppliers: one row per departure and component (a departure without components: one row). */
  /** The sheet as CSV; with `supplier` (any case), only the rows of that supplier's components, to send to it. */
  async daySheetCsv(date: string, supplier?: string, { resources = true }: { resources?: boolean } = {}): Promise<string> {
    const sheet = await this.daySheet(date, { resources });
    const rows: string[][] = [];
    const wanted = supplier?.trim().toLocaleLowerCase();
    for (const departure of sheet.departures) {
      const common = [
        sheet.date,
        departure.startTime,
        departure.tourCode,
        departure.tourTitle,
        String(departure.dayNumber),
        departure.dayTitle ?? '',
        departure.overnight ?? '',
        String(departure.travellers.ADULT),
        String(departure.travellers.CHILD),
        String(departure.travellers.INFANT),
        String(departure.singleRooms),
        String(departure.meals.breakfast),
        String(departure.meals.lunch),
        String(departure.meals.dinner),
        // Without the resources column for a reader who may not see who is assigned.
        ...(departure.assignments ? [departure.assignments.map((one) => one.resourceName).join('; ')] : []),
      ];
      if (wanted !== undefined) {
        for (const component of departure.components) {
          if (component.supplier.trim().toLocaleLowerCase() === wanted) rows.push([...common, component.supplier, component.name, component.kind, component.inclusion, String(component.quantity)]);
        }
        continue;
      }
      if (departure.components.length === 0) rows.push([...common, '', '', '', '', '']);
      for (const component of departure.components) rows.push([...common, component.supplier, component.name, component.kind, component.inclusion, String(component.quantity)]);
    }
    return (
      CSV_BOM +
      csvLines([resources ? DAY_SHEET_HEADER : DAY_SHEET_HEADER.filter((column) => column !== 'resources'), ...rows.map((row) => row.map((cell) => defuse(cell)))])
    );
  }
}

const DAY_SHEET_HEADER = [
  'date',
  'start_time',
  'tour_code',
  'tour',
  'day',
  'day_title',
  'overnight',
  'adults',
  'children',
  'infants',
  'single_rooms',
  'breakfasts',
  'lunches',
  'dinners',
  'resources',
  'supplier',
  'component',
  'kind',
  'inclusion',
  'quantity',
];
