/** The shop domain's tables: its settings (one row). */
import type { ColumnType } from 'kysely';
import type { Nullable, Timestamp } from '../db/column-types.js';

export interface ShopSettingsTable {
  /** Always 1 (a check constraint): one shop. */
  id: number;
  enabled: boolean;
  hold_minutes: number;
  pay_later: boolean;
  embed_origins: ColumnType<string[], string, string>;
  show_seats_below: number;
  updated_at: Timestamp;
  updated_by: Nullable<string>;
}

declare module '../db/schema.js' {
  interface Database {
    shop_settings: ShopSettingsTable;
  }
}

export interface ShopCartsTable {
  id: string;
  /** SHA-256 (base64url) of the cart's key: the key itself is only the customer's. */
  key_hash: string;
  booking_id: string;
  /** The client address it was made from. */
  client: string;
  language: 'en' | 'de' | null;
  extensions: ColumnType<number, number | undefined, number>;
  marketing_consent: ColumnType<boolean, boolean | undefined, boolean>;
  created_at: Timestamp;
  checkout_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  paid_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  released_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
}

declare module '../db/schema.js' {
  interface Database {
    shop_carts: ShopCartsTable;
  }
}
