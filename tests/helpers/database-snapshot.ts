/**
 * A snapshot of every table's rows and every sequence's position in the `public` schema, and its
 * restore: what a suite uses to put one database back as it was after each case, instead of
 * opening a new one (an embedded database takes seconds to load; a restore, tens of
 * milliseconds). Works on both engines. The copies live in a schema of their own, which the
 * product never reads.
 */
import { sql, type Kysely } from 'kysely';
import type { DatabaseHandle } from '../../src/server/db/open-database.js';

const SNAPSHOT_SCHEMA = 'test_snapshot';

export interface DatabaseSnapshot {
  /** Puts every table's rows and every sequence back as they were when the snapshot was taken. */
  restore(): Promise<void>;
}

const quote = (name: string): string => `"${name.replaceAll('"', '""')}"`;

export async function snapshotDatabase(handle: DatabaseHandle): Promise<DatabaseSnapshot> {
  // Kysely<any>: the snapshot reads the catalogue and tables the schema type does not describe.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  const db = handle.db as unknown as Kysely<any>;
  const { rows: tables } = await sql<{ name: string; columns: string[] }>`
    select c.relname as name,
           array_agg(a.attname::text order by a.attnum) as columns
      from pg_class c
      join pg_namespace n on n.oid = c.relnamespace
      join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped and a.attgenerated = ''
     where n.nspname = 'public' and c.relkind in ('r', 'p') and not c.relispartition
       and c.relname not like 'kysely\\_%'
     group by c.relname
     order by c.relname`.execute(db);
  const { rows: sequenceNames } = await sql<{ name: string }>`
    select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
     where n.nspname = 'public' and c.relkind = 'S' order by c.relname`.execute(db);
  const sequences: { name: string; lastValue: string; isCalled: boolean }[] = [];
  for (const { name } of sequenceNames) {
    const { rows } = await sql<{ last_value: string; is_called: boolean }>`select last_value::text, is_called from ${sql.raw(`public.${quote(name)}`)}`.execute(db);
    sequences.push({ name, lastValue: rows[0].last_value, isCalled: rows[0].is_called });
  }

  await sql`drop schema if exists ${sql.raw(SNAPSHOT_SCHEMA)} cascade`.execute(db);
  await sql`create schema ${sql.raw(SNAPSHOT_SCHEMA)}`.execute(db);
  for (const table of tables) {
    const columns = table.columns.map(quote).join(', ');
    await sql.raw(`create table ${SNAPSHOT_SCHEMA}.${quote(table.name)} as select ${columns} from public.${quote(table.name)}`).execute(db);
  }

  const statements = [
    // Neither triggers nor foreign-key checks while the rows go back: they were consistent when copied.
    'set local session_replication_role = replica',
    `truncate table ${tables.map((t) => `public.${quote(t.name)}`).join(', ')}`,
    ...tables.map((t) => {
      const columns = t.columns.map(quote).join(', ');
      return `insert into public.${quote(t.name)} (${columns}) overriding system value select ${columns} from ${SNAPSHOT_SCHEMA}.${quote(t.name)}`;
    }),
    ...sequences.map((s) => `select setval('public.${quote(s.name)}', ${BigInt(s.lastValue)}, ${s.isCalled})`),
  ];
  return {
    async restore() {
      await db.transaction().execute(async (trx) => {
        for (const statement of statements) await sql.raw(statement).execute(trx);
      });
    },
  };
}
