/**
 * Permissions of signed-in callers are cached under the database's auth epoch (migration 0003):
 * a call whose caller is cached reads one counter row, and any change to who may do what, made
 * by any instance or straight in SQL, is seen on the next call. Runs on PGlite, and on the
 * PostgreSQL server with TEST_DATABASE_URL (where "another instance" is another connection pool).
 */
import { randomUUID } from 'node:crypto';
import { sql, type KyselyPlugin } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../../src/server/db/open-database.js';
import { Principals } from '../../src/server/auth/principals.js';
import { openTestDatabase, TEST_ADMIN, type TestDatabase } from '../helpers/test-database.js';

let database: TestDatabase;
/** Where the changes come from: a second pool on PostgreSQL, the same database on PGlite. */
let other: DatabaseHandle;
let principals: Principals;
let clock = Date.now();
const statements: string[] = [];

/**
 * Counts the statements the repository sends, as their results come back: a statement compiled
 * once and sent again (the auth epoch's) passes only there, not through transformQuery.
 */
const counting: KyselyPlugin = {
  transformQuery: (args) => args.node,
  transformResult: async (args) => {
    statements.push(String(args.queryId.queryId));
    return args.result;
  },
};

let staffId: string;
let sessionId: string;

beforeAll(async () => {
  database = await openTestDatabase();
  other = database.url ? await openDatabase({ kind: 'postgres', url: database.url }) : database.handle;
  principals = new Principals(database.handle.db.withPlugin(counting), () => clock);
});
afterAll(async () => {
  if (other !== database.handle) await other.close();
  await database?.dispose();
});

beforeEach(async () => {
  clock = Date.now();
  staffId = randomUUID();
  sessionId = randomUUID();
  const db = other.db;
  await db
    .insertInto('users')
    .values({ id: staffId, email: `${staffId}@example.com`, full_name: 'Staff', password_hash: 'x', status: 'active', created_at: new Date(), password_changed_at: new Date() })
    .execute();
  const staff = await db.selectFrom('roles').select('id').where('name', '=', 'STAFF').executeTakeFirstOrThrow();
  await db.insertInto('user_roles').values({ user_id: staffId, role_id: staff.id }).execute();
  await db
    .insertInto('sessions')
    .values({ id: sessionId, user_id: staffId, persistent: false, created_at: new Date(), expires_at: new Date(clock + 3_600_000) })
    .execute();
});

async function calls(): Promise<number> {
  statements.length = 0;
  await principals.load(staffId, sessionId);
  return statements.length;
}

describe('cached permissions', () => {
  test('the first call loads the caller; the next ones read only the counter', async () => {
    expect(await calls()).toBe(2);
    expect(await calls()).toBe(1);
    expect(await calls()).toBe(1);
    expect((await principals.load(staffId, sessionId))?.permissions.has('dashboard.read')).toBe(true);
  });

  test("a permission granted to the caller's role elsewhere is there on the next call", async () => {
    expect((await principals.load(staffId, sessionId))?.permissions.has('users.read')).toBe(false);
    const staff = await other.db.selectFrom('roles').select('id').where('name', '=', 'STAFF').executeTakeFirstOrThrow();
    await other.db.insertInto('role_permissions').values({ role_id: staff.id, permission: 'users.read' }).execute();
    try {
      expect((await principals.load(staffId, sessionId))?.permissions.has('users.read')).toBe(true);
    } finally {
      await other.db.deleteFrom('role_permissions').where('role_id', '=', staff.id).where('permission', '=', 'users.read').execute();
    }
    expect((await principals.load(staffId, sessionId))?.permissions.has('users.read')).toBe(false);
  });

  test('a role given to the caller elsewhere is there on the next call', async () => {
    await principals.load(staffId, sessionId);
    const admin = await other.db.selectFrom('roles').select('id').where('name', '=', 'ADMIN').executeTakeFirstOrThrow();
    await other.db.insertInto('user_roles').values({ user_id: staffId, role_id: admin.id }).execute();
    const principal = await principals.load(staffId, sessionId);
    expect(principal?.roles).toEqual(['ADMIN', 'STAFF']);
    expect(principal?.permissions.has('roles.delete')).toBe(true);
  });

  test('a session ended elsewhere (logout on another instance) is refused on the next call', async () => {
    expect(await principals.load(staffId, sessionId)).not.toBeNull();
    await other.db.updateTable('sessions').set({ revoked_at: new Date(), revoke_reason: 'logout' }).where('id', '=', sessionId).execute();
    expect(await principals.load(staffId, sessionId)).toBeNull();
  });

  test('a user disabled or deleted elsewhere is refused on the next call', async () => {
    expect(await principals.load(staffId, sessionId)).not.toBeNull();
    await other.db.updateTable('users').set({ status: 'disabled' }).where('id', '=', staffId).execute();
    expect(await principals.load(staffId, sessionId)).toBeNull();
    await other.db.updateTable('users').set({ status: 'active' }).where('id', '=', staffId).execute();
    expect(await principals.load(staffId, sessionId)).not.toBeNull();
    await other.db.deleteFrom('users').where('id', '=', staffId).execute();
    expect(await principals.load(staffId, sessionId)).toBeNull();
  });

  test('a session that reaches its end is refused from the cache, without any change in the database', async () => {
    expect(await principals.load(staffId, sessionId)).not.toBeNull();
    clock += 3_600_000;
    expect(await principals.load(staffId, sessionId)).toBeNull();
  });

  test('a sign-in elsewhere (last_login_at written) keeps the cache', async () => {
    await principals.load(staffId, sessionId);
    await other.db.updateTable('users').set({ last_login_at: new Date() }).where('id', '=', staffId).execute();
    expect(await calls()).toBe(1);
  });

  test('a bulk change moves the counter once, whatever the number of rows', async () => {
    const before = (await sql<{ value: string }>`select value::text as value from auth_epoch`.execute(other.db)).rows[0].value;
    await sql`update users set status = status where email <> ${TEST_ADMIN.email}`.execute(other.db);
    const after = (await sql<{ value: string }>`select value::text as value from auth_epoch`.execute(other.db)).rows[0].value;
    expect(BigInt(after) - BigInt(before)).toBe(1n);
  });
});
