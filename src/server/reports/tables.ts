/** The reports domain's tables: totals the database keeps up to date as bookings and payments change. */
import type { ColumnType } from 'kysely';
import type { Count } from '../db/column-types.js';

export interface ReportSettingsTable {
  id: ColumnType<boolean, boolean | undefined, boolean>;
  time_zone: string;
}

export interface ReportDaysTable {
  day: ColumnType<string, string, string>;
  currency: string;
  bookings: Count;
  travellers: Count;
  booked_minor: Count;
}

/** Bookings sold in the shop and confirmed, per day they were made (0057). */
export interface ReportOnlineDaysTable {
  day: ColumnType<string, string, string>;
  bookings: Count;
}

export interface ReportMonthsTable {
  basis: 'booking' | 'departure';
  month: ColumnType<string, string, string>;
  currency: string;
  bookings: Count;
  travellers: Count;
  booked_minor: Count;
}

export interface ReportCollectedTable {
  day: ColumnType<string, string, string>;
  currency: string;
  collected_minor: Count;
}

export interface ReportBalancesTable {
  currency: string;
  outstanding_minor: Count;
  refund_due_minor: Count;
}

/** Resellers' bookings per currency (migration 0048): their retail balances counted in the outstanding totals, and what resellers owe at net. */
export interface ReportResellersTable {
  currency: string;
  retail_active_minor: Count;
  retail_unconfirmed_minor: Count;
  owed_minor: Count;
}

/** What held and waitlisted bookings would owe, per currency (migration 0013). */
export interface ReportUnconfirmedTable {
  currency: string;
  outstanding_minor: Count;
}

declare module '../db/schema.js' {
  interface Database {
    report_settings: ReportSettingsTable;
    report_days: ReportDaysTable;
    report_online_days: ReportOnlineDaysTable;
    report_months: ReportMonthsTable;
    report_collected: ReportCollectedTable;
    report_balances: ReportBalancesTable;
    report_resellers: ReportResellersTable;
    report_unconfirmed: ReportUnconfirmedTable;
  }
}
