/** Money typed in major units becomes exact minor units, in each currency's own decimals, and reads back the same. */
import { expect, test } from 'vitest';
import { currencyDigits, formatMinor, isKnownCurrency, majorTextToMinor, minorToMajorText } from '../../../src/shared/money';
import { dateTimeFormat, numberFormat } from '../../../src/shared/intl-formats';
import { isKnownTimeZone } from '../../../src/shared/time-zones';

test('each currency’s decimals come from the runtime: EUR 2, ISK 0, JPY 0, KWD 3', () => {
  expect([currencyDigits('EUR'), currencyDigits('ISK'), currencyDigits('JPY'), currencyDigits('KWD')]).toEqual([2, 0, 0, 3]);
});

test.each([
  ['1299', 'EUR', 129_900],
  ['1299.5', 'EUR', 129_950],
  ['1,299.50', 'EUR', 129_950],
  [' 0.01 ', 'EUR', 1],
  ['189000', 'ISK', 189_000],
  ['189,000', 'ISK', 189_000],
  ['12.345', 'KWD', 12_345],
  ['0.1', 'EUR', 10],
  // As the app shows amounts, with or without the sign, grouping and spaces.
  ['€1,299.50', 'EUR', 129_950],
  ['1,299.50 €', 'EUR', 129_950],
  ['EUR 1299.5', 'EUR', 129_950],
  [' 1299.50 ', 'EUR', 129_950],
  ['ISK 189,000', 'ISK', 189_000],
  ['ISK\u00a0189,000', 'ISK', 189_000],
  ['1,299,000', 'EUR', 129_900_000],
  ['KWD 12.345', 'KWD', 12_345],
  // Both marks: the last one is the decimal mark.
  ['1.299,50', 'EUR', 129_950],
  ["1'299.50", 'EUR', 129_950],
])('"%s" %s → %i minor units, exactly (no float on the way)', (text, currency, minor) => {
  expect(majorTextToMinor(text, currency)).toEqual({ ok: true, minor });
});

test.each([
  ['189000.5', 'ISK', /no minor unit/],
  ['12.345', 'EUR', /2 decimals at most/],
  ['-5', 'EUR', /amount such as/],
  ['12,5', 'EUR', /reads two ways: “,” separates thousands here, so write decimals with “\.”/],
  ['1,2,3', 'EUR', /amount such as/],
  ['12..5', 'EUR', /amount such as/],
  ['€', 'EUR', /amount such as/],
  ['$12', 'EUR', /amount such as/],
  ['abc', 'EUR', /amount such as/],
  ['1e3', 'EUR', /amount such as/],
  ['99999999999999999', 'EUR', /too large/],
])('"%s" %s is refused with a reason', (text, currency, problem) => {
  const parsed = majorTextToMinor(text, currency);
  expect(parsed.ok).toBe(false);
  expect(parsed.ok ? '' : parsed.problem).toMatch(problem);
});

test('minor units read back as the text that was typed, and format in the currency', () => {
  expect(minorToMajorText(129_950, 'EUR')).toBe('1299.50');
  expect(minorToMajorText(5, 'EUR')).toBe('0.05');
  expect(minorToMajorText(189_000, 'ISK')).toBe('189000');
  expect(minorToMajorText(12_345, 'KWD')).toBe('12.345');
  expect(formatMinor(129_900, 'EUR', 'en-GB')).toBe('€1,299.00');
  expect(formatMinor(189_000, 'ISK', 'en-GB').replace(/\s/g, ' ')).toBe('ISK 189,000'); // Intl puts a no-break space after the code
});

test('currencies and time zones are the runtime’s', () => {
  expect(isKnownCurrency('EUR')).toBe(true);
  expect(isKnownCurrency('EUX')).toBe(false);
  expect(isKnownCurrency('eur')).toBe(false);
  expect(isKnownTimeZone('Europe/Berlin')).toBe(true);
  expect(isKnownTimeZone('America/Argentina/Buenos_Aires')).toBe(true);
  expect(isKnownTimeZone('UTC')).toBe(true);
  expect(isKnownTimeZone('Mars/Olympus_Mons')).toBe(false);
  expect(isKnownTimeZone('+01:00')).toBe(false);
});

test('in a locale that writes 1.299,50 €, its own way is read, and a lone "." that could be either is refused', () => {
  expect(majorTextToMinor('1.299,50 €', 'EUR', 'de-DE')).toEqual({ ok: true, minor: 129_950 });
  expect(majorTextToMinor('1299,5', 'EUR', 'de-DE')).toEqual({ ok: true, minor: 129_950 });
  expect(majorTextToMinor('1.299', 'EUR', 'de-DE')).toEqual({ ok: true, minor: 129_900 });
  const lone = majorTextToMinor('12.5', 'EUR', 'de-DE');
  expect(lone.ok ? '' : lone.problem).toMatch(/“\.” separates thousands here, so write decimals with “,”/);
});

test('a date formatter is made once per locale and options and used again: each new one holds native memory until a full collection', () => {
  const options = { dateStyle: 'full', timeStyle: 'short', timeZone: 'Europe/Berlin' } as const;
  const first = dateTimeFormat('de-DE', options);
  expect(dateTimeFormat('de-DE', { ...options })).toBe(first);
  expect(dateTimeFormat('en-GB', options)).not.toBe(first);
  expect(dateTimeFormat('de-DE', { ...options, timeZone: 'Atlantic/Reykjavik' })).not.toBe(first);
  // The kept one formats as a fresh one does.
  const instant = new Date('2027-10-31T07:30:00Z');
  expect(first.format(instant)).toBe(new Intl.DateTimeFormat('de-DE', options).format(instant));
  // Number formats are kept the same way (money's formats and its input's marks come from them).
  expect(numberFormat('de-DE', { style: 'currency', currency: 'EUR' })).toBe(numberFormat('de-DE', { style: 'currency', currency: 'EUR' }));
  // Unknown zones are still refused, known ones still known, after the formatter is kept.
  expect([isKnownTimeZone('Europe/Berlin'), isKnownTimeZone('Europe/Berlin'), isKnownTimeZone('Mars/Olympus')]).toEqual([true, true, false]);
});
