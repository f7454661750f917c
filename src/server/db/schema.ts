/** The one typed description of the database, as Kysely sees it. Columns are snake_case, as in SQL. */
import type { ColumnType, Generated, Insertable, Selectable } from 'kysely';

/** Timestamps are written as Date objects (taken from the injected clock) and read back as Date. */
type Timestamp = ColumnType<Date, Date, Date>;

export interface UsersTable {
  id: string;
  email: string;
  full_name: string;
  password_hash: string;
  status: 'active' | 'disabled';
  created_at: Timestamp;
  last_login_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  password_changed_at: Timestamp;
  /** Set when the user was invited to choose a password (instead of being given one). */
  invited_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
}

export interface RolesTable {
  id: string;
  name: string;
  description: string;
  system: boolean;
  created_at: Timestamp;
}

export interface RolePermissionsTable {
  role_id: string;
  permission: string;
}

export interface UserRolesTable {
  user_id: string;
  role_id: string;
}

/** A session is a family of refresh tokens that descend from one login. */
export interface SessionsTable {
  id: string;
  user_id: string;
  persistent: boolean;
  created_at: Timestamp;
  expires_at: Timestamp;
  revoked_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  revoke_reason: ColumnType<string | null, string | null | undefined, string | null>;
  ip: string | null;
  user_agent: string | null;
}

/** Refresh tokens, stored only as the SHA-256 of the cookie value. */
export interface RefreshTokensTable {
  token_hash: string;
  session_id: string;
  parent_hash: string | null;
  created_at: Timestamp;
  rotated_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
}

export interface PasswordResetTokensTable {
  token_hash: string;
  user_id: string;
  created_at: Timestamp;
  expires_at: Timestamp;
  used_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  purpose: ColumnType<'reset' | 'invitation', 'reset' | 'invitation' | undefined, 'reset' | 'invitation'>;
}

export interface SettingsTable {
  key: string;
  value: string;
}

export interface AuditLogTable {
  id: Generated<string>;
  at: Timestamp;
  action: string;
  actor_id: string | null;
  target_type: string | null;
  target_id: string | null;
  ip: string | null;
  user_agent: string | null;
  details: ColumnType<Record<string, unknown> | null, string | null, string | null>;
}

export interface Database {
  users: UsersTable;
  roles: RolesTable;
  role_permissions: RolePermissionsTable;
  user_roles: UserRolesTable;
  sessions: SessionsTable;
  refresh_tokens: RefreshTokensTable;
  password_reset_tokens: PasswordResetTokensTable;
  settings: SettingsTable;
  audit_log: AuditLogTable;
  row_counts: RowCountsTable;
  auth_epoch: AuthEpochTable;
  tours: ToursTable;
  tour_components: TourComponentsTable;
  tour_days: TourDaysTable;
  tour_media: TourMediaTable;
  departures: DeparturesTable;
  bookings: BookingsTable;
  booking_travellers: BookingTravellersTable;
  booking_extras: BookingExtrasTable;
  payments: PaymentsTable;
  idempotency_keys: IdempotencyKeysTable;
  report_settings: ReportSettingsTable;
  report_days: ReportDaysTable;
  report_months: ReportMonthsTable;
  report_collected: ReportCollectedTable;
  report_balances: ReportBalancesTable;
  report_unconfirmed: ReportUnconfirmedTable;
}

/** Kept by the report_* triggers (migration 0011); bigints read back as text or number (see toMoney). */
type Count = ColumnType<string | number, number, number>;
export interface ReportSettingsTable {
  id: ColumnType<boolean, boolean | undefined, boolean>;
  time_zone: string;
}
export interface ReportDaysTable {
  day: ColumnType<string, string, string>;
  currency: string;
  bookings: Count;
  travellers: Count;
  booked_minor: Count;
}
export interface ReportMonthsTable {
  basis: 'booking' | 'departure';
  month: ColumnType<string, string, string>;
  currency: string;
  bookings: Count;
  travellers: Count;
  booked_minor: Count;
}
export interface ReportCollectedTable {
  day: ColumnType<string, string, string>;
  currency: string;
  collected_minor: Count;
}
export interface ReportBalancesTable {
  currency: string;
  outstanding_minor: Count;
  refund_due_minor: Count;
}
/** What held and waitlisted bookings would owe, per currency (migration 0013). */
export interface ReportUnconfirmedTable {
  currency: string;
  outstanding_minor: Count;
}

/** Money columns are bigint: written as numbers, read back as text or number depending on the driver (see toMoney). */
type Money = ColumnType<string | number | null, number | null | undefined, number | null>;

export interface ToursTable {
  id: string;
  code: string;
  title: string;
  summary: ColumnType<string, string | undefined, string>;
  description: ColumnType<string, string | undefined, string>;
  status: 'draft' | 'published' | 'archived';
  time_zone: string;
  currency: string;
  duration_days: number;
  min_pax: number;
  max_pax: number | null;
  booking_cutoff_hours: number;
  infant_age_under: ColumnType<number, number | undefined, number>;
  child_age_under: ColumnType<number, number | undefined, number>;
  price_adult_minor: Money;
  price_child_minor: Money;
  price_infant_minor: Money;
  single_supplement_minor: Money;
  cover_media_id: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface TourComponentsTable {
  id: string;
  tour_id: string;
  kind: 'accommodation' | 'transport' | 'activity' | 'guide' | 'meal' | 'transfer' | 'other';
  name: string;
  supplier: string;
  day_from: number;
  day_to: number;
  inclusion: 'included' | 'optional';
  price_minor: Money;
  cost_minor: Money;
  notes: string;
  position: number;
}

export interface TourDaysTable {
  tour_id: string;
  day_number: number;
  title: string;
  description: string;
  overnight: string;
  breakfast: boolean;
  lunch: boolean;
  dinner: boolean;
  component_ids: string[];
}

export interface TourMediaTable {
  id: string;
  tour_id: string;
  token: string;
  alt: string;
  caption: string;
  credit: string;
  width: number;
  height: number;
  stored_bytes: number;
  position: number;
  created_at: Timestamp;
}

export interface DeparturesTable {
  id: string;
  tour_id: string;
  /** A date column: written as 'YYYY-MM-DD', read back as text (see the repository's select). */
  start_date: ColumnType<string, string, string>;
  start_time: string;
  starts_at: Timestamp;
  capacity: number;
  seats_held: ColumnType<number, number | undefined, number>;
  seats_confirmed: ColumnType<number, number | undefined, number>;
  waitlisted: ColumnType<number, number | undefined, number>;
  status: 'open' | 'closed' | 'cancelled';
  price_adult_minor: Money;
  price_child_minor: Money;
  price_infant_minor: Money;
  single_supplement_minor: Money;
  cancel_reason: string | null;
  cancelled_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

type Nullable<T> = ColumnType<T | null, T | null | undefined, T | null>;
/** Written from other columns by the database (migration 0010); read only. */
type Generated_<T> = ColumnType<T, never, never>;

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
  paid_minor: ColumnType<string | number, number | undefined, number>;
  refunded_minor: ColumnType<string | number, number | undefined, number>;
  cancel_fee_minor: Money;
  balance_minor: Generated_<string | number>;
  payment_status: Generated_<'unpaid' | 'partially_paid' | 'paid' | 'refund_due' | 'refunded'>;
  tour_status: Generated_<string>;
  hold_expires_at: Nullable<Date>;
  contact_name: string;
  contact_email: string;
  contact_phone: string | null;
  single_rooms: number;
  single_supplement_minor: ColumnType<string | number, number, number>;
  channel: 'direct' | 'phone' | 'email' | 'agent' | 'walk_in';
  notes: string;
  search_text: string;
  cancel_reason: Nullable<string>;
  cancelled_at: Nullable<Date>;
  created_at: Timestamp;
  created_by: string | null;
  confirmed_at: Nullable<Date>;
  updated_at: Timestamp;
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
  booking_id: string;
  kind: 'payment' | 'refund';
  amount_minor: ColumnType<string | number, number, never>;
  currency: string;
  method: 'card' | 'bank_transfer' | 'cash' | 'other';
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

/** Kept by the count_rows triggers (migration 0007): `users`, `role:<role id>`, `audit_log`, `tours`, `tours:status:<status>`, `departures`, `departures:status:<status>`, `departures:tour:<tour id>`, `bookings`, `bookings:status:<status>`, `bookings:payment_status:<status>`, `bookings:tour:<tour id>`, `bookings:tour_status:<tour id>:<status>`. */
export interface RowCountsTable {
  name: string;
  count: ColumnType<string | number, never, never>;
}

export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type RoleRow = Selectable<RolesTable>;
export type SessionRow = Selectable<SessionsTable>;

/** One row (id 1) whose value moves on with every change to who may do what (migration 0003). */
export interface AuthEpochTable {
  id: number;
  value: string;
}
