/** Column types the domains' table descriptions share. */
import type { ColumnType } from 'kysely';

/** Timestamps are written as Date objects (taken from the injected clock) and read back as Date. */
export type Timestamp = ColumnType<Date, Date, Date>;
export type Nullable<T> = ColumnType<T | null, T | null | undefined, T | null>;
/** Money columns are bigint: written as numbers, read back as text or number depending on the driver (see toMoney). */
export type Money = ColumnType<string | number | null, number | null | undefined, number | null>;
/** A bigint the database keeps (totals, counters): written as a number, read back as text or number (see toMoney). */
export type Count = ColumnType<string | number, number, number>;
/** Written from other columns by the database; read only. */
export type DatabaseGenerated<T> = ColumnType<T, never, never>;
