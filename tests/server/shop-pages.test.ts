/**
 * The shop's pages, rendered by the server: the tours on sale and a tour's page carry their whole
 * content in the HTML (title, description, canonical address and its languages, Open Graph, a
 * TouristTrip in JSON-LD with its offer), in English and German, cacheable with an ETag; a tour
 * not sold online is a 404 page; a tour's hostile text stays text.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ShopSettings } from '../../src/shared/contract/shop.js';
import type { Tour } from '../../src/shared/contract/tours.js';
import { createDeparture, createTour, viaInject } from '../helpers/api-builders.js';
import { aDay } from '../helpers/builders.js';
import { as, createTestApp, login, type TestApp } from '../helpers/test-app.js';

const DAY = 86_400_000;
let t: TestApp;
let admin: ReturnType<typeof as>;
let tour: Tour;

beforeAll(async () => {
  t = await createTestApp({ env: { BUSINESS_NAME: 'Fjord & Co', BUSINESS_PHONE: '+47 22 33 44 55' } });
  admin = as(t.app, (await login(t.app, t.admin)).accessToken);
  const create = viaInject(admin);
  tour = await createTour(create, {
    status: 'published',
    bookableOnline: true,
    title: 'Northern Lights </script><script>alert(1)</script>',
    summary: 'Four nights "under" the aurora & <b>more</b>',
    description: '<p>Hot springs <strong>and</strong> dark skies.</p>',
    currency: 'EUR',
    bookingCutoffHours: 0,
    depositPercent: 25,
    cancellationFees: [{ daysBefore: 30, percent: 0 }, { daysBefore: 7, percent: 50 }],
    prices: { ADULT: 129_900, CHILD: 99_900, INFANT: null },
  });
  await admin({ method: 'PUT', url: `/api/tours/${tour.id}/itinerary/1`, payload: aDay({ title: 'Reykjavík to Vík' }) });
  await createDeparture(create, tour.id, { startDate: new Date(t.clock.time + 10 * DAY).toISOString().slice(0, 10), startTime: '08:30', capacity: 4 });
  await createTour(create, { status: 'published', code: 'PHONE-ONLY', title: 'Sold by phone only' });
});
afterAll(async () => t?.close());

const page = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

describe('a tour’s page', () => {
  it('carries its content, its address in each language and its offer in the HTML, before any script', async () => {
    const answer = await page(`/shop/tours/${tour.code}`);
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toMatch(/^text\/html/);
    expect(answer.headers['cache-control']).toMatch(/^public, max-age=\d+, stale-while-revalidate=\d+$/);
    const html = answer.body;
    expect(html).toContain('<html lang="en">');
    expect(html).toMatch(/<title>Northern Lights &lt;\/script&gt;&lt;script&gt;alert\(1\)&lt;\/script&gt; · Fjord &amp; Co<\/title>/);
    expect(html).toContain('<meta name="description" content="Four nights &quot;under&quot; the aurora &amp; &lt;b&gt;more&lt;/b&gt;">');
    expect(html).toContain(`<link rel="canonical" href="http://office.test/shop/tours/${tour.code}">`);
    expect(html).toContain(`<link rel="alternate" hreflang="de" href="http://office.test/shop/tours/${tour.code}?lang=de">`);
    expect(html).toContain('hreflang="x-default"');
    expect(html).toContain('<meta property="og:title"');
    expect(html).not.toContain('<script>alert(1)</script>');
    expect(html).not.toMatch(/<script(?! type="application\/ld\+json")/);
    expect(html).toContain('<p>Hot springs <strong>and</strong> dark skies.</p>');
    expect(html).toContain('€1,299.00');
    expect(html).toContain('08:30');
    expect(html).toContain('Reykjavík to Vík');
    expect(html).toContain('25% deposit');
    expect(html).toContain('<span class="status LIMITED">4 seats left</span>');
    // Each open date links to its booking page, named for a screen reader by its date.
    expect(html).toMatch(new RegExp(`<a class="button" href="/shop/tours/${tour.code}/book\\?departure=[0-9a-f-]{36}" aria-label="Book: [^"]+">Book</a>`));

    const ld = JSON.parse(/<script type="application\/ld\+json">(.*?)<\/script>/s.exec(html)![1]!);
    expect(ld).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'TouristTrip',
      name: tour.title,
      offers: { '@type': 'Offer', price: '1299.00', priceCurrency: 'EUR', availability: 'https://schema.org/InStock' },
    });
  });

  it('in German: its words, its dates and its prices as German writes them', async () => {
    const html = (await page(`/shop/tours/${tour.code}?lang=de`)).body;
    expect(html).toContain('<html lang="de">');
    expect(html).toContain(`<link rel="canonical" href="http://office.test/shop/tours/${tour.code}?lang=de">`);
    expect(html).toMatch(/1\.299,00\s€/);
    expect(html).toContain('Tag für Tag');
    expect(html).toContain('noch 4 Plätze');
    expect(html).toMatch(new RegExp(`href="/shop/tours/${tour.code}/book\\?departure=[0-9a-f-]{36}&amp;lang=de"[^>]*>Buchen</a>`));
  });

  it('answers 304 to a cache holding the same page', async () => {
    const first = await page(`/shop/tours/${tour.code}`);
    expect((await page(`/shop/tours/${tour.code}`, { 'if-none-match': first.headers.etag as string })).statusCode).toBe(304);
  });

  it('is a 404 page for a tour not sold online, or unknown', async () => {
    for (const path of ['/shop/tours/PHONE-ONLY', '/shop/tours/NO-SUCH', `/shop/tours/${'x'.repeat(100)}`, '/shop/nothing/here']) {
      const answer = await page(`${path}?lang=de`);
      expect(answer.statusCode).toBe(404);
      expect(answer.headers['content-type']).toMatch(/^text\/html/);
      expect(answer.body).toContain('noindex');
      expect(answer.body).toContain('Nicht gefunden');
    }
  });
});

describe('the tours on sale and the sitemap', () => {
  it('lists the tours sold online with their price and next date, and nothing else', async () => {
    const html = (await page('/shop')).body;
    expect(html).toContain(`href="/shop/tours/${tour.code}"`);
    expect(html).toContain('from €1,299.00');
    expect(html).not.toContain('Sold by phone only');
    expect(html).not.toContain('<script>alert(1)</script>');
  });

  it('names every tour page in each language', async () => {
    const answer = await page('/shop/sitemap.xml');
    expect(answer.headers['content-type']).toMatch(/^application\/xml/);
    expect(answer.body).toContain(`<loc>http://office.test/shop/tours/${tour.code}</loc>`);
    expect(answer.body).toContain(`<loc>http://office.test/shop/tours/${tour.code}?lang=de</loc>`);
    expect(answer.body).not.toContain('PHONE-ONLY');
  });
});

describe('the booking page', () => {
  it('carries its form and its dates in the HTML, its own small script, and is never cached', async () => {
    const answer = await page(`/shop/tours/${tour.code}/book`);
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['cache-control']).toBe('no-store');
    const html = answer.body;
    expect(html).toContain('<meta name="robots" content="noindex">');
    expect(html).toMatch(/<select id="departure" name="departure" aria-describedby="seats-left"><option value="[0-9a-f-]{36}">[^<]+08:30 · €1,299\.00 · 4 seats left<\/option><\/select>/);
    // The chosen date's seats left under the select too, which a phone's narrow select cuts off.
    expect(html).toContain('<p class="hint left" id="seats-left" aria-live="polite">4 seats left</p>');
    expect(html).toContain('<label for="count-ADULT">Adults');
    expect(html).not.toContain('count-INFANT');
    const script = /<script src="(\/shop\/book\.js\?v=[\w-]+)" defer><\/script>/.exec(html)?.[1];
    expect(script).toBeDefined();
    // No script runs from the page itself: its data is JSON, and nothing in it can end its element.
    expect(html).not.toMatch(/<script>/);
    const data = JSON.parse(/<script type="application\/json" id="book-data">(.*?)<\/script>/s.exec(html)![1]!);
    expect(data).toMatchObject({ code: tour.code, language: 'en', currency: 'EUR', departures: [{ prices: { ADULT: 129_900 } }] });

    // The script: gzip when asked, kept for ever at its versioned address, a few minutes at the bare one.
    const versioned = await t.app.inject({ method: 'GET', url: script!, headers: { 'accept-encoding': 'gzip, br' } });
    expect(versioned.statusCode).toBe(200);
    expect(versioned.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(versioned.headers['content-encoding']).toBe('gzip');
    expect(versioned.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(versioned.rawPayload.length).toBeLessThan(8_000);
    const bare = await t.app.inject({ method: 'GET', url: '/shop/book.js' });
    expect(bare.headers['content-encoding']).toBeUndefined();
    expect(bare.headers['cache-control']).toMatch(/^public, max-age=300, stale-while-revalidate=\d+$/);
    expect(bare.body).toContain("'use strict'");
    expect((await t.app.inject({ method: 'GET', url: '/shop/book.js', headers: { 'if-none-match': bare.headers.etag as string } })).statusCode).toBe(304);
  });

  it('is framed only by this server and the origins the operator allowed; the office and the tour pages by no one', async () => {
    const { enabled, holdMinutes, payLater, showSeatsBelow } = (await admin({ method: 'GET', url: '/api/shop-settings' })).json<ShopSettings>();
    const settings = { enabled, holdMinutes, payLater, showSeatsBelow, embedOrigins: [] };
    const put = await admin({ method: 'PUT', url: '/api/shop-settings', payload: { ...settings, embedOrigins: ['https://www.fjord.example'] } });
    expect(put.statusCode, put.body).toBe(200);
    try {
      for (const url of [`/shop/tours/${tour.code}/book`]) {
        const answer = await page(url);
        expect(answer.headers['content-security-policy']).toMatch(/frame-ancestors 'self' https:\/\/www\.fjord\.example(;|$)/);
        expect(answer.headers['x-frame-options']).toBeUndefined();
      }
      for (const url of [`/shop/tours/${tour.code}`, '/shop', '/api/shop/tours']) {
        const answer = await page(url);
        expect(answer.headers['content-security-policy']).toContain("frame-ancestors 'none'");
        expect(answer.headers['x-frame-options']).toBe('DENY');
      }
    } finally {
      await admin({ method: 'PUT', url: '/api/shop-settings', payload: settings });
    }
  });

  it('in German; a date asked for that cannot be booked is not offered, and the page says so instead of swapping it silently', async () => {
    const html = (await page(`/shop/tours/${tour.code}/book?lang=de&departure=00000000-0000-4000-8000-000000000000`)).body;
    expect(html).toContain('<html lang="de">');
    expect(html).toContain('Plätze reservieren');
    expect(html).toMatch(/<option value="[0-9a-f-]{36}">/);
    expect(html).not.toContain(' selected>');
    expect(html).toContain('<p id="page-message" class="error" role="alert" tabindex="-1">Der gewählte Termin ist nicht mehr buchbar (ausgebucht oder geschlossen): Wählen Sie unten einen anderen.</p>');
    // No date asked for: nothing said.
    expect((await page(`/shop/tours/${tour.code}/book`)).body).toContain('<p id="page-message" class="error" role="alert" tabindex="-1"></p>');
    expect((await page('/shop/tours/PHONE-ONLY/book')).statusCode).toBe(404);
  });
});

describe('the widget’s script', () => {
  it('is one small cacheable file, and the catalogue it reads answers any website; the carts do not', async () => {
    const answer = await t.app.inject({ method: 'GET', url: '/shop/embed.js', headers: { 'accept-encoding': 'gzip' } });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-encoding']).toBe('gzip');
    expect(answer.rawPayload.length, 'embed.js gzip').toBeLessThanOrEqual(5 * 1024);
    expect(answer.headers['cache-control']).toMatch(/^public, max-age=\d+, stale-while-revalidate=\d+$/);
    expect(answer.headers['cross-origin-resource-policy']).toBe('cross-origin');
    expect((await t.app.inject({ method: 'GET', url: '/shop/embed.js', headers: { 'if-none-match': answer.headers.etag as string } })).statusCode).toBe(304);

    const site = { origin: 'https://www.fjord.example' };
    const catalogue = await t.app.inject({ method: 'GET', url: `/api/shop/tours/${tour.code}`, headers: site });
    expect(catalogue.headers['access-control-allow-origin']).toBe('*');
    const cart = await t.app.inject({ method: 'POST', url: '/api/shop/carts', headers: site, payload: { departureId: '00000000-0000-4000-8000-000000000000', travellers: { ADULT: 1 } } });
    expect(cart.headers['access-control-allow-origin']).toBeUndefined();
  });
});

describe('robots.txt', () => {
  it('lets search engines read the shop and its sitemap, and nothing of the office, the API or a customer’s own pages', async () => {
    const answer = await page('/robots.txt');
    expect(answer.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(answer.body).toBe(
      'User-agent: *\nAllow: /shop\nDisallow: /shop/carts/\nDisallow: /shop/manage/\nDisallow: /shop/*/book\nDisallow: /shop/gift-cards/orders/\nDisallow: /\n\nSitemap: http://office.test/shop/sitemap.xml\n',
    );
  });
});
