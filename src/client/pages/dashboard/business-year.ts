import type { ReportSummary } from '../../../shared/contract/reports';

/** The year it is for the business: the summary's instant (the server's clock) in the business's time zone. */
export function businessYear(summary: Pick<ReportSummary, 'asOf' | 'timeZone'>): number {
  return Number(new Intl.DateTimeFormat('en-GB', { timeZone: summary.timeZone, year: 'numeric' }).format(new Date(summary.asOf)));
}

/** Today for the business (YYYY-MM-DD): the summary's instant in the business's time zone, as "bookings today" counts. */
export function businessToday(summary: Pick<ReportSummary, 'asOf' | 'timeZone'>): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: summary.timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date(summary.asOf));
}
