/**
 * How every screen writes a date and a time: "25 Nov 2026", "25 Nov 2026, 17:15" (24-hour clock),
 * in German "25. Nov. 2026, 17:15", in the reader's own zone unless a zone is given (a
 * departure's, the business's). One set of formats, so a list and a page never disagree on how a
 * moment reads; they follow the screens' language (i18n/language.ts).
 */
import { dateTimeFormat } from '../shared/intl-formats';
import { intlLocale } from './i18n/language';

function format(options: Intl.DateTimeFormatOptions, timeZone: string | undefined): Intl.DateTimeFormat {
  return dateTimeFormat(intlLocale(), { ...options, ...(timeZone && { timeZone }) });
}

const DATE: Intl.DateTimeFormatOptions = { day: 'numeric', month: 'short', year: 'numeric' };
const TIME: Intl.DateTimeFormatOptions = { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' };

type Instant = string | number | Date;
const toDate = (value: Instant) => (value instanceof Date ? value : new Date(value));

/** "25 Nov 2026, 17:15"; with `weekday`, "Wed, 25 Nov 2026, 17:15". */
export function formatDateTime(value: Instant, timeZone?: string, { weekday = false } = {}): string {
  return format({ ...DATE, ...TIME, ...(weekday && { weekday: 'short' }) }, timeZone).format(toDate(value));
}

/** "25 Nov 2026"; with `weekday`, "Wed, 25 Nov 2026". */
export function formatDate(value: Instant, timeZone?: string, { weekday = false } = {}): string {
  return format({ ...DATE, ...(weekday && { weekday: 'short' }) }, timeZone).format(toDate(value));
}

/** "17:15". */
export function formatTime(value: Instant, timeZone?: string): string {
  return format(TIME, timeZone).format(toDate(value));
}

/** A calendar date (YYYY-MM-DD, no zone of its own) as "25 Nov 2026"; with `weekday`, "Wed, 25 Nov 2026". */
export function formatCalendarDate(date: string, { weekday = false } = {}): string {
  return formatDate(`${date}T00:00:00Z`, 'UTC', { weekday });
}

/** The full instant for a tooltip: "Wednesday 25 November 2026 at 17:15:05 CET". */
export function formatFullDateTime(value: Instant, timeZone?: string): string {
  return format({ dateStyle: 'full', timeStyle: 'long' }, timeZone).format(toDate(value));
}
