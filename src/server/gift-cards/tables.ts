/** The gift cards domain's tables: the cards and their ledger (migration 0065). */
import type { ColumnType } from 'kysely';
import type { Nullable } from '../db/column-types.js';

export interface GiftCardsTable {
  id: string;
  /** The 16 characters, without dashes (the answer writes them in groups of four). */
  code: string;
  currency: string;
  initial_minor: ColumnType<string | number, number, never>;
  balance_minor: ColumnType<string | number, number, number>;
  expires_at: Nullable<Date>;
  voided_at: Nullable<Date>;
  recipient_name: string | null;
  recipient_email: string | null;
  message: string | null;
  sold_online: ColumnType<boolean, boolean | undefined, never>;
  /** The language of its e-mail and PDF (migration 0067). */
  language: ColumnType<'en' | 'de', 'en' | 'de' | undefined, never>;
  /** Recipient's name and e-mail, folded, for the list's search. */
  search_text: string;
  created_at: Date;
  created_by: string | null;
}

export interface GiftCardTransactionsTable {
  id: string;
  /** Migration 0065: the order entries were made in. */
  seq: ColumnType<string | number, never, never>;
  gift_card_id: string;
  kind: 'issue' | 'redeem' | 'refund' | 'adjust' | 'void';
  amount_minor: ColumnType<string | number, number, never>;
  balance_after_minor: ColumnType<string | number, number, never>;
  booking_id: string | null;
  payment_id: string | null;
  by_user: string | null;
  by_label: string | null;
  note: string | null;
  at: Date;
}

/** A gift card bought in the shop (migration 0067): written before its payment page, paid once. */
export interface GiftCardOrdersTable {
  id: string;
  currency: string;
  amount_minor: ColumnType<string | number, number, never>;
  buyer_name: string;
  buyer_email: string;
  recipient_name: string | null;
  recipient_email: string | null;
  message: string | null;
  language: 'en' | 'de';
  client: string;
  session_id: ColumnType<string | null, string | null | undefined, string | null>;
  url: ColumnType<string | null, string | null | undefined, string | null>;
  status: ColumnType<'open' | 'paid', 'open' | undefined, 'paid'>;
  gift_card_id: ColumnType<string | null, string | null | undefined, string | null>;
  payment_intent: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: Date;
  paid_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
}

declare module '../db/schema.js' {
  interface Database {
    gift_card_orders: GiftCardOrdersTable;
    gift_cards: GiftCardsTable;
    gift_card_transactions: GiftCardTransactionsTable;
  }
}
