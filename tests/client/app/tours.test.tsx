/**
 * The tour screens in the whole app against the real server (jsdom): the list's lead price and
 * cover, a PRODUCT user's gallery queue (alt text required, a file that is not a picture flagged
 * before sending, a refused upload kept with the server's reason, a good one added), a move the
 * server refuses shown as refused (and the screen fetched again), and a SALES user's brochure
 * with no way to change it.
 */
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import sharp from 'sharp';
import { toast } from 'react-toastify';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test, vi } from 'vitest';
import { createAuthProvider } from '../../../src/client/providers/auth-provider';
import { logOut } from '../../../src/client/providers/auth-state';
import { createHttpClient } from '../../../src/client/providers/http-client';
import type { Media } from '../../../src/shared/contract/tours';
import { aDay, aTour } from '../../helpers/builders';
import { createTour, viaHttpClient } from '../../helpers/api-builders';
import { startTestServer, type TestServer } from '../../helpers/test-server';
import { createCookieJar, type CookieJar } from '../cookie-jar';
import { openAs as openAppAs } from '../render-app';

let server: TestServer;
let jar: CookieJar;
let admin: ReturnType<typeof createHttpClient>;
const PRODUCT = { email: 'pia@agency.example', password: 'product person passphrase' };
const SALES = { email: 'sol@agency.example', password: 'sales person passphrase' };

beforeAll(async () => {
  server = await startTestServer();
  admin = createHttpClient({ baseUrl: apiBase(), fetch: createCookieJar().fetch });
  await createAuthProvider(admin).login({ email: server.admin.email, password: server.admin.password, persist: false, captcha: server.captchaToken });
  for (const [who, role] of [[PRODUCT, 'PRODUCT'], [SALES, 'SALES']] as const) {
    await admin.request('admin/auth/signup', { method: 'POST', mutation: true, body: { email: who.email, fullName: `${role} person`, password: who.password, roles: [role] } });
  }
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

function apiBase() {
  return `${server.baseUrl}/api/`;
}

const openAs = (who: { email: string; password: string }, path: string) => openAppAs(server, jar, who, path);

const draftTour = (overrides: Parameters<typeof aTour>[0] = {}) => createTour(viaHttpClient(admin), overrides);

const quietConsole = () => vi.spyOn(console, 'error').mockImplementation(() => {});

describe('selling a tour online', () => {
  test('the details say whether the shop sells it, the prices what its customers may do alone; both are saved', async () => {
    const tour = await draftTour({ code: 'ONLINE-FORM-1', title: 'Online form tour', status: 'published' });
    await openAs(PRODUCT, `/tours/${tour.id}`);
    const sold = await screen.findByRole('switch', { name: /sold online/i }, { timeout: 10_000 });
    expect(sold).not.toBeChecked();
    await userEvent.click(sold);
    await userEvent.click(screen.getByRole('button', { name: /^save$/i }));
    await waitFor(async () => expect((await admin.request<{ bookableOnline: boolean }>(`tours/${tour.id}`)).bookableOnline).toBe(true), { timeout: 10_000 });

    await userEvent.click(screen.getByRole('tab', { name: /prices/i }));
    const cancel = await screen.findByRole('switch', { name: /customers may cancel online/i });
    await userEvent.click(cancel);
    const until = screen.getByLabelText(/until \(hours before\)/i);
    await userEvent.clear(until);
    await userEvent.type(until, '72');
    await userEvent.click(screen.getByRole('button', { name: /^save$/i }));
    await waitFor(
      async () => expect((await admin.request<{ selfService: unknown }>(`tours/${tour.id}`)).selfService).toEqual({ cancel: true, change: false, untilHours: 72 }),
      { timeout: 10_000 },
    );
  });
});

describe('the tours list', () => {
  test('shows the lead price per adult in the tour’s currency, not a cheaper child price', async () => {
    await draftTour({ code: 'LIST-ISK-1', title: 'Lead price tour', currency: 'ISK', prices: { ADULT: 389_000, CHILD: 289_000, INFANT: 0 } });
    await openAs(PRODUCT, '/tours?filter=%7B%22q%22%3A%22LIST-ISK-1%22%7D');
    const row = (await screen.findByText('Lead price tour', {}, { timeout: 10_000 })).closest('tr')!;
    expect(within(row).getByText(/from ISK\s389,000/)).toBeInTheDocument();
    expect(within(row).queryByText(/289,000/)).toBeNull();
  });
});

describe('the gallery tab', () => {
  test('a file that is not a picture is flagged before sending; a picture waits for its alt text; a refusal stays with its reason; a good picture is added', async () => {
    const tour = await draftTour({ code: 'GAL-JSDOM-1', title: 'Gallery in jsdom' });
    await openAs(PRODUCT, `/tours/${tour.id}?tab=gallery`);
    // As a drop would: the input's accept list does not filter what is dropped.
    const user = userEvent.setup({ applyAccept: false });
    await screen.findByText('No pictures yet. The first one added becomes the cover.', {}, { timeout: 10_000 });
    vi.spyOn(URL, 'createObjectURL').mockImplementation(() => 'blob:preview');
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});

    const jpeg = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#2a6f97' } }).jpeg().toBuffer();
    const notes = new File(['just some notes'], 'notes.txt', { type: 'text/plain' });
    const fake = new File(['<?php echo 1; ?>'.repeat(10)], 'fake.jpg', { type: 'image/jpeg' });
    const real = new File([new Uint8Array(jpeg)], 'harbour.jpg', { type: 'image/jpeg' });
    const input = document.querySelector<HTMLInputElement>('input[type=file]')!;
    await user.upload(input, [notes, fake, real]);

    expect(await screen.findByText('Not a JPEG, PNG, WebP or AVIF picture: it cannot be added.')).toBeInTheDocument();
    const alts = screen.getAllByRole('textbox', { name: 'Alt text' });
    expect(alts).toHaveLength(2); // the text file gets no fields
    const add = screen.getByRole('button', { name: 'Add 2 pictures' });
    expect(add).toBeDisabled();
    expect(screen.getByText('2 pictures still need their alt text.')).toBeInTheDocument();
    await user.type(alts[0], 'Not really a picture');
    await user.type(alts[1], 'The harbour at dawn');
    expect(add).toBeEnabled();

    quietConsole();
    const calls = jar.calls.length;
    await user.click(add);
    // The server refused the fake (its bytes are not a picture): it stays, with the reason; the real one is added.
    expect(await screen.findByText('Send a JPEG, PNG, WebP or AVIF picture.', {}, { timeout: 10_000 })).toBeInTheDocument();
    expect(await screen.findByText('Picture added')).toBeInTheDocument();
    expect(await screen.findByText('One picture was not added: see why below.')).toBeInTheDocument();
    expect(jar.calls.slice(calls).filter((call) => call === `POST /api/tours/${tour.id}/media`)).toHaveLength(2); // never the text file
    expect(await screen.findByRole('img', { name: 'The harbour at dawn' })).toBeInTheDocument();
    expect(screen.getByText('1 of 60 pictures')).toBeInTheDocument();
    expect(screen.getByText('fake.jpg', { exact: false })).toBeInTheDocument();
    expect(screen.queryByText('harbour.jpg', { exact: false })).toBeNull();

    const stored = await admin.request<{ data: Media[] }>(`tours/${tour.id}/media`);
    expect(stored.data.map((media) => [media.alt, media.isCover])).toEqual([['The harbour at dawn', true]]);
  });
});

describe('honest changes', () => {
  test('a move of a day the server refuses (the itinerary changed meanwhile) says so and no success is shown', async () => {
    const tour = await draftTour({ code: 'DAYS-JSDOM-1', title: 'Days in jsdom' });
    for (const [number, title] of [[1, 'Arrival'], [2, 'Glacier'], [3, 'Departure']] as const) {
      await admin.request(`tours/${tour.id}/itinerary/${number}`, { method: 'PUT', mutation: true, body: aDay({ title }) });
    }
    const { user } = await openAs(PRODUCT, `/tours/${tour.id}?tab=itinerary`);
    await screen.findByText('Day 3: Departure', {}, { timeout: 10_000 });
    // Someone else removes day 3 meanwhile: the order this screen sends is no longer the itinerary's.
    await admin.request(`tours/${tour.id}/itinerary/3`, { method: 'DELETE', mutation: true });
    quietConsole();
    await user.click(screen.getByRole('button', { name: 'Move day 2 earlier' }));
    expect(await screen.findByText('The itinerary has changed since it was shown: nothing was moved. Look at it again and move the day once more.')).toBeInTheDocument();
    expect(screen.queryByText(/Day moved/)).toBeNull();
    // The screen fetches the itinerary again and shows what is really there.
    await waitFor(() => expect(screen.queryByText('Day 3: Departure')).toBeNull());
    expect(screen.getByText('Day 2: Glacier')).toBeInTheDocument();
    const days = await admin.request<{ data: { dayNumber: number; title: string }[] }>(`tours/${tour.id}/itinerary`);
    expect(days.data.map((day) => day.title)).toEqual(['Arrival', 'Glacier']);
  });
});

describe('a SALES user', () => {
  test('reads the brochure (prices, payment and cancellation terms, the next dates, days) and is offered no edit', async () => {
    const tour = await draftTour({
      code: 'SALES-JSDOM-1',
      title: 'Brochure in jsdom',
      status: 'published',
      timeZone: 'UTC',
      depositPercent: 20,
      balanceDueDays: 30,
      cancellationFees: [
        { daysBefore: 30, percent: 10 },
        { daysBefore: 0, percent: 100 },
      ],
    });
    const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
    for (const days of [40, 20]) await admin.request('departures', { method: 'POST', mutation: true, body: { tourId: tour.id, startDate: inDays(days), startTime: '09:00', capacity: 12 } });
    const { router } = await openAs(SALES, `/tours/${tour.id}/show`);
    await screen.findByRole('heading', { name: 'Brochure in jsdom' }, { timeout: 10_000 });
    expect(screen.getByText('Prices')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('Loading…')).toBeNull());
    expect(screen.getByText('A deposit of 20 % at booking; the rest 30 days before departure.')).toBeInTheDocument();
    expect(screen.getByText('Cancelled 30 days or more before departure: 10 % of the price.')).toBeInTheDocument();
    expect(screen.getByText('Cancelled on the day of departure: 100 % of the price.')).toBeInTheDocument();
    // The next dates, soonest first, with their free seats.
    const dates = screen.getAllByText(/: 12 seats free$/).map((item) => item.textContent);
    expect(dates).toHaveLength(2);
    expect(dates[0]).toContain('09:00 UTC');
    expect(screen.queryByRole('link', { name: /^edit$/i })).toBeNull();
    expect(router.state.location.pathname).toBe(`/tours/${tour.id}/show`);
  });
});
