/**
 * A clerk changes a booking without cancelling it, in the whole app against the real server
 * (jsdom): adds a traveller and sees the new price and the difference before saving, then moves the
 * booking to another date; a departure without seats is refused before anything is saved, and the
 * booking keeps its reference and payments.
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
let tour: Tour;
let first: Departure;
let second: Departure;
let full: Departure;

beforeAll(async () => {
  server = await startTestServer();
  admin = createHttpClient({ baseUrl: `${server.baseUrl}/api/`, fetch: createCookieJar().fetch });
  await createAuthProvider(admin).login({ email: server.admin.email, password: server.admin.password, persist: false, captcha: server.captchaToken });
  tour = await admin.request<Tour>('tours', { method: 'POST', mutation: true, body: aTour({ code: 'MOVE-1', title: 'Whale watching', status: 'published', currency: 'EUR', durationDays: 1, prices: { ADULT: 8_000, CHILD: 4_000, INFANT: 0 } }) });
  const departure = (startDate: string, capacity: number) => admin.request<Departure>('departures', { method: 'POST', mutation: true, body: { tourId: tour.id, startDate, startTime: '13:00', capacity } });
  first = await departure('2027-09-04', 10);
  second = await departure('2027-09-11', 10);
  full = await departure('2027-09-18', 1);
  await admin.request('bookings', { method: 'POST', mutation: true, body: { departureId: full.id, status: 'confirmed', contact: { name: 'Full', email: 'full@example.test' }, travellers: [{ category: 'ADULT', firstName: 'Only', lastName: 'Seat' }] } });
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

describe('moving or changing a booking', () => {
  test('adds a traveller with the new price shown first, then moves it to another date; a full departure is refused', async () => {
    const booking = await admin.request<Booking>('bookings', { method: 'POST', mutation: true, body: { departureId: first.id, status: 'confirmed', contact: { name: 'Mia Berg', email: 'mia@example.test' }, travellers: [{ category: 'ADULT', firstName: 'Mia', lastName: 'Berg' }] } });
    await admin.request(`bookings/${booking.id}/payments`, { method: 'POST', mutation: true, body: { kind: 'payment', amountMinor: 8_000, method: 'card' } });
    const { router, user, queryClient } = await openAppAs(server, jar, server.admin, `/bookings/${booking.id}/change`);
    expect(await screen.findByText(/Nothing changed yet/, {}, { timeout: 10_000 })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add a traveller' }));
    const travellers = screen.getByRole('region', { name: 'Travellers' });
    // A new row is named first: no refusal by the fields' paths, the price asked for once the names are there.
    expect(screen.getByRole('status')).toHaveTextContent('Enter the first and last name of each new traveller: the new price shows then.');
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(screen.queryByText(/Invalid value for|travellers\.1\./)).toBeNull();
    await user.click(within(travellers).getAllByRole('combobox')[1]);
    await user.click(await screen.findByRole('option', { name: 'Child' }));
    await user.type(within(travellers).getByRole('textbox', { name: 'First name' }), 'Leo');
    await user.type(within(travellers).getByRole('textbox', { name: 'Last name' }), 'Berg');
    const status = screen.getByRole('status');
    await waitFor(() => expect(status).toHaveTextContent('€80.00 now, €120.00 after the change'), { timeout: 5_000 });
    expect(status).toHaveTextContent('The customer pays €40.00 more.');
    // Nothing is saved by the preview.
    expect((await admin.request<Booking>(`bookings/${booking.id}`)).totalMinor).toBe(8_000);

    // A departure without the seats: refused before saving.
    await user.click(screen.getByRole('combobox', { name: 'Departure' }));
    await user.click(await screen.findByRole('option', { name: /18 Sept 2027.*0 free/ }));
    await waitFor(() => expect(status).toHaveTextContent(/cannot be made/), { timeout: 5_000 });
    expect(screen.getByRole('button', { name: 'Save the change' })).toBeDisabled();

    await user.click(screen.getByRole('combobox', { name: 'Departure' }));
    await user.click(await screen.findByRole('option', { name: /11 Sept 2027/ }));
    await waitFor(() => expect(status).toHaveTextContent('€120.00 after the change'), { timeout: 5_000 });
    await user.click(screen.getByRole('button', { name: 'Save the change' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/bookings/${booking.id}/show`), { timeout: 10_000 });
    const changed = await admin.request<Booking>(`bookings/${booking.id}`);
    expect(changed).toMatchObject({ reference: booking.reference, departureId: second.id, totalMinor: 12_000, paidMinor: 8_000, balanceMinor: 4_000 });
    expect(changed.travellers.map((traveller) => traveller.firstName)).toEqual(['Mia', 'Leo']);
    await waitFor(() => expect(queryClient.isFetching()).toBe(0), { timeout: 10_000 });
  }, 40_000);
});
