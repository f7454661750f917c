/**
 * A tour's seasons and price rules: read for the Prices tab and saved whole (a PUT replaces the
 * list), each save under the tour's lock so that two saves at once cannot leave overlapping
 * seasons or two active rules of a kind. The departures read them with each departure to find its
 * price (departures/repository.ts); the price finder itself is shared/pricing.ts.
 */
import { randomUUID } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { PriceRuleInput, Season } from '../../shared/contract/pricing.js';
import { isCalendarDate } from '../../shared/local-time.js';
import { overlappingSeasons, priceRuleOf, thresholdOf } from '../../shared/pricing.js';
import { auditOrigin, type AuditLog, type RequestOrigin } from '../audit/audit-log.js';
import { toMoney } from '../db/query-helpers.js';
import type { Database } from '../db/schema.js';
import { httpErrors } from '../http/errors.js';

const RULE_WORDS = { early_bird: 'early bird', last_minute: 'last minute', group: 'group' } as const;

/** Why a list of seasons cannot be saved, by field (`0.from`: the first season's first date); empty when it can. */
function seasonProblems(seasons: readonly Season[]): Record<string, string> {
  const problems: Record<string, string> = {};
  seasons.forEach((season, index) => {
    if (!isCalendarDate(season.from)) problems[`${index}.from`] = 'must be a real date such as 2027-06-01';
    if (!isCalendarDate(season.to)) problems[`${index}.to`] = 'must be a real date such as 2027-08-31';
    else if (isCalendarDate(season.from) && season.to < season.from) problems[`${index}.to`] = 'must not be before the season’s first date';
    if (season.name.trim() === '') problems[`${index}.name`] = 'is required';
  });
  if (Object.keys(problems).length > 0) return problems;
  const overlap = overlappingSeasons(seasons);
  if (overlap) {
    const [first, second] = overlap.map((index) => seasons[index]!);
    problems[`${overlap[1]}.from`] = `overlaps the season “${first.name.trim()}” (${first.from} to ${first.to})`;
    problems[`${overlap[0]}.to`] = `overlaps the season “${second.name.trim()}” (${second.from} to ${second.to})`;
  }
  return problems;
}

/** Why a list of rules cannot be saved: two active rules of one kind. */
function ruleProblems(rules: readonly PriceRuleInput[]): Record<string, string> {
  const problems: Record<string, string> = {};
  const seen = new Set<string>();
  rules.forEach((rule, index) => {
    if (!rule.active) return;
    if (seen.has(rule.kind)) problems[`${index}.active`] = `must be false: only one ${RULE_WORDS[rule.kind]} rule may be active`;
    seen.add(rule.kind);
  });
  return problems;
}

export class PricingRepository {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly audit: AuditLog,
  ) {}

  async seasons(tourId: string, db: Kysely<Database> = this.db): Promise<Season[]> {
    const rows = await db
      .selectFrom('tour_seasons')
      .select(['name', sql<string>`from_date::text`.as('from_date'), sql<string>`to_date::text`.as('to_date'), 'price_adult_minor', 'price_child_minor', 'price_infant_minor'])
      .where('tour_id', '=', tourId)
      .orderBy('position')
      .execute();
    return rows.map((row) => ({
      name: row.name,
      from: row.from_date,
      to: row.to_date,
      prices: { ADULT: toMoney(row.price_adult_minor), CHILD: toMoney(row.price_child_minor), INFANT: toMoney(row.price_infant_minor) },
    }));
  }

  async rules(tourId: string, db: Kysely<Database> = this.db): Promise<PriceRuleInput[]> {
    const rows = await db.selectFrom('tour_price_rules').select(['kind', 'threshold', 'percent', 'active']).where('tour_id', '=', tourId).orderBy('position').execute();
    return rows.map((row) => priceRuleOf(row.kind, row.threshold, row.percent, row.active));
  }

  /** Replaces the tour's seasons (400 naming the fields, among them both of two that overlap). */
  async saveSeasons(tour: { id: string; code: string }, seasons: Season[], origin: RequestOrigin): Promise<Season[]> {
    const problems = seasonProblems(seasons);
    if (Object.keys(problems).length > 0) throw httpErrors.validation(problems);
    return this.replace(tour, 'tour.seasons_saved', origin, (db) => this.seasons(tour.id, db), async (trx) => {
      await trx.deleteFrom('tour_seasons').where('tour_id', '=', tour.id).execute();
      if (seasons.length === 0) return;
      await trx
        .insertInto('tour_seasons')
        .values(
          seasons.map((season, position) => ({
            id: randomUUID(),
            tour_id: tour.id,
            position,
            name: season.name.trim(),
            from_date: season.from,
            to_date: season.to,
            price_adult_minor: season.prices.ADULT,
            price_child_minor: season.prices.CHILD,
            price_infant_minor: season.prices.INFANT,
          })),
        )
        .execute();
    });
  }

  /** Replaces the tour's price rules (400 for two active rules of a kind). */
  async saveRules(tour: { id: string; code: string }, rules: PriceRuleInput[], origin: RequestOrigin): Promise<PriceRuleInput[]> {
    const problems = ruleProblems(rules);
    if (Object.keys(problems).length > 0) throw httpErrors.validation(problems);
    return this.replace(tour, 'tour.price_rules_saved', origin, (db) => this.rules(tour.id, db), async (trx) => {
      await trx.deleteFrom('tour_price_rules').where('tour_id', '=', tour.id).execute();
      if (rules.length === 0) return;
      await trx
        .insertInto('tour_price_rules')
        .values(rules.map((rule, position) => ({ id: randomUUID(), tour_id: tour.id, position, kind: rule.kind, threshold: thresholdOf(rule), percent: rule.percent, active: rule.active })))
        .execute();
    });
  }

  /** One of the tour's lists written anew under the tour's lock, and audited with what it was and is. */
  private replace<T>(tour: { id: string; code: string }, action: 'tour.seasons_saved' | 'tour.price_rules_saved', origin: RequestOrigin, read: (db: Kysely<Database>) => Promise<T[]>, write: (trx: Kysely<Database>) => Promise<void>): Promise<T[]> {
    return this.db.transaction().execute(async (trx) => {
      await this.lockTour(trx, tour.id);
      const before = await read(trx);
      await write(trx);
      const after = await read(trx);
      await this.audit.record({ action, ...auditOrigin(origin), targetType: 'tour', targetId: tour.id, details: { tourCode: tour.code, before, after } }, trx);
      return after;
    });
  }

  /** One save of a tour's prices at a time (the seasons' overlap and the rules' one-active-per-kind are checked in it). */
  private async lockTour(trx: Kysely<Database>, tourId: string): Promise<void> {
    await sql`select pg_advisory_xact_lock(hashtextextended(${`tour-prices:${tourId}`}, 0))`.execute(trx);
  }
}
