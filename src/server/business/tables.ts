/** The business domain's one table: a single row of the business's name and contact details. */
import type { Nullable, Timestamp } from '../db/column-types.js';

export interface BusinessTable {
  /** Always 1 (a check constraint): there is one business. */
  id: number;
  name: string | null;
  email: string | null;
  phone: string | null;
  address: string | null;
  website: string | null;
  updated_at: Timestamp;
  updated_by: Nullable<string>;
}

declare module '../db/schema.js' {
  interface Database {
    business: BusinessTable;
  }
}
