/**
 * A clerk and the customers, in the whole app against the real server (jsdom): the new-booking form
 * offers a returning customer as the clerk types and books for them; the customers list finds a
 * person by part of a name; a customer's page shows their bookings and what they spent; a second
 * record of the same person is merged into the first after a warning.
 */
import { act, screen, waitFor, within } from '@testing-library/react';
import { toast } from 'react-toastify';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test, vi } from 'vitest';
import { createAuthProvider } from '../../../src/client/providers/auth-provider';
import { logOut } from '../../../src/client/providers/auth-state';
import { createHttpClient } from '../../../src/client/providers/http-client';
import type { Booking } from '../../../src/shared/contract/bookings';
import type { Customer } from '../../../src/shared/contract/customers';
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

beforeAll(async () => {
  server = await startTestServer();
  admin = createHttpClient({ baseUrl: `${server.baseUrl}/api/`, fetch: createCookieJar().fetch });
  await createAuthProvider(admin).login({ email: server.admin.email, password: server.admin.password, persist: false, captcha: server.captchaToken });
  await admin.request('admin/auth/signup', { method: 'POST', mutation: true, body: { email: SALES.email, fullName: 'Sam Sales', password: SALES.password, roles: ['SALES'] } });
  const tour = await admin.request<Tour>('tours', { method: 'POST', mutation: true, body: aTour({ code: 'CUST-DAY-1', title: 'Lagoon by kayak', status: 'published', currency: 'EUR', prices: { ADULT: 12_000, CHILD: 6_000, INFANT: 0 } }) });
  departure = await admin.request<Departure>('departures', { method: 'POST', mutation: true, body: { tourId: tour.id, startDate: '2027-09-04', startTime: '09:00', capacity: 30 } });
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

const openAs = (path: string) => openAppAs(server, jar, SALES, path);

async function aBooking(contact: { name: string; email: string; phone?: string }): Promise<Booking> {
  return admin.request<Booking>('bookings', { method: 'POST', mutation: true, body: { departureId: departure.id, status: 'confirmed', contact, travellers: [{ category: 'ADULT', firstName: 'Ada', lastName: 'Byron' }] } });
}

describe('customers', () => {
  test('the booking form offers a returning customer as the clerk types, and the booking is theirs', async () => {
    const earlier = await aBooking({ name: 'Greta Lind', email: 'greta.lind@example.test', phone: '+46 70 123 45 67' });
    const { router, user } = await openAs(`/bookings/create?departureId=${departure.id}`);
    await screen.findByDisplayValue('CUST-DAY-1 · Lagoon by kayak', {}, { timeout: 10_000 });
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.type(await screen.findByRole('textbox', { name: 'First name' }), 'Greta');
    await user.type(screen.getByRole('textbox', { name: 'Last name' }), 'Lind');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByRole('region', { name: 'Extras and rooms' });
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.type(await screen.findByRole('textbox', { name: /Lead contact’s name/ }), 'greta');
    const offered = await screen.findByRole('region', { name: 'Returning customers' }, { timeout: 5_000 });
    expect(within(offered).getByText(/Greta Lind · greta\.lind@example\.test/)).toBeInTheDocument();
    await user.click(within(offered).getByRole('button', { name: 'Book for Greta Lind' }));
    expect(screen.getByRole('textbox', { name: /Lead contact’s name/ })).toHaveValue('Greta Lind');
    expect(screen.getByRole('textbox', { name: /E-mail/ })).toHaveValue('greta.lind@example.test');
    expect(screen.getByRole('textbox', { name: 'Phone' })).toHaveValue('+46 70 123 45 67');
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Returning customers' })).toBeNull());
    await user.click(screen.getByRole('button', { name: 'Book and confirm' }));
    await waitFor(() => expect(router.state.location.pathname).toMatch(/^\/bookings\/[0-9a-f-]+\/show$/), { timeout: 10_000 });
    const id = router.state.location.pathname.split('/')[2]!;
    const made = await admin.request<Booking>(`bookings/${id}`);
    expect(made.customerId).toBe(earlier.customerId);
  });

  test('the list finds a person by part of the name; their page shows bookings and money, and a second record is merged after a warning', async () => {
    const first = await aBooking({ name: 'Oskar Berg', email: 'oskar@example.test' });
    await admin.request(`bookings/${first.id}/payments`, { method: 'POST', mutation: true, body: { kind: 'payment', amountMinor: 5_000, method: 'cash' } });
    const second = await aBooking({ name: 'Oskar Berg', email: 'o.berg@work.example' });
    const { router, user } = await openAs('/customers');
    await user.type(await screen.findByRole('textbox', { name: /Search name, e-mail or phone/ }, { timeout: 10_000 }), 'oskar b');
    await waitFor(() => expect(screen.getAllByRole('link', { name: 'Oskar Berg' })).toHaveLength(2), { timeout: 10_000 });
    await user.click(screen.getAllByRole('link', { name: 'Oskar Berg' }).find((link) => link.getAttribute('href')?.includes(first.customerId!))!);
    await waitFor(() => expect(router.state.location.pathname).toBe(`/customers/${first.customerId}/show`));
    expect(await screen.findByText(/1 booking not cancelled or expired · spent €50\.00/, {}, { timeout: 10_000 })).toBeInTheDocument();
    expect(within(await screen.findByRole('list', { name: 'Their bookings' })).getByText(first.reference)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Merge another customer into this one' }));
    const dialog = await screen.findByRole('dialog', { name: 'Merge into Oskar Berg' });
    await user.type(within(dialog).getByRole('combobox', { name: /The other customer/ }), 'o.berg');
    await user.click(await screen.findByRole('option', { name: 'Oskar Berg <o.berg@work.example>' }, { timeout: 10_000 }));
    expect(within(dialog).getByText(/booking will belong to Oskar Berg\. This cannot be undone\./)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Merge' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await screen.findByText(/2 bookings not cancelled or expired/, {}, { timeout: 10_000 })).toBeInTheDocument();
    expect(within(await screen.findByRole('list', { name: 'Their bookings' })).getByText(second.reference)).toBeInTheDocument();
    await expect(admin.request(`customers/${second.customerId}`)).rejects.toMatchObject({ status: 404 });
    const kept = await admin.request<Customer>(`customers/${first.customerId}`);
    expect(kept).toMatchObject({ bookingCount: 2, email: 'oskar@example.test' });
  });

  test('an administrator erases a customer after cancelling what was to come: the name is gone from their page and the bookings list', async () => {
    const made = await aBooking({ name: 'Henrik Vanish', email: 'henrik.vanish@example.test' });
    const { user, router } = await openAppAs(server, jar, server.admin, `/customers/${made.customerId}/show`);
    await user.click(await screen.findByRole('button', { name: 'Erase this customer' }, { timeout: 10_000 }));
    let dialog = await screen.findByRole('dialog', { name: 'Erase Henrik Vanish?' });
    await user.type(within(dialog).getByRole('textbox', { name: /Why/ }), 'Asked by phone');
    const erase = within(dialog).getByRole('button', { name: 'Erase for good' });
    expect(erase).toBeDisabled();
    await user.type(within(dialog).getByRole('textbox', { name: /Type “Henrik Vanish” to confirm/ }), 'henrik vanish');
    await user.click(erase);
    // The booking is still to come: refused, named, and nothing erased.
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(made.reference);
    await user.click(within(dialog).getByRole('button', { name: 'Keep them' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await admin.request(`bookings/${made.id}/cancel`, { method: 'POST', mutation: true, body: { reason: 'Withdrew' } });

    await user.click(await screen.findByRole('button', { name: 'Erase this customer' }));
    dialog = await screen.findByRole('dialog', { name: 'Erase Henrik Vanish?' });
    await user.type(within(dialog).getByRole('textbox', { name: /Why/ }), 'Asked by phone');
    await user.type(within(dialog).getByRole('textbox', { name: /to confirm/ }), 'Henrik Vanish');
    await user.click(within(dialog).getByRole('button', { name: 'Erase for good' }));
    expect(await screen.findByText(/their personal data is gone/, {}, { timeout: 10_000 })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Erased customer' })).toBeInTheDocument();
    expect(document.body.textContent).not.toContain('Henrik');
    expect(screen.queryByRole('button', { name: 'Erase this customer' })).toBeNull();
    await act(() => router.navigate('/bookings'));
    expect(await screen.findByText(made.reference, {}, { timeout: 10_000 })).toBeInTheDocument();
    expect(document.body.textContent).not.toContain('Henrik');
  });
});
