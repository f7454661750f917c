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

/** A promo code (migration 0063); its uses are counted from the bookings holding it. */
export interface PromoCodesTable {
  id: string;
  code: string;
  kind: 'percent' | 'amount';
  value: ColumnType<string | number, number, number>;
  currency: string | null;
  applies_to: 'booking' | 'traveller';
  tour_ids: string[] | null;
  /** A date (YYYY-MM-DD, in the tour's zone) or an instant, as staff gave it. */
  booking_from: string | null;
  booking_to: string | null;
  travel_from: ColumnType<string | null, string | null, string | null>;
  travel_to: ColumnType<string | null, string | null, string | null>;
  min_travellers: number | null;
  max_uses: number | null;
  channels: ('office' | 'online' | 'reseller')[];
  active: boolean;
  created_at: Date;
  updated_at: Date;
  created_by: string | null;
}

declare module '../db/schema.js' {
  interface Database {
    tour_seasons: TourSeasonsTable;
    tour_price_rules: TourPriceRulesTable;
    promo_codes: PromoCodesTable;
  }
}
