/** "Today" on screen (the departures list's From, the calendar's mark, the booking form's departures) is the user's calendar date. */
import { expect, test } from 'vitest';
import { todayOnThisCalendar } from '../../../src/client/resources/departures/departure-text';

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
