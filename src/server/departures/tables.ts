/** The departures domain's table: a tour's dates and the seats each has. */
import type { ColumnType } from 'kysely';
import type { Money, Timestamp } from '../db/column-types.js';

export interface DeparturesTable {
  id: string;
  tour_id: string;
  /** A date column: written as 'YYYY-MM-DD', read back as text (see the repository's select). */
  start_date: ColumnType<string, string, string>;
  start_time: string;
  starts_at: Timestamp;
  capacity: number;
  seats_held: ColumnType<number, number | undefined, number>;
  seats_confirmed: ColumnType<number, number | undefined, number>;
  waitlisted: ColumnType<number, number | undefined, number>;
  status: 'open' | 'closed' | 'cancelled';
  price_adult_minor: Money;
  price_child_minor: Money;
  price_infant_minor: Money;
  /** Whether staff priced it (else it follows its season, else its tour: shared/pricing.ts). */
  own_prices: ColumnType<boolean, boolean | undefined, boolean>;
  single_supplement_minor: Money;
  cancel_reason: string | null;
  cancelled_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  /** When its travellers' names, birth dates and notes were erased after the retention period (migration 0025). */
  travellers_forgotten_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

declare module '../db/schema.js' {
  interface Database {
    departures: DeparturesTable;
  }
}
