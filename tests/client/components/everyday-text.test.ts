/**
 * Small words the screens use: a file's size ("34 KB", never "0.0 MB"), counts with their plural
 * ("1 seat", "2 seats"), an amendment's changes one by one ("Traveller 2: Jan → Johann"), whether a
 * birth date fits the category on the departure's date, the date a balance is due, and one format
 * for dates and times.
 */
import { describe, expect, test } from 'vitest';
import { formatCalendarDate, formatDate, formatDateTime, formatTime } from '../../../src/client/dates';
import { amendmentLines } from '../../../src/client/resources/bookings/booking-text';
import { fileSize } from '../../../src/client/resources/tours/tour-text';
import { cancellationQuote, depositOf } from '../../../src/shared/payment-schedule';
import { ageOn, birthDateWarning, DEFAULT_AGE_BANDS, noAdultWarning } from '../../../src/shared/traveller-ages';

test('a file’s size reads as people read it', () => {
  expect(fileSize(820)).toBe('820 bytes');
  expect(fileSize(34 * 1024 + 300)).toBe('34 KB');
  expect(fileSize(1.24 * 1024 * 1024)).toBe('1.2 MB');
  expect(fileSize(19.6 * 1024 * 1024)).toBe('20 MB');
});

describe('an amendment’s changes', () => {
  test('one line per field that changed', () => {
    expect(
      amendmentLines({
        reference: 'ABCD2345',
        changes: [
          { what: 'traveller', traveller: 2, field: 'firstName', before: 'Jan', after: 'Johann' },
          { what: 'traveller', traveller: 1, field: 'dateOfBirth', before: null, after: '2015-03-01' },
          { what: 'contact', field: 'email', before: 'a@example.com', after: 'b@example.com' },
          { what: 'notes', before: '', after: 'Vegetarian' },
        ],
      }),
    ).toEqual(['Traveller 2: Jan → Johann', 'Traveller 1’s birth date: none → 2015-03-01', 'Contact e-mail: a@example.com → b@example.com', 'Notes: none → “Vegetarian”']);
  });

  test('entries written before changes were listed one by one still read', () => {
    expect(amendmentLines({ reference: 'ABCD2345', contact: {}, 'traveller 1': {}, 'traveller 2': {} })).toEqual(['contact', '2 travellers']);
  });
});

describe('ages', () => {
  test('whole years on the departure’s date', () => {
    expect(ageOn('2015-07-03', '2027-07-03')).toBe(12);
    expect(ageOn('2015-07-04', '2027-07-03')).toBe(11);
    expect(ageOn('2024-02-29', '2026-02-28')).toBe(1);
  });

  test('a birth date that does not fit the category is a warning naming the category it fits', () => {
    expect(birthDateWarning({ category: 'CHILD', dateOfBirth: '1980-05-01' }, '2027-07-03', DEFAULT_AGE_BANDS)).toBe('Aged 47 on the departure date: an adult on this tour (12 or older), not a child.');
    expect(birthDateWarning({ category: 'INFANT', dateOfBirth: '2020-01-01' }, '2027-07-03', DEFAULT_AGE_BANDS)).toBe('Aged 7 on the departure date: a child on this tour (2–11), not an infant.');
    expect(birthDateWarning({ category: 'CHILD', dateOfBirth: '2015-07-04' }, '2027-07-03', DEFAULT_AGE_BANDS)).toBeNull();
    // A tour whose children are under 16.
    expect(birthDateWarning({ category: 'CHILD', dateOfBirth: '2013-01-01' }, '2027-07-03', { infantAgeUnder: 3, childAgeUnder: 16 })).toBeNull();
    expect(birthDateWarning({ category: 'ADULT', dateOfBirth: '2028-01-01' }, '2027-07-03', DEFAULT_AGE_BANDS)).toBe('Born after the departure date: check the year.');
    expect(birthDateWarning({ category: 'ADULT', dateOfBirth: '' }, '2027-07-03', DEFAULT_AGE_BANDS)).toBeNull();
  });

  test('children with no adult are warned about; an adult with them, or adults alone, are not', () => {
    expect(noAdultWarning([{ category: 'CHILD' }, { category: 'INFANT' }])).toMatch(/No adult is booked/);
    expect(noAdultWarning([{ category: 'CHILD' }, { category: 'ADULT' }])).toBeNull();
    expect(noAdultWarning([{ category: 'ADULT' }])).toBeNull();
  });
});

test('a deposit is its share of the total in minor units, or the whole total without one', () => {
  expect(depositOf(100_001, 25)).toBe(25_000);
  expect(depositOf(99_999, 30)).toBe(30_000);
  expect(depositOf(45_000, null)).toBe(45_000);
  expect(depositOf(45_000, 0)).toBe(0);
});

test('the cancellation terms propose the fee of the tier reached, never more than was paid', () => {
  const terms = [{ daysBefore: 7, percent: 50 }, { daysBefore: 30, percent: 0 }, { daysBefore: 0, percent: 100 }];
  expect(cancellationQuote(terms, 45, 100_000, 100_000)).toEqual({ feeMinor: 0, refundDueMinor: 100_000, daysBefore: 45, percent: 0 });
  expect(cancellationQuote(terms, 30, 100_000, 100_000)).toMatchObject({ feeMinor: 0, percent: 0 });
  expect(cancellationQuote(terms, 29, 100_000, 100_000)).toEqual({ feeMinor: 50_000, refundDueMinor: 50_000, daysBefore: 29, percent: 50 });
  expect(cancellationQuote(terms, 3, 100_000, 100_000)).toMatchObject({ feeMinor: 100_000, refundDueMinor: 0, percent: 100 });
  // Only a deposit paid: the fee is what was paid.
  expect(cancellationQuote(terms, 3, 100_000, 20_000)).toMatchObject({ feeMinor: 20_000, refundDueMinor: 0, percent: 100 });
  // After the departure started, the last tier; without terms, no fee.
  expect(cancellationQuote(terms, -2, 100_000, 100_000)).toMatchObject({ feeMinor: 100_000, daysBefore: -2 });
  expect(cancellationQuote([], 3, 100_000, 100_000)).toMatchObject({ feeMinor: 0, percent: 0 });
});

test('one format for dates and times on every screen', () => {
  const instant = '2026-11-25T17:15:05Z';
  expect(formatDateTime(instant, 'UTC')).toBe('25 Nov 2026, 17:15');
  expect(formatDateTime(instant, 'Pacific/Auckland')).toBe('26 Nov 2026, 06:15');
  expect(formatDateTime(instant, 'UTC', { weekday: true })).toBe('Wed, 25 Nov 2026, 17:15');
  expect(formatDate(instant, 'UTC')).toBe('25 Nov 2026');
  expect(formatTime('2026-11-25T00:05:00Z', 'UTC')).toBe('00:05');
  expect(formatCalendarDate('2027-07-03')).toBe('3 Jul 2027');
  expect(formatCalendarDate('2027-07-03', { weekday: true })).toBe('Sat, 3 Jul 2027');
});
