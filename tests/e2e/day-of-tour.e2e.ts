/**
 * The day of the tour in Chromium. A guide signs in on a phone (390 px), opens Check-in, checks in
 * a family by typing its voucher's code and one traveller by tapping, and sees no money; the
 * office's departure page and manifest show who came. A clerk assigns a guide and a minibus on a
 * departure's page, is refused the same guide on an overlapping departure with a link to where she
 * is, sees the minibus is too small, finds the departure without a guide in the list, prints the
 * day sheet and downloads one supplier's CSV, and reads the departure's margin and the Margins
 * report.
 */
import { readFile } from 'node:fs/promises';
import { beforeAll, describe, expect, test } from 'vitest';
import type { Booking } from '../../src/shared/contract/bookings.js';
import type { Departure } from '../../src/shared/contract/departures.js';
import type { Tour } from '../../src/shared/contract/tours.js';
import { aComponent, aTour } from '../helpers/builders.js';
import { adminClient, type ApiClient } from './api.js';
import { login, screenshot } from './browser.js';
import { setUpSuite } from './suite.js';
import { see, toast } from './ui.js';

const suite = setUpSuite('day-of-tour');
let api: ApiClient;
let tour: Tour;
let today: Departure;
let family: Booking;
const guideUser = { email: 'gita.guide@e2e.test', fullName: 'Gita Guide', password: 'Guide-on-the-day-42' };
const clerk = { email: 'pia.product@e2e.test', fullName: 'Pia Product', password: 'Product-person-42' };
// The browser's calendar is the machine's (UTC): "today" on the guide's phone.
const todayDate = new Date().toISOString().slice(0, 10);
const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

beforeAll(async () => {
  api = await adminClient(suite.server);
  await api.createUser({ ...guideUser, roles: ['GUIDE'] });
  await api.createUser({ ...clerk, roles: ['PRODUCT', 'SALES'] });
  const created = await api.call<Tour>('POST', '/api/tours', {
    body: aTour({ code: 'E2E-FJORD-2', title: 'Fjords in two days', timeZone: 'UTC', currency: 'NOK', durationDays: 2, status: 'published', prices: { ADULT: 250_000, CHILD: 125_000, INFANT: 0 }, bookingCutoffHours: 0 }),
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  tour = created.body;
  for (const component of [
    aComponent({ kind: 'accommodation', name: 'Fjord Hotel', supplier: 'Fjord Hotel AS', dayFrom: 1, dayTo: 1, costMinor: 90_000, costBasis: 'per_night' }),
    aComponent({ kind: 'transport', name: 'Ferry', supplier: 'Ferjeselskap', dayFrom: 1, dayTo: 2, costMinor: 300_000, costBasis: 'per_departure' }),
  ]) {
    expect((await api.call('POST', `/api/tours/${tour.id}/components`, { body: component })).status).toBe(201);
  }
  const scheduled = await api.call<Departure>('POST', '/api/departures', { body: { tourId: tour.id, startDate: todayDate, startTime: '23:59', capacity: 12 } });
  expect(scheduled.status, JSON.stringify(scheduled.body)).toBe(201);
  today = scheduled.body;
  const book = async (contact: { name: string; email: string }, travellers: { category: string; firstName: string; lastName: string; dateOfBirth?: string }[]) => {
    const made = await api.call<Booking>('POST', '/api/bookings', { body: { departureId: today.id, status: 'confirmed', contact, travellers } });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    return made.body;
  };
  family = await book({ name: 'Kari Nordmann', email: 'kari@example.no' }, [
    { category: 'ADULT', firstName: 'Kari', lastName: 'Nordmann' },
    { category: 'ADULT', firstName: 'Ola', lastName: 'Nordmann' },
    { category: 'CHILD', firstName: 'Per', lastName: 'Nordmann', dateOfBirth: '2018-05-01' },
  ]);
  await book({ name: 'Lone Traveller', email: 'lone@example.no' }, [{ category: 'ADULT', firstName: 'Lone', lastName: 'Traveller' }]);
});

describe('check-in on a phone', () => {
  test('a guide checks in a family by typing its code and one traveller by tapping; the office’s departure and manifest show it; no money in sight', async () => {
    const { page } = await suite.open({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    await login(page, guideUser.email, guideUser.password);
    await page.goto('/check-in');
    await see(page, 'Fjords in two days');
    const here = (name: string) => page.getByRole('listitem').filter({ hasText: name }).getByText(/^Here · \d\d:\d\d/);
    // The only departure today is open already, with its travellers.
    await page.getByRole('button', { name: 'Check in Lone Traveller' }).waitFor();

    // A wrong code is refused and changes nothing.
    await page.getByRole('textbox', { name: 'Check-in code' }).fill('ZZZZ-ZZZZ-ZZZZZ');
    await page.getByRole('button', { name: 'Check in', exact: true }).tap();
    await see(page, /Not checked in: No booking has this check-in code/);
    await page.getByText('0 of 4 checked in').waitFor();

    // The family's code as printed on the voucher, in groups and lower case.
    const code = family.checkInCode;
    await page.getByRole('textbox', { name: 'Check-in code' }).fill(`${code.slice(0, 4)}-${code.slice(4, 8)}-${code.slice(8)}`.toLowerCase());
    await page.getByRole('button', { name: 'Check in', exact: true }).tap();
    await see(page, 'Checked in: Kari Nordmann');
    await page.getByText('3 of 4 checked in').waitFor();
    for (const name of ['Kari Nordmann', 'Ola Nordmann', 'Per Nordmann']) await here(name).waitFor();

    // One traveller by tapping.
    await page.getByRole('button', { name: 'Check in Lone Traveller' }).tap();
    await here('Lone Traveller').waitFor();
    await page.getByText('4 of 4 checked in').waitFor();
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(390);
    await screenshot(page, 'day-of-tour-check-in-phone');
    expect(await page.locator('body').innerText()).not.toMatch(/NOK|\bkr\b/);

    // The guide's bookings list and a booking show no money either.
    await page.goto(`/bookings/${family.id}/show`);
    await see(page, 'Ola Nordmann');
    await see(page, /checked in/);
    expect(await page.locator('body').innerText()).not.toMatch(/NOK|Balance|Total|Payments/);

    // The departures list works for a guide (no tour filter, which would read the tours).
    await page.goto('/departures');
    await see(page, 'Fjords in two days');
    expect(await page.locator('body').innerText()).not.toMatch(/permission|NOK/i);

    // The office sees who came.
    const office = await suite.open();
    await login(office.page, suite.server.admin.email, suite.server.admin.password);
    await office.page.goto(`/departures/${today.id}/show`);
    await see(office.page, 'Checked in: 4 travellers.');
    const [manifest] = await Promise.all([office.page.waitForEvent('download'), office.page.getByRole('button', { name: 'Manifest' }).click()]);
    const csv = (await readFile((await manifest.path())!)).subarray(3).toString('utf8').trim().split('\n');
    expect(csv[0]!.split(',').at(-1)).toBe('checked_in');
    expect(csv.slice(1).every((line) => /\d{4}-\d{2}-\d{2}T/.test(line.split(',').at(-1)!))).toBe(true);
    expect(csv).toHaveLength(5);
  });
});

describe('guides and vehicles on a departure', () => {
  test('a clerk assigns a guide and a minibus, is refused the busy guide with a link to where she is, and finds the departure still without a guide', async () => {
    await api.expect(201, 'POST', '/api/resources', { kind: 'guide', name: 'Anna Fjordguide', languages: ['nb', 'en'] });
    await api.expect(201, 'POST', '/api/resources', { kind: 'vehicle', name: 'Minibus EL-1234', seats: 3 });
    const later = await api.expect<Departure>(201, 'POST', '/api/departures', { tourId: tour.id, startDate: inDays(10), startTime: '08:00', capacity: 12 });
    const overlapping = await api.expect<Departure>(201, 'POST', '/api/departures', { tourId: tour.id, startDate: inDays(11), startTime: '08:00', capacity: 12 });
    await api.expect(201, 'POST', '/api/bookings', { departureId: later.id, status: 'confirmed', contact: { name: 'Big Group', email: 'group@example.no' }, travellers: Array.from({ length: 4 }, (_, index) => ({ category: 'ADULT', firstName: `Guest${index}`, lastName: 'Group' })) });

    const { page } = await suite.open();
    await login(page, clerk.email, clerk.password);
    await page.goto(`/departures/${later.id}/show`);
    await see(page, 'No guide assigned yet.');
    const assign = async (name: string) => {
      await page.getByRole('button', { name: 'Assign', exact: true }).click();
      const dialog = page.getByRole('dialog', { name: 'Assign a guide, driver or vehicle' });
      await dialog.getByRole('combobox', { name: /Guide, driver or vehicle/ }).fill(name.split(' ')[0]!);
      await page.getByRole('option', { name: new RegExp(name) }).click();
      await dialog.getByRole('button', { name: 'Assign', exact: true }).click();
      return dialog;
    };
    await assign('Anna Fjordguide');
    await toast(page, 'Assigned').waitFor();
    await page.getByRole('link', { name: 'Anna Fjordguide' }).waitFor();
    await assign('Minibus EL-1234');
    await see(page, 'A vehicle assigned has fewer seats than this departure has seats taken');

    // The same guide on the next day's departure: refused, naming where she is, with a link.
    await page.goto(`/departures/${overlapping.id}/show`);
    const dialog = await assign('Anna Fjordguide');
    await dialog.getByRole('alert').getByText(/is busy on those days with/).waitFor();
    await screenshot(page, 'day-of-tour-assignment-conflict');
    await dialog.getByRole('link', { name: /Fjords in two days, leaving/ }).click();
    await page.waitForURL((url) => url.pathname === `/departures/${later.id}/show`);

    // Anna's month shows the departure she leads.
    await page.getByRole('link', { name: 'Anna Fjordguide' }).waitFor();
    await page.goto('/resources');
    await page.getByText('Anna Fjordguide').click();
    await page.getByRole('button', { name: 'Month' }).click();
    if (later.startDate.slice(0, 7) !== todayDate.slice(0, 7)) await page.getByRole('button', { name: 'Next month' }).click();
    await page.getByRole('table').getByRole('link', { name: 'E2E-FJORD-2' }).first().waitFor();
    expect(await page.getByRole('table').getByRole('link', { name: 'E2E-FJORD-2' }).first().getAttribute('title')).toContain(`leaving ${new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${later.startDate}T00:00:00Z`))} 08:00 UTC`);

    // The list finds the overlapping departure, still without a guide.
    await page.goto(`/departures?filter=${encodeURIComponent(JSON.stringify({ tourId: tour.id, unassigned: 'guide' }))}`);
    // Today's departure and the overlapping one; not the one Anna leads.
    await expect.poll(() => page.getByText('No guide', { exact: true }).count()).toBe(2);
    expect(await page.getByText('Anna Fjordguide').count()).toBe(0);
    const listed = await api.expect<{ data: Departure[] }>(200, 'GET', `/api/departures?tourId=${tour.id}&unassigned=guide`);
    expect(listed.data.map((one) => one.id)).toContain(overlapping.id);
    expect(listed.data.map((one) => one.id)).not.toContain(later.id);
  });
});

describe('the day sheet and the margins', () => {
  test('the day sheet shows today’s travellers, meals and suppliers, prints, and gives one supplier its CSV; the margins are on the departure and in the report', async () => {
    const { page } = await suite.open();
    await login(page, suite.server.admin.email, suite.server.admin.password);
    await page.goto(`/day-sheet?date=${todayDate}`);
    const sheet = page.getByRole('region', { name: /E2E-FJORD-2 · Fjords in two days/ });
    await sheet.getByText('3 adults, 1 child').waitFor();
    await sheet.getByRole('cell', { name: 'Fjord Hotel AS' }).waitFor();
    await screenshot(page, 'day-of-tour-day-sheet');
    // On paper: the sheet without the menu, the bar or the buttons.
    await page.emulateMedia({ media: 'print' });
    expect(await page.getByRole('button', { name: 'Print' }).isVisible()).toBe(false);
    expect(await sheet.isVisible()).toBe(true);
    await page.emulateMedia({ media: 'screen' });
    await page.getByRole('button', { name: 'CSV' }).click();
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('menuitem', { name: 'For Ferjeselskap' }).click()]);
    expect(download.suggestedFilename()).toBe(`day-sheet-${todayDate}-Ferjeselskap.csv`);
    const rows = (await readFile((await download.path())!)).subarray(3).toString('utf8').trim().split('\n');
    expect(rows.slice(1).map((row) => row.split(',').slice(-5).join(','))).toEqual(['Ferjeselskap,Ferry,transport,included,1']);

    // The departure's margin: three adults and a child sold, less a hotel night each and the ferry.
    await page.goto(`/departures/${today.id}/show`);
    const margin = page.getByRole('region', { name: 'Margin' });
    await margin.getByRole('cell', { name: 'Fjord Hotel' }).waitFor();
    await margin.getByText(/on revenue of/).waitFor();
    const expected = await api.expect<{ marginMinor: number; revenueMinor: number }>(200, 'GET', `/api/departures/${today.id}/margin`);
    expect(expected).toMatchObject({ revenueMinor: 3 * 250_000 + 125_000, marginMinor: 3 * 250_000 + 125_000 - 4 * 90_000 - 300_000 });
    await page.goto(`/margins?from=${todayDate}&to=${inDays(30)}`);
    await page.getByRole('table', { name: 'Margins by departure' }).getByText('E2E-FJORD-2 · Fjords in two days').first().waitFor();
    await page.getByRole('button', { name: 'Margin %' }).click();
    await screenshot(page, 'day-of-tour-margins');
  });
});
