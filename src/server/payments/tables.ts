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
  /** The payment intent it was paid with (migration 0059): what a refund of it names at Stripe. */
  payment_intent: Nullable<string>;
  /** What was paid on it (migration 0059). */
  paid_minor: ColumnType<string | number | null, number | null | undefined, number | null>;
}

/** A Checkout Session asked of Stripe, written before the asking (migration 0036): what a paid event's metadata must match. */
export interface CheckoutRequestsTable {
  link_id: string;
  booking_id: string;
  amount_minor: ColumnType<string | number, number, never>;
  currency: string;
  created_at: Timestamp;
}

/** A refund of a card payment through Stripe (migration 0059): written before Stripe is asked, its id the asking's idempotency key. */
export interface CardRefundsTable {
  id: string;
  booking_id: string;
  link_id: string;
  payment_intent: string;
  amount_minor: ColumnType<string | number, number, never>;
  currency: string;
  reason: 'cancelled' | 'changed';
  status: ColumnType<CardRefundStatus, CardRefundStatus | undefined, CardRefundStatus>;
  stripe_refund_id: Nullable<string>;
  /** The refund recorded on the booking once Stripe said it succeeded. */
  payment_id: Nullable<string>;
  attempts: ColumnType<number, number | undefined, number>;
  next_attempt_at: Nullable<Date>;
  last_error: Nullable<string>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export type CardRefundStatus = 'requested' | 'pending' | 'succeeded' | 'failed';

declare module '../db/schema.js' {
  interface Database {
    card_refunds: CardRefundsTable;
    payment_links: PaymentLinksTable;
    checkout_requests: CheckoutRequestsTable;
  }
}
