/**
 * Every search box ignores accents, both ways, and writes ß as ss: "Muller" finds Müller and
 * "Müller" finds Muller in customers, bookings (a traveller's name too), guides and vehicles, users,
 * resellers and tours; "Sao Paulo" finds São Paulo, "Lodz" Łódź, "strasse" Straße. Runs on the
 * embedded database and, with TEST_DATABASE_URL, on a PostgreSQL server.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Booking } from '../../src/shared/contract/bookings.js';
import { SEARCH_HITS_READ } from '../../src/server/db/query-helpers.js';
import { createDeparture, createTour, viaInject } from '../helpers/api-builders.js';
import { as, createTestApp, createUser, login, type TestApp } from '../helpers/test-app.js';

let t: TestApp;
let admin: ReturnType<typeof as>;
let adminToken: string;
const run = Math.random().toString(36).slice(2, 7);

beforeAll(async () => {
  t = await createTestApp();
  adminToken = (await login(t.app, t.admin)).accessToken;
  admin = as(t.app, adminToken);
});
afterAll(async () => t?.close());

async function found(path: string, q: string): Promise<string[]> {
  const answer = await admin({ method: 'GET', url: `${path}${path.includes('?') ? '&' : '?'}q=${encodeURIComponent(q)}` });
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json<{ data: { id: string }[] }>().data.map((row) => row.id);
}

describe('search ignores accents', () => {
  it('folds as the database does on both engines', async () => {
    const { rows } = await sql<{ folded: string }>`select search_fold(${'Jürgen MÜLLER · São Paulo · ŁÓDŹ · Straße · Ærø · Þórður · Œuvre'}) as folded`.execute(t.database.handle.db);
    expect(rows[0]!.folded).toBe('jurgen muller · sao paulo · lodz · strasse · aero · thordur · oeuvre');
  });

  it('in bookings and customers, by the lead and by a traveller', async () => {
    const tour = await createTour(viaInject(admin), { status: 'published', bookingCutoffHours: 0 });
    const departure = await createDeparture(viaInject(admin), tour.id, { startDate: new Date(t.clock.time + 40 * 86_400_000).toISOString().slice(0, 10), capacity: 20 });
    const book = async (name: string, traveller: { firstName: string; lastName: string }) => {
      const made = await admin({ method: 'POST', url: '/api/bookings', payload: { departureId: departure.id, contact: { name, email: `${run}.${Math.random().toString(36).slice(2, 6)}@example.test` }, travellers: [{ category: 'ADULT', ...traveller }] } });
      expect(made.statusCode, made.body).toBe(201);
      return made.json<Booking>();
    };
    const muller = await book(`Jürgen Müller ${run}`, { firstName: 'Jürgen', lastName: 'Müller' });
    const plain = await book(`Hans Muller ${run}`, { firstName: 'Hans', lastName: 'Muller' });
    const lodz = await book(`Ola ${run}`, { firstName: 'Ola', lastName: 'Łódź-Straße' });

    expect((await found('/api/bookings', `Muller ${run}`)).sort()).toEqual([muller.id, plain.id].sort());
    expect((await found('/api/bookings', `MÜLLER ${run}`)).sort()).toEqual([muller.id, plain.id].sort());
    expect(await found('/api/bookings', 'lodz-strasse')).toEqual([lodz.id]);
    expect(await found('/api/bookings', 'ŁÓDŹ')).toContain(lodz.id);
    // A wildcard typed is a character, not a wildcard, folded or not.
    expect(await found('/api/bookings', `M_ller ${run}`)).toEqual([]);

    const customers = await found('/api/customers', `muller ${run}`);
    expect(customers).toHaveLength(2);
    expect(await found('/api/customers', `Jurgen Müller ${run}`)).toHaveLength(1);
  });

  it('in guides and vehicles, users, resellers and tours', async () => {
    const guide = (await admin({ method: 'POST', url: '/api/resources', payload: { kind: 'guide', name: `João São Paulo ${run}` } })).json<{ id: string }>();
    expect(await found('/api/resources', `Joao Sao Paulo ${run}`)).toEqual([guide.id]);

    const user = await createUser(t.app, adminToken, { email: `zoe.${run}@example.test`, fullName: `Zoë Straße ${run}` });
    expect(await found('/api/admin/auth/user', `zoe strasse ${run}`)).toEqual([user.id]);

    const reseller = (await admin({ method: 'POST', url: '/api/resellers', payload: { name: `Agência Lisboa ${run}`, commissionPercent: 10 } })).json<{ id: string }>();
    expect(await found('/api/resellers', `agencia lisboa ${run}`)).toEqual([reseller.id]);

    const tour = await createTour(viaInject(admin), { title: `Île de Ré ${run}` });
    expect(await found('/api/tours', `ile de re ${run}`)).toEqual([tour.id]);
  });

  it('pages a search and counts it right on either side of the matches read in one go', async () => {
    // A search of up to SEARCH_HITS_READ matches reads them once for its page and its total; a wider one counts apart.
    const few = `pagerfew${run}`;
    const many = `pagermany${run}`;
    const insert = (word: string, count: number) =>
      sql`insert into customers (id, name, email, language, created_at, updated_at)
          select gen_random_uuid(), 'Kunde ' || ${word}::text || ' ' || lpad(g::text, 4, '0'), null, 'en', now(), now() from generate_series(1, ${count}::int) g`.execute(t.database.handle.db);
    await insert(few, SEARCH_HITS_READ);
    await insert(many, SEARCH_HITS_READ + 1);
    for (const [word, total] of [[few, SEARCH_HITS_READ], [many, SEARCH_HITS_READ + 1]] as const) {
      const names: string[] = [];
      for (let page = 1; ; page++) {
        const answer = await admin({ method: 'GET', url: `/api/customers?q=${word}&sort=name&order=ASC&page=${page}&pageSize=25` });
        expect(answer.statusCode, answer.body).toBe(200);
        const body = answer.json<{ data: { name: string }[]; total: number }>();
        expect(body.total).toBe(total);
        if (body.data.length === 0) break;
        names.push(...body.data.map((row) => row.name));
      }
      expect(names).toHaveLength(total);
      // In order, none twice, on every page: the pages inside what is read at once and the ones past it.
      expect(names).toEqual(Array.from({ length: total }, (_, i) => `Kunde ${word} ${String(i + 1).padStart(4, '0')}`));
    }
    const descending = await admin({ method: 'GET', url: `/api/customers?q=${few}&sort=name&order=DESC&page=1&pageSize=3` });
    expect(descending.json<{ data: { name: string }[] }>().data.map((row) => row.name)).toEqual([250, 249, 248].map((n) => `Kunde ${few} ${String(n).padStart(4, '0')}`));
    const bookings = await admin({ method: 'GET', url: `/api/bookings?q=${few}` });
    expect(bookings.json<{ total: number }>().total).toBe(0);
  });
});
