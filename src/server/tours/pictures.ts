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
import { fork, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { MEDIA_RULES, MEDIA_SIZES, type MediaSize } from '../../shared/contract/tour-rules.js';
import { AppError, httpErrors } from '../http/errors.js';
import type { CopiesAnswer } from './picture-worker.mjs';

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

/** The worker's file beside this one (in the sources or the build). Under a browser-like test environment the module's URL is the dev server's, rooted at the project. */
function workerFile(): string {
  const url = new URL('./picture-worker.mjs', import.meta.url);
  return url.protocol === 'file:' ? fileURLToPath(url) : join(process.cwd(), decodeURIComponent(url.pathname));
}
const IDLE_MS = 60_000;
/** A picture the worker has not finished in this time is given up (and the worker replaced). */
const JOB_TIMEOUT_MS = 60_000;
const RULES = { maxPixels: MEDIA_RULES.maxPixels, sizes: MEDIA_SIZES };

type WorkerAnswer = CopiesAnswer & { id: number; maxRssKb: number };

export class PictureMaker {
  private readonly slots: Slots;
  private worker: ChildProcess | null = null;
  private idle: NodeJS.Timeout | null = null;
  private nextId = 0;
  private readonly waiting = new Map<number, { resolve: (answer: WorkerAnswer) => void; reject: (error: Error) => void }>();
  /** The worker's peak resident memory so far, in kB (what the last answer said). */
  workerPeakRssKb = 0;

  constructor(slots = 1) {
    this.slots = new Slots(slots);
  }

  /** The sized copies of the picture in `path`; 415, 400 or 503 when it cannot be made. */
  make(path: string): Promise<Picture> {
    return this.slots.run(async () => {
      const answer = await this.ask(path);
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
    });
  }

  /** Ends the worker (the app closes). */
  close(): void {
    if (this.idle) clearTimeout(this.idle);
    this.worker?.kill();
    this.worker = null;
  }

  /** Whether a picture is being worked on now. */
  get busy(): boolean {
    return this.waiting.size > 0;
  }

  /** The worker's process id while it runs (the benchmark reads its memory). */
  get workerPid(): number | null {
    return this.worker?.pid ?? null;
  }

  private ask(path: string): Promise<WorkerAnswer> {
    if (this.idle) clearTimeout(this.idle);
    const worker = this.worker ?? this.start();
    const id = (this.nextId += 1);
    return new Promise<WorkerAnswer>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.waiting.delete(id);
        worker.kill('SIGKILL'); // stuck on this file: a fresh worker takes the next one
        reject(httpErrors.unavailable());
      }, JOB_TIMEOUT_MS);
      this.waiting.set(id, {
        resolve: (answer) => {
          clearTimeout(timer);
          resolve(answer);
        },
        reject: (error) => {
          clearTimeout(timer);
          reject(error);
        },
      });
      worker.send({ id, path, rules: RULES });
    }).finally(() => {
      if (this.waiting.size === 0 && this.worker) {
        this.idle = setTimeout(() => this.close(), IDLE_MS);
        this.idle.unref();
      }
    });
  }

  private start(): ChildProcess {
    const worker = fork(workerFile(), ['--picture-worker'], { serialization: 'advanced', stdio: ['ignore', 'inherit', 'inherit', 'ipc'], execArgv: [] });
    worker.on('message', (message: WorkerAnswer) => {
      this.workerPeakRssKb = Math.max(this.workerPeakRssKb, message.maxRssKb ?? 0);
      const waiting = this.waiting.get(message.id);
      this.waiting.delete(message.id);
      waiting?.resolve(message);
    });
    worker.on('exit', () => {
      if (this.worker === worker) this.worker = null;
      // A crash on a hostile file: the picture is refused, the server carries on.
      for (const [id, waiting] of this.waiting) {
        this.waiting.delete(id);
        waiting.reject(unsupportedPicture('The file could not be read as a picture (it may be damaged).'));
      }
    });
    worker.on('error', () => undefined); // 'exit' follows and answers whoever waits
    this.worker = worker;
    return worker;
  }
}
