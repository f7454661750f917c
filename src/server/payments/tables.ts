/** The payments domain's table: payment links (a card payment page for an amount of a booking). */
import type { ColumnType, Generated } from 'kysely';
import type { Nullable, Timestamp } from '../db/column-types.js';

export interface PaymentLinksTable {
  id: string;
  seq: Generated<string>;
  booking_id: string;
  amount_minor: ColumnType<string | number, number, never>;
  currency: string;
  provider: ColumnType<string, string | undefined, never>;
  /** The provider's id of the page (a Stripe Checkout Session's id), unique: the event that pays it names it. */
  session_id: string;
  url: string;
  status: ColumnType<'open' | 'paid', 'open' | undefined, 'paid'>;
  expires_at: Timestamp;
  /** The message it was made for and sent in, unique (null: made by a clerk and handed over by them). */
  message_id: Nullable<string>;
  payment_id: Nullable<string>;
  created_by: Nullable<string>;
  created_at: Timestamp;
  paid_at: Nullable<Date>;
}

/** A Checkout Session asked of Stripe, written before the asking (migration 0036): what a paid event's metadata must match. */
export interface CheckoutRequestsTable {
  link_id: string;
  booking_id: string;
  amount_minor: ColumnType<string | number, number, never>;
  currency: string;
  created_at: Timestamp;
}

declare module '../db/schema.js' {
  interface Database {
    payment_links: PaymentLinksTable;
    checkout_requests: CheckoutRequestsTable;
  }
}
