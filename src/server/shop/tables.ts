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
