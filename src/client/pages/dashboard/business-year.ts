import type { ReportSummary } from '../../../shared/contract/reports';

/** The year it is for the business: the summary's instant (the server's clock) in the business's time zone. */
export function businessYear(summary: Pick<ReportSummary, 'asOf' | 'timeZone'>): number {
  return Number(new Intl.DateTimeFormat('en-GB', { timeZone: summary.timeZone, year: 'numeric' }).format(new Date(summary.asOf)));
}
