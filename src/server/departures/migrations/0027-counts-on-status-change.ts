/**
 * The departures' kept counts per status and per tour move only when a departure changes status or
 * tour, which is rare; its seats change with every booking. The statement triggers that compared
 * every changed row's status and tour (and so ran for every booking, under the departure's lock)
 * give way to row triggers that fire only when one of them changed.
 */
import { sql, type Kysely } from 'kysely';
import { countTriggerName } from '../../db/row-counts.js';

export async function up(db: Kysely<unknown>): Promise<void> {
  // A row that changed group: -1 for the counter it left, +1 for the one it joined (in name order, as every counter write takes them).
  await sql`
    create function count_row_moved() returns trigger language plpgsql as $$
    declare
      left_name text := TG_ARGV[0] || ':' || (to_jsonb(old) ->> TG_ARGV[1]);
      joined_name text := TG_ARGV[0] || ':' || (to_jsonb(new) ->> TG_ARGV[1]);
    begin
      insert into row_counts (name, count)
      select name, n from (values (left_name, -1), (joined_name, 1)) c (name, n) order by name
      on conflict (name) do update set count = row_counts.count + excluded.count;
      return null;
    end $$`.execute(db);
  for (const [name, column] of [
    ['departures:status', 'status'],
    ['departures:tour', 'tour_id'],
  ] as const) {
    await sql`drop trigger ${sql.id(countTriggerName('departures', column, 'update'))} on departures`.execute(db);
    await sql`
      create trigger ${sql.id(countTriggerName('departures', column, 'update'))} after update of ${sql.id(column)} on departures for each row
      when (old.${sql.id(column)} is distinct from new.${sql.id(column)})
      execute function count_row_moved(${sql.lit(name)}, ${sql.lit(column)})`.execute(db);
  }
}
