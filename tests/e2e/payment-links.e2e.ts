/**
 * Card payment links in Chromium, with a local double of Stripe the server's real Stripe SDK talks
 * to: a SALES clerk books for a returning customer (offered as she types), sends a payment link for
 * the whole balance by e-mail; the customer opens the link from the mail on her phone and pays on
 * the double's page, which sends Stripe's signed event to the server; she lands on the thank-you
 * page, the booking reads paid with the card payment in its payments, and the receipt is in the
 * outbox.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Booking } from '../../src/shared/contract/bookings.js';
import type { Departure } from '../../src/shared/contract/departures.js';
import type { Tour } from '../../src/shared/contract/tours.js';
import { aTour } from '../helpers/builders.js';
import { startStripeDouble } from '../helpers/stripe-double.js';
import { adminClient, type ApiClient } from './api.js';
import { login, screenshot } from './browser.js';
import { setUpSuite } from './suite.js';
import { see, signedIn, toast } from './ui.js';

const stripe = await startStripeDouble();
const suite = setUpSuite('payment-links', stripe.env);
let api: ApiClient;
let tour: Tour;
let departure: Departure;
const sales = { email: 'sven@e2e.test', password: 'Counter-seller-42' };
const astrid = { name: 'Astrid Lund', email: 'astrid.lund@example.se' };

beforeAll(async () => {
  stripe.webhookUrl = `${suite.server.baseUrl}/api/payments/stripe/webhook`;
  api = await adminClient(suite.server);
  await api.createUser({ ...sales, fullName: 'Sven Sales', roles: ['SALES'] });
  const created = await api.call<Tour>('POST', '/api/tours', {
    body: aTour({ code: 'E2E-LAPL-5', title: 'Lapland under the northern lights', timeZone: 'Europe/Stockholm', currency: 'EUR', status: 'published', depositPercent: 25, prices: { ADULT: 80_000, CHILD: 40_000, INFANT: 0 }, bookingCutoffHours: 24 }),
  });
  expect(created.status).toBe(201);
  tour = created.body;
  const start = new Date(Date.now() + 60 * 86_400_000).toISOString().slice(0, 10);
  const scheduled = await api.call<Departure>('POST', '/api/departures', { body: { tourId: tour.id, startDate: start, startTime: '18:00', capacity: 12 } });
  expect(scheduled.status).toBe(201);
  departure = scheduled.body;
  // She travelled with us before.
  const before = await api.call<Booking>('POST', '/api/bookings', { body: { departureId: departure.id, status: 'confirmed', contact: astrid, travellers: [{ category: 'ADULT', firstName: 'Astrid', lastName: 'Lund' }] } });
  expect(before.status).toBe(201);
});

afterAll(async () => stripe.close());

describe('a card payment by link', () => {
  test('book for a returning customer, e-mail a link for the balance, the customer pays on her phone: the booking reads paid and the receipt went out', async () => {
    const { page } = await suite.open();
    await login(page, sales.email, sales.password);
    await signedIn(page);
    await page.goto(`/bookings/create?departureId=${departure.id}`);
    await expect.poll(() => page.getByRole('combobox', { name: 'Tour' }).inputValue()).toMatch(/^E2E-LAPL-5 · /);
    await page.getByRole('button', { name: /18:00 Europe\/Stockholm/ }).click();
    await page.getByRole('button', { name: 'Next' }).click();
    await page.locator('input[name="travellers.0.firstName"]').fill('Astrid');
    await page.locator('input[name="travellers.0.lastName"]').fill('Lund');
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByRole('button', { name: 'Next' }).click();
    // The clerk types part of her name: the customer is offered, and choosing her fills the contact.
    await page.locator('input[name="contact.name"]').fill('Astrid');
    await page.getByRole('region', { name: 'Returning customers' }).getByRole('button', { name: 'Book for Astrid Lund' }).click();
    await expect.poll(() => page.locator('input[name="contact.email"]').inputValue()).toBe(astrid.email);
    await page.getByRole('button', { name: 'Hold seats' }).click();
    await page.waitForURL((url) => /\/bookings\/[^/]+\/show$/.test(url.pathname));
    const booking = (await api.call<{ data: Booking[] }>('GET', `/api/bookings?departureId=${departure.id}&status=held`)).body.data[0]!;
    expect(booking.contact.email).toBe(astrid.email);
    expect(booking.customerId).toBe((await api.call<{ data: Booking[] }>('GET', `/api/bookings?departureId=${departure.id}&status=confirmed`)).body.data[0]!.customerId);

    // The link: the deposit is offered (nothing paid yet); the clerk asks for the whole balance and e-mails it.
    await page.getByRole('button', { name: 'Send a payment link' }).click();
    const dialog = page.getByRole('dialog');
    const amount = dialog.getByRole('textbox', { name: /Amount/ });
    await expect.poll(() => amount.inputValue()).toBe('200.00');
    await amount.fill('800.01');
    await dialog.getByRole('button', { name: 'Make and e-mail the link' }).click();
    await dialog.getByText('a link cannot ask for more').waitFor();
    await amount.fill('800');
    await dialog.getByRole('button', { name: 'Make and e-mail the link' }).click();
    await toast(page, `Payment link for €800.00 made; it goes to ${astrid.email} within seconds`).waitFor();
    await expect.poll(() => dialog.getByRole('textbox', { name: 'Payment link' }).inputValue()).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/c\/pay\/cs_test_/);
    await screenshot(page, 'payment-link-made');
    await dialog.getByRole('button', { name: 'Close' }).click();
    await see(page, 'Card payment links');
    await see(page, /e-mailed · works until/);

    // The customer's mail, and her phone.
    const mail = await suite.server.waitForMail((one) => one.to === astrid.email && one.subject === `Pay €800.00 for booking ${booking.reference} by card`);
    const url = /http:\/\/127\.0\.0\.1:\d+\/c\/pay\/cs_test_\w+/.exec(mail.text)?.[0];
    expect(url).toBeTruthy();
    const phone = await suite.open({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    await phone.page.goto(url!);
    await phone.page.getByRole('button', { name: 'Pay 800.00 EUR' }).click();
    await phone.page.waitForURL((address) => address.pathname === '/api/payments/return');
    await phone.page.getByRole('heading', { name: 'Thank you: your payment went through' }).waitFor();
    await screenshot(phone.page, 'payment-link-thank-you-390');

    // The office: the link reads paid and the booking is paid in full, by card.
    await page.reload();
    await see(page, booking.reference);
    await expect.poll(async () => (await api.call<Booking>('GET', `/api/bookings/${booking.id}`)).body.paymentStatus).toBe('paid');
    await page.getByRole('list', { name: 'Payment links' }).getByText('Paid').waitFor();
    await page.getByText('Card').first().waitFor();
    await screenshot(page, 'payment-link-paid');
    const receipt = await suite.server.waitForMail((one) => one.to === astrid.email && one.subject === `Payment received for booking ${booking.reference}`);
    expect(receipt.text).toContain('we have recorded €800.00');
    // One payment, once.
    const payments = (await api.call<{ data: { method: string; amountMinor: number }[] }>('GET', `/api/bookings/${booking.id}/payments`)).body.data;
    expect(payments).toEqual([expect.objectContaining({ method: 'card', amountMinor: 80_000 })]);
  });
});
