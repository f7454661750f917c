// engine: dependent (run again on the PostgreSQL server by `--engine-dependent`)
/**
 * Departures in Chromium: a PRODUCT user schedules the Saturdays of a season in one go (the dates
 * shown in the tour's zone, named), sees a second run skip them all, opens one and cancels it with
 * a reason that is kept; a departure on the day the clocks go forward at a time that does not exist
 * is refused with the reason. A SALES user sees departures and is offered no change.
 */
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, test } from 'vitest';
import type { Departure } from '../../src/shared/contract/departures.js';
import type { Tour } from '../../src/shared/contract/tours.js';
import { aTour } from '../helpers/builders.js';
import { adminClient, type ApiClient } from './api.js';
import { login, screenshot } from './browser.js';
import { setUpSuite } from './suite.js';
import { menuEntry, row, see, signedIn, toast } from './ui.js';

const suite = setUpSuite('departures');
let api: ApiClient;
let tour: Tour;
const product = { email: 'paula@e2e.test', password: 'Season-planner-42' };
const sales = { email: 'sid@e2e.test', password: 'Counter-seller-42' };

beforeAll(async () => {
  api = await adminClient(suite.server);
  await api.createUser({ ...product, fullName: 'Paula Product', roles: ['PRODUCT'] });
  await api.createUser({ ...sales, fullName: 'Sid Sales', roles: ['SALES'] });
  const created = await api.call<Tour>('POST', '/api/tours', { body: aTour({ code: 'E2E-RHINE-7', title: 'Rhine by bike', timeZone: 'Europe/Berlin', currency: 'EUR', status: 'published' }) });
  expect(created.status).toBe(201);
  tour = created.body;
});

async function signIn(page: Page, who: { email: string; password: string }): Promise<void> {
  await login(page, who.email, who.password);
  await signedIn(page);
}

async function departuresOf(tourId: string): Promise<Departure[]> {
  return (await api.call<{ data: Departure[] }>('GET', `/api/departures?tourId=${tourId}&pageSize=100`)).body.data;
}

describe('scheduling departures', () => {
  test('a PRODUCT user schedules the Saturdays of a season, a second run skips them, and one is cancelled with its reason kept', async () => {
    const { page } = await suite.open();
    await signIn(page, product);
    await menuEntry(page, 'Departures').click();
    await see(page, 'No departures match these filters.');

    const schedule = async () => {
      await page.getByRole('button', { name: 'Schedule in bulk' }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByRole('combobox', { name: 'Tour' }).fill('E2E-RHINE');
      await page.getByRole('option', { name: /E2E-RHINE-7/ }).click();
      await dialog.locator('input[name=from]').fill('2027-04-01');
      await dialog.locator('input[name=to]').fill('2027-10-31');
      await dialog.locator('input[name=startTime]').fill('08:30');
      await dialog.locator('input[name=capacity]').fill('12');
      await dialog.getByRole('button', { name: 'Schedule' }).click();
      await dialog.waitFor({ state: 'detached' });
    };
    await schedule();
    await toast(page, '31 departures scheduled').waitFor();
    const departures = await departuresOf(tour.id);
    expect(departures).toHaveLength(31);
    expect(departures[0]).toMatchObject({ startDate: '2027-04-03', startTime: '08:30', startsAt: '2027-04-03T06:30:00.000Z', capacity: 12 });
    // Dates read in the tour's zone, which is named.
    await see(page, 'Sat, 3 Apr 2027, 08:30 Europe/Berlin');
    await screenshot(page, 'departures-list');

    await schedule();
    await toast(page, /0 departures scheduled; 31 dates skipped/).waitFor();
    expect(await departuresOf(tour.id)).toHaveLength(31);

    await row(page, 'Sat, 3 Apr 2027').click();
    await page.waitForURL((url) => url.pathname.endsWith('/show'));
    await see(page, '0 confirmed, 0 held, 12 free of 12');
    await page.getByRole('button', { name: 'Cancel departure' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Cancel departure' }).click();
    await see(page, 'Say why: the reason is kept with the departure.');
    await dialog.getByRole('textbox', { name: /Reason/ }).fill('Bridge closed for repairs');
    await dialog.getByRole('button', { name: 'Cancel departure' }).click();
    await see(page, 'Cancelled: Bridge closed for repairs');
    expect(await page.getByRole('button', { name: 'Cancel departure' }).count()).toBe(0);
    const cancelled = (await departuresOf(tour.id)).find((departure) => departure.startDate === '2027-04-03');
    expect(cancelled).toMatchObject({ status: 'cancelled', cancelReason: 'Bridge closed for repairs' });
    await screenshot(page, 'departure-cancelled');
  });

  test('a time the clocks skip is refused with the reason and nothing is scheduled', async () => {
    const { page } = await suite.open();
    await signIn(page, product);
    await page.goto('/departures/create');
    await page.getByRole('combobox', { name: 'Tour' }).fill('E2E-RHINE');
    await page.getByRole('option', { name: /E2E-RHINE-7/ }).click();
    await see(page, 'Local time in Europe/Berlin, where the tour starts.');
    await page.locator('input[name=startDate]').fill('2027-03-28');
    await page.locator('input[name=startTime]').fill('02:30');
    await page.getByRole('button', { name: 'Save' }).click();
    await see(page, /does not exist on 2027-03-28 in Europe\/Berlin/);
    expect((await departuresOf(tour.id)).some((departure) => departure.startDate === '2027-03-28')).toBe(false);
    expect(new URL(page.url()).pathname).toBe('/departures/create');
  });
});

describe('reading departures', () => {
  test('a SALES user sees departures and their page, and is offered no change', async () => {
    const { page } = await suite.open();
    const refused: string[] = [];
    page.on('response', (response) => {
      if (new URL(response.url()).pathname.startsWith('/api/') && response.status() >= 400) refused.push(`${response.status()} ${response.url()}`);
    });
    const asked: URL[] = [];
    page.on('request', (request) => asked.push(new URL(request.url())));
    await signIn(page, sales);
    await menuEntry(page, 'Departures').click();
    await row(page, 'Sat, 10 Apr 2027').waitFor();
    // The list opens on what leaves from today (this machine's calendar is the browser's), in a From
    // filter the user can see and remove.
    const now = new Date();
    const today = `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
    expect(await page.getByLabel('From').inputValue()).toBe(today);
    expect(asked.some((url) => url.pathname === '/api/departures' && url.searchParams.get('from') === today)).toBe(true);
    expect(await page.getByRole('button', { name: 'Schedule in bulk' }).count()).toBe(0);
    expect(await page.getByRole('link', { name: /create/i }).count()).toBe(0);
    await row(page, 'Sat, 10 Apr 2027').click();
    await page.waitForURL((url) => url.pathname.endsWith('/show'));
    await see(page, 'Prices for this date');
    expect(await page.getByRole('button', { name: 'Cancel departure' }).count()).toBe(0);
    expect(await page.getByRole('link', { name: /^edit$/i }).count()).toBe(0);
    expect(refused, 'no call the user may not make').toEqual([]);
  });
});
