/**
 * Messages to customers in the whole app against the real server (jsdom): a booking's page lists
 * what went to the customer and sends a kind again; an administrator changes a template, is stopped
 * by a placeholder the product does not know, saves, and previews it on a real booking.
 */
import { act, screen, waitFor, within } from '@testing-library/react';
import { toast } from 'react-toastify';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test, vi } from 'vitest';
import { createAuthProvider } from '../../../src/client/providers/auth-provider';
import { logOut } from '../../../src/client/providers/auth-state';
import { createHttpClient } from '../../../src/client/providers/http-client';
import type { Booking } from '../../../src/shared/contract/bookings';
import type { Departure } from '../../../src/shared/contract/departures';
import type { Message, MessageTemplate } from '../../../src/shared/contract/messages';
import type { Tour } from '../../../src/shared/contract/tours';
import { aTour } from '../../helpers/builders';
import { startTestServer, type TestServer } from '../../helpers/test-server';
import { createCookieJar, type CookieJar } from '../cookie-jar';
import { openAs as openAppAs } from '../render-app';

let server: TestServer;
let jar: CookieJar;
let admin: ReturnType<typeof createHttpClient>;
let booking: Booking;

beforeAll(async () => {
  server = await startTestServer({ env: { MESSAGE_POLL_INTERVAL: '200ms' } });
  admin = createHttpClient({ baseUrl: `${server.baseUrl}/api/`, fetch: createCookieJar().fetch });
  await createAuthProvider(admin).login({ email: server.admin.email, password: server.admin.password, persist: false, captcha: server.captchaToken });
  const tour = await admin.request<Tour>('tours', { method: 'POST', mutation: true, body: aTour({ code: 'MSG-DAY-1', title: 'Whale watching', status: 'published', currency: 'EUR', prices: { ADULT: 8_000, CHILD: 4_000, INFANT: 0 } }) });
  const departure = await admin.request<Departure>('departures', { method: 'POST', mutation: true, body: { tourId: tour.id, startDate: '2027-06-12', startTime: '10:00', capacity: 30 } });
  // Held, then paid: a payment's message (a confirmation's carries a voucher, which PDFKit cannot make under jsdom).
  booking = await admin.request<Booking>('bookings', { method: 'POST', mutation: true, body: { departureId: departure.id, status: 'held', contact: { name: 'Mia Storm', email: 'mia@example.test' }, travellers: [{ category: 'ADULT', firstName: 'Mia', lastName: 'Storm' }] } });
  await admin.request(`bookings/${booking.id}/payments`, { method: 'POST', mutation: true, body: { kind: 'payment', amountMinor: 2_000, method: 'card' } });
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

describe('messages to customers', () => {
  test('a booking’s page lists what went to the customer, and sends a kind again', async () => {
    await waitFor(async () => expect((await admin.request<{ data: Message[] }>(`bookings/${booking.id}/messages`)).data[0]).toMatchObject({ status: 'sent' }), { timeout: 10_000 });
    const { user } = await openAs(`/bookings/${booking.id}/show`);
    const list = await screen.findByRole('list', { name: 'Messages to the customer' }, { timeout: 10_000 });
    expect(within(list).getByText('Payment or refund received')).toBeInTheDocument();
    expect(within(list).getByText(/To mia@example\.test/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Send now' }));
    await waitFor(() => expect(within(screen.getByRole('list', { name: 'Messages to the customer' })).getAllByText('Payment or refund received')).toHaveLength(2), { timeout: 10_000 });
    await waitFor(() => expect(within(screen.getByRole('list', { name: 'Messages to the customer' })).getAllByText('Sent')).toHaveLength(2), { timeout: 10_000 });
    // The customer's own page of the booking, to hand over another way: the link its confirmation carries.
    await user.click(screen.getByRole('button', { name: 'Copy the customer’s own link' }));
    await screen.findByText('The customer’s link is on the clipboard', {}, { timeout: 10_000 });
    expect(await navigator.clipboard.readText()).toMatch(/\/shop\/manage\/[\w-]{65}$/);
  });

  test('a template: an unknown placeholder is refused before saving; saved, it is what a preview on a real booking shows', async () => {
    const { user, router } = await openAs('/message-templates');
    await user.click(await screen.findByRole('link', { name: /Booking confirmed/ }, { timeout: 10_000 }));
    const subject = await screen.findByRole('textbox', { name: 'Subject' }, { timeout: 10_000 });
    await user.clear(subject);
    // (Braces are typed doubled: user-event reads one as the start of a key name.)
    await user.type(subject, 'Welcome aboard {{{{guest.name}}');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(/It names \{\{guest\.name\}\}, which the product does not know: use the placeholders below/)).toBeInTheDocument();
    await user.clear(subject);
    await user.type(subject, 'Welcome aboard, ');
    await user.click(screen.getByRole('button', { name: /Put \{\{customer\.name\}\} in the text/ }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/message-templates'), { timeout: 10_000 });
    const saved = (await admin.request<MessageTemplate[]>('message-templates')).find((template) => template.kind === 'booking_confirmed')!;
    expect(saved.custom).toBe(true);
    expect(saved.texts.en.subject).toBe('Welcome aboard, ');
    expect(saved.texts.en.body.startsWith('{{customer.name}}')).toBe(true);

    await user.click(await screen.findByRole('link', { name: /Booking confirmed/ }));
    await user.type(await screen.findByRole('textbox', { name: 'Booking reference' }, { timeout: 10_000 }), booking.reference);
    await user.click(screen.getByRole('button', { name: 'Preview' }));
    const preview = await screen.findByRole('region', { name: 'Preview' }, { timeout: 10_000 });
    expect(within(preview).getByText('Welcome aboard,')).toBeInTheDocument();
    expect(within(preview).getByTitle('The message as sent').getAttribute('srcdoc')).toContain('Mia Storm');
    expect(within(preview).getByTitle('The message as sent').getAttribute('sandbox')).toBe('');
  });
});
