/**
 * Documents: the departure manifest (CSV, by last name, formula injection
 * defused), the bookings export (CSV streamed page by page, any number of rows), both beginning
 * with UTF-8's byte-order mark so Excel reads Łódź and 山田, and the one-page PDF voucher whose
 * text — Þórður, Ærøskøbing, Łódź, 山田, the business, the balance's due date — is read back out of
 * the file; a voucher only for confirmed bookings, with nothing staff wrote for themselves on it;
 * and its fonts, unpacked from WOFF table by table with every checksum kept.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { sfntOfWoff } from '../../src/server/pdf/fonts.js';
import type { Booking } from '../../src/shared/contract/bookings.js';
import type { Tour } from '../../src/shared/contract/tours.js';
import { expectError } from '../helpers/assertions.js';
import { aTour } from '../helpers/builders.js';
import { createDeparture, createTour, viaInject } from '../helpers/api-builders.js';
import { as, createTestApp, createUser, login, type TestApp } from '../helpers/test-app.js';

let t: TestApp;
let admin: ReturnType<typeof as>;
let adminToken: string;

beforeAll(async () => {
  t = await createTestApp({
    env: { BUSINESS_NAME: 'Fjord & Fell Tours', BUSINESS_EMAIL: 'hello@fjordfell.example', BUSINESS_PHONE: '+354 555 0100', BUSINESS_ADDRESS: 'Laugavegur 1; 101 Reykjavík; Iceland', BUSINESS_WEBSITE: 'https://fjordfell.example' },
  });
  adminToken = (await login(t.app, t.admin)).accessToken;
  admin = as(t.app, adminToken);
});
afterAll(async () => t?.close());

const publishedTour = (overrides: Parameters<typeof aTour>[0] = {}) => createTour(viaInject(admin), { status: 'published', ...overrides });

const departureOf = (tour: Tour, startDate: string, capacity = 60) => createDeparture(viaInject(admin), tour.id, { startDate, startTime: '08:30', capacity });

async function book(body: Record<string, unknown>): Promise<Booking> {
  const response = await admin({ method: 'POST', url: '/api/bookings', payload: { contact: { name: 'Lead', email: 'lead@example.test' }, ...body } });
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

/** The text after the byte-order mark every CSV file begins with (the test fails without one). */
function withoutBom(text: string): string {
  expect(text.charCodeAt(0)).toBe(0xfeff);
  return text.slice(1);
}

/** The CSV's rows, as a spreadsheet would split them (quoted cells may hold commas). */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let index = 0; index < text.length; index += 1) {
    const char = text[index];
    if (quoted) {
      if (char === '"' && text[index + 1] === '"') {
        cell += '"';
        index += 1;
      } else if (char === '"') quoted = false;
      else cell += char;
    } else if (char === '"') quoted = true;
    else if (char === ',') {
      row.push(cell);
      cell = '';
    } else if (char === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
    } else cell += char;
  }
  if (cell !== '' || row.length > 0) rows.push([...row, cell]);
  return rows;
}

describe('the manifest', () => {
  test('one row per traveller of held and confirmed bookings, by last name, with formulas defused', async () => {
    const tour = await publishedTour({ currency: 'DKK', timeZone: 'Europe/Copenhagen' });
    const dep = await departureOf(tour, '2027-06-12');
    await book({
      departureId: dep.id,
      status: 'confirmed',
      contact: { name: '=HYPERLINK("http://evil.test","click")', email: 'a@example.test', phone: '+45 1234' },
      travellers: [
        { category: 'ADULT', firstName: 'Þórður', lastName: 'Ærøskøbing', dateOfBirth: '1970-03-01', notes: '@SUM(A1:A9)' },
        { category: 'CHILD', firstName: '-2+3', lastName: 'Bech' },
      ],
    });
    await book({ departureId: dep.id, travellers: [{ category: 'ADULT', firstName: '太郎', lastName: '山田' }] });
    const cancelled = await book({ departureId: dep.id, travellers: [{ category: 'ADULT', firstName: 'Gone', lastName: 'Aaberg' }] });
    await admin({ method: 'POST', url: `/api/bookings/${cancelled.id}/cancel`, payload: { reason: 'x' } });

    const response = await admin({ method: 'GET', url: `/api/departures/${dep.id}/manifest.csv` });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="manifest-/);
    expect(response.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const body = withoutBom(response.body);
    const lines = body.split('\n');
    expect(lines[0]).toBe('reference,status,last_name,first_name,category,date_of_birth,contact_name,contact_email,contact_phone,notes,checked_in');
    const rows = parseCsv(body).slice(1);
    expect(rows.map((row) => row[2])).toEqual(['Bech', 'Ærøskøbing', '山田']);
    expect(rows[0]).toEqual([expect.any(String), 'confirmed', 'Bech', "'-2+3", 'CHILD', '', `'=HYPERLINK("http://evil.test","click")`, 'a@example.test', "'+45 1234", '', '']);
    expect(rows[1].slice(1, 6)).toEqual(['confirmed', 'Ærøskøbing', 'Þórður', 'ADULT', '1970-03-01']);
    expect(rows[1][9]).toBe("'@SUM(A1:A9)");
    expect(rows[2][1]).toBe('held');
    expectError(await admin({ method: 'GET', url: '/api/departures/00000000-0000-4000-8000-000000000000/manifest.csv' }), 404, 'NOT_FOUND');
  });

  test('needs bookings.read', async () => {
    const dep = await departureOf(await publishedTour(), '2027-06-13');
    const user = await createUser(t.app, adminToken, { email: `staff-${Date.now()}@example.test`, roles: ['STAFF'] });
    const staff = as(t.app, (await login(t.app, user)).accessToken);
    expectError(await staff({ method: 'GET', url: `/api/departures/${dep.id}/manifest.csv` }), 403, 'FORBIDDEN');
    expectError(await staff({ method: 'GET', url: '/api/bookings.csv' }), 403, 'FORBIDDEN');
    const booking = await admin({ method: 'POST', url: '/api/bookings', payload: { departureId: dep.id, contact: { name: 'Vera Voucher', email: 'vera@example.com' }, travellers: [{ category: 'ADULT', firstName: 'Vera', lastName: 'Voucher' }] } });
    expect(booking.statusCode, booking.body).toBe(201);
    expectError(await staff({ method: 'GET', url: `/api/bookings/${booking.json<{ id: string }>().id}/voucher.pdf` }), 403, 'FORBIDDEN');
  });
});

describe('the bookings export', () => {
  test('streams every booking matching the list’s filters, in the list’s order, across many pages', async () => {
    const tour = await publishedTour({ currency: 'ISK', prices: { ADULT: 189_000, CHILD: 94_500, INFANT: null } });
    const dep = await departureOf(tour, '2027-07-03', 10_000);
    const count = 1_234; // more than two pages of the export's 500
    const db = t.database.handle.db;
    // Made through the API for a few, the rest in bulk through the repository (the same code path, without HTTP).
    const made: Booking[] = [];
    for (let index = 0; index < count; index += 1) {
      made.push(
        await t.app.flows.bookSeats(
          { departureId: dep.id, contact: { name: `Guest ${index}`, email: `g${index}@example.test` }, travellers: [{ category: 'ADULT', firstName: 'Guest', lastName: `N${index}` }], status: index % 4 === 0 ? 'held' : 'confirmed' },
          { actorId: null, permissions: null, ip: null, userAgent: null },
        ),
      );
    }
    expect(db).toBeDefined();
    const response = await admin({ method: 'GET', url: `/api/bookings.csv?tourId=${tour.id}&status=confirmed&sort=reference&order=DESC` });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const rows = parseCsv(withoutBom(response.body));
    expect(rows[0]).toEqual([
      'reference', 'status', 'payment_status', 'tour_code', 'tour_title', 'start_date', 'start_time', 'time_zone', 'contact_name', 'contact_email', 'contact_phone',
      'travellers', 'seats', 'currency', 'total', 'paid', 'balance', 'channel', 'created_at', 'cancelled_at', 'cancel_reason',
    ]);
    const confirmed = made.filter((booking) => booking.status === 'confirmed').map((booking) => booking.reference).sort().reverse();
    expect(rows.slice(1).map((row) => row[0])).toEqual(confirmed);
    expect(rows[1].slice(1, 3)).toEqual(['confirmed', 'unpaid']);
    expect(rows[1].slice(13, 17)).toEqual(['ISK', '189000', '0', '189000']);
    expectError(await admin({ method: 'GET', url: '/api/bookings.csv?status=nope' }), 400, 'VALIDATION');
  });
});

describe('the voucher', () => {
  async function textOf(pdf: Buffer): Promise<{ pages: number; text: string }> {
    const document = await getDocument({ data: new Uint8Array(pdf), useSystemFonts: false, isEvalSupported: false }).promise;
    let text = '';
    for (let number = 1; number <= document.numPages; number += 1) {
      const content = await (await document.getPage(number)).getTextContent();
      text += content.items.map((item) => ('str' in item ? item.str : '')).join('') + '\n';
    }
    return { pages: document.numPages, text };
  }

  test('one page with the reference, the tour, the local date and time with its zone, the travellers and the money', async () => {
    const tour = await publishedTour({ title: 'Ærøskøbing & Łódź by rail', currency: 'EUR', timeZone: 'Europe/Berlin', prices: { ADULT: 129_950, CHILD: 64_975, INFANT: 0 } });
    const dep = await departureOf(tour, '2027-10-31'); // the day the clocks go back
    const booking = await book({
      departureId: dep.id,
      status: 'confirmed',
      contact: { name: 'Þórður Jónsson', email: 'thordur@example.is' },
      travellers: [
        { category: 'ADULT', firstName: 'Þórður', lastName: 'Jónsson' },
        { category: 'ADULT', firstName: '太郎', lastName: '山田' },
        { category: 'CHILD', firstName: 'Zofia', lastName: 'Łódź' },
      ],
    });
    await admin({ method: 'POST', url: `/api/bookings/${booking.id}/payments`, payload: { kind: 'payment', amountMinor: 100_000, method: 'card' } });
    const response = await admin({ method: 'GET', url: `/api/bookings/${booking.id}/voucher.pdf` });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const { pages, text } = await textOf(response.rawPayload);
    expect(pages).toBe(1);
    for (const expected of [booking.reference, 'Ærøskøbing & Łódź by rail', 'Þórður Jónsson', '山田', '太郎', 'Zofia Łódź', 'Sunday, 31 October 2027 at 08:30', '(Europe/Berlin)', '€3,248.75', '€1,000.00', '€2,248.75']) {
      expect(text.replace(/\s+/g, ' '), `${expected} in ${JSON.stringify(text)}`).toContain(expected);
    }
    // The fonts are embedded subsets: nothing is left to the reader's machine.
    expect(response.rawPayload.toString('latin1')).toMatch(/\/FontFile2|\/FontFile3/);
    // The check-in code, printed for typing and drawn as a QR code (an image) for scanning.
    const code = (await admin({ method: 'GET', url: `/api/bookings/${booking.id}` })).json<{ checkInCode: string }>().checkInCode;
    expect(text).toContain(`${code.slice(0, 4)}-${code.slice(4, 8)}-${code.slice(8)}`);
    expect(response.rawPayload.toString('latin1')).toMatch(/\/Subtype\s*\/Image/);
  });

  test('fifty travellers still fit on one page', async () => {
    const tour = await publishedTour();
    const dep = await departureOf(tour, '2027-08-07');
    const travellers = Array.from({ length: 50 }, (_, index) => ({ category: 'ADULT', firstName: `Traveller${index}`, lastName: 'Smith' }));
    const booking = await book({ departureId: dep.id, status: 'confirmed', travellers });
    const response = await admin({ method: 'GET', url: `/api/bookings/${booking.id}/voucher.pdf` });
    const { pages, text } = await textOf(response.rawPayload);
    expect(pages).toBe(1);
    expect(text).toContain('Traveller49 Smith');
  });

  test('names the business and says when the balance is due; prints no note staff wrote for themselves', async () => {
    {
      const tour = await publishedTour({ currency: 'EUR', timeZone: 'Atlantic/Reykjavik', prices: { ADULT: 50_000, CHILD: null, INFANT: null } });
      const dep = await departureOf(tour, '2027-06-19');
      const booking = await book({
        departureId: dep.id,
        status: 'confirmed',
        notes: 'INTERNAL: agent owes us a favour',
        travellers: [{ category: 'ADULT', firstName: 'Ada', lastName: 'Lovelace', notes: 'INTERNAL: difficult on the phone' }],
      });
      await admin({ method: 'POST', url: `/api/bookings/${booking.id}/payments`, payload: { kind: 'payment', amountMinor: 10_000, method: 'card' } });
      const { text } = await textOf((await admin({ method: 'GET', url: `/api/bookings/${booking.id}/voucher.pdf` })).rawPayload);
      const flat = text.replace(/\s+/g, ' ');
      for (const expected of ['Fjord & Fell Tours', 'hello@fjordfell.example', '+354 555 0100', 'https://fjordfell.example', 'Laugavegur 1', '101 Reykjavík', 'Iceland', 'Balance due by', 'Thursday, 20 May 2027', '€400.00']) {
        expect(flat, `${expected} in ${JSON.stringify(text)}`).toContain(expected);
      }
      expect(flat).not.toContain('INTERNAL');
      expect(flat).not.toMatch(/status/i);

      // Paid in full: no due date to print.
      await admin({ method: 'POST', url: `/api/bookings/${booking.id}/payments`, payload: { kind: 'payment', amountMinor: 40_000, method: 'card' } });
      const paid = await textOf((await admin({ method: 'GET', url: `/api/bookings/${booking.id}/voucher.pdf` })).rawPayload);
      expect(paid.text).not.toContain('Balance due by');

      // Booked a week before departure: the balance is due on the day it was booked (in the tour's zone).
      const now = new Date(t.clock.now());
      const inAWeek = new Date(now.getTime() + 7 * 86_400_000).toISOString().slice(0, 10);
      const late = await departureOf(tour, inAWeek);
      const lateBooking = await book({ departureId: late.id, status: 'confirmed', travellers: [{ category: 'ADULT', firstName: 'Late', lastName: 'Comer' }] });
      const lateText = await textOf((await admin({ method: 'GET', url: `/api/bookings/${lateBooking.id}/voucher.pdf` })).rawPayload);
      const today = new Intl.DateTimeFormat('en-GB', { timeZone: 'Atlantic/Reykjavik', weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' }).format(now);
      expect(lateText.text.replace(/\s+/g, ' ')).toContain(today);
    }
  });

  test('is issued for confirmed bookings only: a held, cancelled or waitlisted one is refused with 409', async () => {
    const tour = await publishedTour();
    const dep = await departureOf(tour, '2027-08-14', 1);
    const held = await book({ departureId: dep.id, travellers: [{ category: 'ADULT', firstName: 'Hal', lastName: 'Held' }] });
    expectError(await admin({ method: 'GET', url: `/api/bookings/${held.id}/voucher.pdf` }), 409, 'CONFLICT');
    const waiting = await book({ departureId: dep.id, waitlist: true, travellers: [{ category: 'ADULT', firstName: 'Wes', lastName: 'Waiting' }] });
    expect(waiting.status).toBe('waitlisted');
    expectError(await admin({ method: 'GET', url: `/api/bookings/${waiting.id}/voucher.pdf` }), 409, 'CONFLICT');
    await admin({ method: 'POST', url: `/api/bookings/${held.id}/confirm` });
    await admin({ method: 'POST', url: `/api/bookings/${held.id}/cancel`, payload: { reason: 'Customer fell ill (do not tell the guide)' } });
    const refused = await admin({ method: 'GET', url: `/api/bookings/${held.id}/voucher.pdf` });
    expectError(refused, 409, 'CONFLICT');
    expect(refused.body).not.toContain('fell ill');
  });
});

describe('the voucher’s fonts, unpacked once per process from their WOFF files', () => {
  const fontFile = (name: string) => createRequire(import.meta.url).resolve(`@fontsource/noto-sans/files/${name}`);
  /** OpenType's checksum of a table: its bytes as 32-bit big-endian words (zero-padded), summed modulo 2^32. */
  const checksum = (data: Buffer) => {
    const padded = Buffer.concat([data, Buffer.alloc((4 - (data.length % 4)) % 4)]);
    let sum = 0;
    for (let at = 0; at < padded.length; at += 4) sum = (sum + padded.readUInt32BE(at)) >>> 0;
    return sum;
  };

  test('every table comes out whole: the checksum the WOFF file recorded for it, at a 4-byte boundary', () => {
    for (const name of ['noto-sans-latin-400-normal.woff', 'noto-sans-latin-700-normal.woff', 'noto-sans-cyrillic-400-normal.woff']) {
      const font = sfntOfWoff(readFileSync(fontFile(name)));
      expect(font.readUInt32BE(0)).toBe(0x00010000); // TrueType outlines
      const count = font.readUInt16BE(4);
      expect(count).toBeGreaterThan(8);
      const tags: string[] = [];
      for (let index = 0; index < count; index++) {
        const record = 12 + index * 16;
        const tag = font.toString('latin1', record, record + 4);
        const offset = font.readUInt32BE(record + 8);
        const length = font.readUInt32BE(record + 12);
        tags.push(tag);
        expect(offset % 4, tag).toBe(0);
        // head's checksum counts its own checkSumAdjustment as zero.
        const data = Buffer.from(font.subarray(offset, offset + length));
        if (tag === 'head') data.writeUInt32BE(0, 8);
        expect(checksum(data), tag).toBe(font.readUInt32BE(record + 4));
      }
      expect(tags).toEqual(expect.arrayContaining(['cmap', 'glyf', 'head', 'hmtx', 'loca']));
    }
  });

  test('a file that is not WOFF, or is cut short, is refused with a reason', () => {
    expect(() => sfntOfWoff(Buffer.from('not a font at all, just text'))).toThrow('not a WOFF font');
    const whole = readFileSync(fontFile('noto-sans-latin-400-normal.woff'));
    expect(() => sfntOfWoff(whole.subarray(0, whole.length - 4000))).toThrow();
  });
});
