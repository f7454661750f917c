/**
 * What a clerk meets every hour, in Chromium: the browser's Back and Forward move through the
 * new-booking form's steps and a reload keeps what was typed; the category of a traveller reads in
 * full; the bookings, tours and departures lists open a record with the keyboard alone (Tab from
 * the column headers, Enter); a double click on Schedule in bulk schedules once; a booking's
 * reference typed into the address opens it, and an unknown one says so.
 */
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, test } from 'vitest';
import type { Booking } from '../../src/shared/contract/bookings.js';
import type { Departure } from '../../src/shared/contract/departures.js';
import type { Tour } from '../../src/shared/contract/tours.js';
import { aTour } from '../helpers/builders.js';
import { adminClient, type ApiClient } from './api.js';
import { login } from './browser.js';
import { setUpSuite } from './suite.js';
import { see, signedIn, toast } from './ui.js';

const suite = setUpSuite('everyday-work');
let api: ApiClient;
let tour: Tour;
let departure: Departure;
let booking: Booking;

beforeAll(async () => {
  api = await adminClient(suite.server);
  tour = (
    await api.call<Tour>('POST', '/api/tours', {
      body: aTour({ code: 'E2E-DAY-1', title: 'Glacier walk', timeZone: 'Atlantic/Reykjavik', currency: 'EUR', status: 'published', prices: { ADULT: 129_950, CHILD: 64_975, INFANT: 0 } }),
    })
  ).body;
  departure = (await api.call<Departure>('POST', '/api/departures', { body: { tourId: tour.id, startDate: '2027-06-05', startTime: '10:00', capacity: 12 } })).body;
  booking = (
    await api.call<Booking>('POST', '/api/bookings', {
      body: { departureId: departure.id, status: 'confirmed', contact: { name: 'Kari Nordmann', email: 'kari@example.no' }, travellers: [{ category: 'ADULT', firstName: 'Kari', lastName: 'Nordmann' }] },
    })
  ).body;
});

async function signIn(page: Page): Promise<void> {
  await login(page, suite.server.admin.email, suite.server.admin.password);
  await signedIn(page);
}

describe('the new-booking form in the browser', () => {
  test('Back goes one step back, Forward one on, a reload keeps the step and what was typed; the category reads in full', async () => {
    const { page } = await suite.open();
    await signIn(page);
    await page.goto(`/bookings/create?departureId=${departure.id}`);
    await expect.poll(() => page.getByRole('combobox', { name: 'Tour' }).inputValue()).toBe('E2E-DAY-1 · Glacier walk');
    await page.getByRole('button', { name: 'Next' }).click();
    await page.locator('input[name="travellers.0.firstName"]').fill('Jan');
    await page.locator('input[name="travellers.0.lastName"]').fill('Novak');
    // Wide enough for its text on a desktop: "Adult · €1,299.50" is not cut off.
    const category = page.getByRole('combobox', { name: 'Category' }).first();
    await expect.poll(() => category.textContent()).toBe('Adult · €1,299.50');
    expect(await category.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByRole('region', { name: 'Extras and rooms' }).waitFor();

    await page.goBack();
    await expect.poll(() => page.locator('input[name="travellers.0.firstName"]').inputValue()).toBe('Jan');
    expect(new URL(page.url()).pathname).toBe('/bookings/create');
    await page.goForward();
    await page.getByRole('region', { name: 'Extras and rooms' }).waitFor();
    await page.reload();
    await page.getByRole('region', { name: 'Extras and rooms' }).waitFor();
    await page.goBack();
    await expect.poll(() => page.locator('input[name="travellers.0.lastName"]').inputValue()).toBe('Novak');
    await page.goBack();
    await expect.poll(() => page.getByRole('combobox', { name: 'Tour' }).inputValue()).toBe('E2E-DAY-1 · Glacier walk');
  });
});

describe('lists by keyboard', () => {
  /**
   * From a column header's sort control, Tab on: the focus reaches the first row's link (before
   * the pagination, which it used to skip to), and Enter opens the record.
   */
  async function openFirstRowByKeyboard(page: Page, header: string, expected: RegExp) {
    await page.getByRole('columnheader', { name: header }).getByRole('button').first().focus();
    const where = () => page.evaluate(() => {
      const element = document.activeElement;
      return { tag: element?.tagName ?? '', inRows: Boolean(element?.closest('tbody')), inHeaders: Boolean(element?.closest('thead')) };
    });
    let focus = await where();
    for (let presses = 0; presses < 20 && focus.inHeaders; presses += 1) {
      await page.keyboard.press('Tab');
      focus = await where();
    }
    expect(focus).toEqual({ tag: 'A', inRows: true, inHeaders: false });
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => expected.test(url.pathname));
  }

  test('the bookings, tours and departures lists open a record with Tab and Enter', async () => {
    const { page } = await suite.open();
    await signIn(page);
    await page.goto(`/bookings?${new URLSearchParams({ filter: JSON.stringify({ q: booking.reference }) })}`);
    await see(page, booking.reference);
    await openFirstRowByKeyboard(page, 'Reference', new RegExp(`^/bookings/${booking.id}/show$`));
    await see(page, 'Kari Nordmann');

    await page.goto(`/tours?${new URLSearchParams({ filter: JSON.stringify({ q: 'E2E-DAY-1' }) })}`);
    await see(page, 'Glacier walk');
    await openFirstRowByKeyboard(page, 'Code', new RegExp(`^/tours/${tour.id}/show$`));

    await page.goto(`/departures?${new URLSearchParams({ filter: JSON.stringify({ tourId: tour.id }) })}`);
    await see(page, /Sat, 5 Jun 2027, 10:00/);
    await openFirstRowByKeyboard(page, 'Departs', new RegExp(`^/departures/${departure.id}/show$`));
  });
});

describe('actions sent once', () => {
  test('a double click on Schedule in bulk schedules once, with one toast and one audit entry', async () => {
    const { page } = await suite.open();
    await signIn(page);
    await page.goto('/departures');
    await page.getByRole('button', { name: 'Schedule in bulk' }).click();
    const bulk = page.getByRole('dialog');
    await bulk.getByRole('combobox', { name: 'Tour' }).fill('E2E-DAY');
    await page.getByRole('option', { name: /E2E-DAY-1/ }).click();
    await bulk.locator('input[name=from]').fill('2027-09-01');
    await bulk.locator('input[name=to]').fill('2027-09-30');
    await bulk.getByRole('button', { name: 'Schedule' }).dblclick();
    await toast(page, '4 departures scheduled').waitFor();
    await bulk.waitFor({ state: 'hidden' });
    expect(await page.getByText(/dates? skipped/).count()).toBe(0);
    const audit = await api.call<{ data: unknown[] }>('GET', `/api/admin/audit?action=departure.bulk_created&targetId=${tour.id}`);
    expect(audit.body.data).toHaveLength(1);
  });
});

describe('a booking’s address', () => {
  test('its reference in the address opens it; an unknown one says “No booking …”', async () => {
    const { page } = await suite.open();
    await signIn(page);
    await page.goto(`/bookings/${booking.reference.toLowerCase()}/show`);
    await page.waitForURL((url) => url.pathname === `/bookings/${booking.id}/show`);
    await see(page, 'Kari Nordmann');
    await page.goto('/bookings/ZZZZ2222/show');
    await see(page, 'No booking ZZZZ2222.');
    expect(await page.getByText(/server failed/i).count()).toBe(0);
  });
});
