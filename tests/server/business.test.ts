/**
 * The business's name and contact details: filled from the BUSINESS_* variables at the first start,
 * then kept in the database and changed by an administrator on the Business screen; what is saved is
 * what the next e-mail (its signature, sender name and reply address), voucher and OCTO supplier
 * print. Runs on the embedded database and, with TEST_DATABASE_URL, on a PostgreSQL server.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Business } from '../../src/shared/contract/business.js';
import type { Booking } from '../../src/shared/contract/bookings.js';
import { expectError } from '../helpers/assertions.js';
import { createDeparture, createTour, viaInject } from '../helpers/api-builders.js';
import { createResellerWithKey, octoAs } from '../helpers/octo.js';
import { as, createTestApp, createUser, login, readOutbox, type TestApp } from '../helpers/test-app.js';

let t: TestApp;
let admin: ReturnType<typeof as>;
const DAY = 86_400_000;

beforeAll(async () => {
  t = await createTestApp({ env: { MESSAGE_POLL_INTERVAL: 'off', JOBS_INTERVAL: 'off', BUSINESS_NAME: 'From The Environment', BUSINESS_PHONE: '+47 1' } });
  admin = as(t.app, (await login(t.app, t.admin)).accessToken);
});
afterAll(async () => t?.close());

const put = (body: Record<string, unknown>) => admin({ method: 'PUT', url: '/api/business', payload: { name: null, email: null, phone: null, address: null, website: null, ...body } });

describe('the business', () => {
  it('starts from the environment, then is what the administrator saved: trimmed, blank as null, audited', async () => {
    const first = (await admin({ method: 'GET', url: '/api/business' })).json<Business>();
    expect(first).toMatchObject({ name: 'From The Environment', phone: '+47 1', email: null, address: null, website: null });

    const saved = await put({ name: '  Fjord & Co  ', email: ' hello@fjord.example ', phone: '+47 22 33 44 55', address: 'Kai 1\n\n0150 Oslo\n', website: 'https://fjord.example', });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json<Business>()).toMatchObject({ name: 'Fjord & Co', email: 'hello@fjord.example', phone: '+47 22 33 44 55', address: 'Kai 1\n0150 Oslo', website: 'https://fjord.example' });
    expect((await admin({ method: 'GET', url: '/api/business' })).json<Business>().name).toBe('Fjord & Co');

    const audit = (await admin({ method: 'GET', url: '/api/admin/audit?action=business.updated' })).json<{ data: { details: { fields: string[] } }[] }>();
    expect(audit.data[0]!.details.fields).toEqual(expect.arrayContaining(['name', 'email', 'address', 'website']));
  });

  it('refuses what cannot be printed or reached, naming the field, and keeps what was saved', async () => {
    for (const [body, field] of [
      [{ email: 'not an address' }, 'email'],
      [{ website: 'javascript:alert(1)' }, 'website'],
      [{ website: 'ftp://fjord.example' }, 'website'],
      [{ phone: 'call me' }, 'phone'],
      [{ name: 'Fjord\u0007' }, 'name'],
      [{ address: 'a\nb\nc\nd\ne' }, 'address'],
      [{ name: 'x'.repeat(121) }, 'name'],
    ] as const) {
      const refused = await put({ name: 'Fjord & Co', ...body });
      expectError(refused, 400, 'VALIDATION');
      expect(Object.keys(refused.json<{ errors: Record<string, string> }>().errors)).toContain(field);
    }
    expect((await admin({ method: 'GET', url: '/api/business' })).json<Business>()).toMatchObject({ name: 'Fjord & Co', email: 'hello@fjord.example' });
  });

  it('is for administrators only', async () => {
    const clerk = await createUser(t.app, (await login(t.app, t.admin)).accessToken, { email: 'clerk.business@example.test', roles: ['STAFF'] });
    const asClerk = as(t.app, (await login(t.app, clerk)).accessToken);
    expectError(await asClerk({ method: 'GET', url: '/api/business' }), 403, 'FORBIDDEN');
    expectError(await asClerk({ method: 'PUT', url: '/api/business', payload: { name: 'Mine', email: null, phone: null, address: null, website: null } }), 403, 'FORBIDDEN');
    expectError(await t.app.inject({ method: 'GET', url: '/api/business' }), 403, 'TOKEN_MISSING');
  });

  it('signs the e-mails, names their sender, takes their replies and heads the OCTO supplier as saved', async () => {
    expect((await put({ name: 'Nordlys "Tours"', email: 'post@nordlys.example', phone: '+47 99 88 77 66', address: 'Strandveien 2\n9008 Tromsø', website: 'https://nordlys.example' })).statusCode).toBe(200);
    const tour = await createTour(viaInject(admin), { status: 'published', timeZone: 'Europe/Oslo', currency: 'NOK', bookingCutoffHours: 0, prices: { ADULT: 100_000, CHILD: null, INFANT: null } });
    const departure = await createDeparture(viaInject(admin), tour.id, { startDate: new Date(t.clock.time + 60 * DAY).toISOString().slice(0, 10), capacity: 10 });
    const made = await admin({ method: 'POST', url: '/api/bookings', payload: { departureId: departure.id, status: 'confirmed', contact: { name: 'Kari Nord', email: 'kari.business@example.test' }, travellers: [{ category: 'ADULT', firstName: 'Kari', lastName: 'Nord' }] } });
    expect(made.statusCode, made.body).toBe(201);
    expect(made.json<Booking>().reference).toBeTruthy();
    while ((await t.app.messages.sendDue()) > 0);
    const [mail] = (await readOutbox(t.outboxDir)).filter((one) => one.to === 'kari.business@example.test');
    expect(mail!.from).toMatch(/^"Nordlys \\"Tours\\"" <no-reply@/);
    expect(mail!.replyTo).toBe('post@nordlys.example');
    expect(mail!.text).toContain('Nordlys "Tours"\npost@nordlys.example +47 99 88 77 66 https://nordlys.example');

    const { key } = await createResellerWithKey(admin);
    const supplier = (await octoAs(t.app, key)('GET', '/supplier')).json<{ name: string; contact: Record<string, string | null> }>();
    expect(supplier).toMatchObject({ name: 'Nordlys "Tours"', contact: { email: 'post@nordlys.example', telephone: '+47 99 88 77 66', website: 'https://nordlys.example', address: 'Strandveien 2, 9008 Tromsø' } });
  });
});
