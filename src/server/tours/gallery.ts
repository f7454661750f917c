/**
 * A tour's gallery: pictures in an order, one of them the tour's cover.
 * The copies go to the media store before the row is written, and are deleted again if the row
 * is not; a removed picture's copies are deleted after its row. The database is the truth: an
 * address only works while its row exists, because the serving route asks for the token.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { sql, type Kysely, type Selectable } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import { MEDIA_RULES, MEDIA_SIZES, type MediaSize } from '../../shared/contract/tour-rules.js';
import type { Media, MediaPatch, MediaUrls, NewMediaFields } from '../../shared/contract/tours.js';
import { auditOrigin, type AuditLog, type RequestOrigin } from '../audit/audit-log.js';
import type { Database } from '../db/schema.js';
import type { TourMediaTable } from './tables.js';
import { httpErrors } from '../http/errors.js';
import type { MediaStore } from './media-store.js';
import type { Picture } from './pictures.js';

type MediaRow = Selectable<TourMediaTable> & { is_cover: boolean };

export const MEDIA_PATH = '/media';
const SIZES = Object.keys(MEDIA_SIZES) as MediaSize[];
const NO_TOUR = 'No tour with this id.';
const NO_PICTURE = 'No picture with this id in this tour.';

export function mediaUrls(token: string): MediaUrls {
  return {
    thumb: `${MEDIA_PATH}/${token}/thumb.webp`,
    medium: `${MEDIA_PATH}/${token}/medium.webp`,
    large: `${MEDIA_PATH}/${token}/large.webp`,
  };
}

function keysOf(token: string): string[] {
  return SIZES.map((size) => `${token}/${size}.webp`);
}

export class Gallery {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly now: () => number,
    private readonly audit: AuditLog,
    readonly store: MediaStore,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** The addresses of a picture's copies, from its token (what a list that read the token shows). */
  urlsOf(token: string): MediaUrls {
    return mediaUrls(token);
  }

  async list(tourId: string): Promise<Media[]> {
    const tour = await this.db.selectFrom('tours').select('cover_media_id').where('id', '=', tourId).executeTakeFirst();
    if (!tour) throw httpErrors.notFound(NO_TOUR);
    const rows = await this.rows(this.db, tourId);
    return rows.map(toMedia);
  }

  /** Before the upload is read: the tour exists and has room for one more picture. */
  async checkRoom(tourId: string): Promise<void> {
    const tour = await this.db.selectFrom('tours').select('id').where('id', '=', tourId).executeTakeFirst();
    if (!tour) throw httpErrors.notFound(NO_TOUR);
    const { count } = await this.db.selectFrom('tour_media').select(sql<number>`count(*)::int`.as('count')).where('tour_id', '=', tourId).executeTakeFirstOrThrow();
    if (count >= MEDIA_RULES.maxPerTour) throw httpErrors.conflict(`A tour holds at most ${MEDIA_RULES.maxPerTour} pictures: remove one first.`);
  }

  async add(tourId: string, fields: NewMediaFields, picture: Picture, origin: RequestOrigin): Promise<Media> {
    const token = randomBytes(16).toString('base64url');
    try {
      for (const size of SIZES) await this.store.put(`${token}/${size}.webp`, picture.copies[size], 'image/webp');
    } catch (error) {
      this.log.error({ err: error, store: this.store.description }, 'the media store refused a picture');
      this.discard(keysOf(token));
      throw httpErrors.unavailable();
    }
    try {
      return await this.db.transaction().execute(async (trx) => {
        const tour = await lockTour(trx, tourId);
        const { count, last } = await trx
          .selectFrom('tour_media')
          .select([sql<number>`count(*)::int`.as('count'), sql<number | null>`max(position)`.as('last')])
          .where('tour_id', '=', tourId)
          .executeTakeFirstOrThrow();
        if (count >= MEDIA_RULES.maxPerTour) throw httpErrors.conflict(`A tour holds at most ${MEDIA_RULES.maxPerTour} pictures: remove one first.`);
        const id = randomUUID();
        await trx
          .insertInto('tour_media')
          .values({
            id,
            tour_id: tourId,
            token,
            alt: fields.alt.trim(),
            caption: fields.caption?.trim() ?? '',
            credit: fields.credit?.trim() ?? '',
            width: picture.width,
            height: picture.height,
            stored_bytes: SIZES.reduce((sum, size) => sum + picture.copies[size].length, 0),
            position: (last ?? -1) + 1,
            created_at: new Date(this.now()),
          })
          .execute();
        // The first picture of a tour without a cover becomes its cover.
        await trx
          .updateTable('tours')
          .set({ updated_at: new Date(this.now()), ...(tour.cover_media_id === null && { cover_media_id: id }) })
          .where('id', '=', tourId)
          .execute();
        await this.record(trx, origin, 'tour.media_added', tourId, { code: tour.code, mediaId: id, alt: fields.alt.trim() });
        return toMedia(await this.row(trx, tourId, id));
      });
    } catch (error) {
      this.discard(keysOf(token));
      throw error;
    }
  }

  async update(tourId: string, mediaId: string, patch: MediaPatch, origin: RequestOrigin): Promise<Media> {
    return this.db.transaction().execute(async (trx) => {
      const tour = await lockTour(trx, tourId);
      const current = await trx.selectFrom('tour_media').select('id').where('id', '=', mediaId).where('tour_id', '=', tourId).executeTakeFirst();
      if (!current) throw httpErrors.notFound(NO_PICTURE);
      const { position, isCover, ...text } = patch;
      if (Object.keys(text).length > 0) {
        await trx
          .updateTable('tour_media')
          .set({
            ...(text.alt !== undefined && { alt: text.alt.trim() }),
            ...(text.caption !== undefined && { caption: text.caption.trim() }),
            ...(text.credit !== undefined && { credit: text.credit.trim() }),
          })
          .where('id', '=', mediaId)
          .execute();
      }
      if (position !== undefined) {
        const rest = (await this.rows(trx, tourId)).map((row) => row.id).filter((id) => id !== mediaId);
        rest.splice(Math.min(position, rest.length), 0, mediaId);
        await writePositions(trx, rest);
      }
      let cover = tour.cover_media_id;
      if (isCover === true) cover = mediaId;
      else if (isCover === false && cover === mediaId) cover = null;
      await trx.updateTable('tours').set({ cover_media_id: cover, updated_at: new Date(this.now()) }).where('id', '=', tourId).execute();
      await this.record(trx, origin, 'tour.media_updated', tourId, { code: tour.code, mediaId, ...patch });
      return toMedia(await this.row(trx, tourId, mediaId));
    });
  }

  /** The picture goes; if it was the cover, the first remaining picture becomes the cover. */
  async remove(tourId: string, mediaId: string, origin: RequestOrigin): Promise<void> {
    const token = await this.db.transaction().execute(async (trx) => {
      const tour = await lockTour(trx, tourId);
      const removed = await trx.deleteFrom('tour_media').where('id', '=', mediaId).where('tour_id', '=', tourId).returning(['token', 'alt']).executeTakeFirst();
      if (!removed) throw httpErrors.notFound(NO_PICTURE);
      const remaining = (await this.rows(trx, tourId)).map((row) => row.id);
      await writePositions(trx, remaining);
      const cover = tour.cover_media_id === mediaId ? (remaining[0] ?? null) : tour.cover_media_id;
      await trx.updateTable('tours').set({ cover_media_id: cover, updated_at: new Date(this.now()) }).where('id', '=', tourId).execute();
      await this.record(trx, origin, 'tour.media_removed', tourId, { code: tour.code, mediaId, alt: removed.alt });
      return removed.token;
    });
    this.discard(keysOf(token));
  }

  /** The store keys of every picture of a tour (to discard after the tour is deleted). */
  async keysOfTour(tourId: string): Promise<string[]> {
    const rows = await this.db.selectFrom('tour_media').select('token').where('tour_id', '=', tourId).execute();
    return rows.flatMap((row) => keysOf(row.token));
  }

  /** Deletes copies in the background; a failure leaves orphans, logged, never an error for the user. */
  discard(keys: string[]): void {
    if (keys.length === 0) return;
    this.store.delete(keys).catch((error: unknown) => this.log.warn({ err: error, keys: keys.length }, 'media copies could not be deleted'));
  }

  private rows(db: Kysely<Database>, tourId: string): Promise<MediaRow[]> {
    return db
      .selectFrom('tour_media as m')
      .innerJoin('tours as t', 't.id', 'm.tour_id')
      .selectAll('m')
      .select(sql<boolean>`t.cover_media_id is not distinct from m.id`.as('is_cover'))
      .where('m.tour_id', '=', tourId)
      .orderBy('m.position')
      .orderBy('m.id')
      .execute();
  }

  private async row(db: Kysely<Database>, tourId: string, id: string): Promise<MediaRow> {
    const rows = await this.rows(db, tourId);
    const row = rows.find((candidate) => candidate.id === id);
    if (!row) throw httpErrors.notFound(NO_PICTURE);
    return row;
  }

  private async record(trx: Kysely<Database>, origin: RequestOrigin, action: Parameters<AuditLog['record']>[0]['action'], tourId: string, details: Record<string, unknown>) {
    await this.audit.record({ action, ...auditOrigin(origin), targetType: 'tour', targetId: tourId, details }, trx);
  }
}

async function lockTour(trx: Kysely<Database>, id: string) {
  const row = await trx.selectFrom('tours').select(['id', 'code', 'cover_media_id']).where('id', '=', id).forUpdate().executeTakeFirst();
  if (!row) throw httpErrors.notFound(NO_TOUR);
  return row;
}

async function writePositions(trx: Kysely<Database>, ids: string[]): Promise<void> {
  for (const [index, id] of ids.entries()) await trx.updateTable('tour_media').set({ position: index }).where('id', '=', id).execute();
}

function toMedia(row: MediaRow): Media {
  return {
    id: row.id,
    tourId: row.tour_id,
    alt: row.alt,
    caption: row.caption,
    credit: row.credit,
    width: row.width,
    height: row.height,
    position: row.position,
    isCover: row.is_cover,
    urls: mediaUrls(row.token),
    createdAt: row.created_at.toISOString(),
  };
}
