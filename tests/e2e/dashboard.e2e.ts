// engine: dependent (run again on the PostgreSQL server by `--engine-dependent`)
/**
 * The morning dashboard in Chromium: after a scripted day of bookings, payments, a cancellation
 * with a fee and a refund, in euros and Icelandic krónur, a FINANCE user's dashboard shows the
 * figures the bookings and payments API adds up to, per currency (never added across), the
 * departures of the next 14 days with their minimum-group flags, the balances due with links to
 * the bookings, and this month's revenue in the monthly table. A PRODUCT user (no reports.read)
 * sees their own card and shortcuts, and no report is asked for, so nothing is refused.
 */
import type { Page, Response } from 'playwright-core';
import { beforeAll, describe, expect, test } from 'vitest';
import type { Booking, Payment } from '../../src/shared/contract/bookings.js';
import type { Departure } from '../../src/shared/contract/departures.js';
import type { Tour } from '../../src/shared/contract/tours.js';
import { aTour } from '../helpers/builders.js';
import { adminClient, type ApiClient } from './api.js';
import { login, screenshot } from './browser.js';
import { setUpSuite } from './suite.js';
import { see, signedIn } from './ui.js';

const ZONE = 'Europe/Berlin';
const suite = setUpSuite('dashboard', { BUSINESS_TIME_ZONE: ZONE });
let api: ApiClient;
const finance = { email: 'fiona@e2e.test', password: 'Ledger-and-ink-42' };
const product = { email: 'paul@e2e.test', password: 'Product-owner-42' };
const DAY = 86_400_000;
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const monthOf = (instant: Date) => MONTHS[Number(instant.toLocaleString('en-GB', { month: 'numeric', timeZone: ZONE })) - 1];
const departures: Departure[] = [];

function dateAhead(days: number): string {
  return new Date(Date.now() + days * DAY).toISOString().slice(0, 10);
}

async function ok<T>(answer: Promise<{ status: number; body: T }>, status = 201): Promise<T> {
  const { status: got, body } = await answer;
  expect(got, JSON.stringify(body)).toBe(status);
  return body;
}

/** The day: bookings on four departures in two currencies, deposits, a full payment, a cancellation with a fee and its refund, a hold. */
beforeAll(async () => {
  api = await adminClient(suite.server);
  await api.createUser({ ...finance, fullName: 'Fiona Finance', roles: ['FINANCE'] });
  await api.createUser({ ...product, fullName: 'Paul Product', roles: ['PRODUCT'] });
  const euro = await ok(api.call<Tour>('POST', '/api/tours', { body: aTour({ code: 'E2E-DASH-EUR', title: 'Douro by rail', timeZone: 'Europe/Lisbon', currency: 'EUR', status: 'published', minPax: 4, bookingCutoffHours: 0, prices: { ADULT: 89_000, CHILD: 45_000, INFANT: 0 } }) }));
  const krona = await ok(api.call<Tour>('POST', '/api/tours', { body: aTour({ code: 'E2E-DASH-ISK', title: 'Aurora weekend', timeZone: 'Atlantic/Reykjavik', currency: 'ISK', status: 'published', minPax: 2, bookingCutoffHours: 0, prices: { ADULT: 189_000, CHILD: 94_500, INFANT: 0 } }) }));
  for (const [tour, days, time] of [[euro, 3, '09:00'], [krona, 6, '20:00'], [euro, 40, '09:00'], [krona, 11, '20:00']] as const) {
    departures.push(await ok(api.call<Departure>('POST', '/api/departures', { body: { tourId: tour.id, startDate: dateAhead(days), startTime: time, capacity: 12 } })));
  }
  const book = (departure: Departure, travellers: number, status: 'held' | 'confirmed' = 'confirmed') =>
    ok(
      api.call<Booking>('POST', '/api/bookings', {
        body: {
          departureId: departure.id,
          status,
          contact: { name: `Guest ${travellers}`, email: `guest${travellers}@example.com` },
          travellers: Array.from({ length: travellers }, (_, k) => ({ category: k === 2 ? 'CHILD' : 'ADULT', firstName: `Traveller${k}`, lastName: 'Day' })),
        },
      }),
    );
  const pay = (booking: Booking, kind: 'payment' | 'refund', amountMinor: number) => ok(api.call<Payment>('POST', `/api/bookings/${booking.id}/payments`, { body: { kind, amountMinor, method: 'card' } }));
  const a = await book(departures[0], 2);
  await pay(a, 'payment', 50_000);
  const b = await book(departures[1], 3);
  await pay(b, 'payment', b.totalMinor);
  const c = await book(departures[2], 1);
  await pay(c, 'payment', c.totalMinor);
  await ok(api.call('POST', `/api/bookings/${c.id}/cancel`, { body: { reason: 'Changed plans', feeMinor: 20_000 } }), 200);
  await pay(c, 'refund', 30_000);
  await book(departures[3], 2, 'held');
  const e = await book(departures[0], 1);
  await pay(e, 'payment', 10_000);
});

/** "€1,234.50" → 123450; "ISK 189,000" → 189000; "-€3.00" → -300 (the digits of a formatted amount are its minor units). */
function minorOf(text: string): number {
  const digits = text.replace(/[^0-9]/g, '');
  return (/[-−]/.test(text) ? -1 : 1) * Number(digits);
}

async function figure(page: Page, card: string, label: string): Promise<string> {
  const box = page.getByTestId(card).getByText(label, { exact: true }).locator('xpath=..');
  return (await box.locator('[data-figure]').textContent()) ?? '';
}

async function apiTotals() {
  const bookings = (await api.call<{ data: Booking[] }>('GET', '/api/bookings?pageSize=100')).body.data;
  const payments = (await Promise.all(bookings.map((b) => api.call<{ data: Payment[] }>('GET', `/api/bookings/${b.id}/payments`)))).flatMap((answer) => answer.body.data);
  const active = bookings.filter((b) => ['held', 'confirmed', 'waitlisted'].includes(b.status));
  const per = (currency: string) => ({
    booked: active.filter((b) => b.currency === currency).reduce((sum, b) => sum + b.totalMinor, 0),
    collected: payments.filter((p) => p.currency === currency).reduce((sum, p) => sum + (p.kind === 'refund' ? -p.amountMinor : p.amountMinor), 0),
    outstanding: active.filter((b) => b.currency === currency && b.balanceMinor > 0).reduce((sum, b) => sum + b.balanceMinor, 0),
    // Confirmed apart from held or waitlisted: only the first is surely owed.
    outstandingConfirmed: active.filter((b) => b.currency === currency && b.status === 'confirmed' && b.balanceMinor > 0).reduce((sum, b) => sum + b.balanceMinor, 0),
    outstandingHeld: active.filter((b) => b.currency === currency && b.status !== 'confirmed' && b.balanceMinor > 0).reduce((sum, b) => sum + b.balanceMinor, 0),
    refundDue: bookings.filter((b) => b.currency === currency && !active.includes(b) && b.balanceMinor < 0).reduce((sum, b) => sum - b.balanceMinor, 0),
  });
  return { bookings, active, EUR: per('EUR'), ISK: per('ISK') };
}

describe('the morning dashboard', () => {
  test('a FINANCE user sees what the API adds up to, per currency, with the next departures, the balances due and the month’s revenue', async () => {
    const { page } = await suite.open();
    const reportAnswers: Response[] = [];
    page.on('response', (response) => {
      if (response.url().includes('/api/reports/')) reportAnswers.push(response);
    });
    await login(page, finance.email, finance.password);
    await signedIn(page);
    await see(page, 'Money in EUR');
    const totals = await apiTotals();

    expect(await figure(page, 'kpi-bookings', 'Today')).toBe(String(totals.active.length));
    expect(await figure(page, 'kpi-bookings', 'Last 30 days')).toBe(String(totals.active.length));
    expect(await figure(page, 'kpi-bookings', 'Travellers, 30 days')).toBe(String(totals.active.reduce((sum, b) => sum + b.travellers.length, 0)));
    for (const currency of ['EUR', 'ISK'] as const) {
      const card = `kpi-money-${currency}`;
      expect(minorOf(await figure(page, card, 'Booked, 30 days')), `${currency} booked`).toBe(totals[currency].booked);
      expect(minorOf(await figure(page, card, 'Collected, 30 days')), `${currency} collected`).toBe(totals[currency].collected);
      expect(minorOf(await figure(page, card, 'Outstanding, confirmed')), `${currency} outstanding, confirmed`).toBe(totals[currency].outstandingConfirmed);
      expect(minorOf(await figure(page, card, 'Outstanding, held')), `${currency} outstanding, held`).toBe(totals[currency].outstandingHeld);
      expect(totals[currency].outstandingConfirmed + totals[currency].outstandingHeld).toBe(totals[currency].outstanding);
      expect(minorOf(await figure(page, card, 'Refund due')), `${currency} refund due`).toBe(totals[currency].refundDue);
    }
    expect(totals.EUR.refundDue).toBe(89_000 - 20_000 - 30_000); // paid in full, a fee kept, part refunded so far
    expect(totals.ISK.collected).toBeGreaterThan(0);

    // The next 14 days: three departures (not the one in 40 days), the euro one below its minimum of 4.
    const upcoming = page.getByRole('region', { name: 'Departures in the next 14 days' });
    await expect.poll(() => upcoming.getByRole('row').count()).toBe(4);
    await expect.poll(() => upcoming.getByText('Below minimum: 3 of 4').count()).toBe(1);

    // Balances due on those departures: the euro deposits and the held krónur booking, each a link.
    const due = totals.bookings.filter((b) => b.balanceMinor > 0 && departures.slice(0, 2).concat(departures[3]).some((d) => d.id === b.departureId));
    const dueConfirmed = due.filter((b) => b.status === 'confirmed');
    const dueHeld = due.filter((b) => b.status !== 'confirmed');
    expect(dueHeld.length).toBeGreaterThan(0);
    await see(page, `${dueConfirmed.length} confirmed ${dueConfirmed.length === 1 ? 'booking owes' : 'bookings owe'}`);
    await see(page, `${dueHeld.length} held or waitlisted ${dueHeld.length === 1 ? 'booking' : 'bookings'}, not confirmed yet`);
    await see(page, 'cancelled and expired ones are not counted');
    for (const booking of due) await expect.poll(() => page.getByRole('link', { name: booking.reference }).getAttribute('href')).toBe(`/bookings/${booking.id}/show`);
    // Each says when it departs, as a date reads everywhere else in the app ("Sat, 28 Nov 2026").
    const dayOf = new Intl.DateTimeFormat('en-GB', { weekday: 'short', day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });
    await see(page, `departs ${dayOf.format(new Date(`${due[0].startDate}T00:00:00Z`))}`);

    // This month's revenue in euros, from the monthly table.
    const monthly = page.getByTestId('monthly-report');
    await monthly.getByRole('button', { name: 'Table' }).click();
    const month = monthOf(new Date());
    const cells = page.getByTestId('monthly-table').getByRole('row', { name: new RegExp(`^${month}`) }).getByRole('cell');
    expect(minorOf((await cells.nth(1).textContent()) ?? '')).toBe(totals.EUR.booked);
    await monthly.getByRole('button', { name: 'Departure date' }).click();
    await monthly.getByRole('button', { name: 'Bookings' }).click();
    // By departure month: the bookings departing this month and next, counted across currencies.
    const departing = totals.active.filter((b) => monthOf(new Date(b.startsAt)) === month).length;
    await expect.poll(async () => (await page.getByTestId('monthly-table').getByRole('row', { name: new RegExp(`^${month}`) }).getByRole('cell').nth(1).textContent()) ?? '').toBe(String(departing));
    await monthly.getByRole('button', { name: 'Chart' }).click();
    await monthly.getByRole('button', { name: 'Revenue' }).click();
    await monthly.locator('svg').first().waitFor();
    await screenshot(page, 'dashboard-finance');

    // The link to all of them opens the bookings list filtered to them.
    await page.getByRole('link', { name: /Open all \d+ in the bookings list/ }).click();
    await page.waitForURL(/\/bookings\?/);
    expect(reportAnswers.length).toBeGreaterThanOrEqual(2);
    expect(reportAnswers.every((response) => response.status() === 200)).toBe(true);
  });

  test('in German: the FINANCE user picks Deutsch in the app bar; the dashboard, its dates and its money read as German writes them, on a phone too, and the account keeps the choice', async () => {
    const { page } = await suite.open();
    await login(page, finance.email, finance.password);
    await signedIn(page);
    await see(page, 'Money in EUR');
    await page.getByRole('button', { name: 'Language' }).click();
    await page.getByRole('menuitem', { name: 'Deutsch' }).click();
    await see(page, 'Geld in EUR');
    await see(page, 'Termine der nächsten 14 Tage');
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('de');
    // Euros as German writes them: "1.234,50 €".
    const booked = await figure(page, 'kpi-money-EUR', 'Gebucht, 30 Tage');
    expect(booked).toMatch(/^\d{1,3}(\.\d{3})*,\d{2}\s€$/);
    await page.getByTestId('monthly-report').locator('svg').first().waitFor();
    await screenshot(page, 'dashboard-finance-de');
    await page.setViewportSize({ width: 390, height: 844 });
    await see(page, 'Fällige Restzahlungen, nächste 14 Tage');
    await screenshot(page, 'dashboard-finance-de-390');
    // The account keeps it: a new sign-in in a fresh browser opens in German.
    const again = await suite.open();
    await login(again.page, finance.email, finance.password);
    await again.page.waitForURL((url) => url.pathname !== '/login', { timeout: 15_000 });
    await see(again.page, 'Geld in EUR');
    // Back to English for whoever signs in next.
    await again.page.getByRole('button', { name: 'Sprache' }).click();
    await again.page.getByRole('menuitem', { name: 'English' }).click();
    await see(again.page, 'Money in EUR');
  });

  test('a user without reports.read sees their own card and shortcuts, and no report is asked for', async () => {
    const { page } = await suite.open();
    const asked: string[] = [];
    const refused: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/reports/')) asked.push(request.url());
    });
    page.on('response', (response) => {
      if (response.status() === 403) refused.push(response.url());
    });
    await login(page, product.email, product.password);
    await signedIn(page);
    await see(page, 'What you can do');
    await see(page, 'Shortcuts');
    await page.waitForLoadState('networkidle');
    expect(await page.getByText('Money in EUR').count()).toBe(0);
    expect(asked).toEqual([]);
    expect(refused).toEqual([]);
  });
});
