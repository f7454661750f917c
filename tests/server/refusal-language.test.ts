/**
 * A refusal in the caller's language: every sentence the server refuses with has its German
 * (read from the server's source), and a call asking for German with Accept-Language gets its
 * refusal's sentence and its fields' problems in German, values and all, while one asking for
 * English, for a language the server does not write, or for nothing, gets the English. OCTO's
 * refusals stay English whatever the reseller's system asks for.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refusalIn, refusalLanguage } from '../../src/server/http/refusal-language.js';
import { REFUSALS_DE } from '../../src/server/http/refusals-de.js';
import type { Booking } from '../../src/shared/contract/bookings.js';
import type { Departure } from '../../src/shared/contract/departures.js';
import { createDeparture, createTour, viaInject } from '../helpers/api-builders.js';
import { createResellerWithKey } from '../helpers/octo.js';
import { refusalSentences } from '../helpers/refusal-sentences.js';
import { as, createTestApp, login, type TestApp } from '../helpers/test-app.js';

describe('the German of the server’s refusals', () => {
  const sentences = refusalSentences();

  it('covers every sentence the server refuses with', () => {
    const missing = [...sentences].filter(([sentence]) => REFUSALS_DE[sentence] === undefined).map(([sentence, where]) => `${where}: ${sentence}`);
    expect(missing).toEqual([]);
    // The reading of the source finds them all, not a handful.
    expect(sentences.size).toBeGreaterThan(200);
  });

  it('holds no sentence the server no longer says, and gives every value the English gives', () => {
    expect(Object.keys(REFUSALS_DE).filter((sentence) => !sentences.has(sentence))).toEqual([]);
    for (const [english, german] of Object.entries(REFUSALS_DE)) {
      const values = english.split('{}').length - 1;
      const used = [...german.matchAll(/\{(\d)\}/g)].map((match) => Number(match[1]));
      expect(new Set(used).size, `${english} → ${german}`).toBe(values);
      expect(used.every((position) => position < values), `${english} → ${german}`).toBe(true);
      expect(german, english).not.toContain('{}');
    }
  });

  it('puts the values in their German places, and a booking’s status into German', () => {
    expect(refusalIn('de', 'Only 3 seats are free on this departure.')).toBe('Auf diesem Termin sind nur noch 3 Plätze frei.');
    expect(refusalIn('de', '€50.00 has been paid and the new total would be €30.00: refund €20.00 first.')).toBe('Gezahlt sind €50.00, und der neue Gesamtbetrag wäre €30.00: Erstatten Sie zuerst €20.00.');
    expect(refusalIn('de', 'This booking is cancelled: there is nothing to cancel.')).toBe('Diese Buchung ist storniert: Es gibt nichts zu stornieren.');
    // A sentence with no German stays as it was; English is left alone.
    expect(refusalIn('de', 'A sentence nobody wrote.')).toBe('A sentence nobody wrote.');
    expect(refusalIn('en', 'No tour with this id.')).toBe('No tour with this id.');
  });

  it('is chosen by Accept-Language among English and German, by weight, English otherwise', () => {
    expect(refusalLanguage(undefined)).toBe('en');
    expect(refusalLanguage('de')).toBe('de');
    expect(refusalLanguage('de-AT,de;q=0.9,en;q=0.8')).toBe('de');
    expect(refusalLanguage('en-GB,en;q=0.9,de;q=0.5')).toBe('en');
    expect(refusalLanguage('fr-FR,fr;q=0.9,de;q=0.7')).toBe('de');
    expect(refusalLanguage('fr-FR,fr;q=0.9')).toBe('en');
    expect(refusalLanguage('de;q=0,en;q=0.1')).toBe('en');
    expect(refusalLanguage('*')).toBe('en');
    expect(refusalLanguage('de;q=abc')).toBe('en');
  });
});

describe('a refusal through the API', () => {
  let t: TestApp;
  let staff: ReturnType<typeof as>;
  let departure: Departure;

  beforeAll(async () => {
    t = await createTestApp();
    staff = as(t.app, (await login(t.app, t.admin)).accessToken);
    const tour = await createTour(viaInject(staff), { status: 'published', timeZone: 'Europe/Berlin', bookingCutoffHours: 0, prices: { ADULT: 10_000, CHILD: null, INFANT: null } });
    departure = await createDeparture(viaInject(staff), tour.id, { capacity: 2 });
  });
  afterAll(async () => t?.close());

  const german = { 'accept-language': 'de-DE,de;q=0.9,en;q=0.8' };
  const travellers = (count: number) => Array.from({ length: count }, (_, index) => ({ category: 'ADULT', firstName: `T${index}`, lastName: 'Lee' }));

  it('is in German when the caller asks for German: the sentence, its values and its fields’ problems', async () => {
    const missing = await staff({ method: 'GET', url: '/api/customers/00000000-0000-4000-8000-000000000000', headers: german });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ code: 'NOT_FOUND', message: 'Kein Kunde mit dieser ID.' });

    const tooMany = await staff({ method: 'POST', url: '/api/bookings', headers: german, payload: { departureId: departure.id, status: 'confirmed', contact: { name: 'Ann Lee', email: 'ann@example.test' }, travellers: travellers(3) } });
    expect(tooMany.statusCode).toBe(409);
    expect(tooMany.json()).toMatchObject({ code: 'SOLD_OUT', message: 'Auf diesem Termin sind nur noch 2 Plätze frei.', available: 2 });

    const held = await staff({ method: 'POST', url: '/api/bookings', payload: { departureId: departure.id, status: 'held', contact: { name: 'Ann Lee', email: 'ann@example.test' }, travellers: travellers(1) } });
    expect(held.statusCode, held.body).toBe(201);
    const voucher = await staff({ method: 'GET', url: `/api/bookings/${held.json<Booking>().id}/voucher.pdf`, headers: german });
    expect(voucher.json()).toMatchObject({ code: 'CONFLICT', message: 'Einen Voucher gibt es nur für bestätigte Buchungen; diese ist reserviert.' });

    const fields = await staff({ method: 'POST', url: '/api/departures', headers: german, payload: { tourId: departure.tourId, startDate: '2027-02-30', startTime: '09:00', capacity: 'many' } });
    expect(fields.statusCode).toBe(400);
    const body = fields.json<{ code: string; message: string; errors: Record<string, string> }>();
    expect(body.code).toBe('VALIDATION');
    expect(body.message).toMatch(/^Ungültiger Wert für: /);
    expect(body.errors.capacity).toBe('muss eine ganze Zahl sein');
  });

  it('stays English for a caller asking for English, for another language or for none', async () => {
    for (const headers of [{ 'accept-language': 'en' }, { 'accept-language': 'fr' }, {}]) {
      const missing = await staff({ method: 'GET', url: '/api/customers/00000000-0000-4000-8000-000000000000', headers });
      expect(missing.json()).toEqual({ code: 'NOT_FOUND', message: 'No customer with this id.' });
    }
  });

  it('stays English on the OCTO API, whose readers are the resellers’ systems', async () => {
    const { key } = await createResellerWithKey(staff);
    const unknown = await t.app.inject({ method: 'GET', url: '/api/octo/no-such-route', headers: { ...german, authorization: `Bearer ${key}` } });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.body).toContain('No such OCTO route.');
    // A schema refusal on an OCTO route too.
    const badDates = await t.app.inject({ method: 'GET', url: '/api/octo/products/x/availability/calendar?localDateStart=nope', headers: { ...german, authorization: `Bearer ${key}` } });
    expect(badDates.statusCode).toBe(400);
    expect(badDates.body).not.toMatch(/ist|muss|Ungültig/);
  });
});
