/** The resources domain's tables: guides, drivers, vehicles and others, and their assignments to departures. */
import type { ColumnType } from 'kysely';
import type { Nullable, Timestamp } from '../db/column-types.js';

export interface ResourcesTable {
  id: string;
  kind: 'guide' | 'driver' | 'vehicle' | 'other';
  name: string;
  languages: ColumnType<string[], string[] | undefined, string[]>;
  /** Vehicles only (a check constraint): seats for travellers. */
  seats: number | null;
  phone: string | null;
  email: string | null;
  user_id: string | null;
  active: ColumnType<boolean, boolean | undefined, boolean>;
  notes: ColumnType<string, string | undefined, string>;
  search_text: ColumnType<string, never, never>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface AssignmentsTable {
  id: string;
  departure_id: string;
  resource_id: string;
  day_from: number;
  day_to: number;
  role: ColumnType<string, string | undefined, string>;
  /** The local dates of day_from and day_to in the tour's zone (the schedule's order and filter). */
  from_date: ColumnType<string, string, string>;
  to_date: ColumnType<string, string, string>;
  /** The instants those local days cover (the exclusion constraint's range); written in SQL. */
  span: ColumnType<string, never, never>;
  ended_at: Nullable<Date>;
  created_at: Timestamp;
  created_by: string | null;
}

export interface ResourceUnavailabilityTable {
  id: string;
  resource_id: string;
  from_date: ColumnType<string, string, string>;
  to_date: ColumnType<string, string, string>;
  reason: ColumnType<string, string | undefined, string>;
  created_at: Timestamp;
  created_by: string | null;
}

declare module '../db/schema.js' {
  interface Database {
    resources: ResourcesTable;
    assignments: AssignmentsTable;
    resource_unavailability: ResourceUnavailabilityTable;
  }
}
