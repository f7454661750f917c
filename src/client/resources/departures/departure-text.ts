/** How departures read on screen: the local date and time with the zone named, statuses, seats. */
import type { Departure, DepartureStatus } from '../../../shared/contract/departures';
import { formatCalendarDate } from '../../dates';

export const STATUS_LABELS: Record<DepartureStatus, string> = { open: 'Open', closed: 'Closed', cancelled: 'Cancelled' };
export const STATUS_COLOURS: Record<DepartureStatus, 'success' | 'default' | 'error'> = { open: 'success', closed: 'default', cancelled: 'error' };
export const WEEKDAY_NAMES = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'] as const;

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
  return `${departure.seatsHeld + departure.seatsConfirmed} of ${departure.capacity} seats taken`;
}

/** The departure's days, first to last: a one-day tour has 1. */
export function departureDays(departure: Pick<Departure, 'startDate' | 'endDate'>): number {
  return Math.round((Date.parse(`${departure.endDate}T00:00:00Z`) - Date.parse(`${departure.startDate}T00:00:00Z`)) / 86_400_000) + 1;
}
