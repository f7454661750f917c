/**
 * The summary and the monthly report, read from the totals migration 0011 keeps (report_days,
 * report_months, report_collected, report_balances): a few dozen rows whatever the number of
 * bookings. Two things are read beside them, each bounded by what is coming, not by history:
 *
 * - holds that have lapsed but that the sweep has not recorded yet (at most one sweep's worth,
 *   from the partial index of held bookings): they read as expired everywhere at once, so their
 *   contribution is taken away here as the sweep will take it away from the totals;
 * - the departures and the balances of the next 14 days (index ranges on starts_at and start_date).
 */
import { sql, type Kysely } from 'kysely';
import type { MonthlyQuery, MonthlyReport, MonthlyRow, ReportSummary } from '../../shared/contract/reports.js';
import { UPCOMING_DAYS, UPCOMING_DEPARTURES_LIMIT } from '../../shared/contract/reports.js';
import { addDays, startOfDay } from '../../shared/local-time.js';
import type { Database } from '../db/schema.js';
import { toMoney } from '../db/query-helpers.js';
import type { BookingsRepository } from '../bookings/repository.js';
import type { DeparturesRepository } from '../departures/repository.js';
import { dateTimeFormat } from '../../shared/intl-formats.js';

const DAY_MS = 86_400_000;

/** The calendar date of an instant in a time zone, YYYY-MM-DD. */
export function dateIn(timeZone: string, instant: Date): string {
  const parts = dateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).formatToParts(instant);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')}`;
}


const num = (value: string | number | bigint | null): number => toMoney(value) ?? 0;

interface MoneyRow {
  currency: string;
  bookedLast30DaysMinor: number;
  collectedLast30DaysMinor: number;
  outstandingMinor: number;
  outstandingConfirmedMinor: number;
  outstandingHeldMinor: number;
  refundDueMinor: number;
  owedByResellersMinor: number;
}

type DueRow = { currency: string; kind: string; count: number; amount: string | number | null };

/** Count and money per currency of the rows of one kind (all kinds when `kind` is null). */
function dueOf(rows: DueRow[], kind: string | null) {
  const picked = rows.filter((row) => kind === null || row.kind === kind);
  const money = new Map<string, number>();
  for (const row of picked) money.set(row.currency, (money.get(row.currency) ?? 0) + num(row.amount));
  return {
    count: picked.reduce((sum, row) => sum + row.count, 0),
    money: [...money.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([currency, amountMinor]) => ({ currency, amountMinor })),
  };
}

export class ReportsRepository {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly now: () => number,
    private readonly timeZone: string,
    private readonly departures: DeparturesRepository,
    private readonly bookings: Pick<BookingsRepository, 'overdueCondition'>,
  ) {}

  private zoneChecked = false;

  /**
   * Makes the kept totals count days in `timeZone`: when the stored zone differs (BUSINESS_TIME_ZONE
   * changed), every total is recounted once, in one transaction. Answers whether it recounted.
   * Done at start; if the database could not be reached then, before the first report.
   */
  async useTimeZone(): Promise<boolean> {
    const recounted = await this.recountIfZoneChanged();
    this.zoneChecked = true;
    return recounted;
  }

  private async ensureTimeZone(): Promise<void> {
    if (!this.zoneChecked) await this.useTimeZone();
  }

  private async recountIfZoneChanged(): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      const row = await trx.selectFrom('report_settings').select('time_zone').forUpdate().executeTakeFirstOrThrow();
      if (row.time_zone === this.timeZone) return false;
      await sql`select report_rebuild(${this.timeZone})`.execute(trx);
      return true;
    });
  }

  async summary(): Promise<ReportSummary> {
    await this.ensureTimeZone();
    const at = new Date(this.now());
    const tz = this.timeZone;
    const today = dateIn(tz, at);
    const since7 = addDays(today, -6);
    const since30 = addDays(today, -29);
    const lastDue = addDays(today, UPCOMING_DAYS - 1);

    const [days, collected, balances, lapsed, upcoming, due, unconfirmed, overdue, resellers, online, discounts, cardsMoved, cardsHeld] = await Promise.all([
      this.db
        .selectFrom('report_days')
        .select(['currency', sql<string>`day::text`.as('day'), 'bookings', 'travellers', 'booked_minor'])
        .where('day', '>=', since30)
        .where('day', '<=', today)
        .execute(),
      this.db
        .selectFrom('report_collected')
        .select(['currency', sql<string>`sum(collected_minor)`.as('collected')])
        .where('day', '>=', since30)
        .where('day', '<=', today)
        .groupBy('currency')
        .execute(),
      this.db.selectFrom('report_balances').select(['currency', 'outstanding_minor', 'refund_due_minor']).execute(),
      this.lapsedHolds(at),
      this.departures.upcoming(at, new Date(at.getTime() + UPCOMING_DAYS * DAY_MS), UPCOMING_DEPARTURES_LIMIT),
      this.db
        .selectFrom('bookings')
        .select([
          'currency',
          sql<string>`case when status = 'confirmed' then 'confirmed' when status in ('held', 'waitlisted') then 'held' else 'other' end`.as('kind'),
          sql<number>`count(*)::int`.as('count'),
          sql<string>`sum(balance_minor)`.as('amount'),
        ])
        .where('start_date', '>=', today)
        .where('start_date', '<=', lastDue)
        .where('balance_minor', '>', 0)
        // A reseller's customer owes nothing: the reseller owes the net (owedByResellersMinor).
        .where('channel', '<>', 'reseller')
        // What the bookings list's balanceDue filter finds for these dates (a cancelled booking's unpaid fee too), less lapsed holds.
        .where(sql<boolean>`not (status = 'held' and hold_expires_at <= ${at})`)
        .groupBy(['currency', sql`2`])
        .orderBy('currency')
        .execute(),
      // What bookings not confirmed yet would owe (held or waiting), kept per currency (migration 0013).
      this.db.selectFrom('report_unconfirmed').select(['currency', 'outstanding_minor as amount']).execute(),
      // Overdue balances, as the bookings list's overdue filter finds them.
      this.db
        .selectFrom('bookings as b')
        .select(['b.currency', sql<string>`'overdue'`.as('kind'), sql<number>`count(*)::int`.as('count'), sql<string>`sum(b.balance_minor)`.as('amount')])
        .where(this.bookings.overdueCondition(at))
        .groupBy('b.currency')
        .orderBy('b.currency')
        .execute(),
      // Resellers' bookings: their retail balances to take out of what customers owe, and what resellers owe (migration 0048).
      this.db.selectFrom('report_resellers').select(['currency', 'retail_active_minor', 'retail_unconfirmed_minor', 'owed_minor']).execute(),
      this.db.selectFrom('report_online_days').select([sql<string>`day::text`.as('day'), 'bookings']).where('day', '>=', since30).where('day', '<=', today).execute(),
      // The discounted bookings of the period, from their own index (a booking at list price is not in it).
      this.db
        .selectFrom('bookings')
        .select(['currency', sql<string>`sum(discount_minor)`.as('amount'), sql<string>`sum(promo_discount_minor)`.as('promo')])
        .where('discount_minor', '>', 0)
        .where('created_at', '>=', startOfDay(since30, tz))
        .where(sql<boolean>`(status in ('confirmed', 'waitlisted') or (status = 'held' and (hold_expires_at is null or hold_expires_at > ${at})))`)
        .groupBy('currency')
        .orderBy('currency')
        .execute(),
      // Gift cards' ledger of the period: issued, and redeemed less given back.
      this.db
        .selectFrom('gift_card_transactions as t')
        .innerJoin('gift_cards as g', 'g.id', 't.gift_card_id')
        .select([
          'g.currency',
          sql<string>`coalesce(sum(t.amount_minor) filter (where t.kind = 'issue'), 0)`.as('sold'),
          sql<string>`coalesce(-sum(t.amount_minor) filter (where t.kind in ('redeem', 'refund')), 0)`.as('redeemed'),
        ])
        .where('t.at', '>=', startOfDay(since30, tz))
        .groupBy('g.currency')
        .execute(),
      // What active cards hold: the liability.
      this.db
        .selectFrom('gift_cards')
        .select(['currency', sql<string>`sum(balance_minor)`.as('held')])
        .where('voided_at', 'is', null)
        .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', at)]))
        .groupBy('currency')
        .execute(),
    ]);

    const money = new Map<string, MoneyRow>();
    const moneyOf = (currency: string) => {
      let row = money.get(currency);
      if (!row) {
        row = { currency, bookedLast30DaysMinor: 0, collectedLast30DaysMinor: 0, outstandingMinor: 0, outstandingConfirmedMinor: 0, outstandingHeldMinor: 0, refundDueMinor: 0, owedByResellersMinor: 0 };
        money.set(currency, row);
      }
      return row;
    };
    const bookings = { today: 0, last7Days: 0, last30Days: 0, online: { today: 0, last7Days: 0, last30Days: 0 } };
    const travellers = { last30Days: 0 };
    // Confirmed online bookings only: no lapsed hold is among them.
    for (const row of online) {
      bookings.online.last30Days += num(row.bookings);
      if (row.day >= since7) bookings.online.last7Days += num(row.bookings);
      if (row.day === today) bookings.online.today += num(row.bookings);
    }
    const countDay = (day: string, currency: string, sign: number, count: number, people: number, booked: number) => {
      if (day < since30 || day > today) return;
      bookings.last30Days += sign * count;
      travellers.last30Days += sign * people;
      if (day >= since7) bookings.last7Days += sign * count;
      if (day === today) bookings.today += sign * count;
      moneyOf(currency).bookedLast30DaysMinor += sign * booked;
    };
    for (const row of days) countDay(row.day, row.currency, 1, num(row.bookings), num(row.travellers), num(row.booked_minor));
    for (const row of collected) moneyOf(row.currency).collectedLast30DaysMinor += num(row.collected);
    for (const row of balances) {
      moneyOf(row.currency).outstandingMinor += num(row.outstanding_minor);
      moneyOf(row.currency).refundDueMinor += num(row.refund_due_minor);
    }
    // A lapsed hold is expired: out of the bookings made, its balance no longer owed, what was paid due back.
    for (const hold of lapsed) {
      countDay(hold.created_day, hold.currency, -1, 1, hold.travellers, hold.total);
      moneyOf(hold.currency).refundDueMinor += Math.max(0, hold.paid);
      // A reseller's hold is taken out of what customers owe below, with every reseller's booking.
      if (hold.channel === 'reseller') continue;
      moneyOf(hold.currency).outstandingMinor -= Math.max(0, hold.total - hold.paid);
      moneyOf(hold.currency).outstandingHeldMinor -= Math.max(0, hold.total - hold.paid);
    }
    for (const row of unconfirmed) moneyOf(row.currency).outstandingHeldMinor += num(row.amount);
    for (const row of resellers) {
      moneyOf(row.currency).outstandingMinor -= num(row.retail_active_minor);
      moneyOf(row.currency).outstandingHeldMinor -= num(row.retail_unconfirmed_minor);
      moneyOf(row.currency).owedByResellersMinor += num(row.owed_minor);
    }
    // Outstanding is owed on active bookings, which are confirmed, held or waiting: what is not held is confirmed.
    for (const row of money.values()) row.outstandingConfirmedMinor = row.outstandingMinor - row.outstandingHeldMinor;

    return {
      asOf: at.toISOString(),
      timeZone: tz,
      bookings,
      travellers,
      money: [...money.values()]
        .filter((row) => row.bookedLast30DaysMinor !== 0 || row.collectedLast30DaysMinor !== 0 || row.outstandingMinor !== 0 || row.refundDueMinor !== 0 || row.owedByResellersMinor !== 0)
        .sort((a, b) => a.currency.localeCompare(b.currency)),
      discounts: discounts.map((row) => ({ currency: row.currency, amountMinor: num(row.amount), promoCodesMinor: num(row.promo) })),
      giftCards: [...new Set([...cardsMoved.map((row) => row.currency), ...cardsHeld.map((row) => row.currency)])].sort().map((currency) => {
        const moved = cardsMoved.find((row) => row.currency === currency);
        return {
          currency,
          soldLast30DaysMinor: num(moved?.sold ?? 0),
          redeemedLast30DaysMinor: num(moved?.redeemed ?? 0),
          outstandingMinor: num(cardsHeld.find((row) => row.currency === currency)?.held ?? 0),
        };
      }),
      upcomingDepartures: upcoming.map((departure) => ({
        id: departure.id,
        tourTitle: departure.tourTitle,
        startsAt: departure.startsAt,
        timeZone: departure.timeZone,
        capacity: departure.capacity,
        seatsConfirmed: departure.seatsConfirmed,
        seatsHeld: departure.seatsHeld,
        minPax: departure.minPax,
        guaranteed: departure.guaranteed,
        hasGuide: (departure.assignments ?? []).some((assignment) => assignment.kind === 'guide' && assignment.endedAt === null),
      })),
      balancesDueNext14Days: {
        ...dueOf(due, null),
        from: today,
        to: lastDue,
        confirmed: dueOf(due, 'confirmed'),
        held: dueOf(due, 'held'),
      },
      overdue: dueOf(overdue, null),
    };
  }

  async monthly(query: MonthlyQuery): Promise<MonthlyReport> {
    await this.ensureTimeZone();
    const at = new Date(this.now());
    const tz = this.timeZone;
    const year = query.year ?? Number(dateIn(tz, at).slice(0, 4));
    const basis = query.basis ?? 'booking';
    const first = `${year - 1}-01-01`;
    const last = `${year}-12-01`;
    const [kept, lapsed] = await Promise.all([
      this.db
        .selectFrom('report_months')
        .select([sql<string>`to_char(month, 'YYYY-MM')`.as('month'), 'currency', 'bookings', 'travellers', 'booked_minor'])
        .where('basis', '=', basis)
        .where('month', '>=', first)
        .where('month', '<=', last)
        .execute(),
      this.lapsedHolds(at),
    ]);
    const rows = new Map<string, MonthlyRow>();
    const add = (month: string, currency: string, bookings: number, travellers: number, booked: number) => {
      if (month < first.slice(0, 7) || month > last.slice(0, 7)) return;
      const key = `${month} ${currency}`;
      const row = rows.get(key) ?? { month, currency, bookings: 0, travellers: 0, bookedMinor: 0 };
      row.bookings += bookings;
      row.travellers += travellers;
      row.bookedMinor += booked;
      rows.set(key, row);
    };
    for (const row of kept) add(row.month, row.currency, num(row.bookings), num(row.travellers), num(row.booked_minor));
    for (const hold of lapsed) add(basis === 'booking' ? hold.created_month : hold.departure_month, hold.currency, -1, -hold.travellers, -hold.total);
    const data = [...rows.values()]
      .filter((row) => row.bookings !== 0 || row.travellers !== 0 || row.bookedMinor !== 0)
      .sort((a, b) => a.month.localeCompare(b.month) || a.currency.localeCompare(b.currency));
    return { year, basis, timeZone: tz, data };
  }

  /** Holds past their expiry that the sweep has not recorded yet (the partial index bookings_holds_idx). */
  private async lapsedHolds(at: Date) {
    const tz = this.timeZone;
    const rows = await this.db
      .selectFrom('bookings')
      .select([
        'currency',
        'travellers',
        'total_minor',
        'paid_minor',
        'channel',
        sql<string>`(created_at at time zone ${tz})::date::text`.as('created_day'),
        sql<string>`to_char(created_at at time zone ${tz}, 'YYYY-MM')`.as('created_month'),
        sql<string>`to_char(starts_at at time zone ${tz}, 'YYYY-MM')`.as('departure_month'),
      ])
      .where('status', '=', 'held')
      .where('hold_expires_at', '<=', at)
      // As the kept totals, which leave out test bookings (migration 0051).
      .where('test_mode', '=', false)
      .execute();
    return rows.map((row) => ({ ...row, total: num(row.total_minor), paid: num(row.paid_minor) }));
  }
}
