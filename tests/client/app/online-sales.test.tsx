/**
 * The Online sales screen in the whole app against the real server (jsdom): an administrator sees
 * the shop's address and settings, a website's address that is not an origin is refused and named
 * (what was typed stays), a good one is saved; the last days count a customer's cart as the server
 * recorded it; the widget's code is given for a tour and language, with its live preview.
 */
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'react-toastify';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test, vi } from 'vitest';
import { createAuthProvider } from '../../../src/client/providers/auth-provider';
import { logOut } from '../../../src/client/providers/auth-state';
import { createHttpClient } from '../../../src/client/providers/http-client';
import type { Departure } from '../../../src/shared/contract/departures';
import type { ShopSettings } from '../../../src/shared/contract/shop';
import type { Tour } from '../../../src/shared/contract/tours';
import { aTour } from '../../helpers/builders';
import { startTestServer, type TestServer } from '../../helpers/test-server';
import { createCookieJar, type CookieJar } from '../cookie-jar';
import { openAs as openAppAs } from '../render-app';

let server: TestServer;
let jar: CookieJar;
let admin: ReturnType<typeof createHttpClient>;

beforeAll(async () => {
  server = await startTestServer();
  admin = createHttpClient({ baseUrl: `${server.baseUrl}/api/`, fetch: createCookieJar().fetch });
  await createAuthProvider(admin).login({ email: server.admin.email, password: server.admin.password, persist: false, captcha: server.captchaToken });
  const tour = await admin.request<Tour>('tours', { method: 'POST', mutation: true, body: aTour({ code: 'SHOP-SCREEN-1', status: 'published', bookableOnline: true }) });
  const departure = await admin.request<Departure>('departures', { method: 'POST', mutation: true, body: { tourId: tour.id, startDate: '2030-09-04', startTime: '09:00', capacity: 30 } });
  const cart = await fetch(`${server.baseUrl}/api/shop/carts`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ departureId: departure.id, travellers: { ADULT: 2 } }) });
  expect(cart.status).toBe(201);
}, 60_000);
afterAll(async () => server?.close());
beforeEach(() => {
  jar = createCookieJar();
  logOut();
});
afterEach(() => {
  act(() => toast.dismiss());
  vi.restoreAllMocks();
});

describe('the Online sales screen', () => {
  test('shows the shop’s address, refuses an origin that is not one and names it, saves the settings, and counts the day’s cart', async () => {
    await openAppAs(server, jar, server.admin, '/online-sales');
    const hold = await screen.findByLabelText(/holds its seats/i, {}, { timeout: 10_000 });
    expect(screen.getByRole('link', { name: /\/shop$/ })).toBeInTheDocument();

    const origins = screen.getByLabelText(/websites that may show/i);
    await userEvent.type(origins, 'http://www.example.com/book');
    await userEvent.clear(hold);
    await userEvent.type(hold, '45');
    await userEvent.click(screen.getByRole('button', { name: /^save$/i }));
    expect(await screen.findByText(/http:\/\/www\.example\.com\/book: must be a web site’s origin/)).toBeInTheDocument();
    // The toast says what happened in words, not the field's key.
    expect(await screen.findByText('The shop settings were not saved: see the fields marked below')).toBeInTheDocument();
    expect(screen.queryByText(/embedOrigins/)).toBeNull();
    expect(origins).toHaveValue('http://www.example.com/book');
    expect((await admin.request<ShopSettings>('shop-settings')).holdMinutes).toBe(30);

    await userEvent.clear(origins);
    await userEvent.type(origins, 'https://www.example.com');
    await userEvent.click(screen.getByRole('button', { name: /^save$/i }));
    await waitFor(async () => expect(await admin.request<ShopSettings>('shop-settings')).toMatchObject({ holdMinutes: 45, embedOrigins: ['https://www.example.com'] }), { timeout: 10_000 });

    // The widget's code for the operator's website, for the tour and language chosen, with the widget itself below it.
    const code = await screen.findByLabelText(/code for your website/i, {}, { timeout: 10_000 });
    expect(code).toHaveValue(`<script src="${window.location.origin}/shop/embed.js" defer></script>\n<tour-booking tour="SHOP-SCREEN-1" lang="en"></tour-booking>`);
    await userEvent.click(screen.getByRole('combobox', { name: /^language$/i }));
    await userEvent.click(await screen.findByRole('option', { name: 'Deutsch' }));
    await waitFor(() => expect((code as HTMLTextAreaElement).value).toContain('<tour-booking tour="SHOP-SCREEN-1" lang="de">'));
    const preview = screen.getByTestId('widget-preview').querySelector('tour-booking');
    expect([preview?.getAttribute('tour'), preview?.getAttribute('lang')]).toEqual(['SHOP-SCREEN-1', 'de']);
    expect(document.querySelectorAll('script[src="/shop/embed.js"]')).toHaveLength(1);

    const table = screen.getByRole('table');
    const total = within(table).getByText('Total').closest('tr')!;
    expect(within(total).getAllByRole('cell').map((cell) => cell.textContent)).toEqual(['Total', '1', '0', '0', '0', '0']);
  });
});
