/** The customers domain's tables: customers and the default language of new ones. */
import type { ColumnType } from 'kysely';
import type { DatabaseGenerated, Nullable, Timestamp } from '../db/column-types.js';

export interface CustomersTable {
  id: string;
  name: string;
  email: string | null;
  /** lower(btrim(email)), unique: the key a booking's contact finds its customer by (null: none). */
  email_key: DatabaseGenerated<string | null>;
  phone: string | null;
  language: 'en' | 'de';
  marketing_consent: ColumnType<boolean, boolean | undefined, boolean>;
  notes: ColumnType<string, string | undefined, string>;
  /** Kept by the database (migration 0021): bookings not cancelled or expired, and the first and last made. */
  booking_count: ColumnType<number, number | undefined, number>;
  first_booking_at: Nullable<Date>;
  last_booking_at: Nullable<Date>;
  search_text: DatabaseGenerated<string>;
  created_at: Timestamp;
  updated_at: Timestamp;
  erased_at: Nullable<Date>;
}

/** Kept by the database (migration 0035): what the customer's bookings were paid, less refunds, per currency. */
export interface CustomerSpendingTable {
  customer_id: string;
  currency: string;
  spent_minor: ColumnType<string | number, number, number>;
}

export interface CustomerSettingsTable {
  id: ColumnType<boolean, boolean | undefined, never>;
  default_language: 'en' | 'de';
}

declare module '../db/schema.js' {
  interface Database {
    customers: CustomersTable;
    customer_settings: CustomerSettingsTable;
    customer_spending: CustomerSpendingTable;
  }
}
