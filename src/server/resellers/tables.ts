/** The resellers domain's tables: resellers and their API keys. */
import type { ColumnType, Generated } from 'kysely';
import type { Nullable, Timestamp } from '../db/column-types.js';

export interface ResellersTable {
  id: string;
  name: string;
  active: boolean;
  /** The commission in hundredths of a percent (12.5 % is 1250): exact, as money must be. */
  commission_bp: number;
  /** The tours it may sell; null: every published tour. */
  tour_ids: ColumnType<string[] | null, string[] | null, string[] | null>;
  webhook_url: string | null;
  /** Standard Webhooks secret (whsec_…): the key of the HMAC, kept as the server needs it to sign. */
  webhook_secret: Nullable<string>;
  contact_email: string | null;
  notes: string;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface ResellerApiKeysTable {
  id: string;
  reseller_id: string;
  name: string;
  key_prefix: string;
  /** SHA-256 of the key, hex: a key has 256 random bits, so a fast hash cannot be reversed or guessed. */
  key_hash: string;
  created_at: Timestamp;
  created_by: string | null;
  last_used_at: Nullable<Date>;
  revoked_at: Nullable<Date>;
  /** A test key: its bookings are tests (bookings.test_mode). */
  test_mode: ColumnType<boolean, boolean | undefined, never>;
}

export interface WebhookDeliveriesTable {
  id: string;
  seq: Generated<string>;
  reseller_id: string;
  booking_id: string;
  event: string;
  status: ColumnType<'pending' | 'delivered' | 'failed', 'pending' | undefined, 'pending' | 'delivered' | 'failed'>;
  attempts: ColumnType<number, number | undefined, number>;
  next_attempt_at: Timestamp;
  locked_until: Nullable<Date>;
  last_attempt_at: Nullable<Date>;
  response_status: Nullable<number>;
  last_error: Nullable<string>;
  created_at: Timestamp;
  delivered_at: Nullable<Date>;
}

declare module '../db/schema.js' {
  interface Database {
    resellers: ResellersTable;
    reseller_api_keys: ResellerApiKeysTable;
    webhook_deliveries: WebhookDeliveriesTable;
  }
}
