/** The user list's search by name ignores accents: a trigram index over search_fold(full_name), where pg_trgm is there. */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    do $$
    begin
      if exists (select 1 from pg_extension where extname = 'pg_trgm') then
        create index users_full_name_fold_trgm_idx on users using gin (search_fold(full_name) gin_trgm_ops);
      end if;
    end $$`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists users_full_name_fold_trgm_idx`.execute(db);
}
