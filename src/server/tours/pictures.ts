/**
 * Turning an uploaded file into the gallery's sized copies, treating it as hostile:
 * - its type comes from its first bytes (JPEG, PNG, WebP, AVIF), never from its name or header;
 * - its dimensions are read from the header, and a picture over MEDIA_RULES.maxPixels is refused
 *   before anything is decoded (sharp's limitInputPixels stays on as a second guard);
 * - each copy is decoded from the file afresh (JPEG shrink-on-load keeps small copies cheap),
 *   turned upright, never enlarged, and written as WebP with no metadata (no camera, no GPS).
 * The work happens in a process of its own (picture-worker.mjs), one picture at a time: a file
 * that crashes or bloats the decoders costs that process, never the server, and the decoders'
 * working memory is not the server's. The process starts with the first picture and ends after
 * a minute without one, so a server nobody uploads to carries none of it.
 */
import { MEDIA_RULES, MEDIA_SIZES, type MediaSize } from '../../shared/contract/tour-rules.js';
import { AppError, httpErrors } from '../http/errors.js';
import { WorkerProcess, workerFile, type WorkerProcessOptions } from '../http/worker-process.js';
import type { CopiesAnswer, PictureRules } from './picture-worker.mjs';

export const unsupportedPicture = (message = 'Send a JPEG, PNG, WebP or AVIF picture.') => new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', message);

export interface Picture {
  /** Of the picture as it should be seen (EXIF orientation applied). */
  width: number;
  height: number;
  copies: Record<MediaSize, Buffer>;
}

/** A picture the worker has not finished in this time is given up (and the worker replaced). */
const JOB_TIMEOUT_MS = 60_000;
const RULES = { maxPixels: MEDIA_RULES.maxPixels, sizes: MEDIA_SIZES };

export class PictureMaker {
  private readonly worker: WorkerProcess<{ path: string; rules: PictureRules }, CopiesAnswer>;

  constructor(slots = 1, observe?: WorkerProcessOptions['observe']) {
    this.worker = new WorkerProcess({
      observe,
      file: workerFile('tours/picture-worker.mjs'),
      args: ['--picture-worker'],
      slots,
      jobTimeoutMs: JOB_TIMEOUT_MS,
      timedOut: () => httpErrors.unavailable(),
      // A crash on a hostile file: the picture is refused, the server carries on.
      crashed: () => unsupportedPicture('The file could not be read as a picture (it may be damaged).'),
    });
  }

  /** The sized copies of the picture in `path`; 415, 400 or 503 when it cannot be made. */
  async make(path: string): Promise<Picture> {
    const answer = await this.worker.run({ path, rules: RULES });
    if (answer.ok) {
      const copies = Object.fromEntries(Object.entries(answer.copies).map(([size, bytes]) => [size, Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)]));
      return { width: answer.width, height: answer.height, copies: copies as Record<MediaSize, Buffer> };
    }
    if (answer.kind === 'too-large') {
      throw httpErrors.validation(
        { file: `must be at most ${MEDIA_RULES.maxPixels / 1_000_000} megapixels (this one is ${answer.width} × ${answer.height})` },
        'The picture is too large.',
      );
    }
    throw unsupportedPicture(answer.kind === 'damaged' ? 'The file could not be read as a picture (it may be damaged).' : undefined);
  }

  /** Ends the worker (the app closes). */
  close(): void {
    this.worker.close();
  }

  /** Whether a picture is being worked on now. */
  get busy(): boolean {
    return this.worker.busy;
  }

  /** The worker's process id while it runs (the benchmark reads its memory). */
  get workerPid(): number | null {
    return this.worker.pid;
  }
}
