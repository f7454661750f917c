/**
 * Margins: what each departure made. Revenue is the totals of its held and confirmed bookings (a
 * lapsed hold does not count) less resellers' commissions: a reseller's booking counts at its net.
 * Cost is each component's cost by its basis: an included one for every traveller who takes a seat
 * (infants do not; per_traveller: once each, per_night: once each for each of the component's
 * days, per_departure: once), an optional one for the quantities booked. Money stays in the tour's
 * currency and is never added across currencies. One statement answers a departure or a range.
 */
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { DepartureMargin, Margins as MarginsAnswer, MarginsQuery } from '../../shared/contract/reports.js';
import { daysBetween } from '../../shared/local-time.js';
import type { Database } from '../db/schema.js';
import { refuseBadDateFilters, toMoney } from '../db/query-helpers.js';
import { httpErrors } from '../http/errors.js';

/** The longest range the report reads at once. */
const MAX_RANGE_DAYS = 366;

const SORTS = { startDate: 'start_date, start_time', marginMinor: 'margin', marginPercent: 'margin_percent', revenueMinor: 'revenue' } as const;

/**
 * The statement's common part: the departures `departures` selects (id, tour_id, start_date,
 * start_time, status, code, title, currency), their sales and booked extras, and each component's
 * line (units and unit cost). A reseller's test booking sells nothing and costs nothing.
 */
function costed(departures: RawBuilder<unknown>, active: RawBuilder<boolean>) {
  return sql`
    with deps as (${departures}),
    sales as (
      select b.departure_id, sum(coalesce(b.net_minor, b.total_minor)) as revenue, sum(b.seats)::int as seats
      from bookings b where b.departure_id in (select id from deps) and ${active} and not b.test_mode
      group by b.departure_id
    ),
    booked as (
      select b.departure_id, be.component_id, sum(be.quantity)::int as quantity
      from bookings b join booking_extras be on be.booking_id = b.id
      where b.departure_id in (select id from deps) and ${active} and not b.test_mode
      group by b.departure_id, be.component_id
    ),
    lines as (
      select dp.id as departure_id, c.id as component_id, c.name, c.cost_basis, c.position,
        (case when c.inclusion = 'included' then
           case c.cost_basis when 'per_departure' then 1 when 'per_traveller' then coalesce(s.seats, 0) else coalesce(s.seats, 0) * (c.day_to - c.day_from + 1) end
         else
           case c.cost_basis when 'per_departure' then (coalesce(k.quantity, 0) > 0)::int when 'per_traveller' then coalesce(k.quantity, 0) else coalesce(k.quantity, 0) * (c.day_to - c.day_from + 1) end
         end)::int as units,
        coalesce(c.cost_minor, 0) as unit_cost
      from deps dp
      join tour_components c on c.tour_id = dp.tour_id
      left join sales s on s.departure_id = dp.id
      left join booked k on k.departure_id = dp.id and k.component_id = c.id
    ),
    rows as (
      select dp.*, coalesce(s.revenue, 0) as revenue, coalesce(s.seats, 0) as seats,
        coalesce((select sum(l.units * l.unit_cost) from lines l where l.departure_id = dp.id), 0) as cost
      from deps dp left join sales s on s.departure_id = dp.id
    ),
    margins as (
      select r.*, r.revenue - r.cost as margin,
        case when r.revenue > 0 then round((r.revenue - r.cost) * 100.0 / r.revenue, 1) end as margin_percent
      from rows r
    )`;
}

const departureColumns = sql`select d.id, d.tour_id, d.start_date, d.start_time, d.status, t.code, t.title, t.currency from departures d join tours t on t.id = d.tour_id`;

interface MarginLineRow {
  component_id: string;
  name: string;
  cost_basis: 'per_traveller' | 'per_departure' | 'per_night';
  units: number;
  unit_cost: string | number;
}

interface MarginRow {
  id: string;
  tour_id: string;
  start_date: string;
  start_time: string;
  status: string;
  code: string;
  title: string;
  currency: string;
  seats: number;
  revenue: string | number;
  cost: string | number;
  margin: string | number;
  margin_percent: string | number | null;
}

export class Margins {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly now: () => number,
    /** A booking (`b`) that has its seats at `at` (the bookings domain's rule). */
    private readonly holdsSeatsAt: (at: Date) => RawBuilder<boolean>,
  ) {}

  /** A departure's margin with its lines; null: no such departure. */
  async ofDeparture(departureId: string): Promise<DepartureMargin | null> {
    const at = new Date(this.now());
    const base = costed(sql`${departureColumns} where d.id = ${departureId}`, this.holdsSeatsAt(at));
    // One statement: the departure's totals with its lines beside them (the sales are counted once).
    const rows = await sql<MarginRow & { lines: MarginLineRow[] | string }>`${base}
      select m.id, m.currency, m.revenue, m.cost, m.margin, m.margin_percent, m.seats,
        coalesce((select json_agg(json_build_object('component_id', l.component_id, 'name', l.name, 'cost_basis', l.cost_basis, 'units', l.units, 'unit_cost', l.unit_cost)
                                  order by l.position, l.component_id) from lines l), '[]'::json) as lines
      from margins m`.execute(this.db);
    const row = rows.rows[0];
    if (!row) return null;
    const lines = typeof row.lines === 'string' ? (JSON.parse(row.lines) as MarginLineRow[]) : row.lines;
    return {
      departureId,
      currency: row.currency,
      revenueMinor: toMoney(row.revenue)!,
      costMinor: toMoney(row.cost)!,
      marginMinor: toMoney(row.margin)!,
      marginPercent: row.margin_percent === null ? null : Number(row.margin_percent),
      lines: lines.map((line) => ({ componentId: line.component_id, name: line.name, basis: line.cost_basis, units: line.units, costMinor: line.units * toMoney(line.unit_cost)! })),
    };
  }

  /** Departures on dates `from` to `to` (not cancelled), a page at a time in the order asked, with totals per currency over all of them. */
  async report(query: MarginsQuery): Promise<MarginsAnswer> {
    refuseBadDateFilters(query);
    if (query.to < query.from) throw httpErrors.validation({ to: 'must not be before from' });
    if (daysBetween(query.from, query.to) > MAX_RANGE_DAYS) throw httpErrors.validation({ to: `must be at most ${MAX_RANGE_DAYS} days after from` });
    const at = new Date(this.now());
    const currency = query.currency ? sql`and t.currency = ${query.currency}` : sql``;
    const base = costed(sql`${departureColumns} where d.start_date between ${query.from}::date and ${query.to}::date and d.status <> 'cancelled' ${currency}`, this.holdsSeatsAt(at));
    const pageSize = query.pageSize ?? 25;
    const offset = ((query.page ?? 1) - 1) * pageSize;
    const direction = query.order === 'DESC' ? 'desc' : 'asc';
    // Amounts are compared within their currency only: a sort by money groups the currencies first.
    const sort = query.sort ?? 'startDate';
    const byMoney = sort === 'marginMinor' || sort === 'revenueMinor';
    const order = sql.raw(`${byMoney ? 'currency, ' : ''}${SORTS[sort]} ${direction} nulls last, id ${direction}`);
    const [page, totals] = await Promise.all([
      sql<MarginRow & { start_date: string }>`${base}
        select id, tour_id, start_date::text as start_date, start_time, status, code, title, currency, seats, revenue, cost, margin, margin_percent, count(*) over () as total
        from margins order by ${order} limit ${pageSize} offset ${offset}`.execute(this.db),
      sql<{ currency: string; departures: number; revenue: string | number; cost: string | number; margin: string | number }>`${base}
        select currency, count(*)::int as departures, sum(revenue) as revenue, sum(cost) as cost, sum(margin) as margin from margins group by currency order by currency`.execute(this.db),
    ]);
    const rows = page.rows as (MarginRow & { total: string | number })[];
    return {
      data: rows.map((row) => ({
        departureId: row.id,
        tourId: row.tour_id,
        tourCode: row.code,
        tourTitle: row.title,
        startDate: row.start_date,
        startTime: row.start_time,
        status: row.status,
        currency: row.currency,
        seats: row.seats,
        revenueMinor: toMoney(row.revenue)!,
        costMinor: toMoney(row.cost)!,
        marginMinor: toMoney(row.margin)!,
        marginPercent: row.margin_percent === null ? null : Number(row.margin_percent),
      })),
      total: rows.length > 0 ? Number(rows[0].total) : totals.rows.reduce((sum, row) => sum + row.departures, 0),
      totals: totals.rows.map((row) => ({ currency: row.currency, departures: row.departures, revenueMinor: toMoney(row.revenue)!, costMinor: toMoney(row.cost)!, marginMinor: toMoney(row.margin)! })),
    };
  }
}
