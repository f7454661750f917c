/** The resources' search text folded (search_fold: no accents, ß as ss), its trigram index made again. */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table resources drop column search_text`.execute(db);
  await sql`alter table resources add column search_text text generated always as (search_fold(name || ' ' || coalesce(email, '') || ' ' || coalesce(phone, ''))) stored`.execute(db);
  await sql`
    do $$
    begin
      if exists (select 1 from pg_extension where extname = 'pg_trgm') then
        create index resources_search_trgm_idx on resources using gin (search_text gin_trgm_ops);
      end if;
    end $$`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table resources drop column search_text`.execute(db);
  await sql`alter table resources add column search_text text generated always as (lower(name || ' ' || coalesce(email, '') || ' ' || coalesce(phone, ''))) stored`.execute(db);
}
