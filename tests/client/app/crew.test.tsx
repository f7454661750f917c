/**
 * A guide's days off in the whole app against the real server (jsdom): recorded on the guide's page
 * and listed there; in the assign dialog of a departure on those days the guide is shown as off
 * (and another as free) before anyone presses Assign; pressing it anyway is refused by name.
 */
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import { toast } from 'react-toastify';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test, vi } from 'vitest';
import { createAuthProvider } from '../../../src/client/providers/auth-provider';
import { logOut } from '../../../src/client/providers/auth-state';
import { createHttpClient } from '../../../src/client/providers/http-client';
import type { Departure } from '../../../src/shared/contract/departures';
import type { Resource } from '../../../src/shared/contract/resources';
import type { Tour } from '../../../src/shared/contract/tours';
import { aTour } from '../../helpers/builders';
import { startTestServer, type TestServer } from '../../helpers/test-server';
import { createCookieJar, type CookieJar } from '../cookie-jar';
import { openAs as openAppAs } from '../render-app';

let server: TestServer;
let jar: CookieJar;
let admin: ReturnType<typeof createHttpClient>;
let departure: Departure;
let greta: Resource;

beforeAll(async () => {
  server = await startTestServer();
  admin = createHttpClient({ baseUrl: `${server.baseUrl}/api/`, fetch: createCookieJar().fetch });
  await createAuthProvider(admin).login({ email: server.admin.email, password: server.admin.password, persist: false, captcha: server.captchaToken });
  const tour = await admin.request<Tour>('tours', { method: 'POST', mutation: true, body: aTour({ code: 'JSDOM-CREW-1', title: 'Glacier walk', status: 'published', timeZone: 'UTC', durationDays: 1 }) });
  departure = await admin.request<Departure>('departures', { method: 'POST', mutation: true, body: { tourId: tour.id, startDate: '2031-08-12', startTime: '09:00', capacity: 12 } });
  greta = await admin.request<Resource>('resources', { method: 'POST', mutation: true, body: { kind: 'guide', name: 'Greta Guide' } });
  await admin.request<Resource>('resources', { method: 'POST', mutation: true, body: { kind: 'guide', name: 'Gunnar Guide' } });
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

describe('days off', () => {
  test('recorded on the guide’s page, shown in the assign dialog, and refused by name when assigned anyway', async () => {
    const { user } = await openAppAs(server, jar, server.admin, `/resources/${greta.id}/show`);
    await screen.findByText('No days off ahead.', {}, { timeout: 10_000 });
    // Without a first day: asked for, nothing sent.
    await user.click(screen.getByRole('button', { name: 'Add days off' }));
    expect(await screen.findByText('Enter the first day off.')).toBeInTheDocument();
    await user.type(screen.getByLabelText(/^From/), '2031-08-11');
    await user.type(screen.getByLabelText(/^To/), '2031-08-13');
    await user.type(screen.getByRole('textbox', { name: 'Reason' }), 'Holiday');
    await user.click(screen.getByRole('button', { name: 'Add days off' }));
    const list = await screen.findByRole('list', { name: 'Days off' }, { timeout: 10_000 });
    expect(within(list).getByText(/Holiday/)).toBeInTheDocument();
    expect(within(list).getByText(/11 Aug 2031/)).toBeInTheDocument();

    cleanup();
    const opened = await openAppAs(server, jar, server.admin, `/departures/${departure.id}/show`);
    await opened.user.click(await screen.findByRole('button', { name: /^Assign/ }, { timeout: 10_000 }));
    const dialog = await screen.findByRole('dialog', { name: 'Assign a guide, driver or vehicle' });
    await opened.user.click(within(dialog).getByRole('combobox', { name: /Guide, driver or vehicle|Resource/ }));
    const greta_ = await screen.findByRole('option', { name: /Greta Guide/ }, { timeout: 10_000 });
    expect(greta_).toHaveTextContent(/Off .*11 Aug 2031.*13 Aug 2031 \(Holiday\)/);
    expect(screen.getByRole('option', { name: /Gunnar Guide/ })).toHaveTextContent('Free on these days');
    await opened.user.click(greta_);
    await opened.user.click(within(dialog).getByRole('button', { name: 'Assign' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Days off on those days: Greta Guide, 2031-08-11 to 2031-08-13 (Holiday).');
    await waitFor(async () => expect((await admin.request<{ data: unknown[] }>(`departures/${departure.id}/assignments`)).data).toEqual([]));
  });
});
