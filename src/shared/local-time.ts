/**
 * Local dates and times in a tour's zone: the instant of a local date and
 * time, refusing the hour clocks skip and taking the earlier of an hour that happens twice.
 */
import { Temporal } from 'temporal-polyfill';

/** The UTC instant (ISO, …Z) of `date` `time` in `timeZone`; null when that local time does not exist there. */
export function instantOf(date: string, time: string, timeZone: string): string | null {
  const local = Temporal.PlainDateTime.from(`${date}T${time}`);
  const zoned = local.toZonedDateTime(timeZone, { disambiguation: 'earlier' });
  // In the gap of a spring-forward, 'earlier' moves the wall time: that time does not exist.
  if (!zoned.toPlainDateTime().equals(local)) return null;
  return zoned.toInstant().toString();
}

/** Whether `date` is a real calendar date (2027-02-30 is not). */
export function isCalendarDate(date: string): boolean {
  try {
    return Temporal.PlainDate.from(date, { overflow: 'reject' }).toString() === date;
  } catch {
    return false;
  }
}

/** The dates from `from` to `to` (inclusive) falling on the given ISO weekdays (Monday = 1). */
export function datesOnWeekdays(from: string, to: string, weekdays: readonly number[]): string[] {
  const dates: string[] = [];
  const end = Temporal.PlainDate.from(to);
  for (let day = Temporal.PlainDate.from(from); Temporal.PlainDate.compare(day, end) <= 0; day = day.add({ days: 1 })) {
    if (weekdays.includes(day.dayOfWeek)) dates.push(day.toString());
  }
  return dates;
}

/** Days from `from` to `to`, inclusive (1 for the same date; 0 or less when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  return Temporal.PlainDate.from(from).until(Temporal.PlainDate.from(to), { largestUnit: 'days' }).days + 1;
}

/** The first instant of a calendar day in `timeZone` (midnight, or the first hour after a skipped one). */
export function startOfDay(date: string, timeZone: string): Date {
  return new Date(Temporal.PlainDate.from(date).toZonedDateTime({ timeZone }).epochMilliseconds);
}

/** The first instant of the day after `date` in `timeZone`. */
export function startOfNextDay(date: string, timeZone: string): Date {
  return startOfDay(Temporal.PlainDate.from(date).add({ days: 1 }).toString(), timeZone);
}

/** An instant as the local date and time in `timeZone` with its offset: 2026-12-01T09:00:00+01:00. */
export function localDateTimeWithOffset(instant: Date | string, timeZone: string): string {
  const iso = typeof instant === 'string' ? instant : instant.toISOString();
  return Temporal.Instant.from(iso).toZonedDateTimeISO(timeZone).toString({ timeZoneName: 'never', fractionalSecondDigits: 0 });
}

/** The last second of `date` in `timeZone`, with its offset: 2026-12-01T23:59:59+01:00. */
export function endOfDayWithOffset(date: string, timeZone: string): string {
  return Temporal.PlainDateTime.from(`${date}T23:59:59`).toZonedDateTime(timeZone, { disambiguation: 'earlier' }).toString({ timeZoneName: 'never', fractionalSecondDigits: 0 });
}

/** The calendar date in `timeZone` at an instant. */
export function localDateAt(instant: Date, timeZone: string): string {
  return Temporal.Instant.fromEpochMilliseconds(instant.getTime()).toZonedDateTimeISO(timeZone).toPlainDate().toString();
}

/** A calendar date moved by whole days (negative: back). */
export function addDays(date: string, days: number): string {
  return Temporal.PlainDate.from(date).add({ days }).toString();
}

/** Every date from `from` to `to`, inclusive. */
export function datesFromTo(from: string, to: string): string[] {
  const dates: string[] = [];
  const end = Temporal.PlainDate.from(to);
  for (let day = Temporal.PlainDate.from(from); Temporal.PlainDate.compare(day, end) <= 0; day = day.add({ days: 1 })) dates.push(day.toString());
  return dates;
}
