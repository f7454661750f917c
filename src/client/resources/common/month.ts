/** A calendar month on screen (the departures' and a resource's month views): its weeks, Monday first, and moving between months. */

import { intlLocale } from '../../i18n/language';

/** "July 2027" / "Juli 2027" for a YYYY-MM month, in the screens' language. */
export function monthName(month: string): string {
  return new Intl.DateTimeFormat(intlLocale(), { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${month}-01T00:00:00Z`));
}

/** The days a month's grid shows (YYYY-MM-DD), Monday first: five or six whole weeks. */
export function monthDays(month: string): { date: string; inMonth: boolean }[] {
  const [year, number] = month.split('-').map(Number);
  const first = new Date(Date.UTC(year, number - 1, 1));
  const offset = (first.getUTCDay() + 6) % 7; // Monday first
  const start = new Date(first.getTime() - offset * 86_400_000);
  const days: { date: string; inMonth: boolean }[] = [];
  for (let index = 0; index < 42; index += 1) {
    const day = new Date(start.getTime() + index * 86_400_000);
    days.push({ date: day.toISOString().slice(0, 10), inMonth: day.getUTCMonth() === number - 1 });
  }
  return days.slice(0, days[35].inMonth ? 42 : 35);
}

/** "2027-07" moved by `by` months. */
export function shiftMonth(month: string, by: number): string {
  const [year, number] = month.split('-').map(Number);
  const date = new Date(Date.UTC(year, number - 1 + by, 1));
  return date.toISOString().slice(0, 7);
}
