/**
 * The booking screens in the whole app against the real server (jsdom): a payment the server
 * refuses (another clerk was paid meanwhile) is shown as refused in the dialog, which stays open,
 * and nothing is recorded; a cancellation fee above what was paid is refused before sending; a
 * FINANCE user is offered payments but neither confirm nor cancel; a departure's bookings and a
 * booking's payments are lists on a phone, tables on a wide screen; the cancel dialog proposes the
 * fee the tour's cancellation terms keep, and the page shows the deposit.
 */
import { act, screen, waitFor, within } from '@testing-library/react';
import { toast } from 'react-toastify';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test, vi } from 'vitest';
import { createAuthProvider } from '../../../src/client/providers/auth-provider';
import { logOut } from '../../../src/client/providers/auth-state';
import { createHttpClient } from '../../../src/client/providers/http-client';
import type { Booking } from '../../../src/shared/contract/bookings';
import type { Departure } from '../../../src/shared/contract/departures';
import type { Tour } from '../../../src/shared/contract/tours';
import { aTour } from '../../helpers/builders';
import { startTestServer, type TestServer } from '../../helpers/test-server';
import { createCookieJar, type CookieJar } from '../cookie-jar';
import { openAs as openAppAs } from '../render-app';

let server: TestServer;
let jar: CookieJar;
let admin: ReturnType<typeof createHttpClient>;
let departure: Departure;
const SALES = { email: 'sam@agency.example', password: 'sales person passphrase' };
const FINANCE = { email: 'fay@agency.example', password: 'finance person passphrase' };

beforeAll(async () => {
  server = await startTestServer();
  admin = createHttpClient({ baseUrl: `${server.baseUrl}/api/`, fetch: createCookieJar().fetch });
  await createAuthProvider(admin).login({ email: server.admin.email, password: server.admin.password, persist: false, captcha: server.captchaToken });
  for (const [who, role] of [[SALES, 'SALES'], [FINANCE, 'FINANCE']] as const) {
    await admin.request('admin/auth/signup', { method: 'POST', mutation: true, body: { email: who.email, fullName: `${role} person`, password: who.password, roles: [role] } });
  }
  const tour = await admin.request<Tour>('tours', { method: 'POST', mutation: true, body: aTour({ code: 'JSDOM-BOOK-1', status: 'published', currency: 'EUR', prices: { ADULT: 100_000, CHILD: null, INFANT: null } }) });
  departure = await admin.request<Departure>('departures', { method: 'POST', mutation: true, body: { tourId: tour.id, startDate: '2027-05-01', startTime: '10:00', capacity: 20 } });
}, 60_000);
afterAll(async () => server?.close());
beforeEach(() => {
  jar = createCookieJar();
  logOut();
});
afterEach(() => {
  act(() => toast.dismiss());
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

const openAs = (who: { email: string; password: string }, path: string) => openAppAs(server, jar, who, path);

async function aBooking(on: Departure = departure): Promise<Booking> {
  return admin.request<Booking>('bookings', {
    method: 'POST',
    mutation: true,
    body: { departureId: on.id, status: 'confirmed', contact: { name: 'Lead Person', email: 'lead@example.test' }, travellers: [{ category: 'ADULT', firstName: 'Ada', lastName: 'Lovelace' }] },
  });
}

describe('a booking’s page', () => {
  test('a payment the server refuses is shown as refused, the dialog keeps what was typed, and nothing is recorded', async () => {
    const booking = await aBooking();
    const { user } = await openAs(SALES, `/bookings/${booking.id}/show`);
    await screen.findByText('Nothing paid yet.', {}, { timeout: 10_000 });
    // Meanwhile another clerk takes the whole balance.
    await admin.request(`bookings/${booking.id}/payments`, { method: 'POST', mutation: true, body: { kind: 'payment', amountMinor: 100_000, method: 'cash' } });
    vi.spyOn(console, 'error').mockImplementation(() => {});
    await user.click(screen.getByRole('button', { name: 'Record payment' }));
    const dialog = await screen.findByRole('dialog');
    const amount = within(dialog).getByRole('textbox', { name: /Amount/ });
    expect(amount).toHaveValue('1000.00');
    await user.click(within(dialog).getByRole('button', { name: 'Record payment' }));
    await screen.findByText('Nothing is owed on this booking.', {}, { timeout: 10_000 });
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    expect(within(screen.getByRole('dialog')).getByRole('textbox', { name: /Amount/ })).toHaveValue('1000.00');
    expect(screen.queryByText(/Payment of .* recorded/)).toBeNull();
    const payments = await admin.request<{ data: unknown[] }>(`bookings/${booking.id}/payments`);
    expect(payments.data).toHaveLength(1);
  });

  test('a cancellation fee above what was paid is refused before anything is sent', async () => {
    const booking = await aBooking();
    const { user } = await openAs(SALES, `/bookings/${booking.id}/show`);
    await user.click(await screen.findByRole('button', { name: 'Cancel booking' }, { timeout: 10_000 }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByRole('textbox', { name: /Reason/ }), 'Changed plans');
    await user.type(within(dialog).getByRole('textbox', { name: /Cancellation fee/ }), '10');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel booking' }));
    expect(await within(dialog).findByText('At most what was paid: €0.00.')).toBeInTheDocument();
    expect((await admin.request<Booking>(`bookings/${booking.id}`)).status).toBe('confirmed');
  });

  test('the cancel dialog proposes the fee the tour’s terms keep today, and the page shows the deposit', async () => {
    const tour = await admin.request<Tour>('tours', {
      method: 'POST',
      mutation: true,
      body: aTour({ code: 'JSDOM-TERMS-1', status: 'published', currency: 'EUR', prices: { ADULT: 100_000, CHILD: null, INFANT: null }, depositPercent: 30, cancellationFees: [{ daysBefore: 90, percent: 20 }, { daysBefore: 0, percent: 100 }] }),
    });
    const far = await admin.request<Departure>('departures', { method: 'POST', mutation: true, body: { tourId: tour.id, startDate: '2027-09-01', startTime: '10:00', capacity: 20 } });
    const booking = await aBooking(far);
    await admin.request(`bookings/${booking.id}/payments`, { method: 'POST', mutation: true, body: { kind: 'payment', amountMinor: 50_000, method: 'card' } });
    const { user } = await openAs(SALES, `/bookings/${booking.id}/show`);
    const deposit = await screen.findByRole('row', { name: /Deposit at booking/ }, { timeout: 10_000 });
    expect(deposit).toHaveTextContent('€300.00');
    await user.click(await screen.findByRole('button', { name: 'Cancel booking' }, { timeout: 10_000 }));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText(/The tour’s terms keep 20% \d+ days before departure: €200\.00\./)).toBeInTheDocument();
    expect(within(dialog).getByRole('textbox', { name: /Cancellation fee/ })).toHaveValue('200.00');
    await user.type(within(dialog).getByRole('textbox', { name: /Reason/ }), 'Changed plans');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel booking' }));
    await waitFor(async () => expect(await admin.request<Booking>(`bookings/${booking.id}`)).toMatchObject({ status: 'cancelled', cancellation: { feeMinor: 20_000 } }), { timeout: 10_000 });
  });

  test('FINANCE is offered payments, not confirm, cancel or amend (nor a voucher while the booking is held)', async () => {
    const booking = await admin.request<Booking>('bookings', {
      method: 'POST',
      mutation: true,
      body: { departureId: departure.id, contact: { name: 'Held Person', email: 'held@example.test' }, travellers: [{ category: 'ADULT', firstName: 'Hal', lastName: 'Held' }] },
    });
    await openAs(FINANCE, `/bookings/${booking.id}/show`);
    await screen.findByRole('button', { name: 'Record payment' }, { timeout: 10_000 });
    expect(screen.queryByRole('button', { name: 'Voucher' })).toBeNull();
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Confirm' })).toBeNull());
    expect(screen.queryByRole('button', { name: 'Cancel booking' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Amend' })).toBeNull();
  });
});

describe('the bookings list', () => {
  test('newest first, each row saying when it was booked', async () => {
    const older = await aBooking();
    const newer = await aBooking();
    await openAs(SALES, '/bookings');
    await screen.findByRole('columnheader', { name: /Booked/ }, { timeout: 10_000 });
    await screen.findByText(newer.reference, {}, { timeout: 10_000 });
    const references = screen.getAllByText(/^[0-9A-Z]{8}$/).map((cell) => cell.textContent);
    expect(references.indexOf(newer.reference)).toBeLessThan(references.indexOf(older.reference));
    const row = screen.getByText(newer.reference).closest('tr')!;
    const booked = new Date(newer.createdAt);
    expect(within(row).getByText(booked.toLocaleDateString('en-GB', { day: 'numeric', month: 'short', year: 'numeric' }))).toBeInTheDocument();
    expect(within(row).getByText(booked.toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit' }))).toBeInTheDocument();
  });
});

/** The screen's width as MUI's media queries read it (jsdom has no layout); put back after each test. */
const screenWidth = (px: number) =>
  vi.stubGlobal('matchMedia', (query: string) => {
    const max = /max-width:\s*([\d.]+)px/.exec(query);
    const min = /min-width:\s*([\d.]+)px/.exec(query);
    const matches = (!max || px <= Number(max[1])) && (!min || px >= Number(min[1]));
    return { matches, media: query, onchange: null, addEventListener: () => {}, removeEventListener: () => {}, addListener: () => {}, removeListener: () => {}, dispatchEvent: () => false };
  });

describe('a departure’s bookings', () => {
  test('on a phone, each booking is listed with its lead, status and balance, with no table to scroll sideways', async () => {
    const booking = await aBooking();
    screenWidth(390);
    await openAs(SALES, `/departures/${departure.id}/show`);
    const list = await screen.findByRole('list', { name: 'Bookings of this departure' }, { timeout: 10_000 });
    const item = (await within(list).findByText(booking.reference)).closest('li')!;
    expect(within(item).getByText('Lead Person')).toBeInTheDocument();
    expect(within(item).getByText('1 adult')).toBeInTheDocument();
    expect(within(item).getByText('Confirmed')).toBeInTheDocument();
    expect(within(item).getByText('€1,000.00 due')).toBeInTheDocument();
    expect(screen.queryByRole('table', { name: 'Bookings of this departure' })).toBeNull();
  });

  test('on a wide screen, they are a table', async () => {
    const booking = await aBooking();
    screenWidth(1280);
    await openAs(SALES, `/departures/${departure.id}/show`);
    const table = await screen.findByRole('table', { name: 'Bookings of this departure' }, { timeout: 10_000 });
    const row = (await within(table).findByText(booking.reference)).closest('tr')!;
    expect(within(row).getByText('€1,000.00 due')).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Bookings of this departure' })).toBeNull();
  });
});

describe('a booking’s payments', () => {
  test('on a phone, each payment is listed with its amount, when, how and by whom, with no table to scroll sideways', async () => {
    const booking = await aBooking();
    await admin.request(`bookings/${booking.id}/payments`, { method: 'POST', mutation: true, body: { kind: 'payment', amountMinor: 40_000, method: 'cash', reference: 'TILL-7' } });
    screenWidth(390);
    await openAs(SALES, `/bookings/${booking.id}/show`);
    const list = await screen.findByRole('list', { name: 'Payments and refunds' }, { timeout: 10_000 });
    const item = within(list).getByText('Payment').closest('li')!;
    expect(within(item).getByText('€400.00')).toBeInTheDocument();
    expect(within(item).getByText(/Cash · TILL-7 · by /)).toBeInTheDocument();
    expect(screen.queryByRole('table', { name: 'Payments and refunds' })).toBeNull();
  });
});

describe('the dashboard on a phone', () => {
  test('each departure of the next 14 days is listed with its tour, whether it runs and its seats, with no table to scroll sideways', async () => {
    const tour = await admin.request<Tour>('tours', { method: 'POST', mutation: true, body: aTour({ code: 'JSDOM-SOON-1', title: 'Snæfellsnes in a day', status: 'published', currency: 'EUR', minPax: 4 }) });
    const inThreeDays = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10);
    const soon = await admin.request<Departure>('departures', { method: 'POST', mutation: true, body: { tourId: tour.id, startDate: inThreeDays, startTime: '09:00', capacity: 12 } });
    await aBooking(soon);
    screenWidth(390);
    await openAs(server.admin, '/dashboard');
    const list = await screen.findByRole('list', { name: 'Departures in the next 14 days' }, { timeout: 10_000 });
    const item = within(list).getByRole('link', { name: 'Snæfellsnes in a day' }).closest('li')!;
    expect(within(item).getByText('Below minimum: 1 of 4')).toBeInTheDocument();
    expect(within(item).getByRole('img', { name: '1 confirmed, 0 held, 11 free of 12' })).toBeInTheDocument();
    expect(within(item).getByText('Atlantic/Reykjavik')).toBeInTheDocument();
    expect(within(list.closest('section')!).queryByRole('table')).toBeNull();
    // The rest of the page finishes loading before the test ends, leaving no call to fail when the server stops.
    await waitFor(() => expect(screen.queryAllByText(/^(…|Loading…)$/)).toHaveLength(0));
  });
});
