/**
 * The tour catalogue (tours, their components and itinerary days), the travel permissions'
 * starting roles, and one kept-count trigger function for every counted table.
 *
 * Kept counts: `count_rows(name [, column])` is the one trigger function behind every entry of
 * row_counts. Without a column it counts the table's rows under `name`; with one it counts them
 * per value under `name:value` (e.g. `tours:status:draft`, or `role:<id>` for a role's holders).
 * Statement-level triggers with transition tables keep them exact in the same transaction as
 * the change, one write per statement rather than per row. It replaces the pairs of functions
 * migrations 0002 and 0004 wrote for users, user_roles and audit_log.
 */
import { randomUUID } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import { countRows } from '../../db/row-counts.js';

/** Counted tables: [table, counter name, grouping column or null]. */
export const COUNTED: [table: string, name: string, column: string | null][] = [
  ['users', 'users', null],
  ['user_roles', 'role', 'role_id'],
  ['audit_log', 'audit_log', null],
  ['tours', 'tours', null],
  ['tours', 'tours:status', 'status'],
];

const OLD_TRIGGERS = [
  'users_counted_insert on users',
  'users_counted_delete on users',
  'user_roles_counted_insert on user_roles',
  'user_roles_counted_delete on user_roles',
  'audit_log_counted_insert on audit_log',
  'audit_log_counted_delete on audit_log',
];
const OLD_FUNCTIONS = ['row_counts_users_inserted', 'row_counts_users_deleted', 'row_counts_roles_granted', 'row_counts_roles_revoked', 'row_counts_audit_inserted', 'row_counts_audit_deleted'];

/** The starting roles of the travel domain (ordinary roles: administrators may change or delete them). */
export const STARTING_ROLES: Record<string, { description: string; permissions: string[] }> = {
  SALES: {
    description: 'Sales: sell seats, take payments, read reports',
    permissions: ['tours.read', 'departures.read', 'bookings.read', 'bookings.create', 'bookings.update', 'bookings.cancel', 'payments.create', 'reports.read', 'dashboard.read'],
  },
  PRODUCT: {
    description: 'Product: build tours and schedule departures',
    permissions: ['tours.read', 'tours.create', 'tours.update', 'tours.delete', 'departures.read', 'departures.create', 'departures.update', 'departures.delete', 'bookings.read', 'dashboard.read'],
  },
  FINANCE: {
    description: 'Finance: payments, refunds and reports',
    permissions: ['tours.read', 'departures.read', 'bookings.read', 'payments.create', 'reports.read', 'dashboard.read'],
  },
};

export async function up(db: Kysely<unknown>): Promise<void> {
  // One counting function, then the old per-table pairs replaced by it (the counts carry over).
  await sql`
    create function count_rows() returns trigger language plpgsql as $$
    declare
      counter text := case when TG_NARGS > 1 then format('%L || '':'' || %I::text', TG_ARGV[0], TG_ARGV[1]) else format('%L', TG_ARGV[0]) end;
      changes text := case TG_OP
        when 'INSERT' then format('select %s as name, 1 as n from inserted', counter)
        when 'DELETE' then format('select %s as name, -1 as n from deleted', counter)
        else format('select %1$s as name, 1 as n from inserted union all select %1$s, -1 from deleted', counter)
      end;
    begin
      execute format(
        'insert into row_counts (name, count) select name, sum(n) from (%s) c group by name having sum(n) <> 0 '
        'on conflict (name) do update set count = row_counts.count + excluded.count',
        changes);
      return null;
    end $$`.execute(db);
  for (const trigger of OLD_TRIGGERS) await sql.raw(`drop trigger if exists ${trigger}`).execute(db);
  for (const fn of OLD_FUNCTIONS) await sql.raw(`drop function if exists ${fn}()`).execute(db);

  await sql`
    create table tours (
      id uuid primary key,
      code text not null unique,
      title text not null,
      summary text not null default '',
      description text not null default '',
      status text not null default 'draft' check (status in ('draft', 'published', 'archived')),
      time_zone text not null,
      currency char(3) not null,
      duration_days integer not null check (duration_days between 1 and 365),
      min_pax integer not null default 1 check (min_pax >= 1),
      max_pax integer check (max_pax is null or max_pax >= min_pax),
      booking_cutoff_hours integer not null default 0 check (booking_cutoff_hours >= 0),
      price_adult_minor bigint check (price_adult_minor >= 0),
      price_child_minor bigint check (price_child_minor >= 0),
      price_infant_minor bigint check (price_infant_minor >= 0),
      single_supplement_minor bigint check (single_supplement_minor >= 0),
      cover_media_id uuid,
      created_at timestamptz not null,
      updated_at timestamptz not null
    )`.execute(db);
  // Every sort the list offers, alone and after the status filter, walks an index in its order.
  for (const statement of [
    'create index tours_title_idx on tours (lower(title), id)',
    'create index tours_created_at_idx on tours (created_at, id)',
    'create index tours_updated_at_idx on tours (updated_at, id)',
    'create index tours_status_code_idx on tours (status, code)',
    'create index tours_status_title_idx on tours (status, lower(title), id)',
    'create index tours_status_created_at_idx on tours (status, created_at, id)',
    'create index tours_status_updated_at_idx on tours (status, updated_at, id)',
  ]) {
    await sql.raw(statement).execute(db);
  }
  await sql`
    do $$
    begin
      if exists (select 1 from pg_extension where extname = 'pg_trgm') then
        create index tours_title_trgm_idx on tours using gin (title gin_trgm_ops);
        create index tours_code_trgm_idx on tours using gin (code gin_trgm_ops);
      end if;
    end $$`.execute(db);

  await sql`
    create table tour_components (
      id uuid primary key,
      tour_id uuid not null references tours (id) on delete cascade,
      kind text not null check (kind in ('accommodation', 'transport', 'activity', 'guide', 'meal', 'transfer', 'other')),
      name text not null,
      supplier text not null default '',
      day_from integer not null check (day_from >= 1),
      day_to integer not null check (day_to >= day_from),
      inclusion text not null check (inclusion in ('included', 'optional')),
      price_minor bigint check (price_minor >= 0),
      cost_minor bigint check (cost_minor >= 0),
      notes text not null default '',
      position integer not null,
      check (inclusion = 'included' or price_minor is not null)
    )`.execute(db);
  await sql`create index tour_components_tour_idx on tour_components (tour_id, position)`.execute(db);

  await sql`
    create table tour_days (
      tour_id uuid not null references tours (id) on delete cascade,
      day_number integer not null check (day_number >= 1),
      title text not null,
      description text not null default '',
      overnight text not null default '',
      breakfast boolean not null default false,
      lunch boolean not null default false,
      dinner boolean not null default false,
      component_ids uuid[] not null default '{}',
      primary key (tour_id, day_number)
    )`.execute(db);

  await sql`insert into row_counts (name, count) values ('tours', 0) on conflict (name) do nothing`.execute(db);
  for (const [table, name, column] of COUNTED) await countRows(db, table, name, column);

  const now = new Date();
  for (const [name, role] of Object.entries(STARTING_ROLES)) {
    const id = randomUUID();
    const { rows } = await sql<{ id: string }>`
      insert into roles (id, name, description, system, created_at) values (${id}, ${name}, ${role.description}, false, ${now})
      on conflict (name) do nothing returning id`.execute(db);
    if (rows.length === 0) continue; // an administrator made a role of that name already: theirs stays
    for (const permission of role.permissions) {
      await sql`insert into role_permissions (role_id, permission) values (${id}, ${permission})`.execute(db);
    }
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  // The catalogue goes; the one counting function stays (it counts exactly what the old pairs did).
  await sql`drop table if exists tour_days`.execute(db);
  await sql`drop table if exists tour_components`.execute(db);
  await sql`drop table if exists tours`.execute(db);
  await sql`delete from row_counts where name = 'tours' or name like 'tours:%'`.execute(db);
}
