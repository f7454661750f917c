/**
 * When a booking's balance is due: a number of days before the departure's local start date, or
 * the day it was booked when that is later (a booking made a week before departure owes its
 * balance at once). Thirty days is what operators commonly ask for; until tours carry their own
 * number, every booking uses it.
 */
import { Temporal } from 'temporal-polyfill';

export const BALANCE_DUE_DAYS = 30;

/** YYYY-MM-DD: the departure's start date less `daysBefore`, or the booking's date in the tour's zone if later. */
export function balanceDueDate(booking: { startDate: string; createdAt: string; timeZone: string }, daysBefore = BALANCE_DUE_DAYS): string {
  const due = Temporal.PlainDate.from(booking.startDate).subtract({ days: daysBefore });
  const bookedOn = Temporal.Instant.from(booking.createdAt).toZonedDateTimeISO(booking.timeZone).toPlainDate();
  return (Temporal.PlainDate.compare(bookedOn, due) > 0 ? bookedOn : due).toString();
}
