/**
 * The shop as a customer meets it on a phone (390 px), with the keyboard alone: a tour's page,
 * its booking page, the hold's warning and its extension, paying at the local Stripe double, and
 * the booking's own page after, where a customer pays the rest, moves the date and cancels (in
 * English and German); and the widget on an operator's website served from another port,
 * under that website's hostile styles. axe on every shop page, screenshots in English and German
 * (screenshots/e2e/shop-*.png).
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from 'playwright-core';
import { beforeAll, afterAll, describe, expect, test } from 'vitest';
import type { Booking } from '../../src/shared/contract/bookings.js';
import type { Departure } from '../../src/shared/contract/departures.js';
import type { Tour } from '../../src/shared/contract/tours.js';
import { aComponent, aTour } from '../helpers/builders.js';
import { startStripeDouble } from '../helpers/stripe-double.js';
import { adminClient, type ApiClient } from './api.js';
import { checkA11y, login, screenshot } from './browser.js';
import { setUpSuite } from './suite.js';

const stripe = await startStripeDouble();
const suite = setUpSuite('shop', stripe.env);
const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };
let api: ApiClient;
let tour: Tour;
let departure: Departure;

beforeAll(async () => {
  stripe.webhookUrl = `${suite.server.baseUrl}/api/payments/stripe/webhook`;
  api = await adminClient(suite.server);
  const created = await api.call<Tour>('POST', '/api/tours', {
    body: aTour({
      code: 'E2E-FJORD-3',
      title: 'Three days in the fjords',
      summary: 'Boats, glaciers and a night in a fisherman’s cabin.',
      timeZone: 'Europe/Oslo',
      currency: 'EUR',
      status: 'published',
      bookableOnline: true,
      depositPercent: 20,
      maxPax: 8,
      bookingCutoffHours: 24,
      prices: { ADULT: 64_000, CHILD: 32_000, INFANT: null },
    }),
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  tour = created.body;
  expect((await api.call('POST', `/api/tours/${tour.id}/components`, { body: aComponent({ kind: 'activity', name: 'Kayak afternoon', supplier: 'Fjord Kayaks', dayFrom: 2, dayTo: 2, inclusion: 'optional', priceMinor: 4_500 }) })).status).toBe(201);
  const start = new Date(Date.now() + 40 * 86_400_000).toISOString().slice(0, 10);
  const scheduled = await api.call<Departure>('POST', '/api/departures', { body: { tourId: tour.id, startDate: start, startTime: '09:00', capacity: 10 } });
  expect(scheduled.status).toBe(201);
  departure = scheduled.body;
  const shop = await api.call('PUT', '/api/shop-settings', { body: { enabled: true, holdMinutes: 30, payLater: false, embedOrigins: [], showSeatsBelow: 10 } });
  expect(shop.status, JSON.stringify(shop.body)).toBe(200);
});

afterAll(async () => {
  await stripe.close();
  await Promise.all(hosts.map((host) => new Promise((resolve) => host.close(resolve))));
});

const hosts: Server[] = [];
/** The operator's own website on a port of its own: its page embeds the widget, under styles that try to break it. */
async function operatorSite(): Promise<string> {
  const html = `<!doctype html><html lang="de"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Fjord &amp; Co</title>
<style>
* { color: #f0f !important; font-size: 9px !important; font-family: "Comic Sans MS", cursive !important; letter-spacing: 6px !important; text-transform: uppercase !important; }
button, li, ul, dialog, iframe, h2 { display: none !important; visibility: hidden !important; }
div, p, span { border: 8px dotted lime !important; background: #000 !important; }
</style>
<script>window.dataLayer = []; document.addEventListener('booking-completed', (event) => { window.completed = event.detail; });</script>
<script src="${suite.server.baseUrl}/shop/embed.js" defer></script></head>
<body><h1>Fjord &amp; Co</h1><p>Our boats leave every morning.</p><tour-booking tour="${tour.code}" lang="de"></tour-booking></body></html>`;
  const host = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(html);
  });
  hosts.push(host);
  await new Promise<void>((resolve) => host.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(host.address() as AddressInfo).port}`;
}

/** Presses Tab until the focused element is the one named (at most `limit` times). */
async function tabTo(page: Page, name: RegExp, limit = 80, key: 'Tab' | 'Shift+Tab' = 'Tab'): Promise<void> {
  for (let step = 0; step < limit; step += 1) {
    await page.keyboard.press(key);
    const focused = await page.evaluate(() => {
      let element = document.activeElement as HTMLElement | null;
      // Inside a widget's shadow root, the focused element is its own.
      while (element?.shadowRoot?.activeElement) element = element.shadowRoot.activeElement as HTMLElement;
      if (!element) return '';
      const labelled = element.getAttribute('aria-label') ?? (element as HTMLInputElement).labels?.[0]?.textContent ?? '';
      return `${labelled} ${element.textContent ?? ''}`.trim();
    });
    if (name.test(focused)) return;
  }
  throw new Error(`Tab never reached ${name}`);
}

async function noWiderThanTheScreen(page: Page): Promise<void> {
  expect(await page.evaluate(() => document.documentElement.scrollWidth), 'the page scrolls sideways').toBeLessThanOrEqual(390);
}

describe('a customer on a phone, with the keyboard alone', () => {
  test('finds the tour, holds seats, names the travellers, pays a deposit at Stripe and reads the booking confirmed with the rest to pay', async () => {
    const { page } = await suite.open(PHONE);
    await page.goto(`/shop/tours/${tour.code}`);
    // The content is in the page before any script: the tour page has none.
    expect(await page.locator('script[src]').count()).toBe(0);
    await page.getByRole('heading', { level: 1, name: tour.title }).waitFor();
    await noWiderThanTheScreen(page);
    await checkA11y(page, 'shop-tour-en');
    await screenshot(page, 'shop-tour-en-phone');

    await tabTo(page, /^Book:/);
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname === `/shop/tours/${tour.code}/book` && url.searchParams.get('departure') === departure.id);
    await page.getByRole('heading', { level: 1, name: `Book: ${tour.title}` }).waitFor();
    await noWiderThanTheScreen(page);
    await checkA11y(page, 'shop-book-en');

    // Two adults and one kayak afternoon; the page adds up what it will cost.
    await tabTo(page, /^Adults/);
    await page.keyboard.press('ArrowUp');
    await tabTo(page, /^Kayak afternoon/);
    await page.keyboard.press('ArrowUp');
    await expect.poll(() => page.locator('#seats-total').textContent()).toBe('Total: €1,325.00');
    await tabTo(page, /^Hold my seats$/);
    await page.keyboard.press('Enter');
    // The seats are held; the names come next, and the focus goes there.
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('details-heading');
    await expect.poll(() => page.locator('#hold-text').textContent()).toMatch(/^Your seats are held for you until \d\d:\d\d \(30 minutes left\)\.$/);
    expect((await api.call<Departure>('GET', `/api/departures/${departure.id}`)).body.seatsHeld).toBe(2);
    await screenshot(page, 'shop-book-en-phone');

    await page.keyboard.press('Tab');
    await page.keyboard.type('Ola');
    await page.keyboard.press('Tab');
    await page.keyboard.type('Nordmann');
    await page.keyboard.press('Tab');
    await page.keyboard.type('Kari');
    await page.keyboard.press('Tab');
    await page.keyboard.type('Nordmann');
    // The first traveller's name became the contact's: not typed twice.
    expect(await page.getByLabel('Your name').inputValue()).toBe('Ola Nordmann');
    // Paying with nothing but the names: the e-mail is asked for by name, nothing typed is lost.
    await tabTo(page, /^Continue to payment$/);
    await page.keyboard.press('Enter');
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('contact-email');
    expect(await page.locator('#contact-email-error').textContent()).toBe('is required');
    expect(await page.getByLabel('First name').first().inputValue()).toBe('Ola');
    await page.keyboard.type('ola.nordmann@example.no');
    await tabTo(page, /^The whole price now/);
    await page.keyboard.press('ArrowDown');
    expect(await page.getByRole('radio', { name: /^A deposit now: €265\.00/ }).isChecked()).toBe(true);
    await checkA11y(page, 'shop-book-details-en');
    await tabTo(page, /^Continue to payment$/);
    await page.keyboard.press('Enter');

    // Stripe's page (the double): the customer pays there, and Stripe sends them back.
    await page.waitForURL((url) => url.port !== new URL(suite.server.baseUrl).port);
    await page.getByRole('heading', { name: /Stripe double: pay 265\.00 EUR/ }).waitFor();
    await tabTo(page, /^Pay 265\.00 EUR$/);
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname.startsWith('/shop/carts/'));
    await page.getByText(/Thank you: your booking is confirmed\. €1,060\.00 is still to pay, by \d+ \w+ \d{4}\./).waitFor();
    await noWiderThanTheScreen(page);
    await checkA11y(page, 'shop-cart-paid-en');
    await screenshot(page, 'shop-cart-paid-en-phone');
    // The customer's own page of the booking, from the paid cart's page.
    await tabTo(page, /^Your booking and its voucher$/);
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname.startsWith('/shop/manage/'));
    await page.getByText(/^Your booking is confirmed\. €1,060\.00 is still to pay, by \d+ \w+ \d{4}\.$/).waitFor();
    await page.getByRole('link', { name: 'Your voucher (PDF)' }).waitFor();
    await noWiderThanTheScreen(page);
    await checkA11y(page, 'shop-manage-en');
    await screenshot(page, 'shop-manage-en-phone');
    // The rest paid from there, with the keyboard: Stripe's page, and back to the booking.
    await tabTo(page, /^Pay €1,060\.00 by card$/);
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: /Stripe double: pay 1060\.00 EUR/ }).waitFor();
    await tabTo(page, /^Pay 1060\.00 EUR$/);
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname.startsWith('/shop/manage/'));
    await page.getByText(/^Your booking is confirmed\.$/).waitFor();

    const booking = (await api.call<{ data: Booking[] }>('GET', `/api/bookings?departureId=${departure.id}&status=confirmed`)).body.data[0]!;
    expect(booking).toMatchObject({ channel: 'online', paidMinor: 132_500, balanceMinor: 0, contact: { name: 'Ola Nordmann', email: 'ola.nordmann@example.no' } });
    expect(booking.travellers.map((traveller) => `${traveller.firstName} ${traveller.lastName}`)).toEqual(['Ola Nordmann', 'Kari Nordmann']);
    expect(booking.extras).toEqual([expect.objectContaining({ name: 'Kayak afternoon', quantity: 1 })]);
  });

  test('in German: is warned two minutes before the hold lapses, keeps the seats ten minutes longer, then gives them up', async () => {
    const { page } = await suite.open({ ...PHONE, locale: 'de-DE' });
    await page.clock.install();
    await page.goto(`/shop/tours/${tour.code}?lang=de`);
    await page.getByRole('heading', { level: 2, name: 'Termine' }).waitFor();
    await noWiderThanTheScreen(page);
    await checkA11y(page, 'shop-tour-de');
    await screenshot(page, 'shop-tour-de-phone');
    await tabTo(page, /^Buchen:/);
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { level: 1, name: `Buchen: ${tour.title}` }).waitFor();
    await tabTo(page, /^Plätze reservieren$/);
    await page.keyboard.press('Enter');
    await expect.poll(() => page.locator('#hold-text').textContent()).toMatch(/^Ihre Plätze sind bis \d\d:\d\d für Sie reserviert \(noch 30 Minuten\)\.$/);
    expect(await page.getByRole('button', { name: 'Plätze 10 Minuten länger behalten' }).isVisible()).toBe(false);

    // 28 minutes later (on the phone's clock): the warning, read out, and the way to keep the seats.
    await page.clock.fastForward('28:05');
    await expect.poll(() => page.locator('#hold-warning').textContent()).toBe('Ihre Plätze werden in 2 Minuten freigegeben, wenn Sie sie nicht behalten.');
    expect(await page.locator('#hold-warning').getAttribute('role')).toBe('alert');
    await noWiderThanTheScreen(page);
    await checkA11y(page, 'shop-book-warning-de');
    await screenshot(page, 'shop-book-warning-de-phone');
    // The hold's box is above the form, kept in view while it warns: a few Shift+Tabs back.
    await tabTo(page, /^Plätze 10 Minuten länger behalten$/, 10, 'Shift+Tab');
    await page.keyboard.press('Enter');
    await expect.poll(() => page.locator('#hold-warning').textContent()).toBe('');
    await expect.poll(() => page.locator('#hold-text').textContent()).toMatch(/\(noch 12 Minuten\)\.$/);

    // Staff changed the held travellers meanwhile (the office may): the refusal names its subject at
    // the top, since no field of the form is the travellers as a whole.
    await page.getByLabel('Vorname', { exact: true }).fill('Ingrid');
    await page.getByLabel('Nachname', { exact: true }).fill('Berg');
    await page.locator('#contact-name').fill('Ingrid Berg');
    await page.locator('#contact-email').fill('ingrid.berg@example.no');
    await page.route('**/api/shop/carts/*', (route) =>
      route.request().method() === 'PATCH'
        ? route.fulfill({ status: 400, contentType: 'application/json', body: JSON.stringify({ code: 'VALIDATION', message: 'Ungültiger Wert für: travellers.', errors: { travellers: 'müssen die gehaltenen Reisenden sein: 2 Erwachsene, 0 Kinder und 0 Kleinkinder' } }) })
        : route.fallback(),
    );
    await page.locator('#pay-button').click();
    await expect.poll(() => page.locator('#page-message').textContent()).toBe('Reisende: müssen die gehaltenen Reisenden sein: 2 Erwachsene, 0 Kinder und 0 Kleinkinder');
    await page.unroute('**/api/shop/carts/*');

    await page.locator('#page-message').focus();
    await tabTo(page, /^Plätze freigeben$/, 30);
    await page.keyboard.press('Enter');
    await page.getByText('Sie haben die Plätze freigegeben. Wählen Sie neu, wann Sie möchten.').waitFor();
    const held = (await api.call<Departure>('GET', `/api/departures/${departure.id}`)).body;
    expect(held.seatsHeld).toBe(0);
  });
});

describe('a promo code', () => {
  test('in German, the widget’s code fills the field; a wrong one is refused beside it and holds nothing; the right one comes off the price', async () => {
    expect((await api.call('POST', '/api/promo-codes', { body: { code: 'FJORD-WEB', kind: 'percent', value: 10, appliesTo: 'traveller', channels: ['online'] } })).status).toBe(201);
    const { page } = await suite.open({ ...PHONE, locale: 'de-DE' });
    // The widget's <tour-booking promo="…"> opens the booking page with the code in its address.
    await page.goto(`/shop/tours/${tour.code}/book?lang=de&promo=fjord-wbe`);
    await page.getByRole('heading', { level: 1, name: `Buchen: ${tour.title}` }).waitFor();
    expect(await page.getByLabel('Aktionscode (falls Sie einen haben)').inputValue()).toBe('fjord-wbe');
    await tabTo(page, /^Plätze reservieren$/);
    await page.keyboard.press('Enter');
    await expect.poll(() => page.locator('#promo-error').textContent()).toBe('Diesen Aktionscode gibt es nicht.');
    expect(await page.getByLabel('Aktionscode (falls Sie einen haben)').getAttribute('aria-invalid')).toBe('true');
    expect((await api.call<Departure>('GET', `/api/departures/${departure.id}`)).body.seatsHeld).toBe(0);
    await noWiderThanTheScreen(page);
    await checkA11y(page, 'shop-book-promo-refused-de');

    await page.getByLabel('Aktionscode (falls Sie einen haben)').fill('fjord-web');
    await tabTo(page, /^Plätze reservieren$/);
    await page.keyboard.press('Enter');
    await page.locator('#details-heading').waitFor();
    // €640.00 less 10 % = €576.00.
    // German amounts keep the number and its € together with a no-break space.
    await expect.poll(() => page.locator('#cart-promo').textContent()).toMatch(/^Aktionscode FJORD-WEB: −64,00\s€, im Gesamtpreis berücksichtigt$/);
    await expect.poll(() => page.locator('#cart-total').textContent()).toMatch(/^Gesamt: 576,00\s€$/);
    await noWiderThanTheScreen(page);
    await checkA11y(page, 'shop-book-promo-de');
    await screenshot(page, 'shop-book-promo-de-phone');
    await tabTo(page, /^Plätze freigeben$/, 40, 'Shift+Tab');
    await page.keyboard.press('Enter');
    await page.getByText('Sie haben die Plätze freigegeben. Wählen Sie neu, wann Sie möchten.').waitFor();
  });
});

describe('a gift card', () => {
  test('in German on a phone, by keyboard: found from the tours, refused beside its fields, paid at Stripe, issued once and e-mailed with its PDF', async () => {
    const { page } = await suite.open({ ...PHONE, locale: 'de-DE' });
    await page.goto('/shop?lang=de');
    await tabTo(page, /^Eine Tour verschenken: Gutschein kaufen$/);
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { level: 1, name: 'Gutscheine' }).waitFor();
    // Sent empty: each field says what it needs, nothing is ordered.
    await tabTo(page, /^Zur Zahlung$/);
    await page.keyboard.press('Enter');
    await page.getByRole('alert').filter({ hasText: 'Bitte prüfen Sie, was unten markiert ist.' }).waitFor();
    expect(await page.locator('#gift-amount-error').textContent()).toBe('Bitte füllen Sie das aus.');
    expect(await page.locator('#gift-buyerEmail-error').textContent()).toBe('Bitte füllen Sie das aus.');
    await noWiderThanTheScreen(page);
    await checkA11y(page, 'shop-gift-card-refused-de');
    await tabTo(page, /^Wert \(EUR\)/);
    await page.keyboard.type('120');
    await tabTo(page, /^Ihr Name/);
    await page.keyboard.type('Jonas Weber');
    await tabTo(page, /^Ihre E-Mail-Adresse/);
    await page.keyboard.type('jonas.weber@example.de');
    await tabTo(page, /^Name \(freiwillig\)/);
    await page.keyboard.type('Lena Weber');
    await tabTo(page, /^E-Mail-Adresse \(freiwillig\)/);
    await page.keyboard.type('lena.weber@example.de');
    await tabTo(page, /^Ihre Nachricht/);
    await page.keyboard.type('Alles Gute zum Geburtstag, Þórður lässt grüßen!');
    await checkA11y(page, 'shop-gift-card-de');
    await screenshot(page, 'shop-gift-card-de-phone');
    await tabTo(page, /^Zur Zahlung$/);
    await page.keyboard.press('Enter');

    await page.getByRole('heading', { name: /Stripe double: pay 120\.00 EUR/ }).waitFor();
    await tabTo(page, /^Pay 120\.00 EUR$/);
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname.startsWith('/shop/gift-cards/orders/'));
    // Stripe's event may come after the customer: the page looks again by itself until it has.
    await page.getByText(/^Vielen Dank: Ihre Zahlung ist eingegangen und Ihr Gutschein über 120,00\s€ ist ausgestellt\. Er ist per E-Mail unterwegs an l…@example\.de\.$/).waitFor({ timeout: 20_000 });
    await noWiderThanTheScreen(page);
    await checkA11y(page, 'shop-gift-card-paid-de');
    await screenshot(page, 'shop-gift-card-paid-de-phone');

    const mail = await suite.server.waitForMail((one) => one.to === 'lena.weber@example.de');
    expect(mail.subject).toMatch(/^Ein Gutschein für Sie von Jonas Weber/);
    expect(mail.text).toContain('Alles Gute zum Geburtstag, Þórður lässt grüßen!');
    expect(mail.attachments?.map((attachment) => attachment.contentType)).toEqual(['application/pdf']);
    await suite.server.waitForMail((one) => one.to === 'jonas.weber@example.de' && one.subject.startsWith('Ihr Gutschein für Lena Weber'));
    const cards = await api.call<{ data: { id: string; initialMinor: number; soldOnline: boolean }[] }>('GET', '/api/gift-cards?q=lena.weber');
    expect(cards.body.data).toEqual([expect.objectContaining({ initialMinor: 12_000, soldOnline: true })]);
  });
});

describe('a customer’s own booking, on a phone with the keyboard alone', () => {
  /** A booking the office made on a tour whose customers may move and cancel themselves, and the link its confirmation carries. */
  async function ownBooking(code: string, name: string): Promise<{ booking: Booking; link: string; later: Departure }> {
    const made = await api.call<Tour>('POST', '/api/tours', {
      body: aTour({ code, title: 'Glacier day', timeZone: 'Europe/Oslo', currency: 'EUR', status: 'published', bookingCutoffHours: 24, prices: { ADULT: 20_000, CHILD: 10_000, INFANT: null }, selfService: { cancel: true, change: true, untilHours: 48 } }),
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const at = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
    const first = await api.call<Departure>('POST', '/api/departures', { body: { tourId: made.body.id, startDate: at(30), startTime: '08:00', capacity: 10 } });
    const later = await api.call<Departure>('POST', '/api/departures', { body: { tourId: made.body.id, startDate: at(45), startTime: '08:00', capacity: 10, prices: { ADULT: 23_000, CHILD: 10_000, INFANT: null } } });
    expect(later.status, JSON.stringify(later.body)).toBe(201);
    const booked = await api.call<Booking>('POST', '/api/bookings', {
      body: { departureId: first.body.id, status: 'confirmed', contact: { name, email: 'own.booking@example.no' }, travellers: [{ category: 'ADULT', firstName: name.split(' ')[0], lastName: name.split(' ')[1] }] },
    });
    expect(booked.status, JSON.stringify(booked.body)).toBe(201);
    const link = await api.call<{ url: string }>('GET', `/api/bookings/${booked.body.id}/manage-link`);
    expect(link.status).toBe(200);
    return { booking: booked.body, link: new URL(link.body.url).pathname, later: later.body };
  }

  for (const language of ['en', 'de'] as const) {
    test(`${language === 'en' ? 'in English' : 'in German'}: pays the balance, moves to a dearer date and pays the difference, then cancels and has all of it back on the card`, async () => {
      const words =
        language === 'en'
          ? { pay: /^Pay €200\.00 by card$/, paid: /^Your booking is confirmed\.$/, date: /^New date/, see: /^See the price$/, quote: /costs €230\.00\. That is €30\.00 more/, move: /^Move my booking to /, moved: 'Your booking is moved. We have sent you an e-mail with your new voucher.', payRest: /^Pay €30\.00 by card$/, box: /^Yes, cancel this booking/, cancel: /^Cancel my booking$/, cancelled: /^This booking is cancelled\.$/ }
          : { pay: /^200,00\s€ mit Karte bezahlen$/, paid: /^Ihre Buchung ist bestätigt\.$/, date: /^Neuer Termin/, see: /^Preis ansehen$/, quote: /kostet Ihre Buchung 230,00\s€\. Das sind 30,00\s€ mehr/, move: /^Meine Buchung auf den /, moved: 'Ihre Buchung ist verlegt. Wir haben Ihnen eine E-Mail mit Ihrem neuen Voucher geschrieben.', payRest: /^30,00\s€ mit Karte bezahlen$/, box: /^Ja, diese Buchung stornieren/, cancel: /^Meine Buchung stornieren$/, cancelled: /^Diese Buchung ist storniert\.$/ };
      const { booking, link, later } = await ownBooking(`E2E-SELF-${language.toUpperCase()}`, language === 'en' ? 'Ingrid Berg' : 'Jürgen Weiß');
      const { page } = await suite.open({ ...PHONE, ...(language === 'de' && { locale: 'de-DE' }) });
      const own = `${link}${language === 'de' ? '?lang=de' : ''}`;
      await page.goto(own);
      await noWiderThanTheScreen(page);
      await checkA11y(page, `shop-manage-own-${language}`);
      await screenshot(page, `shop-manage-own-${language}-phone`);

      // The balance, at Stripe's page and back.
      await tabTo(page, words.pay);
      await page.keyboard.press('Enter');
      await page.getByRole('heading', { name: /Stripe double: pay 200\.00 EUR/ }).waitFor();
      await tabTo(page, /^Pay 200\.00 EUR$/);
      await page.keyboard.press('Enter');
      await page.waitForURL((url) => url.pathname === link);
      await page.getByText(words.paid).waitFor();

      // Another date: its price first, then the move.
      await tabTo(page, words.date);
      await tabTo(page, words.see);
      await page.keyboard.press('Enter');
      await page.getByText(words.quote).waitFor();
      await checkA11y(page, `shop-manage-quote-${language}`);
      await screenshot(page, `shop-manage-quote-${language}-phone`);
      await tabTo(page, words.move);
      await page.keyboard.press('Enter');
      await page.getByText(words.moved).waitFor();
      expect((await api.call<Booking>('GET', `/api/bookings/${booking.id}`)).body).toMatchObject({ departureId: later.id, totalMinor: 23_000, paidMinor: 20_000, balanceMinor: 3_000 });
      // The difference, paid as the balance was.
      await tabTo(page, words.payRest);
      await page.keyboard.press('Enter');
      await page.getByRole('heading', { name: /Stripe double: pay 30\.00 EUR/ }).waitFor();
      await tabTo(page, /^Pay 30\.00 EUR$/);
      await page.keyboard.press('Enter');
      await page.waitForURL((url) => url.pathname === link);
      await page.getByText(words.paid).waitFor();

      // Cancelling asks for the box to be ticked, then the whole price goes back to the card (30 days and more ahead: no fee).
      await tabTo(page, words.box);
      await page.keyboard.press('Space');
      await tabTo(page, words.cancel);
      await page.keyboard.press('Enter');
      // The double refunds at once: the page says the booking is cancelled, with nothing more owed.
      await page.getByText(words.cancelled).waitFor();
      await noWiderThanTheScreen(page);
      await checkA11y(page, `shop-manage-cancelled-${language}`);
      await screenshot(page, `shop-manage-cancelled-${language}-phone`);
      const after = (await api.call<Booking>('GET', `/api/bookings/${booking.id}`)).body;
      expect(after).toMatchObject({ status: 'cancelled', paidMinor: 0, refundedMinor: 23_000 });
      expect([...stripe.refunds.values()].filter((refund) => refund.metadata.bookingId === booking.id).map((refund) => refund.amount).sort((a, b) => a - b)).toEqual([3_000, 20_000]);
    });
  }
});

describe('the widget on the operator’s own website', () => {
  test('draws the dates untouched by the site’s styles, books in a dialog, keeps the cart over a reload, pays in a tab of its own and tells the site', async () => {
    const site = await operatorSite();
    const other = await operatorSite();
    const settings = await api.call('PUT', '/api/shop-settings', { body: { enabled: true, holdMinutes: 30, payLater: false, embedOrigins: [site], showSeatsBelow: 10 } });
    expect(settings.status, JSON.stringify(settings.body)).toBe(200);
    const { page, context } = await suite.open({ ...PHONE, locale: 'de-DE' });
    await page.goto(site);
    const widget = page.locator('tour-booking');
    const book = widget.getByRole('button', { name: /^Buchen: / }).first();
    await book.waitFor();
    // The site's styles reach neither the widget's text nor its buttons.
    expect(await book.evaluate((button) => [getComputedStyle(button).fontSize, getComputedStyle(button).display, getComputedStyle(button).textTransform, getComputedStyle(button).color])).toEqual(['16px', 'flex', 'none', 'rgb(255, 255, 255)']);
    expect(await widget.getByRole('heading', { name: tour.title }).evaluate((heading) => [getComputedStyle(heading).fontWeight, getComputedStyle(heading).fontSize])).toEqual(['600', '18.4px']);
    expect(await widget.getByRole('heading', { name: tour.title }).isVisible()).toBe(true);
    await screenshot(page, 'shop-widget-de-phone');
    // The site's own script switches the widget's language, and back: it draws itself again each time.
    await widget.evaluate((element) => element.setAttribute('lang', 'en'));
    await widget.getByRole('button', { name: /^Book: / }).first().waitFor();
    await widget.evaluate((element) => element.setAttribute('lang', 'de'));
    await book.waitFor();

    await tabTo(page, /^Buchen:/);
    await page.keyboard.press('Enter');
    const frame = () => page.frames().find((each) => each.url().includes('/book?'));
    await expect.poll(() => frame()?.url()).toContain('embed=1');
    await frame()!.getByRole('button', { name: 'Plätze reservieren' }).click();
    await frame()!.getByRole('heading', { name: '2. Wer reist' }).waitFor();
    await frame()!.getByLabel('Vorname', { exact: true }).fill('Ingrid');
    await screenshot(page, 'shop-widget-dialog-de-phone');
    const cartKey = await page.evaluate(() => Object.entries(localStorage).find(([key]) => key.startsWith('tour-booking:'))?.[1]);
    expect(cartKey).toMatch(/^[\w-]{43}$/);
    const eventsOf = () => page.evaluate(() => (window as unknown as { dataLayer: { event?: string }[] }).dataLayer.map((entry) => entry.event).filter(Boolean));
    expect(await eventsOf()).toEqual(['view_item', 'add_to_cart']);

    // The site reloads: the cart is the site's to keep, and the booking goes on where it was.
    await page.reload();
    await widget.getByRole('button', { name: 'Buchung fortsetzen' }).click();
    await expect.poll(() => frame()?.url()).toContain(`cart=${cartKey}`);
    await frame()!.getByRole('heading', { name: '2. Wer reist' }).waitFor();
    // What was typed before the reload is still there.
    await expect.poll(() => frame()!.getByLabel('Vorname', { exact: true }).inputValue()).toBe('Ingrid');
    await frame()!.getByLabel('Nachname', { exact: true }).fill('Berg');
    await frame()!.getByLabel('E-Mail', { exact: true }).fill('ingrid.berg@example.no');
    const [payment] = await Promise.all([context.waitForEvent('page'), frame()!.getByRole('button', { name: 'Weiter zur Zahlung' }).click()]);
    await payment.getByRole('button', { name: /^Pay / }).click();
    await payment.waitForURL((url) => url.pathname.startsWith('/shop/carts/'));
    await expect.poll(() => page.evaluate(() => (window as unknown as { completed?: unknown }).completed), { timeout: 15_000 }).toMatchObject({ currency: 'EUR', value: 640 });
    // The page was loaded again since the cart was made: its dataLayer is the new page's.
    expect(await eventsOf()).toEqual(['view_item', 'begin_checkout', 'purchase']);
    // The purchase names what was bought, line by line, with its price and quantity.
    const purchase = await page.evaluate(() => (window as unknown as { dataLayer: { event?: string; ecommerce?: unknown }[] }).dataLayer.find((entry) => entry.event === 'purchase')?.ecommerce);
    expect(purchase).toMatchObject({ currency: 'EUR', value: 640, items: [{ item_id: tour.code, item_name: tour.title, item_variant: 'ADULT', price: 640, quantity: 1 }] });
    expect(await page.evaluate(() => Object.keys(localStorage).filter((key) => key.startsWith('tour-booking:')))).toEqual([]);
    const booked = (await api.call<{ data: Booking[] }>('GET', `/api/bookings?q=ingrid.berg`)).body.data;
    expect(booked).toEqual([expect.objectContaining({ status: 'confirmed', channel: 'online', paidMinor: 64_000 })]);

    // A site the operator did not allow: the shop refuses to be framed there, and the booking is offered in a tab.
    await page.goto(other);
    await page.locator('tour-booking').getByRole('button', { name: /^Buchen: / }).first().click();
    await page.locator('tour-booking').getByRole('link', { name: 'Buchung in neuem Tab öffnen' }).waitFor({ timeout: 10_000 });
  });
});

describe('the office', () => {
  test('Online sales, opened by its own address, gives the widget’s code and shows the widget live, booking in its dialog', async () => {
    const { page } = await suite.open();
    await login(page, suite.server.admin.email, suite.server.admin.password);
    await page.goto('/online-sales');
    const code = page.getByLabel('Code for your website');
    await expect.poll(() => code.inputValue(), { timeout: 15_000 }).toContain(`<tour-booking tour="${tour.code}" lang="en"></tour-booking>`);
    const book = page.getByTestId('widget-preview').locator('tour-booking').getByRole('button', { name: /^Book: / }).first();
    await book.waitFor();
    await screenshot(page, 'shop-online-sales-en');
    await book.click();
    const frame = () => page.frames().find((each) => each.url().includes('/book?'));
    await expect.poll(() => frame()?.url()).toContain('embed=1');
    await frame()!.getByRole('button', { name: 'Hold my seats' }).waitFor();
  });
});
