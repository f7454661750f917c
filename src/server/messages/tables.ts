/** The messages domain's tables: the templates staff changed, and the messages (also the queue they are sent from). */
import type { ColumnType, Generated } from 'kysely';
import type { Nullable, Timestamp } from '../db/column-types.js';
import type { MessageKind } from '../../shared/contract/messages.js';

/** A gift card's messages (migration 0068): the card to its recipient, the receipt to its buyer. Their texts are the product's own, not a template's. */
export type GiftCardMessageKind = 'gift_card' | 'gift_card_bought';
export type StoredMessageKind = MessageKind | GiftCardMessageKind;

export interface MessageTemplatesTable {
  kind: MessageKind;
  enabled: boolean;
  /** {en: {subject, body}, de: {…}}, JSON. */
  texts: ColumnType<unknown, string, string>;
  updated_at: Timestamp;
}

export interface MessagesTable {
  id: string;
  seq: Generated<string>;
  /** Null for a gift card's message (migration 0068), which names its card instead. */
  booking_id: string | null;
  customer_id: string | null;
  kind: StoredMessageKind;
  gift_card_id: ColumnType<string | null, string | null | undefined, string | null>;
  /** What queued it, unique per booking and kind: 'confirmed', 'cancelled', a payment's id, 'before-due', 'on-due', 'departure', 'resend:…'. */
  event_key: string;
  language: string;
  to_address: ColumnType<string, string | undefined, string>;
  subject: ColumnType<string, string | undefined, string>;
  status: ColumnType<'queued' | 'sent' | 'failed', 'queued' | undefined, 'queued' | 'sent' | 'failed'>;
  attempts: ColumnType<number, number | undefined, number>;
  next_attempt_at: Timestamp;
  locked_until: Nullable<Date>;
  last_error: Nullable<string>;
  created_at: Timestamp;
  sent_at: Nullable<Date>;
  /** A booking_changed message's booking as it was before the change (migration 0037); null for the other kinds. */
  change: ColumnType<BookingBeforeChange | null, string | null | undefined, string | null>;
}

/** What a change message says changed: the booking's start, travellers and total before it. */
export interface BookingBeforeChange {
  startsAt: string;
  timeZone: string;
  travellers: { ADULT: number; CHILD: number; INFANT: number };
  totalMinor: number;
}

declare module '../db/schema.js' {
  interface Database {
    message_templates: MessageTemplatesTable;
    messages: MessagesTable;
  }
}
