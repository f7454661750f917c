/**
 * Seasons and price rules in Chromium: an administrator opens a tour's Seasons and rules tab, adds
 * a summer season and an early-bird rule, sees the next departures' prices found by them, and has
 * two overlapping seasons refused with both named and nothing saved; at 1280 px and on a phone, in
 * English and German. A PRODUCT user, who may not set prices, reads them with no Save button.
 */
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, test } from 'vitest';
import type { Season } from '../../src/shared/contract/pricing.js';
import type { Tour } from '../../src/shared/contract/tours.js';
import { aTour } from '../helpers/builders.js';
import { adminClient, type ApiClient } from './api.js';
import { checkA11y, login, screenshot } from './browser.js';
import { setUpSuite } from './suite.js';
import { see, signedIn, toast } from './ui.js';

const suite = setUpSuite('pricing');
let api: ApiClient;
let tour: Tour;
const product = { email: 'priya@e2e.test', password: 'Catalogue-keeper-42' };

/** The next summer's first of July, and the year of it (departures are made a season ahead). */
const year = new Date().getUTCFullYear() + 1;

beforeAll(async () => {
  api = await adminClient(suite.server);
  await api.createUser({ ...product, fullName: 'Priya Product', roles: ['PRODUCT'] });
  const created = await api.call<Tour>('POST', '/api/tours', { body: aTour({ code: 'E2E-FJORD-3', title: 'Fjord kayaking', timeZone: 'Europe/Oslo', currency: 'EUR', status: 'published', prices: { ADULT: 100_000, CHILD: 50_000, INFANT: null } }) });
  expect(created.status).toBe(201);
  tour = created.body;
  for (const startDate of [`${year}-07-01`, `${year}-09-15`]) {
    expect((await api.call('POST', '/api/departures', { body: { tourId: tour.id, startDate, startTime: '09:00', capacity: 12 } })).status).toBe(201);
  }
});

async function openTab(page: Page, who: { email: string; password: string }, tab: RegExp): Promise<void> {
  await login(page, who.email, who.password);
  await signedIn(page);
  await page.goto(`/tours/${tour.id}?tab=seasons`);
  await page.getByRole('tab', { name: tab }).waitFor();
}

describe('seasons and price rules', () => {
  test('an administrator adds a season and an early bird, sees the next departures priced by them, and has overlapping seasons refused', async () => {
    const { page } = await suite.open();
    await openTab(page, suite.server.admin, /^Seasons and rules$/);
    await see(page, 'No seasons: every departure costs the tour’s price unless you price it yourself.');
    await page.getByRole('button', { name: 'Add a season' }).click();
    await page.getByLabel('Name').fill('Summer');
    await page.getByLabel('First travel date').fill(`${year}-06-01`);
    await page.getByLabel('Last travel date').fill(`${year}-08-31`);
    await page.getByRole('textbox', { name: /^Adult/ }).fill('1,500');
    await page.getByRole('textbox', { name: /^Child/ }).fill('750');
    await page.getByRole('button', { name: 'Save seasons' }).click();
    await toast(page, 'Seasons saved').waitFor();
    await expect.poll(async () => (await api.call<Season[]>('GET', `/api/tours/${tour.id}/seasons`)).body).toEqual([
      { name: 'Summer', from: `${year}-06-01`, to: `${year}-08-31`, prices: { ADULT: 150_000, CHILD: 75_000, INFANT: null } },
    ]);

    await page.getByLabel('Early bird', { exact: true }).check();
    await page.getByLabel('Days before, at least').fill('60');
    await page.locator('input[name="rules.0.percent"]').fill('10');
    await page.getByRole('button', { name: 'Save rules' }).click();
    await toast(page, 'Price rules saved').waitFor();
    // 1 July in the season: €1,500.00 less 10 %; 15 September after it: the tour's €1,000.00 less 10 %.
    const table = page.getByRole('table', { name: 'What the next departures cost now' });
    await expect.poll(() => table.locator('tbody tr').first().textContent()).toMatch(/€1,500\.00 \(season Summer\).*Early bird −10 %.*€1,350\.00/);
    await expect.poll(() => table.locator('tbody tr').nth(1).textContent()).toMatch(/€1,000\.00 \(the tour’s\).*€900\.00/);
    // axe reads the page once the toast has gone: caught fading in, its text is paler than it ends (CI's run of 1f40a3a).
    await toast(page, 'Price rules saved').waitFor({ state: 'detached', timeout: 15_000 });
    await checkA11y(page, 'tour-seasons-1280');
    await screenshot(page, 'tour-seasons-1280');

    // A second season overlapping the first: refused, both named, nothing saved.
    await page.getByRole('button', { name: 'Add a season' }).click();
    await page.getByLabel('Name').nth(1).fill('Late summer');
    await page.getByLabel('First travel date').nth(1).fill(`${year}-08-15`);
    await page.getByLabel('Last travel date').nth(1).fill(`${year}-09-30`);
    await page.getByRole('button', { name: 'Save seasons' }).click();
    await see(page, `overlaps the season “Summer” (${year}-06-01 to ${year}-08-31)`);
    await see(page, `overlaps the season “Late summer” (${year}-08-15 to ${year}-09-30)`);
    expect((await api.call<Season[]>('GET', `/api/tours/${tour.id}/seasons`)).body).toHaveLength(1);
  });

  test('the booking form shows the early bird taken off, and the booking is made at that price', async () => {
    const { page } = await suite.open();
    await login(page, suite.server.admin.email, suite.server.admin.password);
    await signedIn(page);
    const july = (await api.call<{ data: { id: string }[] }>('GET', `/api/departures?tourId=${tour.id}&from=${year}-07-01&to=${year}-07-01`)).body.data[0]!;
    await page.goto(`/bookings/create?departureId=${july.id}`);
    await expect.poll(() => page.getByRole('combobox', { name: 'Tour' }).inputValue()).toMatch(/^E2E-FJORD-3 · /);
    await page.getByRole('button', { name: new RegExp(`1 Jul ${year}`) }).click();
    await page.getByRole('button', { name: 'Next' }).click();
    await page.locator('input[name="travellers.0.firstName"]').fill('Astrid');
    await page.locator('input[name="travellers.0.lastName"]').fill('Lie');
    await see(page, 'Early bird −10 %');
    await see(page, '−€150.00');
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByRole('button', { name: 'Next' }).click();
    await page.locator('input[name="contact.name"]').fill('Astrid Lie');
    await page.locator('input[name="contact.email"]').fill('astrid@example.no');
    await screenshot(page, 'booking-form-early-bird-1280');
    await page.getByRole('button', { name: 'Book and confirm' }).click();
    await page.waitForURL((url) => /\/bookings\/[^/]+\/show$/.test(url.pathname));
    // The booking's page says what it was sold with.
    await see(page, 'Sold with the early bird rule, −10 % off the list prices');
    const made = (await api.call<{ data: { totalMinor: number; pricing: unknown }[] }>('GET', `/api/bookings?departureId=${july.id}`)).body.data;
    expect(made).toHaveLength(1);
    expect(made[0]).toMatchObject({ totalMinor: 135_000, pricing: { rule: { kind: 'early_bird', percent: 10 }, discountMinor: 15_000 } });
  });

  test('on a phone in German, a PRODUCT user reads the seasons and rules and is offered no change', async () => {
    const { page } = await suite.open();
    await login(page, product.email, product.password);
    await signedIn(page);
    await page.getByRole('button', { name: 'Language' }).click();
    const kept = page.waitForResponse((response) => response.request().method() === 'PATCH' && response.ok());
    await page.getByRole('menuitem', { name: 'Deutsch' }).click();
    await kept;
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`/tours/${tour.id}?tab=seasons`);
    await page.getByRole('tab', { name: 'Saisons und Regeln' }).waitFor();
    await see(page, 'Sie sehen die Saisons und Regeln, können sie aber nicht ändern (dafür braucht es das Recht, Preise festzulegen).');
    await expect.poll(() => page.getByLabel('Name').first().inputValue()).toBe('Summer');
    expect(await page.getByRole('button', { name: 'Saisons speichern' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Saison hinzufügen' }).isVisible()).toBe(false);
    expect(await page.getByLabel('Name').first().isDisabled()).toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await checkA11y(page, 'tour-seasons-de-phone');
    await screenshot(page, 'tour-seasons-de-phone');
  });
});

describe('promo codes', () => {
  test('an administrator makes a code on its screen; a clerk applies it on the booking form, a wrong one is refused beside the field; the code’s page lists the booking', async () => {
    const { page } = await suite.open();
    await login(page, suite.server.admin.email, suite.server.admin.password);
    await signedIn(page);
    await page.getByRole('menuitem', { name: 'Promo codes' }).click();
    await see(page, 'No promo codes yet. Make one for a campaign: customers type it in the shop, resellers send it, staff enter it on the booking form.');
    await page.getByRole('link', { name: 'Create' }).click();
    // The form's screen loads with it: the list's own search (also "Code") shows until then.
    await page.getByRole('radio', { name: 'A percentage' }).waitFor();
    await page.getByRole('textbox', { name: 'Code' }).fill('Fjord-7');
    await page.getByLabel('Percent off (1–100)').fill('7');
    await page.getByLabel('Each traveller’s price').check();
    await checkA11y(page, 'promo-code-form');
    await screenshot(page, 'promo-code-form-1280');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL((url) => /\/promo-codes\/[^/]+\/show$/.test(url.pathname));
    await see(page, '7 % off each traveller');
    await see(page, 'No booking has used this code yet.');

    // A clerk's booking: the code is checked by the server for this departure and these travellers.
    const september = (await api.call<{ data: { id: string }[] }>('GET', `/api/departures?tourId=${tour.id}&from=${year}-09-15&to=${year}-09-15`)).body.data[0]!;
    await page.goto(`/bookings/create?departureId=${september.id}`);
    await expect.poll(() => page.getByRole('combobox', { name: 'Tour' }).inputValue()).toMatch(/^E2E-FJORD-3 · /);
    await page.getByRole('button', { name: new RegExp(`15 Sept? ${year}`) }).click();
    await page.getByRole('button', { name: 'Next' }).click();
    await page.locator('input[name="travellers.0.firstName"]').fill('Ola');
    await page.locator('input[name="travellers.0.lastName"]').fill('Nordmann');
    await page.getByLabel('Promo code').fill('NO-SUCH-CODE');
    await page.getByRole('button', { name: 'Apply' }).click();
    await see(page, 'There is no such promo code.');
    await page.getByLabel('Promo code').fill('fjord-7');
    await page.getByRole('button', { name: 'Apply' }).click();
    await see(page, 'Code Fjord-7 applied');
    // 15 September: the tour's €1,000.00 less the early bird's 10 % is €900.00, less 7 % is €837.00.
    await see(page, 'Code Fjord-7');
    await see(page, '€837.00');
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByRole('button', { name: 'Next' }).click();
    await page.locator('input[name="contact.name"]').fill('Ola Nordmann');
    await page.locator('input[name="contact.email"]').fill('ola@example.no');
    await screenshot(page, 'booking-form-promo-code-1280');
    await page.getByRole('button', { name: 'Book and confirm' }).click();
    await page.waitForURL((url) => /\/bookings\/[^/]+\/show$/.test(url.pathname));
    await see(page, 'Sold with the promo code Fjord-7');
    const made = (await api.call<{ data: { reference: string; totalMinor: number; pricing: unknown }[] }>('GET', `/api/bookings?departureId=${september.id}`)).body.data;
    expect(made).toHaveLength(1);
    expect(made[0]).toMatchObject({ totalMinor: 83_700, pricing: { promoCode: 'Fjord-7', promoDiscountMinor: 6_300, discountMinor: 16_300 } });

    await page.getByRole('menuitem', { name: 'Promo codes' }).click();
    await page.getByRole('link', { name: 'Fjord-7' }).click();
    await see(page, made[0]!.reference);
    await see(page, '1');
    await checkA11y(page, 'promo-code-page');
    await screenshot(page, 'promo-code-page-1280');
  });

  test('on a phone in German, the codes list and a code’s page read in German with no sideways scroll', async () => {
    const { page } = await suite.open();
    await login(page, suite.server.admin.email, suite.server.admin.password);
    await signedIn(page);
    await page.getByRole('button', { name: 'Language' }).click();
    const kept = page.waitForResponse((response) => response.request().method() === 'PATCH' && response.ok());
    await page.getByRole('menuitem', { name: 'Deutsch' }).click();
    await kept;
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/promo-codes');
    await see(page, 'Fjord-7');
    await see(page, '7 % Rabatt je Reisendem');
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await checkA11y(page, 'promo-codes-de-phone');
    await screenshot(page, 'promo-codes-de-phone');
    await page.getByText('Fjord-7').first().click();
    await see(page, 'Buchungen mit diesem Code');
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await checkA11y(page, 'promo-code-de-phone');
    await screenshot(page, 'promo-code-de-phone');
    // Back to English for the tests after this one, which sign in as the same administrator.
    await page.getByRole('button', { name: 'Sprache' }).click();
    const back = page.waitForResponse((response) => response.request().method() === 'PATCH' && response.ok());
    await page.getByRole('menuitem', { name: 'English' }).click();
    await back;
  });
});

describe('gift cards', () => {
  test('an administrator issues a card on its screen, e-mailed to its recipient in German; a clerk takes it as a payment in the payment dialog; the card’s ledger names the booking', async () => {
    const { page } = await suite.open();
    await login(page, suite.server.admin.email, suite.server.admin.password);
    await signedIn(page);
    await page.getByRole('menuitem', { name: 'Gift cards' }).click();
    await see(page, 'No gift cards yet. Issue one for a customer: it pays for bookings in its currency, in the office and in the shop.');
    await page.getByRole('link', { name: 'Create' }).click();
    await page.getByRole('textbox', { name: 'Recipient’s name' }).waitFor();
    await page.getByRole('textbox', { name: /^Value/ }).fill('500');
    await page.getByRole('textbox', { name: 'Recipient’s name' }).fill('Sigrid Dahl');
    await page.getByRole('textbox', { name: 'Recipient’s e-mail' }).fill('sigrid.card@example.no');
    await page.getByRole('combobox', { name: 'Language of its e-mail and PDF' }).click();
    await page.getByRole('option', { name: 'German' }).click();
    await page.getByRole('listbox').waitFor({ state: 'detached' });
    expect(await page.getByRole('combobox', { name: 'Language of its e-mail and PDF' }).textContent()).toBe('German');
    await checkA11y(page, 'gift-card-form');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL((url) => /\/gift-cards\/[^/]+\/show$/.test(url.pathname));
    await see(page, '€500.00 / €500.00');
    const code = (await page.locator('h2').first().textContent())!.trim();
    expect(code).toMatch(/^[0-9A-HJKMNP-TV-Z]{4}(-[0-9A-HJKMNP-TV-Z]{4}){3}$/);
    const issuedCard = (await api.call<{ data: { id: string; code: string; language: string }[] }>('GET', `/api/gift-cards?q=${code}`)).body.data[0]!;
    expect(issuedCard.language).toBe('de');
    // Its e-mail, in German, with the card's PDF, once.
    const mail = await suite.server.waitForMail((one) => one.to === 'sigrid.card@example.no');
    expect(mail.text).toContain(`Ihr Code: ${code}`);
    expect(mail.attachments?.map((attachment) => attachment.filename)).toEqual([`gift-card-${code.slice(-4)}.pdf`]);

    const september = (await api.call<{ data: { id: string }[] }>('GET', `/api/departures?tourId=${tour.id}&from=${year}-09-15&to=${year}-09-15`)).body.data[0]!;
    const booked = await api.call<{ id: string; reference: string }>('POST', '/api/bookings', {
      body: { departureId: september.id, status: 'confirmed', contact: { name: 'Sigrid Dahl', email: 'sigrid@example.no' }, travellers: [{ category: 'ADULT', firstName: 'Sigrid', lastName: 'Dahl' }] },
    });
    expect(booked.status).toBe(201);
    await page.goto(`/bookings/${booked.body.id}/show`);
    await page.getByRole('button', { name: 'Record payment' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('combobox', { name: 'Method' }).click();
    await page.getByRole('option', { name: 'Gift card' }).click();
    // The methods' menu fades out first (axe would read its options half-drawn).
    await page.getByRole('listbox').waitFor({ state: 'detached' });
    await dialog.getByRole('textbox', { name: /^Amount/ }).fill('300');
    // A code that opens no card is refused beside its field, and nothing is recorded.
    await dialog.getByRole('textbox', { name: /^Gift card code/ }).fill('AAAA-BBBB-CCCC-DDDD');
    await dialog.getByRole('button', { name: 'Record payment' }).click();
    await dialog.getByText('There is no gift card with this code.').waitFor();
    expect(await dialog.getByRole('textbox', { name: /^Gift card code/ }).getAttribute('aria-invalid')).toBe('true');
    await dialog.getByRole('textbox', { name: /^Gift card code/ }).fill(code.replaceAll('-', '').toLowerCase());
    await checkA11y(page, 'payment-dialog-gift-card');
    await screenshot(page, 'payment-dialog-gift-card-1280');
    await dialog.getByRole('button', { name: 'Record payment' }).click();
    await toast(page, 'Payment of €300.00 recorded').waitFor();

    await page.goto('/gift-cards');
    await page.getByRole('link', { name: code }).click();
    await see(page, '€200.00 / €500.00');
    await see(page, booked.body.reference);
    await see(page, 'Paid a booking');
    await see(page, /The card, with its PDF: sent · sigrid\.card@example\.no/);
    expect(suite.server.mails().filter((one) => one.to === 'sigrid.card@example.no')).toHaveLength(1);
    await checkA11y(page, 'gift-card-page');
    await screenshot(page, 'gift-card-page-1280');
  });
});
