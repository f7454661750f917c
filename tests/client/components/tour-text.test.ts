/** How tours and departures read: the lead price, and dates in the tour's zone whatever the browser's. */
import { describe, expect, test } from 'vitest';
import { departureWhen, localDate } from '../../../src/client/resources/departures/departure-text';
import { fromPrice, nextDepartureText } from '../../../src/client/resources/tours/tour-text';

describe('tour text', () => {
  test('the lead price is per adult, in the tour’s currency; a child price only for a tour sold to children alone', () => {
    expect(fromPrice({ currency: 'ISK', prices: { ADULT: 389_000, CHILD: 289_000, INFANT: 0 } })).toMatch(/^from ISK\s389,000$/);
    expect(fromPrice({ currency: 'EUR', prices: { ADULT: null, CHILD: 49_950, INFANT: null } })).toBe('from €499.50');
    expect(fromPrice({ currency: 'EUR', prices: { ADULT: null, CHILD: null, INFANT: 0 } })).toBeNull();
  });

  test('the next departure is dated in the tour’s zone: 23:30 UTC on New Year’s Day is already 2 January in Tokyo', () => {
    expect(nextDepartureText({ nextDepartureAt: '2027-01-01T23:30:00.000Z', timeZone: 'Asia/Tokyo' })).toBe('Sat, 2 Jan 2027');
    expect(nextDepartureText({ nextDepartureAt: '2027-01-01T23:30:00.000Z', timeZone: 'Atlantic/Reykjavik' })).toBe('Fri, 1 Jan 2027');
    expect(nextDepartureText({ nextDepartureAt: null, timeZone: 'Europe/Berlin' })).toBeNull();
  });
});

describe('departure text', () => {
  test('a departure reads as its local date and time with the zone named, whatever zone the browser is in', () => {
    expect(localDate('2027-04-03')).toBe('Sat, 3 Apr 2027');
    expect(departureWhen({ startDate: '2027-10-31', startTime: '02:30', timeZone: 'Europe/Berlin' })).toBe('Sun, 31 Oct 2027, 02:30 Europe/Berlin');
  });
});
