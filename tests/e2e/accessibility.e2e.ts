/**
 * Every screen, in light and in dark mode: a screenshot (screenshots/e2e/screen-<name>-<mode>.png)
 * and an axe-core pass with no serious or critical violation. The mode comes from the system
 * preference (the app's "auto"), and each screen is checked to really be light or dark.
 */
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, test } from 'vitest';
import type { Tour } from '../../src/shared/contract/tours.js';
import type { Booking } from '../../src/shared/contract/bookings.js';
import { aJpeg } from '../helpers/pictures.js';
import { aComponent, aDay, aTour } from '../helpers/builders.js';
import { adminClient, type ApiClient, type Role, type User } from './api.js';
import { backgroundRgb, checkA11y, goInApp, isDark, login, screenshot, settled, trackRequests } from './browser.js';
import { setUpSuite } from './suite.js';
import { menuEntry, onLoginScreen, see, signedIn } from './ui.js';

const suite = setUpSuite('accessibility');
let api: ApiClient;
let departureId: string;
let booking: Booking;
let resourceId: string;
let resellerId: string;
let user: User;
let role: Role;
let tour: Tour;

beforeAll(async () => {
  api = await adminClient(suite.server);
  role = await api.createRole('A11Y_ROLE', ['dashboard.read', 'users.read'], 'A role to look at');
  user = await api.createUser({ email: 'a11y.person@e2e.test', fullName: 'Accessible Person', password: 'A11y-password-123', roles: ['A11Y_ROLE'] });
  // A tour with a component, an optional extra and a day, so each tab of the tour has something to show.
  const created = await api.call<Tour>('POST', '/api/tours', { body: aTour({ code: 'A11Y-TOUR', title: 'Accessible Highlands', currency: 'ISK', status: 'published', prices: { ADULT: 189_000, CHILD: 99_000, INFANT: null } }) });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  tour = created.body;
  for (const component of [aComponent({ name: 'Hotel A11y' }), aComponent({ kind: 'activity', name: 'Glacier walk', dayFrom: 2, dayTo: 2, inclusion: 'optional', priceMinor: 24_900 })]) {
    expect((await api.call('POST', `/api/tours/${tour.id}/components`, { body: component })).status).toBe(201);
  }
  expect((await api.call('PUT', `/api/tours/${tour.id}/itinerary/1`, { body: aDay({ title: 'Arrival in Reykjavík' }) })).status).toBe(200);
  for (const [alt, bytes] of [['Highland hut under snow', await aJpeg(800, 600)], ['River crossing', await aJpeg(600, 800)]] as const) {
    const form = new FormData();
    form.append('alt', alt);
    form.append('caption', `${alt}, day 2`);
    form.append('file', new Blob([new Uint8Array(bytes)], { type: 'image/jpeg' }), 'picture.jpg');
    expect((await api.call('POST', `/api/tours/${tour.id}/media`, { body: form })).status).toBe(201);
  }
  const scheduled = await api.call<{ id: string }>('POST', '/api/departures', { body: { tourId: tour.id, startDate: '2027-07-03', startTime: '09:00', capacity: 12 } });
  expect(scheduled.status, JSON.stringify(scheduled.body)).toBe(201);
  departureId = scheduled.body.id;
  // A confirmed booking with a deposit, a refund-free history and an extra, so the booking screens have all their parts.
  const components = (await api.call<{ data: { id: string; inclusion: string }[] }>('GET', `/api/tours/${tour.id}/components`)).body.data;
  const made = await api.call<Booking>('POST', '/api/bookings', {
    body: {
      departureId,
      status: 'confirmed',
      contact: { name: 'Guðrún Access', email: 'gudrun@e2e.test', phone: '+354 555 0101' },
      travellers: [
        { category: 'ADULT', firstName: 'Guðrún', lastName: 'Access' },
        { category: 'CHILD', firstName: 'Sigga', lastName: 'Access', dateOfBirth: '2017-03-04' },
      ],
      extras: [{ componentId: components.find((component) => component.inclusion === 'optional')!.id, quantity: 2 }],
    },
  });
  expect(made.status, JSON.stringify(made.body)).toBe(201);
  booking = made.body;
  // A reseller with a key, so its page shows its keys, webhook and statement.
  const reseller = await api.call<{ id: string }>('POST', '/api/resellers', { body: { name: 'Accessible Agency', commissionPercent: 12.5, contactEmail: 'agency@example.test' } });
  expect(reseller.status, JSON.stringify(reseller.body)).toBe(201);
  resellerId = reseller.body.id;
  expect((await api.call('POST', `/api/resellers/${resellerId}/api-keys`, { body: { name: 'Booking engine' } })).status).toBe(201);
  expect((await api.call('POST', `/api/bookings/${booking.id}/payments`, { body: { kind: 'payment', amountMinor: 50_000, method: 'bank_transfer', reference: 'A11Y-1' } })).status).toBe(201);
  // A guide on the departure, so its page shows a schedule.
  const guide = await api.call<{ id: string }>('POST', '/api/resources', { body: { kind: 'guide', name: 'Accessible Guide', languages: ['is', 'en-GB'], phone: '+354 555 0102' } });
  expect(guide.status, JSON.stringify(guide.body)).toBe(201);
  resourceId = guide.body.id;
  expect((await api.call('POST', `/api/departures/${departureId}/assignments`, { body: { resourceId } })).status).toBe(201);
});

interface Screen {
  name: string;
  signedIn: boolean;
  url: () => string;
  /** Waits until the screen is fully shown. */
  ready: (page: Page) => Promise<void>;
}

const screens: Screen[] = [
  { name: 'login', signedIn: false, url: () => '/login', ready: (page) => onLoginScreen(page) },
  { name: 'forgot-password', signedIn: false, url: () => '/forgot-password', ready: (page) => page.getByLabel(/e-?mail/i).waitFor() },
  { name: 'reset-password', signedIn: false, url: () => '/reset-password?token=a11y-look-only', ready: (page) => page.getByLabel(/^new password/i).waitFor() },
  { name: '404', signedIn: false, url: () => '/404', ready: (page) => see(page, /not found|404/i) },
  { name: '500', signedIn: false, url: () => '/500', ready: (page) => see(page, /server error|went wrong|500/i) },
  { name: 'dashboard', signedIn: true, url: () => '/dashboard', ready: async (page) => {
    await see(page, suite.server.admin.email);
    // The administrator reads the reports: the figures, the lists and the chart (asked for after the first paint) are all checked.
    await see(page, 'Money in ISK');
    await page.getByTestId('monthly-report').locator('svg').first().waitFor();
  } },
  { name: 'users-list', signedIn: true, url: () => '/users', ready: (page) => see(page, user.email) },
  { name: 'user-create', signedIn: true, url: () => '/users/create', ready: (page) => page.getByRole('textbox', { name: /e-?mail/i }).waitFor() },
  { name: 'user-edit', signedIn: true, url: () => `/users/${user.id}`, ready: async (page) => {
    await page.getByLabel(/full name/i).waitFor();
    await expect.poll(() => page.getByLabel(/full name/i).inputValue()).toBe('Accessible Person');
  } },
  { name: 'user-show', signedIn: true, url: () => `/users/${user.id}/show`, ready: (page) => see(page, 'Accessible Person') },
  { name: 'roles-list', signedIn: true, url: () => '/roles', ready: (page) => see(page, 'A11Y_ROLE') },
  { name: 'role-create', signedIn: true, url: () => '/roles/create', ready: (page) => page.getByLabel(/^name/i).waitFor() },
  { name: 'role-edit', signedIn: true, url: () => `/roles/${role.id}`, ready: async (page) => {
    await page.getByLabel(/description/i).waitFor();
    await expect.poll(() => page.getByLabel(/description/i).inputValue()).toBe('A role to look at');
  } },
  { name: 'role-permissions', signedIn: true, url: () => `/roles/${role.id}/permissions`, ready: (page) => page.getByRole('switch', { name: /users\.read/i }).waitFor() },
  { name: 'profile', signedIn: true, url: () => '/profile', ready: (page) => page.getByLabel(/^current password/i).waitFor() },
  { name: 'audit-log', signedIn: true, url: () => '/audit', ready: (page) => see(page, /signed in/i) },
  { name: 'tours-list', signedIn: true, url: () => '/tours', ready: (page) => see(page, 'A11Y-TOUR') },
  { name: 'tour-create', signedIn: true, url: () => '/tours/create', ready: (page) => page.getByRole('textbox', { name: 'Code' }).waitFor() },
  { name: 'tour-edit-details', signedIn: true, url: () => `/tours/${tour.id}`, ready: async (page) => {
    await page.getByRole('textbox', { name: 'Title' }).waitFor();
    await expect.poll(() => page.getByRole('textbox', { name: 'Title' }).inputValue()).toBe('Accessible Highlands');
  } },
  { name: 'tour-edit-prices', signedIn: true, url: () => `/tours/${tour.id}?tab=prices`, ready: async (page) => {
    await expect.poll(() => page.getByRole('textbox', { name: /^Adult/ }).inputValue()).toBe('189000');
  } },
  { name: 'tour-edit-components', signedIn: true, url: () => `/tours/${tour.id}?tab=components`, ready: (page) => see(page, 'Glacier walk') },
  { name: 'tour-edit-itinerary', signedIn: true, url: () => `/tours/${tour.id}?tab=itinerary`, ready: (page) => see(page, 'Day 1: Arrival in Reykjavík') },
  { name: 'tour-edit-gallery', signedIn: true, url: () => `/tours/${tour.id}?tab=gallery`, ready: (page) => page.getByRole('img', { name: 'River crossing' }).waitFor() },
  { name: 'departures-list', signedIn: true, url: () => '/departures', ready: (page) => see(page, 'A11Y-TOUR · Accessible Highlands') },
  { name: 'departures-calendar', signedIn: true, url: () => '/departures', ready: async (page) => {
    await page.getByRole('button', { name: 'Month calendar' }).click();
    await page.getByRole('button', { name: 'This month' }).waitFor();
  } },
  { name: 'bookings-list', signedIn: true, url: () => '/bookings', ready: (page) => see(page, booking.reference) },
  { name: 'booking-show', signedIn: true, url: () => `/bookings/${booking.id}/show`, ready: (page) => see(page, /Payment recorded/) },
  { name: 'booking-edit', signedIn: true, url: () => `/bookings/${booking.id}`, ready: async (page) => {
    await expect.poll(() => page.locator('input[name="travellers.0.firstName"]').inputValue()).toBe('Guðrún');
  } },
  { name: 'booking-create', signedIn: true, url: () => '/bookings/create', ready: (page) => page.getByRole('combobox', { name: 'Tour' }).waitFor() },
  { name: 'booking-create-travellers', signedIn: true, url: () => `/bookings/create?departureId=${departureId}`, ready: async (page) => {
    await page.locator('[aria-pressed="false"], [aria-pressed="true"]').first().click();
    await page.getByRole('button', { name: 'Next' }).click();
    await page.locator('input[name="travellers.0.firstName"]').waitFor();
  } },
  { name: 'booking-change', signedIn: true, url: () => `/bookings/${booking.id}/change`, ready: (page) => see(page, /Nothing changed yet/) },
  { name: 'resellers-list', signedIn: true, url: () => '/resellers', ready: (page) => see(page, 'Accessible Agency') },
  { name: 'reseller-create', signedIn: true, url: () => '/resellers/create', ready: (page) => page.getByRole('textbox', { name: 'Name' }).waitFor() },
  { name: 'reseller-show', signedIn: true, url: () => `/resellers/${resellerId}/show`, ready: (page) => see(page, 'Nothing sent yet.') },
  { name: 'resources-list', signedIn: true, url: () => '/resources', ready: (page) => see(page, 'Accessible Guide') },
  { name: 'resource-create', signedIn: true, url: () => '/resources/create', ready: (page) => page.getByRole('textbox', { name: 'Name' }).waitFor() },
  { name: 'resource-show', signedIn: true, url: () => `/resources/${resourceId}/show`, ready: (page) => see(page, /A11Y-TOUR · Accessible Highlands/) },
  { name: 'resource-show-month', signedIn: true, url: () => `/resources/${resourceId}/show`, ready: async (page) => {
    await page.getByRole('button', { name: 'Month' }).click();
    await page.getByRole('button', { name: 'Next month' }).waitFor();
  } },
  { name: 'customers-list', signedIn: true, url: () => '/customers', ready: (page) => see(page, booking.contact.email) },
  { name: 'customer-show', signedIn: true, url: () => `/customers/${booking.customerId}/show`, ready: (page) => see(page, booking.reference) },
  { name: 'customer-edit', signedIn: true, url: () => `/customers/${booking.customerId}`, ready: async (page) => {
    await expect.poll(() => page.getByRole('textbox', { name: 'E-mail' }).inputValue()).toBe(booking.contact.email);
  } },
  { name: 'message-templates', signedIn: true, url: () => '/message-templates', ready: (page) => see(page, 'Departure reminder (3 days before)') },
  { name: 'message-template-edit', signedIn: true, url: () => '/message-templates/booking_confirmed/texts', ready: (page) => page.getByRole('textbox', { name: 'Subject' }).waitFor() },
  { name: 'departure-show', signedIn: true, url: () => `/departures/${departureId}/show`, ready: (page) => see(page, booking.reference) },
  { name: 'departure-create', signedIn: true, url: () => '/departures/create', ready: (page) => page.getByRole('combobox', { name: 'Tour' }).waitFor() },
  { name: 'tour-show', signedIn: true, url: () => `/tours/${tour.id}/show`, ready: (page) => see(page, 'Day 1: Arrival in Reykjavík') },
  { name: 'day-sheet', signedIn: true, url: () => '/day-sheet?date=2027-07-03', ready: (page) => page.getByText('1 adult, 1 child').first().waitFor() },
  { name: 'check-in', signedIn: true, url: () => '/check-in', ready: (page) => page.getByRole('textbox', { name: 'Check-in code' }).waitFor() },
  { name: 'margins', signedIn: true, url: () => '/margins?from=2027-07-01&to=2027-07-31', ready: (page) => page.getByRole('table', { name: 'Margins by departure' }).getByText('A11Y-TOUR · Accessible Highlands').waitFor() },
  { name: 'unknown-protected-path', signedIn: true, url: () => '/no/such/page', ready: (page) => see(page, /not found|404/i) },
];

for (const mode of ['light', 'dark'] as const) {
  describe(`every screen in ${mode} mode`, () => {
    let page: Page;
    let signedInYet = false;

    beforeAll(async () => {
      ({ page } = await suite.open({ colorScheme: mode, keep: true }));
      trackRequests(page);
    });

    for (const screen of screens) {
      test(`${screen.name} (${mode}): no serious or critical axe violation`, async () => {
        if (screen.signedIn && !signedInYet) {
          await login(page, suite.server.admin.email, suite.server.admin.password);
          await signedIn(page);
          signedInYet = true;
        }
        // Signed-in screens are reached as the app's links reach them; the others are loaded.
        if (screen.signedIn) await goInApp(page, screen.url());
        else await page.goto(screen.url());
        if (screen.signedIn) await menuEntry(page, 'Dashboard').waitFor();
        await screen.ready(page);
        await settled(page);
        expect(isDark(await backgroundRgb(page, '#root > *')), `${screen.name} is in ${mode} mode`).toBe(mode === 'dark');
        await screenshot(page, `screen-${screen.name}-${mode}`);
        await checkA11y(page, `${screen.name}-${mode}`);
      });
    }
  });
}

describe('every screen on a phone (390 × 844)', () => {
  let page: Page;
  let signedInYet = false;

  beforeAll(async () => {
    ({ page } = await suite.open({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, keep: true }));
    trackRequests(page);
  });

  for (const screen of screens) {
    test(`${screen.name} (phone): nothing wider than the screen, no serious or critical axe violation`, async () => {
      if (screen.signedIn && !signedInYet) {
        await login(page, suite.server.admin.email, suite.server.admin.password);
        await page.waitForURL((url) => url.pathname !== '/login', { timeout: 15_000 });
        signedInYet = true;
      }
      if (screen.signedIn) await goInApp(page, screen.url());
      else await page.goto(screen.url());
      await screen.ready(page);
      await settled(page);
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      await screenshot(page, `phone-${screen.name}`);
      expect(width, `${screen.name} is ${width} px wide on a 390 px screen`).toBeLessThanOrEqual(390);
      await checkA11y(page, `${screen.name}-phone`);
    });
  }

  test('the menu opens by touch and leads to a screen', async () => {
    await page.goto('/dashboard');
    await see(page, suite.server.admin.email);
    await page.getByRole('button', { name: /open menu|toggle menu|menu/i }).first().tap();
    await menuEntry(page, 'Roles').tap();
    await page.waitForURL((url) => url.pathname === '/roles');
    await see(page, 'A11Y_ROLE');
  });
});
