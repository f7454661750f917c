/** The tour list's search by title ignores accents: a trigram index over search_fold(title), where pg_trgm is there. */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    do $$
    begin
      if exists (select 1 from pg_extension where extname = 'pg_trgm') then
        create index tours_title_fold_trgm_idx on tours using gin (search_fold(title) gin_trgm_ops);
      end if;
    end $$`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists tours_title_fold_trgm_idx`.execute(db);
}
