/**
 * Tour galleries: one row a picture, its sized copies kept in the media store under `token`
 * (random, so the copies' addresses cannot be guessed). A tour's cover is one of its pictures,
 * or none; deleting the picture clears it.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table tour_media (
      id uuid primary key,
      tour_id uuid not null references tours (id) on delete cascade,
      token text not null unique,
      alt text not null,
      caption text not null default '',
      credit text not null default '',
      width integer not null check (width > 0),
      height integer not null check (height > 0),
      stored_bytes integer not null check (stored_bytes >= 0),
      position integer not null,
      created_at timestamptz not null
    )`.execute(db);
  await sql`create index tour_media_tour_idx on tour_media (tour_id, position)`.execute(db);
  await sql`update tours set cover_media_id = null`.execute(db);
  await sql`
    alter table tours add constraint tours_cover_media_fk
      foreign key (cover_media_id) references tour_media (id) on delete set null`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table tours drop constraint tours_cover_media_fk`.execute(db);
  await sql`drop table tour_media`.execute(db);
}
