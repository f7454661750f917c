/** The storage layer: migrations, seeding (also by two instances at once), the shared JWT secret, PGlite transactions. */
import { randomBytes } from 'node:crypto';
import { isAbortedTransactionError, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { ALL_PERMISSIONS } from '../../src/shared/permissions.js';
import { buildApp } from '../../src/server/app.js';
import { loadConfig } from '../../src/server/config.js';
import { migrateToLatest, searchIndexesMissing } from '../../src/server/db/migrate.js';
import { openDatabase, type DatabaseHandle } from '../../src/server/db/open-database.js';
import { containsPattern } from '../../src/server/db/query-helpers.js';
import { loadOrCreateJwtSecret, seedDatabase } from '../../src/server/db/seed.js';
import { UsersRepository } from '../../src/server/users/repository.js';
import { as, login } from '../helpers/test-app.js';
import { onServer, openTestDatabase, providedTemplate, TEST_ADMIN, withDatabase, type TestDatabase } from '../helpers/test-database.js';

/** Set by `.ci/run` and the README's command for the suite on a PostgreSQL server. */
const ON_POSTGRES_SERVER = Boolean(process.env.TEST_DATABASE_URL);
let database: TestDatabase;
let db: DatabaseHandle['db'];

beforeAll(async () => {
  database = await openTestDatabase();
  db = database.handle.db;
});
afterAll(async () => database?.dispose());

/** A second handle on the same database, as a second instance would have (PGlite: the same one). */
async function secondInstance(): Promise<{ handle: DatabaseHandle; close(): Promise<void> }> {
  if (!database.url) return { handle: database.handle, close: async () => {} };
  const handle = await openDatabase({ kind: 'postgres', url: database.url });
  return { handle, close: () => handle.close() };
}

describe('transactions', () => {
  test('a COMMIT that PostgreSQL turns into a ROLLBACK (an error caught inside the transaction) is reported, and nothing is kept', async () => {
    await sql`create table if not exists commit_check (n integer primary key)`.execute(db);
    const attempt = db.transaction().execute(async (trx) => {
      await sql`insert into commit_check values (1)`.execute(trx);
      // A failed statement aborts the transaction; the caller swallows the error and goes on.
      await sql`insert into commit_check values (1)`.execute(trx).catch(() => undefined);
    });
    await expect(attempt).rejects.toSatisfy(isAbortedTransactionError);
    const { rows } = await sql<{ n: number }>`select count(*)::int as n from commit_check`.execute(db);
    expect(rows[0].n).toBe(0);
    // The database is usable after it.
    await db.transaction().execute(async (trx) => sql`insert into commit_check values (2)`.execute(trx));
    await sql`drop table commit_check`.execute(db);
  });
});

describe('migrations', () => {
  test('running them again is a no-op', async () => {
    await migrateToLatest(db);
    const { rows } = await sql<{ name: string }>`select name from kysely_migration order by name`.execute(db);
    expect(rows.map((row) => row.name)).toEqual(['0001-initial', '0002-row-counts', '0003-auth-epoch', '0004-list-indexes', '0005-search-indexes', '0006-invitations', '0007-catalogue', '0008-gallery', '0009-departures', '0010-bookings', '0011-reports', '0012-traveller-ages', '0013-unconfirmed-balances', '0014-cancellation-cutoff', '0015-resellers', '0016-reseller-bookings', '0017-webhook-deliveries', '0018-reseller-unit-items', '0019-payment-terms', '0020-balance-due-dates', '0021-customers', '0022-messages', '0023-payment-links', '0024-customer-counts-by-difference', '0025-traveller-retention', '0026-customer-when-contact-given', '0027-counts-on-status-change', '0028-totals-when-they-change', '0029-resources', '0030-cost-basis', '0031-check-in', '0032-two-factor', '0033-role-requires-two-factor', '0034-user-language', '0035-customer-spending', '0036-checkout-requests', '0037-booking-changed', '0038-business', '0039-unavailability', '0040-search-fold', '0041-folded-search', '0042-folded-search', '0043-folded-search', '0044-folded-name-search', '0045-folded-title-search', '0046-email-changes', '0047-pickup-and-guide-notes', '0048-owed-by-resellers', '0049-test-keys', '0050-test-bookings', '0051-no-test-bookings', '0052-no-customer-for-test-bookings', '0053-selling-online', '0054-shop-settings', '0055-online-channel', '0056-shop-carts', '0057-online-bookings', '0058-manage-link', '0059-card-refunds', '0060-seasons-and-rules', '0061-own-prices', '0062-prices-found', '0063-promo-codes', '0064-promo-code', '0065-gift-cards', '0066-gift-card-payments', '0067-gift-card-orders', '0068-gift-card-messages', '0069-collected-without-gift-cards', '0070-payment-order']);
  });

  test('the user search can be answered from trigram indexes on the e-mail and the name, not only by reading every user', async () => {
    // A table this small is read whole by choice; with that choice taken away, the plan shows which indexes can serve it.
    const plan = await db.transaction().execute(async (trx) => {
      await sql`set local enable_seqscan = off`.execute(trx);
      const pattern = containsPattern('someone');
      const { rows } = await sql<{ 'QUERY PLAN': string }>`explain select u.id from users u where u.email ilike ${pattern} or u.full_name ilike ${pattern}`.execute(trx);
      return rows.map((row) => row['QUERY PLAN']).join('\n');
    });
    expect(plan).toContain('users_email_trgm_idx');
    expect(plan).toContain('users_full_name_trgm_idx');
  });

  /** The plan of a query with sequential scans and full sorts priced out: which indexes can serve it, whatever the table's size now. */
  const planOf = (query: string) =>
    db.transaction().execute(async (trx) => {
      await sql`set local enable_seqscan = off`.execute(trx);
      await sql`set local enable_sort = off`.execute(trx);
      const { rows } = await sql<{ 'QUERY PLAN': string }>`explain ${sql.raw(query)}`.execute(trx);
      return rows.map((row) => row['QUERY PLAN']).join('\n');
    });

  test('every sort of the tours list, alone and after the status filter, walks an index in its order; the search can use trigram indexes', async () => {
    const expectations: [string, string][] = [
      ['select id from tours t order by code, id limit 25', 'tours_code_key'],
      ['select id from tours t order by lower(title), id limit 25', 'tours_title_idx'],
      ['select id from tours t order by created_at desc, id desc limit 25', 'tours_created_at_idx'],
      ['select id from tours t order by updated_at, id limit 25', 'tours_updated_at_idx'],
      ["select id from tours t where status = 'published' order by code, id limit 25", 'tours_status_code_idx'],
      ["select id from tours t where status = 'draft' order by lower(title), id limit 25", 'tours_status_title_idx'],
      ["select id from tours t where status = 'archived' order by created_at desc, id desc limit 25", 'tours_status_created_at_idx'],
      ["select id from tours t where status = 'published' order by updated_at, id limit 25", 'tours_status_updated_at_idx'],
      ["select id from tours t where code ilike '%ring%' or title ilike '%ring%'", 'tours_title_trgm_idx'],
    ];
    for (const [query, index] of expectations) {
      const plan = await planOf(query);
      expect(plan, query).toContain(index);
      // A full sort of the matches would grow with the table; an incremental sort over a unique presorted key does not.
      expect(plan, query).not.toMatch(/(^|->)\s*Sort\s+\(/m);
    }
    for (const [query, index] of [
      ['select id from departures d order by starts_at, id limit 25', 'departures_starts_at_idx'],
      ['select id from departures d order by created_at desc, id desc limit 25', 'departures_created_at_idx'],
      ["select id from departures d where tour_id = '00000000-0000-4000-8000-000000000000' order by starts_at, id limit 25", 'departures_tour_starts_at_idx'],
      ["select id from departures d where status = 'open' order by starts_at, id limit 25", 'departures_status_starts_at_idx'],
    ] as const) {
      const plan = await planOf(query);
      expect(plan, query).toContain(index);
      expect(plan, query).not.toMatch(/(^|->)\s*Sort\s+\(/m);
    }
    expect(await planOf("select m.id from tour_media m where m.tour_id = '00000000-0000-4000-8000-000000000000' order by m.position")).toContain('tour_media_tour_idx');
  });

  test('every sort and filter of the bookings list walks an index in its order; the search can use a trigram index', async () => {
    const tour = '00000000-0000-4000-8000-000000000000';
    for (const [query, index] of [
      ['select id from bookings b order by created_at desc, id desc limit 25', 'bookings_created_at_idx'],
      ['select id from bookings b order by starts_at, id limit 25', 'bookings_starts_at_idx'],
      ['select id from bookings b order by reference, id limit 25', 'bookings_reference_key'],
      ['select id from bookings b order by total_minor desc, id desc limit 25', 'bookings_total_idx'],
      ['select id from bookings b order by balance_minor, id limit 25', 'bookings_balance_idx'],
      ["select id from bookings b where status = 'confirmed' order by created_at desc, id desc limit 25", 'bookings_status_created_at_idx'],
      ["select id from bookings b where payment_status = 'refund_due' order by created_at desc, id desc limit 25", 'bookings_payment_status_created_at_idx'],
      [`select id from bookings b where tour_id = '${tour}' order by created_at desc, id desc limit 25`, 'bookings_tour_created_at_idx'],
      [`select id from bookings b where tour_status = '${tour}:confirmed' order by created_at desc, id desc limit 25`, 'bookings_tour_status_created_at_idx'],
      [`select id from bookings b where departure_id = '${tour}' order by created_at desc, id desc limit 25`, 'bookings_departure_idx'],
      ['select id from bookings b where balance_minor > 0 order by created_at desc, id desc limit 25', 'bookings_balance_due_idx'],
    ] as const) {
      const plan = await planOf(query);
      expect(plan, query).toContain(index);
      expect(plan, query).not.toMatch(/(^|->)\s*Sort\s+\(/m);
    }
    expect(await planOf("select id from bookings b where search_text like '%jonsson%'")).toContain('bookings_search_trgm_idx');
    // Lapsed holds: from one of the indexes of held bookings only (a small part of the table).
    expect(await planOf("select id from bookings b where status = 'held' and hold_expires_at <= now()")).toMatch(/bookings_(departure_)?holds_idx/);
    expect(await planOf(`select sum(seats) from bookings b where departure_id = '${tour}' and status = 'held' and hold_expires_at <= now()`)).toContain('bookings_departure_holds_idx');
  });

  test('the dashboard’s reports read kept totals by key and the next 14 days by index ranges, never the bookings as a whole', async () => {
    for (const [query, index] of [
      ["select * from report_days where day >= '2026-10-26' and day <= '2026-11-24'", 'report_days_pkey'],
      ["select currency, sum(collected_minor) from report_collected where day >= '2026-10-26' and day <= '2026-11-24' group by currency", 'report_collected_pkey'],
      ["select * from report_months where basis = 'departure' and month >= '2025-01-01' and month <= '2026-12-01'", 'report_months_pkey'],
      ["select currency, count(*), sum(balance_minor) from bookings where start_date >= '2026-11-24' and start_date <= '2026-12-07' and balance_minor > 0 group by currency", 'bookings_start_date_idx'],
      ["select id from departures d where starts_at >= now() and starts_at < now() + interval '14 days' and status <> 'cancelled' order by starts_at, id limit 20", 'departures_starts_at_idx'],
    ] as const) {
      expect(await planOf(query), query).toContain(index);
    }
  });

  test("the audit log's search (actor's e-mail, address, target) can be answered from indexes too", async () => {
    const plan = await db.transaction().execute(async (trx) => {
      await sql`set local enable_seqscan = off`.execute(trx);
      const pattern = containsPattern('10.0.0');
      const { rows } = await sql<{ 'QUERY PLAN': string }>`explain select a.id from audit_log a
        where a.actor_id = any(array(select m.id from users m where m.email ilike ${pattern})) or a.ip ilike ${pattern} or a.target_id ilike ${pattern}`.execute(trx);
      return rows.map((row) => row['QUERY PLAN']).join('\n');
    });
    // The actors' e-mails are the users' search above; here, their entries come through the actor index.
    for (const index of ['audit_log_actor_at_idx', 'audit_log_ip_trgm_idx', 'audit_log_target_id_trgm_idx']) expect(plan).toContain(index);
    expect(plan).toContain('BitmapOr');
  });

  test('a database without the search indexes is noticed at start', async () => {
    expect(await searchIndexesMissing(db)).toBe(false);
    const missing = await db
      .transaction()
      .execute(async (trx) => {
        await sql`drop index audit_log_ip_trgm_idx`.execute(trx);
        const answer = await searchIndexesMissing(trx);
        throw Object.assign(new Error('roll back'), { answer });
      })
      .catch((error: { answer?: boolean }) => error.answer);
    expect(missing).toBe(true);
    expect(await searchIndexesMissing(db)).toBe(false);
  });

  // The embedded database always loads pg_trgm.
  test.skipIf(!ON_POSTGRES_SERVER)('on a PostgreSQL server where the role may not create pg_trgm, migrating succeeds without the search indexes, says so, and searches still answer', async () => {
    const template = await providedTemplate();
    if (template?.engine !== 'postgres') throw new Error('TEST_DATABASE_URL is set but the template is not on PostgreSQL');
    const name = `${template.runId}_${randomBytes(3).toString('hex')}_limited`;
    const role = `${name}_role`;
    await onServer(template.serverUrl, async (client) => {
      await client.query(`create database "${name}"`);
      await client.query(`create role "${role}" login`);
    });
    // The role may create tables in the schema, but not extensions in the database.
    const owner = await openDatabase({ kind: 'postgres', url: withDatabase(template.serverUrl, name) });
    await sql.raw(`grant all on schema public to "${role}"`).execute(owner.db);
    await owner.close();
    const url = new URL(withDatabase(template.serverUrl, name));
    url.username = role;
    const limited = await openDatabase({ kind: 'postgres', url: url.href });
    try {
      await migrateToLatest(limited.db);
      expect(await searchIndexesMissing(limited.db)).toBe(true);
      await seedDatabase(limited.db, { adminEmail: 'limited@example.com', adminPassword: null, now: Date.now });
      const users = new UsersRepository(limited.db, Date.now, null as never, null as never);
      expect((await users.list({ page: 1, pageSize: 25, q: 'LIMITED@' })).total).toBe(1);
    } finally {
      await limited.close();
      await onServer(template.serverUrl, async (client) => {
        await client.query(`drop database if exists "${name}" with (force)`);
        await client.query(`drop role if exists "${role}"`);
      });
    }
  });

  // PGlite has one process per database.
  test.skipIf(!ON_POSTGRES_SERVER)('two instances migrating an empty PostgreSQL database at once both succeed', async () => {
    const template = await providedTemplate();
    if (template?.engine !== 'postgres') throw new Error('TEST_DATABASE_URL is set but the template is not on PostgreSQL');
    const name = `${template.runId}_${randomBytes(3).toString('hex')}_empty`;
    await onServer(template.serverUrl, (client) => client.query(`create database "${name}"`));
    const [a, b] = await Promise.all([1, 2].map(() => openDatabase({ kind: 'postgres', url: withDatabase(template.serverUrl, name) })));
    try {
      await Promise.all([migrateToLatest(a.db), migrateToLatest(b.db)]);
      const results = await Promise.all([a, b].map((handle) => seedDatabase(handle.db, { adminEmail: 'first@example.com', adminPassword: null, now: Date.now })));
      expect(results.filter((result) => result.createdAdmin !== null)).toHaveLength(1);
      const { rows } = await sql<{ count: number }>`select count(*)::int as count from users`.execute(a.db);
      expect(rows[0].count).toBe(1);
    } finally {
      await a.close();
      await b.close();
      await onServer(template.serverUrl, (client) => client.query(`drop database if exists "${name}" with (force)`));
    }
  });
});

describe('seeding', () => {
  test('on a database that has users, it creates no administrator', async () => {
    const result = await seedDatabase(db, { adminEmail: 'another@example.com', adminPassword: null, now: Date.now });
    expect(result.createdAdmin).toBeNull();
    const emails = await db.selectFrom('users').select('email').execute();
    expect(emails.map((row) => row.email)).toEqual([TEST_ADMIN.email]);
  });

  test('ADMIN gets back any catalogue permission it lacks (a permission added by an upgrade)', async () => {
    const adminRole = await db.selectFrom('roles').select('id').where('name', '=', 'ADMIN').executeTakeFirstOrThrow();
    await db.deleteFrom('role_permissions').where('role_id', '=', adminRole.id).where('permission', '=', 'audit.read').execute();
    await seedDatabase(db, { adminEmail: 'x@example.com', adminPassword: null, now: Date.now });
    const rows = await db.selectFrom('role_permissions').select('permission').where('role_id', '=', adminRole.id).execute();
    expect(rows.map((row) => row.permission).sort()).toEqual([...ALL_PERMISSIONS].sort());
  });

  test('STAFF keeps the permissions administrators gave it', async () => {
    const staff = await db.selectFrom('roles').select('id').where('name', '=', 'STAFF').executeTakeFirstOrThrow();
    await db.insertInto('role_permissions').values({ role_id: staff.id, permission: 'users.read' }).execute();
    await db.deleteFrom('role_permissions').where('role_id', '=', staff.id).where('permission', '=', 'dashboard.read').execute();
    await seedDatabase(db, { adminEmail: 'x@example.com', adminPassword: null, now: Date.now });
    const rows = await db.selectFrom('role_permissions').select('permission').where('role_id', '=', staff.id).execute();
    expect(rows.map((row) => row.permission)).toEqual(['users.read']);
  });

  test('an empty database seeded by two instances at once gets one administrator, with a generated password', async () => {
    const other = await secondInstance();
    try {
      await db.deleteFrom('users').execute();
      const results = await Promise.all([db, other.handle.db].map((handle) => seedDatabase(handle, { adminEmail: 'boss@example.com', adminPassword: null, now: Date.now })));
      const created = results.map((result) => result.createdAdmin).filter((admin) => admin !== null);
      expect(created).toHaveLength(1);
      expect(created[0]).toMatchObject({ email: 'boss@example.com', generated: true });
      expect(created[0]!.password).toMatch(/^[A-Za-z0-9_-]{20}$/);
      const users = await db.selectFrom('users').select(['email', 'password_hash']).execute();
      expect(users).toHaveLength(1);
      expect(users[0].password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,p=1,t=2\$/);
    } finally {
      await other.close();
    }
  });
});

describe('the generated JWT secret', () => {
  test('is made once and shared: a token from one instance works on another', async () => {
    const other = await secondInstance();
    try {
      const first = await loadOrCreateJwtSecret(db, () => 'a'.repeat(64));
      const second = await loadOrCreateJwtSecret(other.handle.db, () => 'b'.repeat(64));
      expect(second).toBe(first);

      await db.deleteFrom('users').execute();
      await seedDatabase(db, { adminEmail: TEST_ADMIN.email, adminPassword: TEST_ADMIN.password, now: Date.now });
      const config = loadConfig({ DATA_DIR: '/tmp/unused', LOG_LEVEL: 'silent' });
      const appA = await buildApp({ config, database: database.handle, logger: false, clientDir: null });
      const appB = await buildApp({ config, database: other.handle, logger: false, clientDir: null });
      try {
        const { accessToken } = await login(appA, TEST_ADMIN);
        expect((await as(appB, accessToken)({ method: 'GET', url: '/api/admin/auth/role' })).statusCode).toBe(200);
      } finally {
        await appA.close();
        await appB.close();
      }
    } finally {
      await other.close();
    }
  });
});

describe('transactions', () => {
  test('a failing transaction leaves nothing behind', async () => {
    await expect(
      db.transaction().execute(async (trx) => {
        await trx.insertInto('settings').values({ key: 'rolled-back', value: 'x' }).execute();
        throw new Error('abort');
      }),
    ).rejects.toThrow('abort');
    expect(await db.selectFrom('settings').select('key').where('key', '=', 'rolled-back').executeTakeFirst()).toBeUndefined();
  });

  test('concurrent transactions do not interleave their reads and writes', async () => {
    await db.insertInto('settings').values({ key: 'counter', value: '0' }).execute();
    await Promise.all(
      Array.from({ length: 10 }, () =>
        db.transaction().execute(async (trx) => {
          const row = await trx.selectFrom('settings').select('value').where('key', '=', 'counter').forUpdate().executeTakeFirstOrThrow();
          await trx.updateTable('settings').set({ value: String(Number(row.value) + 1) }).where('key', '=', 'counter').execute();
        }),
      ),
    );
    expect((await db.selectFrom('settings').select('value').where('key', '=', 'counter').executeTakeFirstOrThrow()).value).toBe('10');
  });

  test('a query outside a transaction never sees its uncommitted rows (PGlite: it waits for the one connection)', async () => {
    const order: string[] = [];
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let written!: () => void;
    const insideWritten = new Promise<void>((resolve) => (written = resolve));
    const transaction = db.transaction().execute(async (trx) => {
      await trx.insertInto('settings').values({ key: 'inside', value: '1' }).execute();
      order.push('tx-write');
      written();
      await held;
      await trx.deleteFrom('settings').where('key', '=', 'inside').execute();
      order.push('tx-end');
    });
    await insideWritten; // the row is written and not committed
    const outside = db.selectFrom('settings').select('key').where('key', '=', 'inside').execute().then((rows) => {
      order.push(`outside-saw-${rows.length}`);
    });
    // On a PostgreSQL server the outside query answers at once; on PGlite it waits for the one
    // connection. Either way, the transaction ends only after it was sent.
    if (database.handle.engine !== 'pglite') await outside;
    release();
    await Promise.all([transaction, outside]);
    expect(order).toContain('outside-saw-0');
    if (database.handle.engine === 'pglite') expect(order).toEqual(['tx-write', 'tx-end', 'outside-saw-0']);
  });
});

describe('prepared statements on the PostgreSQL server', () => {
  // PGlite: one in-process connection, nothing to prepare.
  test.skipIf(!ON_POSTGRES_SERVER)('a query text is prepared once per connection and then only bound, with each call its own values', async () => {
    if (!database.url) throw new Error('TEST_DATABASE_URL is set but the database has no URL');
    await db.connection().execute(async (connection) => {
      const emails = [];
      for (const email of ['admin@example.com', 'nobody@example.com', 'admin@example.com']) {
        const row = await connection.selectFrom('users').select('email').where('email', '=', email).executeTakeFirst();
        emails.push(row?.email ?? null);
      }
      expect(emails).toEqual(['admin@example.com', null, 'admin@example.com']);
      const { rows } = await sql<{ name: string; statement: string }>`select name, statement from pg_prepared_statements`.execute(connection);
      const mine = rows.filter((row) => row.statement.includes('from "users" where "email" = $1'));
      expect(mine).toHaveLength(1);
      expect(mine[0].name).toMatch(/^bo_/);
    });
  });
});
