/** "Today" on screen (the departures list's From, the calendar's mark, the booking form's departures) is the user's calendar date. */
import { expect, test } from 'vitest';
import { closedFor, todayOnThisCalendar } from '../../../src/client/resources/departures/departure-text';

test('today is the date on the user’s calendar, not in UTC', () => {
  const instant = new Date('2026-11-25T20:00:00Z');
  const zone = process.env.TZ;
  try {
    process.env.TZ = 'Pacific/Auckland'; // 09:00 on the 26th there
    expect(todayOnThisCalendar(instant)).toBe('2026-11-26');
    process.env.TZ = 'Pacific/Honolulu'; // 10:00 on the 25th there
    expect(todayOnThisCalendar(instant)).toBe('2026-11-25');
  } finally {
    if (zone === undefined) delete process.env.TZ;
    else process.env.TZ = zone;
  }
});

test('a departure the server would refuse shows as closed in the pickers: started, past its cut-off, closed or cancelled', () => {
  const startsAt = '2027-06-01T09:00:00.000Z';
  const at = (iso: string) => Date.parse(iso);
  const open = { status: 'open' as const, startsAt, bookingCutoffHours: 24 };
  expect(closedFor(open, at('2027-05-31T08:59:59Z'))).toBeNull();
  expect(closedFor(open, at('2027-05-31T09:00:00Z'))).toBe('cutoff');
  expect(closedFor(open, at('2027-06-01T09:00:00Z'))).toBe('started');
  expect(closedFor({ ...open, bookingCutoffHours: 0 }, at('2027-06-01T08:59:00Z'))).toBeNull();
  expect(closedFor({ ...open, status: 'closed' }, at('2027-01-01T00:00:00Z'))).toBe('closed');
  expect(closedFor({ ...open, status: 'cancelled' }, at('2027-01-01T00:00:00Z'))).toBe('cancelled');
});
