/** The bookings domain's tables: bookings, their travellers and extras, payments and Idempotency-Keys. */
import type { ColumnType } from 'kysely';
import type { DatabaseGenerated, Money, Nullable, Timestamp } from '../db/column-types.js';

export interface BookingsTable {
  id: string;
  reference: string;
  departure_id: string;
  tour_id: string;
  start_date: ColumnType<string, string, string>;
  starts_at: Timestamp;
  status: 'held' | 'confirmed' | 'waitlisted' | 'expired' | 'cancelled';
  currency: string;
  seats: number;
  /** Travellers of the booking, infants too (migration 0011: the reports' totals read it). */
  travellers: number;
  total_minor: ColumnType<string | number, number, number>;
  /** Migration 0062: the price rule it was sold with ({kind, percent}) and the discount given (list total − charged total of the travellers). */
  price_rule: ColumnType<{ kind: string; percent: number } | null, string | null | undefined, string | null>;
  discount_minor: ColumnType<string | number, number | undefined, number>;
  /** Migration 0064: the promo code it was sold with, its terms then, and what it gave (part of discount_minor). */
  promo_code_id: Nullable<string>;
  promo_code: ColumnType<{ code: string; kind: 'percent' | 'amount'; value: number; appliesTo: 'booking' | 'traveller'; currency: string | null } | null, string | null | undefined, string | null>;
  promo_discount_minor: ColumnType<string | number, number | undefined, number>;
  paid_minor: ColumnType<string | number, number | undefined, number>;
  refunded_minor: ColumnType<string | number, number | undefined, number>;
  cancel_fee_minor: Money;
  balance_minor: DatabaseGenerated<string | number>;
  payment_status: DatabaseGenerated<'unpaid' | 'partially_paid' | 'paid' | 'refund_due' | 'refunded'>;
  tour_status: DatabaseGenerated<string>;
  hold_expires_at: Nullable<Date>;
  contact_name: string;
  contact_email: string;
  contact_phone: string | null;
  /** The language the contact asked to be written to in, when given: a new customer takes it (migration 0021). */
  contact_language: Nullable<'en' | 'de'>;
  /** Set by the database when not given: the customer the contact's e-mail finds or makes (migration 0021). */
  customer_id: ColumnType<string | null, string | undefined, string | null>;
  single_rooms: number;
  single_supplement_minor: ColumnType<string | number, number, number>;
  channel: 'direct' | 'phone' | 'email' | 'agent' | 'walk_in' | 'reseller' | 'online';
  /** A reseller's booking (channel 'reseller'): who sold it, with which key, under which of its references and OCTO uuid, and what it owes. */
  reseller_id: Nullable<string>;
  reseller_key_id: Nullable<string>;
  reseller_reference: Nullable<string>;
  octo_uuid: Nullable<string>;
  net_minor: Money;
  /** The reseller's commission when it sold the booking, in hundredths of a percent: a change of the booking is netted at it. */
  reseller_commission_bp: Nullable<number>;
  /** The contact as the reseller gave it over OCTO (its own fields), JSON. */
  reseller_contact: ColumnType<Record<string, unknown> | null, string | null | undefined, string | null>;
  /** Set by the database from the tour's terms (migration 0020); read as text by the repository's select. */
  balance_due_date: ColumnType<string, never, never>;
  notes: string;
  /** Where and when the party is picked up (the guide's passenger list). */
  pickup: ColumnType<string, string | undefined, string>;
  /** Notes for the guide (dietary needs and the like), apart from the office's own notes. */
  guide_notes: ColumnType<string, string | undefined, string>;
  /** Made with a reseller's test key: holds seats, counts in no figure, deleted with the reseller's other tests. Never changes. */
  test_mode: ColumnType<boolean, boolean | undefined, never>;
  search_text: string;
  cancel_reason: Nullable<string>;
  cancelled_at: Nullable<Date>;
  created_at: Timestamp;
  created_by: string | null;
  confirmed_at: Nullable<Date>;
  updated_at: Timestamp;
  /** Made by the database when the row is written (migration 0031): the voucher's check-in code. */
  check_in_code: ColumnType<string, never, never>;
}

export interface BookingTravellersTable {
  id: string;
  booking_id: string;
  position: number;
  category: 'ADULT' | 'CHILD' | 'INFANT';
  first_name: string;
  last_name: string;
  /** A date column, read back as text by the repository's select. */
  date_of_birth: ColumnType<string | null, string | null, string | null>;
  notes: string;
  unit_price_minor: ColumnType<string | number, number, number>;
  /** Migration 0062: the list price the charged one was found from (null before then: as charged). */
  list_price_minor: ColumnType<string | number | null, number | null | undefined, number | null>;
  /** A reseller's own uuid and reference for this traveller (an OCTO unit item), as it sent them. */
  reseller_unit_uuid: Nullable<string>;
  reseller_unit_reference: Nullable<string>;
  /** Migration 0031: when the traveller was checked in on the day, or that they did not show. */
  checked_in_at: Nullable<Date>;
  no_show: ColumnType<boolean, boolean | undefined, boolean>;
}

export interface BookingExtrasTable {
  booking_id: string;
  component_id: string;
  position: number;
  name: string;
  quantity: number;
  unit_price_minor: ColumnType<string | number, number, number>;
}

export interface PaymentsTable {
  id: string;
  /** Migration 0070: the order payments were recorded in. */
  seq: ColumnType<string | number, never, never>;
  booking_id: string;
  kind: 'payment' | 'refund';
  amount_minor: ColumnType<string | number, number, never>;
  currency: string;
  method: 'card' | 'bank_transfer' | 'cash' | 'other' | 'gift_card';
  /** Migration 0066: the gift card a gift_card payment debited (or a refund went back to). */
  gift_card_id: Nullable<string>;
  reference: string;
  received_at: Timestamp;
  recorded_by: string | null;
  created_at: Timestamp;
}

export interface IdempotencyKeysTable {
  user_id: string;
  scope: string;
  key: string;
  request_hash: string;
  state: 'pending' | 'done';
  status_code: number | null;
  body: string | null;
  created_at: Timestamp;
}

declare module '../db/schema.js' {
  interface Database {
    bookings: BookingsTable;
    booking_travellers: BookingTravellersTable;
    booking_extras: BookingExtrasTable;
    payments: PaymentsTable;
    idempotency_keys: IdempotencyKeysTable;
  }
}
