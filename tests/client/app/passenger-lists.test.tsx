/**
 * The guide's passenger list in the whole app against the real server (jsdom): a departure's list
 * names each party's lead and phone, pick-up and notes for the guide (never the office's own notes),
 * its travellers with their categories, and the meals by adults and children; a day's lists are
 * reached from the day sheet; the PDF is asked for with the tour and date in its name.
 */
import { act, screen, within } from '@testing-library/react';
import { toast } from 'react-toastify';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test, vi } from 'vitest';
import { createAuthProvider } from '../../../src/client/providers/auth-provider';
import { logOut } from '../../../src/client/providers/auth-state';
import { createHttpClient } from '../../../src/client/providers/http-client';
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

beforeAll(async () => {
  server = await startTestServer();
  admin = createHttpClient({ baseUrl: `${server.baseUrl}/api/`, fetch: createCookieJar().fetch });
  await createAuthProvider(admin).login({ email: server.admin.email, password: server.admin.password, persist: false, captcha: server.captchaToken });
  const tour = await admin.request<Tour>('tours', { method: 'POST', mutation: true, body: aTour({ code: 'JSDOM-LIST-1', title: 'Fjord cruise', status: 'published', timeZone: 'Europe/Oslo', durationDays: 1, prices: { ADULT: 10_000, CHILD: 5_000, INFANT: 0 } }) });
  await admin.request(`tours/${tour.id}/itinerary/1`, { method: 'PUT', mutation: true, body: { title: 'On board', meals: { breakfast: false, lunch: true, dinner: false } } });
  departure = await admin.request<Departure>('departures', { method: 'POST', mutation: true, body: { tourId: tour.id, startDate: '2031-07-14', startTime: '09:30', capacity: 40 } });
  await admin.request('bookings', {
    method: 'POST',
    mutation: true,
    body: {
      departureId: departure.id,
      status: 'confirmed',
      contact: { name: 'Ingrid Dahl', email: 'ingrid@example.test', phone: '+47 912 34 567' },
      pickup: 'Hotel Bristol, 09:00',
      guideNotes: 'Sofie: gluten-free lunch',
      notes: 'Office only: invoice to the company',
      travellers: [
        { category: 'ADULT', firstName: 'Ingrid', lastName: 'Dahl' },
        { category: 'CHILD', firstName: 'Sofie', lastName: 'Dahl', dateOfBirth: '2022-03-01' },
      ],
    },
  });
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

describe('passenger lists', () => {
  test('a departure’s list for its guide: the party, pick-up, notes for the guide, travellers, meals; the office’s notes left out', async () => {
    await openAppAs(server, jar, server.admin, `/passenger-lists?departure=${departure.id}`);
    const list = await screen.findByRole('region', { name: 'JSDOM-LIST-1 · Fjord cruise' }, { timeout: 10_000 });
    expect(within(list).getByText(/Starts .*14 Jul 2031, 09:30 \(Europe\/Oslo\)/)).toBeInTheDocument();
    expect(within(list).getByText('Ingrid Dahl')).toBeInTheDocument();
    expect(within(list).getByRole('link', { name: '+47 912 34 567' })).toHaveAttribute('href', 'tel:+4791234567');
    expect(within(list).getByText('Pick-up: Hotel Bristol, 09:00')).toBeInTheDocument();
    expect(within(list).getByText('For the guide: Sofie: gluten-free lunch')).toBeInTheDocument();
    expect(within(list).getByText('Dahl, Sofie (child)')).toBeInTheDocument();
    expect(within(list).getByRole('table', { name: 'Meals by day' })).toHaveTextContent('1 adult, 1 child');
    // Counted in words that agree with the number.
    expect(within(list).getByText(/^1 adult · 1 child · 0 infants · 1 booking · checked in 0 of 2$/)).toBeInTheDocument();
    expect(list).not.toHaveTextContent('invoice to the company');
  });

  test('the day sheet leads to the day’s lists', async () => {
    const { user, router } = await openAppAs(server, jar, server.admin, '/day-sheet?date=2031-07-14');
    await user.click(await screen.findByRole('link', { name: 'Passenger lists' }, { timeout: 10_000 }));
    expect(router.state.location.search).toBe('?date=2031-07-14');
    expect(await screen.findByRole('region', { name: 'JSDOM-LIST-1 · Fjord cruise' }, { timeout: 10_000 })).toBeInTheDocument();
  });
});
