/** The catalogue's tables: tours, their components, itinerary days and pictures. */
import type { ColumnType } from 'kysely';
import type { CancellationFee, SelfService } from '../../shared/contract/tours.js';
import type { Money, Timestamp } from '../db/column-types.js';

export interface ToursTable {
  id: string;
  code: string;
  title: string;
  summary: ColumnType<string, string | undefined, string>;
  description: ColumnType<string, string | undefined, string>;
  status: 'draft' | 'published' | 'archived';
  time_zone: string;
  currency: string;
  duration_days: number;
  min_pax: number;
  max_pax: number | null;
  booking_cutoff_hours: number;
  cancellation_cutoff_hours: ColumnType<number, number | undefined, number>;
  /** Migration 0019: the deposit (null: the whole price at booking), the balance's due days, the cancellation fees. */
  deposit_percent: ColumnType<number | null, number | null | undefined, number | null>;
  balance_due_days: ColumnType<number, number | undefined, number>;
  cancellation_fees: ColumnType<CancellationFee[], string | undefined, string>;
  infant_age_under: ColumnType<number, number | undefined, number>;
  child_age_under: ColumnType<number, number | undefined, number>;
  price_adult_minor: Money;
  price_child_minor: Money;
  price_infant_minor: Money;
  single_supplement_minor: Money;
  cover_media_id: ColumnType<string | null, string | null | undefined, string | null>;
  /** Migration 0053: sold in the operator's own shop (when published), and what its customers may do alone. */
  bookable_online: ColumnType<boolean, boolean | undefined, boolean>;
  self_service: ColumnType<SelfService, string | undefined, string>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface TourComponentsTable {
  id: string;
  tour_id: string;
  kind: 'accommodation' | 'transport' | 'activity' | 'guide' | 'meal' | 'transfer' | 'other';
  name: string;
  supplier: string;
  day_from: number;
  day_to: number;
  inclusion: 'included' | 'optional';
  price_minor: Money;
  cost_minor: Money;
  /** Migration 0030: what cost_minor is counted per. */
  cost_basis: ColumnType<'per_traveller' | 'per_departure' | 'per_night', 'per_traveller' | 'per_departure' | 'per_night' | undefined, 'per_traveller' | 'per_departure' | 'per_night'>;
  notes: string;
  position: number;
}

export interface TourDaysTable {
  tour_id: string;
  day_number: number;
  title: string;
  description: string;
  overnight: string;
  breakfast: boolean;
  lunch: boolean;
  dinner: boolean;
  component_ids: string[];
}

export interface TourMediaTable {
  id: string;
  tour_id: string;
  token: string;
  alt: string;
  caption: string;
  credit: string;
  width: number;
  height: number;
  stored_bytes: number;
  position: number;
  created_at: Timestamp;
}

declare module '../db/schema.js' {
  interface Database {
    tours: ToursTable;
    tour_components: TourComponentsTable;
    tour_days: TourDaysTable;
    tour_media: TourMediaTable;
  }
}
