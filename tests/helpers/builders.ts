/**
 * Data builders: a valid body for each kind of thing the API creates, with the fields a test
 * cares about overridden. Unique values (e-mail, codes) come from a counter so builders never clash.
 */
import type { NewBooking } from '../../src/shared/contract/bookings.js';
import type { NewDeparture } from '../../src/shared/contract/departures.js';
import type { DayInput, NewComponent, NewTour } from '../../src/shared/contract/tours.js';

let sequence = 0;
const next = () => (sequence += 1);

export function aUser(overrides: Partial<{ email: string; fullName: string; password: string; roles: string[] }> = {}) {
  const n = next();
  return { email: `user${n}@example.test`, fullName: `Test User ${n}`, password: 'a-long-enough-password', roles: ['STAFF'], ...overrides };
}

export function aRole(overrides: Partial<{ name: string; description: string; permissions: string[] }> = {}) {
  return { name: `ROLE_${next()}`, description: 'A role made by a test', permissions: ['dashboard.read'], ...overrides };
}

export function aTour(overrides: Partial<NewTour> = {}): NewTour {
  return {
    code: `TOUR-${next()}`,
    title: 'Golden Circle and South Coast',
    summary: 'Waterfalls, geysers and black beaches in five days',
    description: '<p>Five days along the <b>south coast</b>.</p>',
    timeZone: 'Atlantic/Reykjavik',
    currency: 'EUR',
    durationDays: 5,
    minPax: 2,
    maxPax: 16,
    bookingCutoffHours: 48,
    prices: { ADULT: 129_900, CHILD: 99_900, INFANT: 0 },
    singleSupplementMinor: 35_000,
    ...overrides,
  };
}

export function aComponent(overrides: Partial<NewComponent> = {}): NewComponent {
  return { kind: 'accommodation', name: `Hotel ${next()}`, supplier: 'Hotel Selfoss', dayFrom: 1, dayTo: 2, inclusion: 'included', ...overrides };
}

export function aDay(overrides: Partial<DayInput> = {}): DayInput {
  return { title: `Day ${next()}`, description: '<p>Drive and walk.</p>', overnight: 'Vík', meals: { breakfast: true, lunch: false, dinner: true }, ...overrides };
}

/** A departure of `tourId` on a date of its own (one a day, from 1 June 2030), at 09:00, 16 seats. */
export function aDeparture(tourId: string, overrides: Partial<NewDeparture> = {}): NewDeparture {
  const date = new Date(Date.UTC(2030, 5, 1) + next() * 86_400_000).toISOString().slice(0, 10);
  return { tourId, startDate: date, startTime: '09:00', capacity: 16, ...overrides };
}

/** A booking of one adult on `departureId`, held, with a contact. */
export function aBooking(departureId: string, overrides: Partial<NewBooking> = {}): NewBooking {
  const n = next();
  return {
    departureId,
    contact: { name: `Contact ${n}`, email: `contact${n}@example.test` },
    travellers: [{ category: 'ADULT', firstName: 'Ada', lastName: `Traveller ${n}` }],
    ...overrides,
  };
}
