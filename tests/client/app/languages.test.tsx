/**
 * The screens in English and German against the real server: the sign-in page in the language this
 * browser last chose, a staff user switching in the app bar (the dashboard, the menu and My profile
 * follow, the page's `lang` too, and the choice is kept on the account), the account's choice
 * following the user to a browser that never chose, and dates and money written as each language
 * writes them. Every key these screens ask for has a message in the language shown: a key without
 * one fails the test (missingTranslations).
 */
import { act, cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'react-toastify';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { formatCalendarDate } from '../../../src/client/dates';
import { loadLanguage } from '../../../src/client/i18n';
import { APP_EN } from '../../../src/client/i18n/app-messages-en';
import { DOMAINS_EN } from '../../../src/client/i18n/domains/en';
import { applyLanguage } from '../../../src/client/i18n/language';
import { PUBLIC_MESSAGES } from '../../../src/client/i18n/public-messages';
import { clearMissingTranslations, missingTranslations } from '../../../src/client/i18n/translate';
import { createAuthProvider } from '../../../src/client/providers/auth-provider';
import { logOut } from '../../../src/client/providers/auth-state';
import { createHttpClient } from '../../../src/client/providers/http-client';
import { formatMinor } from '../../../src/shared/money';
import type { User } from '../../../src/shared/contract/users';
import { startTestServer, type TestServer } from '../../helpers/test-server';
import { createCookieJar, type CookieJar } from '../cookie-jar';
import { openAs, renderApp } from '../render-app';

let server: TestServer;
let jar: CookieJar;
const CLERK = { email: 'greta@agency.example', password: 'clerk person passphrase' };
let clerkId: string;
let admin: ReturnType<typeof createHttpClient>;

beforeAll(async () => {
  server = await startTestServer();
  admin = createHttpClient({ baseUrl: `${server.baseUrl}/api/`, fetch: createCookieJar().fetch });
  await createAuthProvider(admin).login({ email: server.admin.email, password: server.admin.password, persist: false, captcha: server.captchaToken });
  clerkId = (await admin.request<User>('admin/auth/signup', { method: 'POST', mutation: true, body: { email: CLERK.email, fullName: 'Greta Gruber', password: CLERK.password, roles: ['ADMIN'] } })).id;
  await loadLanguage('de');
}, 60_000);
afterAll(async () => server?.close());
beforeEach(() => {
  jar = createCookieJar();
  logOut();
  applyLanguage('en');
  clearMissingTranslations();
});
afterEach(() => {
  act(() => toast.dismiss());
  // Every key the screens asked for had a message.
  expect(missingTranslations(), 'keys without a message').toEqual([]);
});

const clerkLanguage = async () => (await admin.request<User>(`user/profile/${clerkId}`)).language;

/** The clerk's own choice, made through their own session (nobody else may change it). */
async function clerkChooses(language: 'en' | 'de') {
  const clerk = createHttpClient({ baseUrl: `${server.baseUrl}/api/`, fetch: createCookieJar().fetch });
  await createAuthProvider(clerk).login({ email: CLERK.email, password: CLERK.password, persist: false, captcha: server.captchaToken });
  await clerk.request(`user/profile/${clerkId}`, { method: 'PATCH', mutation: true, body: { language } });
}

describe('languages', () => {
  test('the sign-in page is in the language this browser chose, and its picker switches it at once', async () => {
    applyLanguage('de');
    await renderApp({ baseUrl: `${server.baseUrl}/api/`, fetch: jar.fetch, entries: ['/login'], config: { recaptchaSiteKey: null, cardPayments: false, mailSent: true } });
    expect(await screen.findByRole('heading', { name: 'Anmelden' })).toBeVisible();
    expect(screen.getByLabelText(/^E-Mail/)).toBeVisible();
    expect(screen.getByRole('link', { name: 'Passwort vergessen?' })).toBeVisible();
    expect(document.documentElement.lang).toBe('de');
    await userEvent.setup().selectOptions(screen.getByRole('combobox', { name: 'Sprache' }), 'English');
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeVisible();
    expect(document.documentElement.lang).toBe('en');
    expect(window.localStorage.getItem('language')).toBe('en');
  });

  test('a clerk switches to German in the app bar: the screens follow, and the choice is kept on the account and follows them to another browser', async () => {
    const { user } = await openAs(server, jar, CLERK, '/dashboard');
    expect(await screen.findByRole('heading', { name: 'Welcome, Greta Gruber' }, { timeout: 10_000 })).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Language' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Deutsch' }));
    expect(await screen.findByRole('heading', { name: 'Willkommen, Greta Gruber' })).toBeVisible();
    expect(screen.getByRole('menuitem', { name: 'Übersicht' })).toBeVisible();
    expect(screen.getByRole('menuitem', { name: 'Buchungen' })).toBeVisible();
    expect(document.documentElement.lang).toBe('de');
    await waitFor(async () => expect(await clerkLanguage()).toBe('de'));

    // Another browser, which never chose: the account's language.
    cleanup();
    window.localStorage.clear();
    applyLanguage('en');
    jar = createCookieJar();
    logOut();
    const again = await openAs(server, jar, CLERK, '/profile');
    expect(await screen.findByRole('heading', { name: 'Mein Profil' }, { timeout: 10_000 })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Name speichern' })).toBeVisible();
    expect(document.documentElement.lang).toBe('de');

    // Back to English in My profile.
    await again.user.click(screen.getByRole('combobox', { name: 'Sprache' }));
    await again.user.click(await screen.findByRole('option', { name: 'English' }));
    expect(await screen.findByRole('heading', { name: 'My profile' })).toBeVisible();
    await waitFor(async () => expect(await clerkLanguage()).toBe('en'));
  });

  test.each(['en', 'de'] as const)('the users, roles, audit log and customers screens in %s: lists, forms, a role’s permissions, the log’s actions; every key has a message', async (language) => {
    await clerkChooses(language);
    applyLanguage(language);
    const words = {
      en: { users: 'Users', fullName: 'Full name', newUser: 'New user', invite: /Send an invitation by e-mail/, roles: 'Roles', permissionsOf: 'Permissions of ADMIN', readBookings: 'List and view bookings, manifests and vouchers', actions: 'Actions', action: 'Action', signedIn: 'Signed in', noCustomers: /No customers match/ },
      de: { users: 'Benutzer', fullName: 'Vollständiger Name', newUser: 'Neuer Benutzer', invite: /Eine Einladung per E-Mail senden/, roles: 'Rollen', permissionsOf: 'Berechtigungen von ADMIN', readBookings: 'Buchungen, Teilnehmerlisten und Voucher auflisten und ansehen', actions: 'Aktionen', action: 'Aktion', signedIn: 'Angemeldet', noCustomers: /Keine Kunden gefunden/ },
    }[language];
    const { router } = await openAs(server, jar, CLERK, '/users');
    expect(await screen.findByRole('columnheader', { name: words.fullName }, { timeout: 10_000 })).toBeVisible();
    expect(screen.getByRole('columnheader', { name: words.actions })).toBeVisible();
    await act(() => router.navigate('/users/create'));
    expect(await screen.findByText(words.invite)).toBeVisible();
    await act(() => router.navigate('/roles'));
    expect(await screen.findByRole('columnheader', { name: 'Name' })).toBeVisible();
    const adminRole = (await admin.request<{ data: { id: string; name: string }[] }>('admin/auth/role?q=ADMIN')).data.find((role) => role.name === 'ADMIN')!;
    await act(() => router.navigate(`/roles/${adminRole.id}/permissions`));
    // The app bar's title and the page's heading.
    expect(await screen.findAllByRole('heading', { name: words.permissionsOf })).toHaveLength(2);
    expect(screen.getByText(words.readBookings)).toBeVisible();
    await act(() => router.navigate(`/roles/${adminRole.id}/show`));
    expect(await screen.findByText(words.roles === 'Roles' ? 'Users holding it' : 'Benutzer mit dieser Rolle')).toBeVisible();
    expect(document.title).toBe(`${language === 'en' ? 'Role' : 'Rolle'} · Travel Back Office`);
    await act(() => router.navigate('/audit'));
    expect(await screen.findByRole('columnheader', { name: words.action })).toBeVisible();
    expect((await screen.findAllByRole('cell', { name: words.signedIn })).length).toBeGreaterThan(0);
    await act(() => router.navigate('/customers'));
    expect(await screen.findByText(words.noCustomers)).toBeVisible();
    await clerkChooses('en');
  });

  test.each(['en', 'de'] as const)('a tour’s screens in %s: the list, a new tour’s form, the brochure and every tab of the editor; every key has a message', async (language) => {
    await clerkChooses(language);
    applyLanguage(language);
    const tour = await admin.request<{ id: string }>('tours', {
      method: 'POST',
      mutation: true,
      body: { code: `LANG-${language.toUpperCase()}`, title: `Fjords in ${language}`, timeZone: 'Europe/Oslo', currency: 'EUR', durationDays: 3, status: 'published', prices: { ADULT: 129_950, CHILD: null, INFANT: null } },
    });
    await admin.request(`tours/${tour.id}/components`, { method: 'POST', mutation: true, body: { kind: 'accommodation', name: 'Fjord Hotel', supplier: '', dayFrom: 1, dayTo: 2, inclusion: 'included', priceMinor: null, costMinor: 9_000, costBasis: 'per_night', notes: '' } });
    await admin.request(`tours/${tour.id}/itinerary/1`, { method: 'PUT', mutation: true, body: { title: 'Bergen', description: '<p>Arrival</p>', overnight: 'Bergen', meals: { breakfast: false, lunch: false, dinner: true }, componentIds: [] } });
    const words = {
      en: { code: 'Code', nextDeparture: 'Next departure', from: /from €1,299\.50/, details: 'Details', timeZone: /Time zone/, components: 'Components', hotel: 'Accommodation', itinerary: 'Itinerary', day: 'Day 1: Bergen', dinner: 'Dinner', gallery: /No pictures yet/, prices: 'Prices', deposit: /Deposit \(%\)/, brochure: 'Day by day', newTour: /Capital letters, digits and hyphens/ },
      de: { code: 'Code', nextDeparture: 'Nächster Termin', from: /ab 1\.299,50\s€/, details: 'Details', timeZone: /Zeitzone/, components: 'Leistungen', hotel: 'Unterkunft', itinerary: 'Reiseverlauf', day: 'Tag 1: Bergen', dinner: 'Abendessen', gallery: /Noch keine Bilder/, prices: 'Preise', deposit: /Anzahlung \(%\)/, brochure: 'Tag für Tag', newTour: /Großbuchstaben, Ziffern und Bindestriche/ },
    }[language];
    const { router, user } = await openAs(server, jar, CLERK, '/tours');
    expect(await screen.findByRole('columnheader', { name: words.code }, { timeout: 10_000 })).toBeVisible();

    expect(await screen.findByRole('columnheader', { name: words.nextDeparture })).toBeVisible();
    expect((await screen.findAllByText(words.from))[0]).toBeVisible();
    await act(() => router.navigate('/tours/create'));
    expect(await screen.findByText(words.newTour)).toBeVisible();
    await act(() => router.navigate(`/tours/${tour.id}/show`));
    expect(await screen.findByRole('heading', { name: words.brochure })).toBeVisible();
    expect(await screen.findByRole('heading', { name: words.day })).toBeVisible();
    await act(() => router.navigate(`/tours/${tour.id}`));
    expect(await screen.findByLabelText(words.timeZone)).toBeVisible();
    await user.click(screen.getByRole('tab', { name: words.prices }));
    expect(await screen.findByLabelText(words.deposit)).toBeVisible();
    await user.click(screen.getByRole('tab', { name: words.components }));
    expect(await screen.findByText(words.hotel)).toBeVisible();
    await user.click(screen.getByRole('tab', { name: words.itinerary }));
    expect(await screen.findByText(words.dinner)).toBeVisible();
    await user.click(screen.getByRole('tab', { name: /Gallery|Galerie/ }));
    expect(await screen.findByText(words.gallery)).toBeVisible();
    await clerkChooses('en');
  });

  test.each(['en', 'de'] as const)('departures, bookings and guides in %s: the list and calendar, a departure’s page, the booking form, a booking’s page and its dialogs; every key has a message', async (language) => {
    await clerkChooses(language);
    applyLanguage(language);
    const tour = await admin.request<{ id: string }>('tours', {
      method: 'POST',
      mutation: true,
      body: { code: `SELL-${language.toUpperCase()}`, title: `Glaciers in ${language}`, timeZone: 'Atlantic/Reykjavik', currency: 'EUR', durationDays: 2, status: 'published', bookingCutoffHours: 0, prices: { ADULT: 50_000, CHILD: 25_000, INFANT: null } },
    });
    const departure = await admin.request<{ id: string }>('departures', { method: 'POST', mutation: true, body: { tourId: tour.id, startDate: '2031-07-03', startTime: '09:00', capacity: 12 } });
    const booking = await admin.request<{ id: string; customerId: string }>('bookings', {
      method: 'POST',
      mutation: true,
      body: { departureId: departure.id, status: 'confirmed', contact: { name: 'Ada Lind', email: `ada.${language}@example.test` }, travellers: [{ category: 'ADULT', firstName: 'Ada', lastName: 'Lind' }, { category: 'CHILD', firstName: 'Bo', lastName: 'Lind' }] },
    });
    await admin.request('resources', { method: 'POST', mutation: true, body: { kind: 'vehicle', name: `Coach ${language}`, seats: 19 } });
    const words = {
      en: { departs: 'Departs', seats: 'Seats', calendar: 'Month calendar', colours: /75% taken or more/, book: 'Book', facts: /bookings close 0 hours before departure/, crew: 'Guides & vehicles', margin: 'Margin', step: 'Travellers', lead: 'Lead', travellers: /1 adult, 1 child/, pay: 'Record payment', cancel: 'Cancel booking', history: 'History', kind: 'Kind', seats19: /19 seats/, customerData: 'Their data' },
      de: { departs: 'Abfahrt', seats: 'Plätze', calendar: 'Monatskalender', colours: /75 % belegt oder mehr/, book: 'Buchen', facts: /Buchungsschluss 0 Stunden vor Abfahrt/, crew: 'Guides & Fahrzeuge', margin: 'Marge', step: 'Reisende', lead: 'Hauptbucher', travellers: /1 Erwachsener, 1 Kind/, pay: 'Zahlung erfassen', cancel: 'Buchung stornieren', history: 'Verlauf', kind: 'Art', seats19: /19 Plätze/, customerData: 'Ihre Daten' },
    }[language];
    const { router, user } = await openAs(server, jar, CLERK, '/departures');
    expect(await screen.findByRole('columnheader', { name: words.departs }, { timeout: 10_000 })).toBeVisible();
    expect(screen.getByRole('columnheader', { name: words.seats })).toBeVisible();
    await user.click(screen.getByRole('button', { name: words.calendar }));
    expect(await screen.findByText(words.colours)).toBeVisible();
    await user.click(screen.getByRole('button', { name: language === 'en' ? 'List' : 'Liste' }));
    await act(() => router.navigate(`/departures/${departure.id}/show`));
    expect(await screen.findByText(words.facts)).toBeVisible();
    expect(await screen.findByRole('heading', { name: words.crew })).toBeVisible();
    expect(await screen.findByRole('heading', { name: words.margin })).toBeVisible();
    await act(() => router.navigate(`/bookings/create?departureId=${departure.id}`));
    expect(await screen.findByRole('button', { name: words.step })).toBeVisible();
    await act(() => router.navigate('/bookings'));
    expect(await screen.findByRole('columnheader', { name: words.lead })).toBeVisible();
    await act(() => router.navigate(`/bookings/${booking.id}/show`));
    expect(await screen.findByText(words.travellers)).toBeVisible();
    expect(await screen.findByRole('heading', { name: words.history })).toBeVisible();
    await user.click(await screen.findByRole('button', { name: words.pay }));
    expect(await screen.findByRole('dialog')).toBeVisible();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await user.click(await screen.findByRole('button', { name: words.cancel }));
    expect(await screen.findByRole('dialog')).toBeVisible();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await act(() => router.navigate(`/bookings/${booking.id}/change`));
    expect(await screen.findByRole('heading', { level: 2 })).toBeVisible();
    await act(() => router.navigate(`/customers/${booking.customerId}/show`));
    expect(await screen.findByRole('heading', { name: words.customerData })).toBeVisible();
    await act(() => router.navigate('/resources'));
    expect(await screen.findByRole('columnheader', { name: words.kind })).toBeVisible();
    expect((await screen.findAllByText(words.seats19))[0]).toBeVisible();
    await clerkChooses('en');
  });

  test.each(['en', 'de'] as const)('resellers, message templates, check-in, the day sheet and margins in %s; every key has a message', async (language) => {
    await clerkChooses(language);
    applyLanguage(language);
    const reseller = await admin.request<{ id: string }>('resellers', { method: 'POST', mutation: true, body: { name: `Partner ${language}`, commissionPercent: 12.5 } });
    const words = {
      en: { commission: 'Commission', keys: 'API keys', newKey: 'New API key', keyTitle: /A new API key for/, kinds: /Booking confirmed \(voucher attached\)/, placeholders: /Placeholders/, byCode: 'By the voucher’s code', today: 'Today’s departures', sheet: /Day sheet ·/, print: 'Print', margins: 'Margins by departure', currency: 'Currency' },
      de: { commission: 'Provision', keys: 'API-Schlüssel', newKey: 'Neuer API-Schlüssel', keyTitle: /Ein neuer API-Schlüssel für/, kinds: /Buchung bestätigt \(Voucher im Anhang\)/, placeholders: /Platzhalter/, byCode: 'Mit dem Code des Vouchers', today: 'Heutige Termine', sheet: /Tagesblatt ·/, print: 'Drucken', margins: 'Margen pro Termin', currency: 'Währung' },
    }[language];
    const { router, user } = await openAs(server, jar, CLERK, '/resellers');
    expect(await screen.findByRole('columnheader', { name: words.commission }, { timeout: 10_000 })).toBeVisible();
    await act(() => router.navigate(`/resellers/${reseller.id}/show`));
    expect(await screen.findByRole('heading', { name: words.keys })).toBeVisible();
    await user.click(await screen.findByRole('button', { name: words.newKey }));
    expect(await screen.findByText(words.keyTitle)).toBeVisible();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await act(() => router.navigate('/message-templates'));
    expect(await screen.findByText(words.kinds)).toBeVisible();
    await act(() => router.navigate('/message-templates/booking_confirmed/texts'));
    expect(await screen.findByText(words.placeholders)).toBeVisible();
    await act(() => router.navigate('/check-in'));
    expect(await screen.findByRole('heading', { name: words.byCode })).toBeVisible();
    expect(await screen.findByRole('heading', { name: words.today })).toBeVisible();
    await act(() => router.navigate('/day-sheet?date=2031-07-03'));
    expect(await screen.findByRole('heading', { name: words.sheet })).toBeVisible();
    expect(screen.getByRole('button', { name: words.print })).toBeVisible();
    await act(() => router.navigate('/margins'));
    expect(await screen.findByRole('heading', { name: words.margins })).toBeVisible();
    expect(screen.getByRole('combobox', { name: words.currency })).toBeVisible();
    await clerkChooses('en');
  });

  test('dates and money are written as the language writes them', () => {
    applyLanguage('en');
    expect(formatCalendarDate('2026-11-27')).toBe('27 Nov 2026');
    expect(formatMinor(129_950, 'EUR')).toBe('€1,299.50');
    applyLanguage('de');
    expect(formatCalendarDate('2026-11-27')).toBe('27. Nov. 2026');
    expect(formatMinor(129_950, 'EUR')).toBe('1.299,50\u00a0€');
  });

  test('each call asks the server for the screens’ language: a refusal comes worded in it, particulars and all', async () => {
    const client = createHttpClient({ baseUrl: `${server.baseUrl}/api/`, fetch: createCookieJar().fetch });
    await createAuthProvider(client).login({ email: server.admin.email, password: server.admin.password, persist: false, captcha: server.captchaToken });
    const missing = 'customers/00000000-0000-4000-8000-000000000000';
    applyLanguage('de');
    await expect(client.request(missing)).rejects.toThrow('Kein Kunde mit dieser ID.');
    await expect(client.request('departures', { query: { from: '2027-02-30' } })).rejects.toMatchObject({ body: { errors: { from: 'muss ein Datum sein, etwa 2027-06-01' } } });
    applyLanguage('en');
    await expect(client.request(missing)).rejects.toThrow('No customer with this id.');
  });

  test('every language has a message for every key of the public pages and of the app', async () => {
    const { APP_DE } = await import('../../../src/client/i18n/app-messages-de');
    const keys = (tree: object, prefix = ''): string[] =>
      Object.entries(tree).flatMap(([key, value]) => (typeof value === 'string' ? [`${prefix}${key}`] : keys(value as object, `${prefix}${key}.`)));
    const values = (tree: object): string[] => Object.values(tree).flatMap((value) => (typeof value === 'string' ? [value] : values(value as object)));
    expect(keys(APP_DE)).toEqual(keys(APP_EN));
    const { DOMAINS_DE } = await import('../../../src/client/i18n/domains/de');
    expect(DOMAINS_DE.map((domain) => keys(domain))).toEqual(DOMAINS_EN.map((domain) => keys(domain)));
    for (const value of DOMAINS_DE.flatMap((domain) => values(domain))) expect(value.trim()).not.toBe('');
    // The words that load with their screens (resellers, templates, online sales, business).
    const screens = await Promise.all([
      Promise.all([import('../../../src/client/i18n/domains/resellers-en'), import('../../../src/client/i18n/domains/resellers-de')]).then(([en, de]) => [en.RESELLERS_EN, de.RESELLERS_DE]),
      Promise.all([import('../../../src/client/i18n/domains/message-templates-en'), import('../../../src/client/i18n/domains/message-templates-de')]).then(([en, de]) => [en.TEMPLATES_EN, de.TEMPLATES_DE]),
      Promise.all([import('../../../src/client/i18n/domains/shop-en'), import('../../../src/client/i18n/domains/shop-de')]).then(([en, de]) => [en.SHOP_EN, de.SHOP_DE]),
      Promise.all([import('../../../src/client/i18n/domains/business-en'), import('../../../src/client/i18n/domains/business-de')]).then(([en, de]) => [en.BUSINESS_EN, de.BUSINESS_DE]),
    ]);
    for (const [en, de] of screens) {
      expect(keys(de!)).toEqual(keys(en!));
      for (const value of values(de!)) expect(value.trim()).not.toBe('');
    }
    expect(Object.keys(PUBLIC_MESSAGES.de)).toEqual(Object.keys(PUBLIC_MESSAGES.en));
    for (const value of [...values(APP_DE), ...Object.values(PUBLIC_MESSAGES.de)]) expect(value.trim()).not.toBe('');
  });
});
