// engine: independent (the words on the screens do not depend on the database)
/**
 * A German-speaking clerk's working day in Chromium, at 1280 and 390 px: after choosing Deutsch in
 * the app bar, the dashboard (no wider than the screen), the tours, departures (list and month), a departure's page, the bookings list, a
 * booking's page with its payment dialog, the new-booking form, a customer, a reseller, the
 * message templates, check-in, the day sheet and margins read in German. No screen shows a message
 * key in place of words (a key looks like "bookings.show.total"), and every screen is kept as a
 * screenshot. A refusal whose reason only the server knows comes in the server's German.
 */
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, test } from 'vitest';
import type { Booking } from '../../src/shared/contract/bookings.js';
import type { Departure } from '../../src/shared/contract/departures.js';
import type { Tour } from '../../src/shared/contract/tours.js';
import { aTour } from '../helpers/builders.js';
import { adminClient, type ApiClient } from './api.js';
import { login, screenshot } from './browser.js';
import { setUpSuite } from './suite.js';
import { see, signedIn } from './ui.js';

const suite = setUpSuite('german-screens');
let api: ApiClient;
const clerk = { email: 'greta@e2e.test', password: 'Tours-in-Deutsch-42' };
let tour: Tour;
let departure: Departure;
let booking: Booking;
let resellerId: string;

beforeAll(async () => {
  api = await adminClient(suite.server);
  await api.createUser({ ...clerk, fullName: 'Greta Gruber', roles: ['ADMIN'] });
  // Today in Berlin, the tour's zone (UTC's date is yesterday there after 23:00 UTC in winter): a departure later today, open for check-in.
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Berlin' }).format(new Date());
  tour = await api.expect<Tour>(201, 'POST', '/api/tours', aTour({ code: 'E2E-DE-1', title: 'Mosel und Rhein', timeZone: 'Europe/Berlin', currency: 'EUR', status: 'published', bookingCutoffHours: 0, durationDays: 2, prices: { ADULT: 129_950, CHILD: 64_975, INFANT: 0 } }));
  departure = await api.expect<Departure>(201, 'POST', '/api/departures', { tourId: tour.id, startDate: today, startTime: '23:59', capacity: 16 });
  booking = await api.expect<Booking>(201, 'POST', '/api/bookings', {
    departureId: departure.id,
    status: 'confirmed',
    contact: { name: 'Hans Becker', email: 'hans@example.com' },
    travellers: [{ category: 'ADULT', firstName: 'Hans', lastName: 'Becker' }, { category: 'CHILD', firstName: 'Mia', lastName: 'Becker' }],
  });
  resellerId = (await api.expect<{ id: string }>(201, 'POST', '/api/resellers', { name: 'Reisebüro Sonne', commissionPercent: 10 })).id;
  // A departure below its minimum in the next 14 days: the dashboard's longest German label ("Unter Mindestteilnehmerzahl").
  const small = await api.expect<Tour>(201, 'POST', '/api/tours', aTour({ code: 'E2E-DE-2', title: 'Schwarzwald und Bodensee mit Übernachtung', timeZone: 'Europe/Berlin', currency: 'EUR', status: 'published', bookingCutoffHours: 0, minPax: 12, prices: { ADULT: 89_000, CHILD: null, INFANT: null } }));
  const soon = await api.expect<Departure>(201, 'POST', '/api/departures', { tourId: small.id, startDate: new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10), startTime: '08:30', capacity: 30 });
  await api.expect(201, 'POST', '/api/bookings', { departureId: soon.id, status: 'confirmed', contact: { name: 'Margarethe Oberhuber-Schwarzenbach', email: 'margarethe@example.com' }, travellers: [{ category: 'ADULT', firstName: 'Margarethe', lastName: 'Oberhuber-Schwarzenbach' }] });
});

/** No message key stands where words should be. */
async function noKeys(page: Page): Promise<void> {
  const text = await page.locator('body').innerText();
  expect(text.match(/\b[a-z][a-z_]*\.[a-z_]+\.[a-z_.]+\b/g) ?? []).toEqual([]);
}

/** The clerk signed in, with Deutsch chosen in the app bar. */
async function germanClerk(): Promise<Page> {
  const { page } = await suite.open();
  await login(page, clerk.email, clerk.password);
  await signedIn(page);
  await page.getByRole('button', { name: 'Language' }).click();
  await page.getByRole('menuitem', { name: 'Deutsch' }).click();
  await see(page, 'Übersicht');
  return page;
}

/** Back to English for whoever signs in next (the choice is kept on the user). */
async function backToEnglish(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Sprache' }).click();
  // The screens switch at once and the choice is kept on the account a moment later: the page is
  // left only once it is kept, or the next one opens in the language still kept (German).
  const kept = page.waitForResponse((response) => response.request().method() === 'PATCH' && response.ok());
  await page.getByRole('menuitem', { name: 'English' }).click();
  await kept;
  await page.goto(`/bookings/${booking.id}/show`);
  await see(page, 'Payments and refunds');
}

/** Each screen of the day at one width, in German: no message key, and no wider than the screen. */
async function throughTheDay(page: Page, width: 1280 | 390): Promise<void> {
  const screens: [string, string, string | RegExp][] = [
    ['dashboard', '/dashboard', 'Termine der nächsten 14 Tage'],
    ['tours', '/tours', 'Veröffentlicht'],
    ['tour-brochure', `/tours/${tour.id}/show`, 'Tag für Tag'],
    ['departures', '/departures', 'Offen'],
    ['departure', `/departures/${departure.id}/show`, /Garantiert/],
    ['bookings', '/bookings', 'Bestätigt'],
    ['booking', `/bookings/${booking.id}/show`, 'Zahlungen und Erstattungen'],
    ['new-booking', `/bookings/create?departureId=${departure.id}`, 'Veröffentlichte Touren'],
    ['customer', `/customers/${booking.customerId}/show`, 'Ihre Daten'],
    ['reseller', `/resellers/${resellerId}/show`, 'API-Schlüssel'],
    ['templates', '/message-templates', /Buchung bestätigt/],
    ['check-in', '/check-in', 'Heutige Termine'],
    ['day-sheet', '/day-sheet', /Tagesblatt ·/],
    ['margins', '/margins', 'Margen pro Termin'],
  ];
  await page.setViewportSize({ width, height: width === 1280 ? 900 : 844 });
  for (const [name, path, words] of screens) {
    await page.goto(path);
    // In the page's content, not the menu beside it: the content has loaded, in German.
    await page.locator('#main-content').getByText(words).first().waitFor({ state: 'visible', timeout: 15_000 });
    await noKeys(page);
    // German's longer words never make a page wider than the screen (no sideways scrolling): on a
    // phone, and on a desktop, where a wide list scrolls in its own box and its buttons stay in view.
    expect({ name, scrollWidth: await page.evaluate(() => document.documentElement.scrollWidth) }).toEqual({ name, scrollWidth: width });
    await screenshot(page, `de-${name}-${width}`);
  }
}

// Two tests, not one: the fourteen screens twice over took longer than a test may under CI's load.
describe('the screens in German', () => {
  test('a clerk who chose Deutsch works through the day in German on a phone, no screen wider than the phone', async () => {
    const page = await germanClerk();
    await throughTheDay(page, 390);
    await backToEnglish(page);
  });

  test('a clerk who chose Deutsch works through the day in German on a desktop, with refusals in German', async () => {
    const page = await germanClerk();
    await throughTheDay(page, 1280);
    // A booking's payment dialog, and a refusal told in German.
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`/bookings/${booking.id}/show`);
    await page.getByRole('button', { name: 'Zahlung erfassen' }).click();
    await see(page, 'Eine Zahlung oder Erstattung erfassen');
    await noKeys(page);
    await screenshot(page, 'de-payment-dialog');
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('de');
    await page.keyboard.press('Escape');
    // A refusal whose reason only the server knows, in the server's German: a customer's e-mail
    // changed to another customer's.
    await api.expect(201, 'POST', '/api/bookings', { departureId: departure.id, status: 'confirmed', contact: { name: 'Anna Schmidt', email: 'anna@example.com' }, travellers: [{ category: 'ADULT', firstName: 'Anna', lastName: 'Schmidt' }] });
    await page.goto(`/customers/${booking.customerId}`);
    const email = page.locator('input[name="email"]');
    await expect.poll(() => email.inputValue()).toBe('hans@example.com');
    await email.fill('anna@example.com');
    await page.getByRole('button', { name: 'Speichern' }).click();
    await see(page, 'Ein anderer Kunde hat diese E-Mail-Adresse: Führen Sie die beiden stattdessen zusammen.');
    await screenshot(page, 'de-refusal');
    await backToEnglish(page);
  });
});
