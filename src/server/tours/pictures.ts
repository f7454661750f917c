/**
 * Turning an uploaded file into the gallery's sized copies, treating it as hostile:
 * - its type comes from its first bytes (JPEG, PNG, WebP, AVIF), never from its name or header;
 * - its dimensions are read from the header, and a picture over MEDIA_RULES.maxPixels is refused
 *   before anything is decoded (sharp's limitInputPixels stays on as a second guard);
 * - each copy is decoded from the file afresh (JPEG shrink-on-load keeps small copies cheap),
 *   turned upright, never enlarged, and written as WebP with no metadata (no camera, no GPS).
 * libvips works off the event loop; `slots` bounds how many pictures are worked on at once, which
 * is what bounds the server's memory (LIBRARIES.md: a 12 MP JPEG costs about 60 MB while it is
 * worked on).
 */
import { open } from 'node:fs/promises';
import sharp, { type Metadata } from 'sharp';
import { MEDIA_RULES, MEDIA_SIZES, type MediaSize } from '../../shared/contract/tour-rules.js';
import { AppError, httpErrors } from '../http/errors.js';

// No cache of decoded pictures between requests: they would only hold memory. One libvips thread
// per picture: each thread holds buffers of its own, and two cores gain little from more.
sharp.cache(false);
sharp.concurrency(1);

type SniffedType = 'jpeg' | 'png' | 'webp' | 'avif';

/** The picture type of a file, from its first 32 bytes; null for anything else. */
export function sniffPictureType(head: Buffer): SniffedType | null {
  if (head.length >= 3 && head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return 'jpeg';
  if (head.length >= 8 && head.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'png';
  if (head.length >= 12 && head.toString('latin1', 0, 4) === 'RIFF' && head.toString('latin1', 8, 12) === 'WEBP') return 'webp';
  // ISO-BMFF: a box size, then "ftyp" and a major brand; AVIF is avif (still) or avis (sequence).
  if (head.length >= 12 && head.toString('latin1', 4, 8) === 'ftyp' && ['avif', 'avis'].includes(head.toString('latin1', 8, 12))) return 'avif';
  return null;
}

export const unsupportedPicture = (message = 'Send a JPEG, PNG, WebP or AVIF picture.') => new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', message);

export interface Picture {
  /** Of the picture as it should be seen (EXIF orientation applied). */
  width: number;
  height: number;
  copies: Record<MediaSize, Buffer>;
}

/** A queue of `slots` places: work waits its turn rather than running all at once. */
class Slots {
  private free: number;
  private readonly waiting: (() => void)[] = [];
  constructor(count: number) {
    this.free = count;
  }
  async run<T>(work: () => Promise<T>): Promise<T> {
    if (this.free > 0) this.free--;
    else await new Promise<void>((resolve) => this.waiting.push(resolve));
    try {
      return await work();
    } finally {
      const next = this.waiting.shift();
      if (next) next();
      else this.free++;
    }
  }
}

/**
 * Effort 0, the encoder's fastest: measured on a 12-megapixel JPEG to the three copies, 850 → 467 ms
 * and 79 → 64 MB of working memory against effort 3, for files a little larger.
 */
const WEBP = { quality: 80, effort: 0 } as const;

export class PictureMaker {
  private readonly slots: Slots;
  constructor(slots = 1) {
    this.slots = new Slots(slots);
  }

  /** The sized copies of the picture in `path`; 415 or 400 when it is not a picture we take. */
  async make(path: string): Promise<Picture> {
    const head = Buffer.alloc(32);
    const file = await open(path, 'r');
    try {
      await file.read(head, 0, 32, 0);
    } finally {
      await file.close();
    }
    const type = sniffPictureType(head);
    if (!type) throw unsupportedPicture();

    return this.slots.run(async () => {
      let meta: Metadata;
      try {
        meta = await sharp(path, { limitInputPixels: false }).metadata();
      } catch {
        throw unsupportedPicture('The file could not be read as a picture.');
      }
      const format = meta.format === 'heif' ? 'avif' : meta.format;
      if (format !== type || !meta.width || !meta.height) throw unsupportedPicture('The file could not be read as a picture.');
      if (meta.width * meta.height > MEDIA_RULES.maxPixels) {
        throw httpErrors.validation(
          { file: `must be at most ${MEDIA_RULES.maxPixels / 1_000_000} megapixels (this one is ${meta.width} × ${meta.height})` },
          'The picture is too large.',
        );
      }
      const upright = (meta.orientation ?? 1) >= 5;
      const width = upright ? meta.height : meta.width;
      const height = upright ? meta.width : meta.height;
      const copies = {} as Record<MediaSize, Buffer>;
      try {
        for (const [size, copyWidth] of Object.entries(MEDIA_SIZES) as [MediaSize, number][]) {
          copies[size] = await sharp(path, { limitInputPixels: MEDIA_RULES.maxPixels, failOn: 'error', sequentialRead: true })
            .rotate()
            // Width-led; a very tall picture is bounded too (WebP stops at 16383 px).
            .resize({ width: copyWidth, height: copyWidth * 4, fit: 'inside', withoutEnlargement: true })
            .webp(WEBP)
            .toBuffer();
        }
      } catch {
        throw unsupportedPicture('The file could not be read as a picture (it may be damaged).');
      }
      return { width, height, copies };
    });
  }
}
