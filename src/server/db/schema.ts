/**
 * The typed description of the database, as Kysely sees it. Columns are snake_case, as in SQL.
 * Each domain describes its own tables in its tables.ts and adds them to this interface there
 * (`declare module '../db/schema.js'`); only the tables of the database itself are here.
 */
import type { ColumnType } from 'kysely';

export interface SettingsTable {
  key: string;
  value: string;
}

/** Kept by the count_rows triggers (migration 0007): `users`, `role:<role id>`, `audit_log`, `tours`, `tours:status:<status>`, `departures`, `departures:status:<status>`, `departures:tour:<tour id>`, `bookings`, `bookings:status:<status>`, `bookings:payment_status:<status>`, `bookings:tour:<tour id>`, `bookings:tour_status:<tour id>:<status>`. */
export interface RowCountsTable {
  name: string;
  count: ColumnType<string | number, never, never>;
}

export interface Database {
  settings: SettingsTable;
  row_counts: RowCountsTable;
}
