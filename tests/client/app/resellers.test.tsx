/**
 * An administrator connects a reseller in the whole app against the real server (jsdom): adds it
 * with its commission, makes an API key that is shown once with a copy button and works on the
 * OCTO API at once, revokes it after a confirmation (and it stops working); then sees the
 * reseller's booking in the bookings list, its names still to come, with the reseller's name and
 * reference, and lists that reseller's bookings alone. A test key's booking is marked Test and is
 * deleted from the reseller's page after a confirmation.
 */
import { act, screen, waitFor, within } from '@testing-library/react';
import { toast } from 'react-toastify';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test, vi } from 'vitest';
import { createAuthProvider } from '../../../src/client/providers/auth-provider';
import { logOut } from '../../../src/client/providers/auth-state';
import { createHttpClient } from '../../../src/client/providers/http-client';
import type { Departure } from '../../../src/shared/contract/departures';
import type { CreatedApiKey, Reseller } from '../../../src/shared/contract/resellers';
import type { Tour } from '../../../src/shared/contract/tours';
import { aTour } from '../../helpers/builders';
import { startTestServer, type TestServer } from '../../helpers/test-server';
import { createCookieJar, type CookieJar } from '../cookie-jar';
import { openAs as openAppAs } from '../render-app';

let server: TestServer;
let jar: CookieJar;
let admin: ReturnType<typeof createHttpClient>;
let tour: Tour;
let departure: Departure;

beforeAll(async () => {
  server = await startTestServer();
  admin = createHttpClient({ baseUrl: `${server.baseUrl}/api/`, fetch: createCookieJar().fetch });
  await createAuthProvider(admin).login({ email: server.admin.email, password: server.admin.password, persist: false, captcha: server.captchaToken });
  tour = await admin.request<Tour>('tours', { method: 'POST', mutation: true, body: aTour({ code: 'OCTO-DAY-1', title: 'Glacier walk', status: 'published', currency: 'EUR', prices: { ADULT: 9_900, CHILD: 4_900, INFANT: null } }) });
  departure = await admin.request<Departure>('departures', { method: 'POST', mutation: true, body: { tourId: tour.id, startDate: '2027-08-14', startTime: '10:00', capacity: 12 } });
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

const openAs = (path: string) => openAppAs(server, jar, server.admin, path);
const octo = (key: string, path: string, init: RequestInit = {}) =>
  fetch(`${server.baseUrl}/api/octo${path}`, { ...init, headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json', ...init.headers } });

describe('connecting a reseller', () => {
  test('add it, make a key shown once, and revoke it after a confirmation', async () => {
    const { router, user, queryClient } = await openAs('/resellers/create');
    await user.type(await screen.findByRole('textbox', { name: 'Name' }, { timeout: 10_000 }), 'Hotel Borg desk');
    const commission = screen.getByRole('spinbutton', { name: /Commission/ });
    await user.clear(commission);
    await user.type(commission, '12.5');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(router.state.location.pathname).toMatch(/^\/resellers\/[0-9a-f-]+\/show$/), { timeout: 10_000 });
    expect(await screen.findByText(/Commission 12\.5 %/)).toBeInTheDocument();
    expect(screen.getByText('Every published tour')).toBeInTheDocument();
    expect(await screen.findByText(/No keys yet/)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'New API key' }));
    await user.type(await screen.findByRole('textbox', { name: 'Name' }), 'Front desk tablet');
    await user.click(screen.getByRole('button', { name: 'Make the key' }));
    const dialog = await screen.findByRole('dialog', { name: 'API key “Front desk tablet”' });
    const field = within(dialog).getByRole('textbox', { name: 'API key' }) as HTMLInputElement;
    const key = field.value;
    expect(key).toMatch(/^rsk_/);
    expect(within(dialog).getByText(/shown only this once/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Copy the api key' }));
    // user-event puts a clipboard of its own in the page: what was copied is read back from it.
    expect(await navigator.clipboard.readText()).toBe(key);
    expect(within(dialog).getByText('Copied.')).toBeInTheDocument();
    expect((await octo(key, '/supplier')).status).toBe(200);
    await user.click(within(dialog).getByRole('button', { name: 'I have copied it' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    // Listed by its first characters only; the key itself is not on the page any more.
    const keys = await screen.findByRole('table', { name: 'API keys' });
    expect(within(keys).getByText(`${key.slice(0, 12)}…`)).toBeInTheDocument();
    expect(document.body.textContent).not.toContain(key);

    await user.click(within(keys).getByRole('button', { name: 'Revoke' }));
    const confirm = await screen.findByRole('dialog', { name: 'Revoke the key “Front desk tablet”?' });
    await user.click(within(confirm).getByRole('button', { name: 'Revoke' }));
    expect(await within(await screen.findByRole('table', { name: 'API keys' })).findByText(/^Revoked/)).toBeInTheDocument();
    expect((await octo(key, '/supplier')).status).toBe(401);
    await waitFor(() => expect(queryClient.isFetching()).toBe(0), { timeout: 10_000 });
  }, 30_000);

  test('a reseller’s booking shows in the bookings list with its names to come, and the list filters by reseller', async () => {
    const reseller = await admin.request<Reseller>('resellers', { method: 'POST', mutation: true, body: { name: 'Viator', commissionPercent: 20 } });
    const key = await admin.request<CreatedApiKey>(`resellers/${reseller.id}/api-keys`, { method: 'POST', mutation: true, body: { name: 'API' } });
    const held = await octo(key.key, '/bookings', { method: 'POST', body: JSON.stringify({ productId: tour.id, optionId: 'DEFAULT', availabilityId: departure.id, resellerReference: 'VI-777', unitItems: [{ unitId: 'adult' }, { unitId: 'child' }] }) });
    expect(held.status).toBe(200);
    const { supplierReference } = (await held.json()) as { supplierReference: string };
    await admin.request('bookings', { method: 'POST', mutation: true, body: { departureId: departure.id, contact: { name: 'Walk In', email: 'walk@example.test' }, travellers: [{ category: 'ADULT', firstName: 'Walk', lastName: 'In' }] } });

    const { user, queryClient } = await openAs(`/bookings?filter=${encodeURIComponent(JSON.stringify({ resellerId: reseller.id }))}`);
    const row = (await screen.findByText(supplierReference, {}, { timeout: 10_000 })).closest('tr')!;
    expect(within(row).getByText('Name to come')).toBeInTheDocument();
    expect(within(row).getByText('Viator · ref VI-777')).toBeInTheDocument();
    expect(screen.queryByText('Walk In')).not.toBeInTheDocument();

    await user.click(within(row).getByText(supplierReference));
    expect(await screen.findByText(/it owes/)).toBeInTheDocument();
    expect(screen.getAllByText('Name to come').length).toBeGreaterThanOrEqual(2);
    await waitFor(() => expect(queryClient.isFetching()).toBe(0), { timeout: 10_000 });
  }, 30_000);

  test('a test key’s booking is marked Test in the list, and deleting the test bookings frees its seats', async () => {
    const reseller = await admin.request<Reseller>('resellers', { method: 'POST', mutation: true, body: { name: 'Sandbox Travel', commissionPercent: 15 } });
    const { user, router, queryClient } = await openAs(`/resellers/${reseller.id}/show`);
    await user.click(await screen.findByRole('button', { name: 'New API key' }, { timeout: 10_000 }));
    await user.type(await screen.findByRole('textbox', { name: 'Name' }), 'Integration tests');
    await user.click(screen.getByRole('checkbox', { name: 'A test key' }));
    await user.click(screen.getByRole('button', { name: 'Make the key' }));
    const dialog = await screen.findByRole('dialog', { name: 'API key “Integration tests”' });
    const key = (within(dialog).getByRole('textbox', { name: 'API key' }) as HTMLInputElement).value;
    await user.click(within(dialog).getByRole('button', { name: 'I have copied it' }));
    const keys = await screen.findByRole('table', { name: 'API keys' });
    expect(within(keys).getByText('Test')).toBeInTheDocument();

    const seatsBefore = (await admin.request<Departure>(`departures/${departure.id}`)).seatsAvailable;
    const held = await octo(key, '/bookings', { method: 'POST', body: JSON.stringify({ productId: tour.id, optionId: 'DEFAULT', availabilityId: departure.id, unitItems: [{ unitId: 'adult' }] }) });
    expect(held.status).toBe(200);
    const booked = (await held.json()) as { supplierReference: string; testMode: boolean };
    expect(booked.testMode).toBe(true);
    expect((await admin.request<Departure>(`departures/${departure.id}`)).seatsAvailable).toBe(seatsBefore - 1);

    await act(() => router.navigate(`/bookings?filter=${encodeURIComponent(JSON.stringify({ resellerId: reseller.id }))}`));
    const row = (await screen.findByText(booked.supplierReference, {}, { timeout: 10_000 })).closest('tr')!;
    expect(within(row).getByText('Test')).toBeInTheDocument();

    await act(() => router.navigate(`/resellers/${reseller.id}/show`));
    await user.click(await screen.findByRole('button', { name: 'Delete test bookings' }, { timeout: 10_000 }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete Sandbox Travel’s test bookings?' });
    // It says how many go before they go.
    expect(within(confirm).getByText(/^The 1 booking made with a test key is deleted/)).toBeInTheDocument();
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('1 test booking deleted')).toBeInTheDocument();
    expect((await admin.request<Departure>(`departures/${departure.id}`)).seatsAvailable).toBe(seatsBefore);
    await waitFor(() => expect(queryClient.isFetching()).toBe(0), { timeout: 10_000 });
  }, 30_000);
});
