/** The pricing domain's tables: a tour's seasons and its price rules. */
import type { ColumnType } from 'kysely';
import type { Money } from '../db/column-types.js';

export interface TourSeasonsTable {
  id: string;
  tour_id: string;
  /** The order staff gave them in (the answer keeps it). */
  position: number;
  name: string;
  /** Local travel dates, inclusive. */
  from_date: ColumnType<string, string, string>;
  to_date: ColumnType<string, string, string>;
  price_adult_minor: Money;
  price_child_minor: Money;
  price_infant_minor: Money;
}

export interface TourPriceRulesTable {
  id: string;
  tour_id: string;
  position: number;
  kind: 'early_bird' | 'last_minute' | 'group';
  /** The rule's threshold: days before (early bird), hours before (last minute) or travellers (group). */
  threshold: number;
  percent: number;
  active: boolean;
}

declare module '../db/schema.js' {
  interface Database {
    tour_seasons: TourSeasonsTable;
    tour_price_rules: TourPriceRulesTable;
  }
}
