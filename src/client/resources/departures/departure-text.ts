/** How departures read on screen: the local date and time with the zone named, statuses, seats. */
import type { Departure, DepartureStatus } from '../../../shared/contract/departures';
import { closedFor as closedForRule, DEPARTURE_STATUSES } from '../../../shared/contract/departure-rules';
import { formatCalendarDate } from '../../dates';
import { labelsIn, t } from '../../i18n';
import { intlLocale } from '../../i18n/language';

export const STATUS_LABELS = labelsIn<DepartureStatus>('departures.status', DEPARTURE_STATUSES);
export const STATUS_COLOURS: Record<DepartureStatus, 'success' | 'default' | 'error'> = { open: 'success', closed: 'default', cancelled: 'error' };
/** Monday to Sunday in the screens' language (1 January 2024 was a Monday). */
export function weekdayNames(width: 'long' | 'short' = 'long'): string[] {
  const format = new Intl.DateTimeFormat(intlLocale(), { weekday: width, timeZone: 'UTC' });
  return Array.from({ length: 7 }, (_, index) => format.format(new Date(Date.UTC(2024, 0, 1 + index))));
}

/** "Sat, 3 Jul 2027": a local date (already in the tour's zone) as it is, whatever the browser's zone. */
export function localDate(date: string): string {
  return formatCalendarDate(date, { weekday: true });
}

/** Today on the user's calendar (the browser's zone), as a YYYY-MM-DD date: what "from today" and "today" mean on screen. */
export function todayOnThisCalendar(now = new Date()): string {
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
}

/** "Sat 3 Jul 2027, 09:30 Europe/Berlin": when it leaves, in the zone it leaves in, named. */
export function departureWhen(departure: Pick<Departure, 'startDate' | 'startTime' | 'timeZone'>): string {
  return `${localDate(departure.startDate)}, ${departure.startTime} ${departure.timeZone}`;
}

/** "12 of 16 seats taken". */
export function seatsText(departure: Pick<Departure, 'seatsHeld' | 'seatsConfirmed' | 'capacity'>): string {
  return t('departures.seats_taken', { taken: departure.seatsHeld + departure.seatsConfirmed, capacity: departure.capacity });
}

/** The departure's days, first to last: a one-day tour has 1. */
export function departureDays(departure: Pick<Departure, 'startDate' | 'endDate'>): number {
  return Math.round((Date.parse(`${departure.endDate}T00:00:00Z`) - Date.parse(`${departure.startDate}T00:00:00Z`)) / 86_400_000) + 1;
}

/** Why a departure takes no booking now (the shared rule), by this browser's clock unless told. */
export function closedFor(departure: Pick<Departure, 'status' | 'startsAt' | 'bookingCutoffHours'>, now = Date.now()): ReturnType<typeof closedForRule> {
  return closedForRule(departure, now);
}
