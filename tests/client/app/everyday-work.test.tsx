/**
 * What a clerk meets every hour, in the whole app against the real server (jsdom): the new-booking
 * form's steps in the address (Back, Forward and a reload keep what was typed), travellers added as
 * adults, warnings on ages that do not fit; every filter of the bookings and departures lists
 * reachable from the list; a booking opened by its reference; a refusal never called a server
 * failure; the history naming only what changed; no voucher for a booking that is not confirmed;
 * amounts typed as the app shows them; one date format; a stale "fix the fields" toast gone once
 * saved; a double click on Schedule sending once; the dashboard's money owed on confirmed bookings
 * apart from held ones.
 */
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
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
import { openAs as openAppAs, renderApp } from '../render-app';

let server: TestServer;
let jar: CookieJar;
let admin: ReturnType<typeof createHttpClient>;
let tour: Tour;
let departure: Departure;
const SALES = { email: 'sue@agency.example', password: 'sales person passphrase' };
const PRODUCT = { email: 'pat@agency.example', password: 'product person passphrase' };

beforeAll(async () => {
  server = await startTestServer();
  admin = createHttpClient({ baseUrl: `${server.baseUrl}/api/`, fetch: createCookieJar().fetch });
  await createAuthProvider(admin).login({ email: server.admin.email, password: server.admin.password, persist: false, captcha: server.captchaToken });
  for (const [who, role] of [[SALES, 'SALES'], [PRODUCT, 'PRODUCT']] as const) {
    await admin.request('admin/auth/signup', { method: 'POST', mutation: true, body: { email: who.email, fullName: `${role} person`, password: who.password, roles: [role] } });
  }
  tour = await admin.request<Tour>('tours', { method: 'POST', mutation: true, body: aTour({ code: 'JSDOM-DAY-1', title: 'Fjords by day', status: 'published', currency: 'EUR', prices: { ADULT: 129_950, CHILD: 64_975, INFANT: 0 } }) });
  departure = await admin.request<Departure>('departures', { method: 'POST', mutation: true, body: { tourId: tour.id, startDate: '2027-07-03', startTime: '09:00', capacity: 20 } });
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

const openAs = (who: { email: string; password: string }, path: string, fetch: typeof globalThis.fetch = jar.fetch) => openAppAs(server, jar, who, path, fetch);

async function aBooking(body: Record<string, unknown> = {}): Promise<Booking> {
  return admin.request<Booking>('bookings', {
    method: 'POST',
    mutation: true,
    body: { departureId: departure.id, status: 'confirmed', contact: { name: 'Lead Person', email: 'lead@example.test' }, travellers: [{ category: 'ADULT', firstName: 'Ada', lastName: 'Lovelace' }], ...body },
  });
}

const where = (router: { state: { location: { pathname: string; search: string } } }) => new URLSearchParams(router.state.location.search);

describe('the new-booking form', () => {
  /** The form opened from the departure, on the travellers step with Jan Novak typed. */
  async function openAtTravellers() {
    const opened = await openAs(SALES, `/bookings/create?departureId=${departure.id}`);
    // The departure's tour is chosen for the clerk once the departure has loaded.
    await screen.findByDisplayValue('JSDOM-DAY-1 · Fjords by day', {}, { timeout: 10_000 });
    await opened.user.click(screen.getByRole('button', { name: 'Next' }));
    await opened.user.type(await screen.findByRole('textbox', { name: 'First name' }), 'Jan');
    await opened.user.type(screen.getByRole('textbox', { name: 'Last name' }), 'Novak');
    return opened;
  }

  /**
   * Presses that arrive as the next events, before the browser has had time to draw anything that
   * waits (only promises settle in between): outside act(), which would draw everything first.
   */
  async function beforeDrawing(press: () => Promise<void>): Promise<void> {
    const environment = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean };
    environment.IS_REACT_ACT_ENVIRONMENT = false;
    try {
      await press();
    } finally {
      environment.IS_REACT_ACT_ENVIRONMENT = true;
    }
  }
  const promisesSettle = async () => {
    for (let turn = 0; turn < 50; turn += 1) await Promise.resolve();
  };

  test('a departure past its cut-off: closed to a clerk; an administrator books it only with a reason, which the audit log and the booking’s history keep', async () => {
    const lateTour = await admin.request<Tour>('tours', { method: 'POST', mutation: true, body: aTour({ code: 'JSDOM-LATE-1', title: 'Late sail', status: 'published', currency: 'EUR', timeZone: 'UTC', bookingCutoffHours: 72, prices: { ADULT: 10_000, CHILD: null, INFANT: null } }) });
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    const late = await admin.request<Departure>('departures', { method: 'POST', mutation: true, body: { tourId: lateTour.id, startDate: tomorrow, startTime: '12:00', capacity: 8 } });

    const clerk = await openAs(SALES, `/bookings/create?departureId=${late.id}`);
    await screen.findByDisplayValue('JSDOM-LATE-1 · Late sail', {}, { timeout: 10_000 });
    expect(await screen.findByText(/Closed: past its booking cut-off/, {}, { timeout: 10_000 })).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: /Why book after the cut-off/ })).toBeNull();
    await clerk.user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Closed: past its booking cut-off');
    expect(screen.queryByRole('textbox', { name: 'First name' })).toBeNull();
    cleanup();
    logOut();

    const { router, user } = await openAs(server.admin, `/bookings/create?departureId=${late.id}`);
    expect(await screen.findByText(/you may book it with a reason/, {}, { timeout: 10_000 })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Say why this booking is taken after the cut-off.')).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: /Why book after the cut-off/ }), 'Skipper has room, confirmed by phone');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.type(await screen.findByRole('textbox', { name: 'First name' }), 'Lia');
    await user.type(screen.getByRole('textbox', { name: 'Last name' }), 'Berg');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.click(await screen.findByRole('button', { name: 'Next' }));
    await user.type(await screen.findByRole('textbox', { name: /Lead contact’s name|Name/ }), 'Lia Berg');
    await user.type(screen.getByRole('textbox', { name: /E-mail/ }), 'lia@example.test');
    await user.click(screen.getByRole('button', { name: /Book and confirm|Confirm/ }));
    await waitFor(() => expect(router.state.location.pathname).toMatch(/^\/bookings\/[0-9a-f-]+\/show$/), { timeout: 10_000 });
    const id = router.state.location.pathname.split('/')[2]!;
    const audit = await admin.request<{ data: { details: { reason: string } }[] }>(`admin/audit?action=booking.cutoff_overridden&targetId=${id}`);
    expect(audit.data[0]!.details.reason).toBe('Skipper has room, confirmed by phone');
    // The booking's own history says it too, with the reason.
    expect(await screen.findByText('Booked past the cut-off', {}, { timeout: 10_000 })).toBeInTheDocument();
    expect(screen.getByText('Skipper has room, confirmed by phone')).toBeInTheDocument();
    // The departure itself says it takes no more bookings, rather than a plain "Open".
    await act(() => router.navigate(`/departures/${late.id}/show`));
    expect(await screen.findByText('Past booking cut-off', {}, { timeout: 10_000 })).toBeInTheDocument();
  });

  test('each step is a page of its own: Back goes one step back, Forward one on, and a reload keeps what was typed', async () => {
    const { router, user } = await openAtTravellers();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByRole('region', { name: 'Extras and rooms' });
    expect(where(router).get('step')).toBe('2');

    // The browser's Back: the travellers step, with the name typed.
    await act(() => router.navigate(-1));
    expect(await screen.findByRole('textbox', { name: 'First name' })).toHaveValue('Jan');
    expect(router.state.location.pathname).toBe('/bookings/create');
    // Forward: the extras step again.
    await act(() => router.navigate(1));
    await screen.findByRole('region', { name: 'Extras and rooms' });

    // A reload of the tab: the same address, the same step, the same traveller.
    const address = `${router.state.location.pathname}${router.state.location.search}`;
    cleanup();
    await renderApp({ baseUrl: `${server.baseUrl}/api/`, fetch: jar.fetch, entries: [address], config: { recaptchaSiteKey: null, cardPayments: false, mailSent: true } });
    await screen.findByRole('region', { name: 'Extras and rooms' }, { timeout: 10_000 });
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(await screen.findByRole('textbox', { name: 'First name' })).toHaveValue('Jan');
    expect(screen.getByRole('textbox', { name: 'Last name' })).toHaveValue('Novak');

    // "New booking" opened again starts a new, empty form.
    cleanup();
    await renderApp({ baseUrl: `${server.baseUrl}/api/`, fetch: jar.fetch, entries: ['/bookings/create'], config: { recaptchaSiteKey: null, cardPayments: false, mailSent: true } });
    const tourField = await screen.findByRole('combobox', { name: 'Tour' }, { timeout: 10_000 });
    expect(tourField).toHaveValue('');
  });

  test('Next pressed twice before the screen has drawn the step between moves two steps, not one', async () => {
    const { router, user } = await openAtTravellers();
    // The second press must find the extras step the first led to.
    const next = () => screen.getByRole('button', { name: 'Next' });
    await beforeDrawing(async () => {
      next().click();
      await promisesSettle();
      next().click();
    });
    await screen.findByRole('region', { name: 'Contact and book' });
    expect(where(router).get('step')).toBe('3');

    // Next, then the browser's Back before the step is drawn: the screen shows the address's step,
    // and the next press of Next goes on from there.
    await user.click(screen.getByRole('button', { name: 'Back' }));
    await screen.findByRole('region', { name: 'Extras and rooms' });
    await beforeDrawing(async () => {
      next().click();
      await promisesSettle();
    });
    await act(() => router.navigate(-1));
    await screen.findByRole('region', { name: 'Extras and rooms' });
    expect(where(router).get('step')).toBe('2');
    await user.click(next());
    await screen.findByRole('region', { name: 'Contact and book' });
  });

  test('travellers are added as adults (a child is chosen on purpose); a birth date that does not fit the category, and children with no adult, are warned about', async () => {
    const { user } = await openAs(SALES, `/bookings/create?departureId=${departure.id}`);
    await screen.findByDisplayValue('JSDOM-DAY-1 · Fjords by day', {}, { timeout: 10_000 });
    await user.click(screen.getByRole('button', { name: 'Next' }));
    const travellers = await screen.findByRole('region', { name: 'Travellers' });
    await user.click(within(travellers).getByRole('button', { name: 'Add traveller' }));
    await user.click(within(travellers).getByRole('button', { name: 'Add traveller' }));
    const categories = within(travellers).getAllByRole('combobox', { name: 'Category' });
    expect(categories.map((select) => select.textContent)).toEqual(['Adult · €1,299.50', 'Adult · €1,299.50', 'Adult · €1,299.50']);

    // The second traveller is a child born in 1980: a warning, not a refusal.
    await user.click(categories[1]);
    await user.click(await screen.findByRole('option', { name: /^Child/ }));
    const born = within(travellers).getAllByLabelText('Born');
    await user.type(born[1], '1980-05-01');
    expect(await within(travellers).findByText('Aged 47 on the departure date: an adult on this tour (12 or older), not a child.')).toBeInTheDocument();
    // A five-year-old booked as an adult.
    await user.type(born[0], '2022-01-15');
    expect(await within(travellers).findByText('Aged 5 on the departure date: a child on this tour (2–11), not an adult.')).toBeInTheDocument();
    expect(within(travellers).queryByText(/No adult is booked/)).toBeNull();

    // Only children left: warned, and the form still goes on.
    await user.click(within(travellers).getByRole('button', { name: 'Remove traveller 3' }));
    await user.click(within(travellers).getAllByRole('combobox', { name: 'Category' })[0]);
    await user.click(await screen.findByRole('option', { name: /^Child/ }));
    expect(await within(travellers).findByText(/No adult is booked with these children/)).toBeInTheDocument();
    for (const [index, name] of ['Kim', 'Lee'].entries()) {
      await user.type(within(travellers).getAllByRole('textbox', { name: 'First name' })[index], name);
      await user.type(within(travellers).getAllByRole('textbox', { name: 'Last name' })[index], 'Young');
    }
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByRole('region', { name: 'Extras and rooms' });
  });
});

describe('the lists’ filters', () => {
  test('every filter of the bookings list can be added from the list itself, "Booked on" among them', async () => {
    const booking = await aBooking({ contact: { name: 'Booked Today', email: 'today@example.test' } });
    const { user, router } = await openAs(SALES, '/bookings');
    await screen.findByText(booking.reference, {}, { timeout: 10_000 });
    await user.click(screen.getByRole('button', { name: 'Add filter' }));
    const menu = await screen.findByRole('menu');
    const offered = within(menu).getAllByRole('menuitemcheckbox').map((item) => item.textContent?.trim());
    for (const filter of ['Payment', 'Tour', 'Departing from', 'Departing until', 'Balance due', 'Booked on or after', 'Booked on or before']) expect(offered).toContain(filter);
    await user.click(within(menu).getByRole('menuitemcheckbox', { name: 'Booked on or after' }));
    const from = await screen.findByLabelText('Booked on or after');
    const today = new Date().toISOString().slice(0, 10);
    await user.type(from, today);
    await waitFor(() => expect(JSON.parse(where(router).get('filter') ?? '{}')).toMatchObject({ bookedFrom: today }));
    expect(await screen.findByText(booking.reference)).toBeInTheDocument();
  });

  test('the departures list’s To and With free seats can be added from the list itself', async () => {
    const { user } = await openAs(SALES, '/departures');
    await user.click(await screen.findByRole('button', { name: 'Add filter' }, { timeout: 10_000 }));
    const menu = await screen.findByRole('menu');
    const offered = within(menu).getAllByRole('menuitemcheckbox').map((item) => item.textContent?.trim());
    expect(offered).toEqual(expect.arrayContaining(['To', 'With free seats']));
  });
});

describe('a booking’s address', () => {
  test('a reference in the address opens the booking; an unknown one says “No booking …”, never that the server failed', async () => {
    const booking = await aBooking();
    const { router } = await openAs(SALES, `/bookings/${booking.reference.toLowerCase()}/show`);
    await screen.findByRole('heading', { name: booking.reference }, { timeout: 10_000 });
    await waitFor(() => expect(router.state.location.pathname).toBe(`/bookings/${booking.id}/show`));

    cleanup();
    vi.spyOn(console, 'error').mockImplementation(() => {});
    await renderApp({ baseUrl: `${server.baseUrl}/api/`, fetch: jar.fetch, entries: ['/bookings/ZZZZ2222/show'], config: { recaptchaSiteKey: null, cardPayments: false, mailSent: true } });
    expect(await screen.findByText(/No booking ZZZZ2222\./, {}, { timeout: 10_000 })).toBeInTheDocument();
    expect(screen.queryByText(/server failed/i)).toBeNull();
  });

  test('a list the server refuses (a date that does not exist) shows the server’s reason, not a server failure', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    await openAs(SALES, `/bookings?${new URLSearchParams({ filter: JSON.stringify({ from: '2027-02-30' }) })}`);
    const alert = await screen.findByRole('alert', {}, { timeout: 10_000 });
    // The server's own words about what it refused.
    expect(alert).toHaveTextContent(/The bookings could not be loaded\. Invalid value for: from\./);
    expect(alert).not.toHaveTextContent(/server failed/i);
  });
});

describe('a booking’s page', () => {
  test('the history names only what an amendment changed: “Traveller 2: Jan → Johann”', async () => {
    const booking = await aBooking({
      travellers: [
        { category: 'ADULT', firstName: 'Ada', lastName: 'Lovelace' },
        { category: 'ADULT', firstName: 'Jan', lastName: 'Novak' },
      ],
    });
    // Sent as the amend form sends it: every field, one of them changed.
    await admin.request(`bookings/${booking.id}`, {
      method: 'PATCH',
      mutation: true,
      body: {
        contact: { name: 'Lead Person', email: 'lead@example.test', phone: null },
        notes: '',
        travellers: booking.travellers.map((traveller) => ({ id: traveller.id, firstName: traveller.firstName === 'Jan' ? 'Johann' : traveller.firstName, lastName: traveller.lastName, dateOfBirth: null, notes: '' })),
      },
    });
    await openAs(SALES, `/bookings/${booking.id}/show`);
    const history = (await screen.findByRole('heading', { name: 'History' }, { timeout: 10_000 })).closest('section')!;
    const amended = (await within(history).findByText('Amended')).closest('li')!;
    expect(amended).toHaveTextContent('Amended Traveller 2: Jan → Johann');
    expect(amended).not.toHaveTextContent(/contact|notes|a traveller/);
    expect(within(history).getByText(/as confirmed, 2 seats/)).toBeInTheDocument();
  });

  test('a held booking offers no voucher; a confirmed one does', async () => {
    // Confirming refreshes the page, cancelling its loads in flight: react-admin logs each abort.
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const held = await aBooking({ status: 'held' });
    const { user, queryClient } = await openAs(SALES, `/bookings/${held.id}/show`);
    await screen.findByRole('button', { name: 'Confirm' }, { timeout: 10_000 });
    expect(screen.queryByRole('button', { name: 'Voucher' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByRole('button', { name: 'Voucher' }, { timeout: 10_000 })).toBeInTheDocument();
    // The page's refetches end before the test does, leaving no call to be cut off.
    await waitFor(() => expect(queryClient.isFetching()).toBe(0), { timeout: 10_000 });
  });

  test('a cancellation fee typed as the app shows money ("€12.50") is taken', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const booking = await aBooking();
    await admin.request(`bookings/${booking.id}/payments`, { method: 'POST', mutation: true, body: { kind: 'payment', amountMinor: 50_000, method: 'cash' } });
    const { user, queryClient } = await openAs(SALES, `/bookings/${booking.id}/show`);
    await user.click(await screen.findByRole('button', { name: 'Cancel booking' }, { timeout: 10_000 }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByRole('textbox', { name: /Reason/ }), 'Changed plans');
    await user.type(within(dialog).getByRole('textbox', { name: /Cancellation fee/ }), '€12.50');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel booking' }));
    await waitFor(async () => expect((await admin.request<Booking>(`bookings/${booking.id}`)).cancellation?.feeMinor).toBe(1_250));
    // The page shows the cancellation (its refetch done) before the test ends.
    expect(await screen.findByText(/fee kept €12\.50/, {}, { timeout: 10_000 })).toBeInTheDocument();
    await waitFor(() => expect(queryClient.isFetching()).toBe(0), { timeout: 10_000 });
  });
});

describe('money fields', () => {
  test('a price typed key by key as the app writes it ("€1,299.50") is kept as typed, then read as 1299.50', async () => {
    const draft = await admin.request<Tour>('tours', { method: 'POST', mutation: true, body: aTour({ code: 'JSDOM-MONEY-1', currency: 'EUR', prices: { ADULT: null, CHILD: null, INFANT: null } }) });
    const { user } = await openAs(PRODUCT, `/tours/${draft.id}?tab=prices`);
    const adult = await screen.findByRole('textbox', { name: 'Adult (EUR)' }, { timeout: 10_000 });
    await user.type(adult, '€1,299.50');
    expect(adult).toHaveValue('€1,299.50');
    await user.tab();
    expect(adult).toHaveValue('1299.50');
    await user.type(screen.getByRole('textbox', { name: 'Child (EUR)' }), ' 649.75 ');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(async () => expect((await admin.request<Tour>(`tours/${draft.id}`)).prices).toMatchObject({ ADULT: 129_950, CHILD: 64_975 }));
  });
});

describe('dates', () => {
  test('the tours list and the audit log write a moment as every other screen does: “25 Nov 2026, 17:15”', async () => {
    const sameFormat = /^\d{1,2} [A-Z][a-z]{2} \d{4}, \d{2}:\d{2}$/;
    await openAs(server.admin, '/tours?filter=%7B%22q%22%3A%22JSDOM-DAY-1%22%7D');
    const row = (await screen.findByText('Fjords by day', {}, { timeout: 10_000 })).closest('tr')!;
    expect(within(row).getByText(sameFormat)).toBeInTheDocument();
    expect(within(row).queryByText(/\d+\/\d+\/\d{4}/)).toBeNull();

    cleanup();
    await renderApp({ baseUrl: `${server.baseUrl}/api/`, fetch: jar.fetch, entries: ['/audit'], config: { recaptchaSiteKey: null, cardPayments: false, mailSent: true } });
    const cells = await screen.findAllByText(sameFormat, {}, { timeout: 10_000 });
    expect(cells.length).toBeGreaterThan(0);
    expect(screen.queryByText(/\d+\/\d+\/\d{4}, \d+:\d+:\d+/)).toBeNull();
  });
});

describe('toasts', () => {
  test('once a tour is created, the earlier “Some fields need attention” toast is gone', async () => {
    const { user } = await openAs(PRODUCT, '/tours/create');
    await user.type(await screen.findByRole('textbox', { name: /Code/ }, { timeout: 10_000 }), 'JSDOM-TOAST-1');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Some fields need attention: see the messages under them.')).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: /Title/ }), 'A tour saved at the second try');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(/Tour created/, {}, { timeout: 10_000 })).toBeInTheDocument();
    // Dismissed: gone, or playing its way out (jsdom never ends the animation that removes it).
    await waitFor(() => {
      const stale = screen.queryByText('Some fields need attention: see the messages under them.')?.closest('.Toastify__toast');
      expect(!stale || /Toastify__bounce-exit/.test(stale.className)).toBe(true);
    });
    expect(screen.getByText(/Tour created/).closest('.Toastify__toast')!.className).not.toMatch(/exit/);
  });
});

describe('Schedule in bulk', () => {
  test('a double click sends one request, and one toast says what was scheduled', async () => {
    let sent = 0;
    const counting: typeof fetch = (input, init) => {
      if (String(input instanceof Request ? input.url : input).endsWith('/api/departures/bulk') && init?.method === 'POST') sent += 1;
      return jar.fetch(input, init);
    };
    const { user } = await openAs(server.admin, '/departures', counting);
    await user.click(await screen.findByRole('button', { name: 'Schedule in bulk' }, { timeout: 10_000 }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByRole('combobox', { name: /Tour/ }), 'JSDOM-DAY');
    await user.click(await screen.findByRole('option', { name: /JSDOM-DAY-1/ }));
    await user.type(within(dialog).getByLabelText(/^From/), '2027-08-01');
    await user.type(within(dialog).getByLabelText(/^To\b(?!ur)/), '2027-08-31');
    await user.dblClick(within(dialog).getByRole('button', { name: 'Schedule' }));
    expect(await screen.findByText(/departures scheduled/, {}, { timeout: 10_000 })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(sent).toBe(1);
    expect(screen.queryByText(/dates skipped/)).toBeNull();
  });
});

describe('the dashboard', () => {
  test('money owed on confirmed bookings is shown apart from what held bookings would owe, and the count of bookings says what it leaves out', async () => {
    const money = await admin.request<Tour>('tours', { method: 'POST', mutation: true, body: aTour({ code: 'JSDOM-OWED-1', status: 'published', currency: 'CHF', prices: { ADULT: 10_000, CHILD: null, INFANT: null } }) });
    const soon = await admin.request<Departure>('departures', {
      method: 'POST',
      mutation: true,
      body: { tourId: money.id, startDate: new Date(Date.now() + 5 * 86_400_000).toISOString().slice(0, 10), startTime: '09:00', capacity: 10 },
    });
    await aBooking({ departureId: soon.id, status: 'confirmed' });
    await aBooking({ departureId: soon.id, status: 'held', travellers: [{ category: 'ADULT', firstName: 'Hal', lastName: 'Held' }, { category: 'ADULT', firstName: 'Hera', lastName: 'Held' }] });
    await openAs(server.admin, '/dashboard');
    const card = await screen.findByTestId('kpi-money-CHF', {}, { timeout: 10_000 });
    const figure = (label: string) => within(card).getByText(label, { exact: true }).parentElement!.querySelector('[data-figure]')!.textContent?.replace(/\s/g, ' ');
    expect(figure('Outstanding, confirmed')).toBe('CHF 100.00');
    expect(figure('Outstanding, held')).toBe('CHF 200.00');
    expect(within(screen.getByTestId('kpi-bookings')).getByText(/cancelled and expired ones are not counted/)).toBeInTheDocument();
    // None of these was sold in the shop.
    expect(within(screen.getByTestId('kpi-bookings')).getByText('of which 0 online')).toBeInTheDocument();
    expect(await screen.findByTestId('balances-due-held')).toHaveTextContent(/held or waitlisted booking.*not confirmed yet: .*CHF 200\.00/);
    await waitFor(() => expect(screen.queryAllByText(/^(…|Loading…)$/)).toHaveLength(0));
  });

  test('what promo codes and rules gave in the last 30 days, and what gift cards still hold, beside the money', async () => {
    const tour = await admin.request<Tour>('tours', { method: 'POST', mutation: true, body: aTour({ code: 'JSDOM-GIVEN-1', status: 'published', currency: 'DKK', prices: { ADULT: 40_000, CHILD: null, INFANT: null } }) });
    const departure = await admin.request<Departure>('departures', {
      method: 'POST',
      mutation: true,
      body: { tourId: tour.id, startDate: new Date(Date.now() + 5 * 86_400_000).toISOString().slice(0, 10), startTime: '09:00', capacity: 10 },
    });
    await admin.request('promo-codes', { method: 'POST', mutation: true, body: { code: 'JSDOM-DKK', kind: 'amount', value: 5_000, currency: 'DKK' } });
    await aBooking({ departureId: departure.id, status: 'confirmed', promoCode: 'jsdom-dkk' });
    await admin.request('gift-cards', { method: 'POST', mutation: true, body: { currency: 'DKK', amountMinor: 25_000 } });
    await openAs(server.admin, '/dashboard');
    const card = await screen.findByTestId('kpi-money-DKK', {}, { timeout: 10_000 });
    const figure = (label: string) => within(card).getByText(label, { exact: true }).parentElement!.querySelector('[data-figure]')!.textContent?.replace(/\s/g, ' ');
    expect(figure('Discounts, 30 days')).toBe('DKK 50.00');
    expect(within(card).getByText('promo codes DKK 50.00')).toBeInTheDocument();
    expect(figure('Gift cards held')).toBe('DKK 250.00');
  });
});
