/** The dashboard's monthly chart starts at the business's year, whatever the browser's clock and zone say. */
import { expect, test } from 'vitest';
import { businessYear } from '../../../src/client/pages/dashboard/business-year';

test('the year is the server’s instant read in the business’s time zone', () => {
  // 31 Dec 2026 23:30 UTC is already 2027 in Auckland, still 2026 in Honolulu.
  expect(businessYear({ asOf: '2026-12-31T23:30:00.000Z', timeZone: 'Pacific/Auckland' })).toBe(2027);
  expect(businessYear({ asOf: '2026-12-31T23:30:00.000Z', timeZone: 'UTC' })).toBe(2026);
  expect(businessYear({ asOf: '2027-01-01T05:00:00.000Z', timeZone: 'Pacific/Honolulu' })).toBe(2026);
});
