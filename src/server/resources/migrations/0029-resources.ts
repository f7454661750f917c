/**
 * Resources (guides, drivers, vehicles, others) and their assignments to departures. An
 * assignment keeps the instants its local days cover in the tour's zone (`span`), so that a guide
 * on an Auckland tour and a Honolulu tour on the "same" date is judged by the hours that really
 * overlap. A resource is never in two places at once: every assignment locks the resource's row
 * and looks for an overlap before it writes, and where btree_gist can be created (the embedded
 * database loads it; on a PostgreSQL server it ships with contrib and is a trusted extension) an
 * exclusion constraint refuses an overlap in the database as well. An ended assignment (its
 * departure was cancelled) stays as a record and frees the resource. The GUIDE role is seeded.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table resources (
      id uuid primary key,
      kind text not null check (kind in ('guide', 'driver', 'vehicle', 'other')),
      name text not null,
      languages text[] not null default '{}',
      seats integer check (seats between 1 and 1000),
      phone text,
      email text,
      user_id uuid references users (id) on delete set null,
      active boolean not null default true,
      notes text not null default '',
      search_text text generated always as (lower(name || ' ' || coalesce(email, '') || ' ' || coalesce(phone, ''))) stored,
      created_at timestamptz not null,
      updated_at timestamptz not null,
      constraint resources_seats_of_vehicles check ((kind = 'vehicle') = (seats is not null))
    )`.execute(db);
  await sql`create index resources_name_idx on resources (lower(name), id)`.execute(db);
  await sql`create index resources_kind_idx on resources (kind, lower(name), id)`.execute(db);
  await sql`
    do $$
    begin
      if exists (select 1 from pg_extension where extname = 'pg_trgm') then
        create index resources_search_trgm_idx on resources using gin (search_text gin_trgm_ops);
      end if;
    end $$`.execute(db);
  await sql`create index resources_user_idx on resources (user_id) where user_id is not null`.execute(db);
  await sql`
    create table assignments (
      id uuid primary key,
      departure_id uuid not null references departures (id) on delete cascade,
      resource_id uuid not null references resources (id),
      day_from smallint not null,
      day_to smallint not null,
      role text not null default '',
      from_date date not null,
      to_date date not null,
      span tstzrange not null,
      ended_at timestamptz,
      created_at timestamptz not null,
      created_by uuid references users (id) on delete set null,
      constraint assignments_days check (day_from between 1 and day_to and from_date <= to_date)
    )`.execute(db);
  await sql`
    do $$
    begin
      if not exists (select 1 from pg_available_extensions where name = 'btree_gist') then
        raise warning 'btree_gist is not installed on this PostgreSQL server: assignments are kept apart by locks alone';
        return;
      end if;
      create extension if not exists btree_gist;
      alter table assignments add constraint assignments_one_place_at_a_time exclude using gist (resource_id with =, span with &&) where (ended_at is null);
    exception when insufficient_privilege then
      raise warning 'not allowed to create the btree_gist extension (%): assignments are kept apart by locks alone', sqlerrm;
    end $$`.execute(db);
  await sql`create index assignments_departure_idx on assignments (departure_id)`.execute(db);
  await sql`create index assignments_resource_idx on assignments (resource_id, from_date, id)`.execute(db);
  // The GUIDE role, a guide's phone on the day with no money in sight (an administrator's own role
  // of that name stays as they made it); the starting roles that plan and sell see the resources.
  const { rows } = await sql<{ id: string }>`
    insert into roles (id, name, description, system, created_at)
    values (gen_random_uuid(), 'GUIDE', 'Guides: today''s departures, their travellers and check-in', false, now())
    on conflict (name) do nothing returning id`.execute(db);
  const guide = rows[0] ? sql`(${rows[0].id}::uuid, 'dashboard.read'), (${rows[0].id}::uuid, 'departures.read'), (${rows[0].id}::uuid, 'bookings.read'), (${rows[0].id}::uuid, 'resources.read'),` : sql``;
  await sql`
    insert into role_permissions (role_id, permission)
    select role_id, permission from (values ${guide}
      ((select id from roles where name = 'PRODUCT'), 'resources.read'), ((select id from roles where name = 'PRODUCT'), 'resources.manage'),
      ((select id from roles where name = 'SALES'), 'resources.read')) as p (role_id, permission)
    where role_id is not null
    on conflict do nothing`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table assignments`.execute(db);
  await sql`drop table resources`.execute(db);
}
