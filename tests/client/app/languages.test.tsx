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
    await renderApp({ baseUrl: `${server.baseUrl}/api/`, fetch: jar.fetch, entries: ['/login'], config: { recaptchaSiteKey: null, cardPayments: false } });
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

  test('dates and money are written as the language writes them', () => {
    applyLanguage('en');
    expect(formatCalendarDate('2026-11-27')).toBe('27 Nov 2026');
    expect(formatMinor(129_950, 'EUR')).toBe('€1,299.50');
    applyLanguage('de');
    expect(formatCalendarDate('2026-11-27')).toBe('27. Nov. 2026');
    expect(formatMinor(129_950, 'EUR')).toBe('1.299,50\u00a0€');
  });

  test('every language has a message for every key of the public pages and of the app', async () => {
    const { APP_DE } = await import('../../../src/client/i18n/app-messages-de');
    const keys = (tree: object, prefix = ''): string[] =>
      Object.entries(tree).flatMap(([key, value]) => (typeof value === 'string' ? [`${prefix}${key}`] : keys(value as object, `${prefix}${key}.`)));
    expect(keys(APP_DE)).toEqual(keys(APP_EN));
    expect(Object.keys(PUBLIC_MESSAGES.de)).toEqual(Object.keys(PUBLIC_MESSAGES.en));
    const values = (tree: object): string[] => Object.values(tree).flatMap((value) => (typeof value === 'string' ? [value] : values(value as object)));
    for (const value of [...values(APP_DE), ...Object.values(PUBLIC_MESSAGES.de)]) expect(value.trim()).not.toBe('');
  });
});
