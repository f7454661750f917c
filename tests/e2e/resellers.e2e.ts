/**
 * Selling through a reseller, in Chromium: an administrator adds a reseller with a webhook URL,
 * makes its webhook secret and an API key (each shown once); a script playing the reseller holds
 * and confirms seats over OCTO; the clerk finds the booking in the bookings list under the
 * reseller's name, cancels it, and the reseller's endpoint (a local server) receives the signed
 * update. Screenshots at 1280 and 390 px of the reseller's page.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Departure } from '../../src/shared/contract/departures.js';
import type { Tour } from '../../src/shared/contract/tours.js';
import { aTour } from '../helpers/builders.js';
import { signatureIsValid, type ReceivedWebhook } from '../helpers/webhook-receiver.js';
import { adminClient, type ApiClient } from './api.js';
import { login, screenshot } from './browser.js';
import { setUpSuite } from './suite.js';
import { menuEntry, see, signedIn, toast } from './ui.js';

const received: ReceivedWebhook[] = [];
const endpoint = createServer((request, response) => {
  const chunks: Buffer[] = [];
  request.on('data', (chunk: Buffer) => chunks.push(chunk));
  request.on('end', () => {
    received.push({ headers: request.headers, body: Buffer.concat(chunks).toString('utf8'), at: Date.now() });
    response.writeHead(204).end();
  });
});

const suite = setUpSuite('resellers', { WEBHOOK_ALLOW_PRIVATE_ADDRESSES: 'true', WEBHOOK_POLL_INTERVAL: '500ms' });
let api: ApiClient;
let tour: Tour;
let departure: Departure;
let hookUrl: string;

beforeAll(async () => {
  await new Promise<void>((resolve) => endpoint.listen(0, '127.0.0.1', resolve));
  hookUrl = `http://127.0.0.1:${(endpoint.address() as AddressInfo).port}/octo`;
  api = await adminClient(suite.server);
  tour = (await api.call<Tour>('POST', '/api/tours', { body: aTour({ code: 'E2E-GLACIER', title: 'Glacier hike', timeZone: 'Atlantic/Reykjavik', currency: 'EUR', status: 'published', durationDays: 1, bookingCutoffHours: 2, prices: { ADULT: 14_900, CHILD: 9_900, INFANT: null } }) })).body;
  departure = (await api.call<Departure>('POST', '/api/departures', { body: { tourId: tour.id, startDate: '2031-07-12', startTime: '09:30', capacity: 12 } })).body;
});
afterAll(async () => {
  await new Promise<void>((resolve) => endpoint.close(() => resolve()));
});

describe('a reseller sells, the office sees and changes it, the reseller hears of it', () => {
  test('connect a reseller, its script holds and confirms seats, the clerk cancels, the endpoint receives the signed update', async () => {
    const { page } = await suite.open({ viewport: { width: 1280, height: 900 } });
    await login(page, suite.server.admin.email, suite.server.admin.password);
    await signedIn(page);
    await menuEntry(page, 'Resellers').click();
    await see(page, /No resellers match/);
    await page.getByRole('main').getByRole('link', { name: 'Create' }).click();
    await page.getByRole('textbox', { name: 'Name' }).fill('Nordic Marketplace');
    await page.getByRole('spinbutton', { name: /Commission/ }).fill('18');
    await page.getByRole('textbox', { name: 'Webhook URL' }).fill(hookUrl);
    await page.getByRole('button', { name: 'Save' }).click();
    await see(page, 'Commission 18 %');

    // The show page may draw itself again just after the save (its record read anew): a click that
    // lands on the page it replaces makes no secret, so the click is made again until the request goes.
    for (let attempt = 0; ; attempt += 1) {
      const made = page.waitForRequest((request) => request.method() === 'POST' && request.url().endsWith('/webhook-secret'), { timeout: 5_000 }).then(() => true, () => false);
      await page.getByRole('button', { name: 'Make the webhook secret' }).click();
      if ((await made) || attempt === 2) break;
    }
    const secretDialog = page.getByRole('dialog', { name: 'Webhook secret' });
    const secret = await secretDialog.getByRole('textbox', { name: 'Webhook secret' }).inputValue();
    expect(secret).toMatch(/^whsec_/);
    await secretDialog.getByRole('button', { name: 'I have copied it' }).click();

    await page.getByRole('button', { name: 'New API key' }).click();
    await page.getByRole('dialog').getByRole('textbox', { name: 'Name' }).fill('Booking engine');
    await page.getByRole('button', { name: 'Make the key' }).click();
    const keyDialog = page.getByRole('dialog', { name: 'API key “Booking engine”' });
    const key = await keyDialog.getByRole('textbox', { name: 'API key' }).inputValue();
    expect(key).toMatch(/^rsk_/);
    await screenshot(page, 'reseller-new-key-1280');
    await keyDialog.getByRole('button', { name: 'I have copied it' }).click();
    await see(page, `${key.slice(0, 12)}…`);

    // The reseller's script: hold two seats, then confirm with the names.
    const octo = async (method: string, path: string, body?: unknown) => {
      const response = await fetch(`${suite.server.baseUrl}/api/octo${path}`, { method, headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json', 'octo-capabilities': 'octo/pricing' }, body: body === undefined ? undefined : JSON.stringify(body) });
      expect(response.status, await response.clone().text()).toBe(200);
      return (await response.json()) as { uuid: string; status: string; supplierReference: string };
    };
    const held = await octo('POST', '/bookings', { productId: tour.id, optionId: 'DEFAULT', availabilityId: departure.id, resellerReference: 'NM-4411', unitItems: [{ unitId: 'adult', resellerReference: 'NM-T1' }, { unitId: 'child' }] });
    expect(held.status).toBe('ON_HOLD');
    const confirmed = await octo('POST', `/bookings/${held.uuid}/confirm`, { contact: { firstName: 'Sigrún', lastName: 'Pálsdóttir', emailAddress: 'sigrun@example.is' }, unitItems: [{ unitId: 'adult', contact: { fullName: 'Sigrún Pálsdóttir' } }, { unitId: 'child', contact: { fullName: 'Óli Pálsson' } }] });
    expect(confirmed.status).toBe('CONFIRMED');
    // Its own calls are not sent back to it.
    expect(received).toHaveLength(0);

    // The clerk sees it among the bookings, under the reseller's name.
    await menuEntry(page, 'Bookings').click();
    const row = page.getByRole('row', { name: new RegExp(confirmed.supplierReference) });
    await expect.poll(() => row.textContent(), { timeout: 10_000 }).toContain('Nordic Marketplace · ref NM-4411');
    await row.getByRole('link', { name: confirmed.supplierReference }).click();
    await see(page, /Sold by Nordic Marketplace · ref NM-4411/);
    await see(page, /reseller’s ticket NM-T1/);
    await see(page, /it owes €203\.36/);
    await page.getByRole('button', { name: 'Cancel booking' }).click();
    await page.getByRole('dialog').getByRole('textbox', { name: /Reason/ }).fill('Glacier closed by the park');
    await page.getByRole('dialog').getByRole('button', { name: /Cancel (the )?booking/ }).click();
    await toast(page, /cancelled/i).waitFor();

    await expect.poll(() => received.length, { timeout: 15_000 }).toBe(1);
    const [webhook] = received;
    expect(signatureIsValid(webhook, secret)).toBe(true);
    const update = JSON.parse(webhook.body) as { type: string; data: { uuid: string; status: string; cancellation: { reason: string } } };
    expect(update).toMatchObject({ type: 'booking.updated', data: { uuid: held.uuid, status: 'CANCELLED', cancellation: { reason: 'Glacier closed by the park' } } });

    // The reseller's page shows the delivery; at 390 px too.
    await menuEntry(page, 'Resellers').click();
    await page.getByRole('link', { name: 'Nordic Marketplace' }).click();
    await see(page, 'Delivered');
    // Each delivery names its booking by the reference staff know it by, and links to it.
    await page.getByRole('table', { name: 'Webhook deliveries' }).getByRole('link', { name: held.supplierReference }).waitFor();
    await screenshot(page, 'reseller-page-1280');
    await page.setViewportSize({ width: 390, height: 844 });
    await see(page, 'Delivered');
    await screenshot(page, 'reseller-page-390');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  }, 90_000);
});
