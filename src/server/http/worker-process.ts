/**
 * Work the server hands to a process of its own (the gallery's pictures, the vouchers' PDFs): work
 * that is heavy in memory or CPU, whose libraries the server then never loads, and whose crash or
 * bloat costs that process, never the server. The process starts with the first job and ends after
 * a minute without one, so a server that has no such work carries none of it; jobs wait their turn
 * for one of `slots` places; a job not answered in time is given up and the process replaced.
 *
 * The worker is a plain JavaScript file (it runs as a forked process from the sources and from the
 * build alike) that answers each message `{id, job}` with `{id, ...answer, maxRssKb}`.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { SERVER_DIR_URL } from '../server-dir.js';

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
 * A worker's file by its path in the server's folder (`bookings/voucher-worker.mjs`), in the sources
 * or the build. Under a browser-like test environment the folder's URL is the dev server's, rooted
 * at the project.
 */
export function workerFile(path: string, serverDirUrl: string = SERVER_DIR_URL): string {
  const url = new URL(`./${path}`, serverDirUrl);
  return url.protocol === 'file:' ? fileURLToPath(url) : join(process.cwd(), decodeURIComponent(url.pathname));
}

export interface WorkerProcessOptions {
  /** The worker's file (workerFile()). */
  file: string;
  /** Arguments it is started with (it answers only when it sees its own). */
  args: string[];
  /** Node's flags for the process (none: V8's defaults). */
  nodeFlags?: string[];
  slots: number;
  idleMs?: number;
  /** A job not answered in this time is given up: the process is killed and the next job starts a fresh one. */
  jobTimeoutMs: number;
  /** What a caller whose job was given up hears. */
  timedOut: () => Error;
  /** What a caller whose job was in the process when it died hears. */
  crashed: () => Error;
  /** Told of each job: how long it waited for a place, how long the process took, and whether it answered. */
  observe?: (waitSeconds: number, runSeconds: number, answered: boolean) => void;
}

export class WorkerProcess<Job, Answer> {
  private readonly slots: Slots;
  private worker: ChildProcess | null = null;
  private idle: NodeJS.Timeout | null = null;
  private nextId = 0;
  private readonly waiting = new Map<number, { resolve: (answer: Answer) => void; reject: (error: Error) => void }>();
  /** The worker's peak resident memory so far, in kB (what the last answer said). */
  peakRssKb = 0;

  constructor(private readonly options: WorkerProcessOptions) {
    this.slots = new Slots(options.slots);
  }

  /** The job's answer, once a place is free and the worker has done it. */
  run(job: Job): Promise<Answer> {
    const queued = performance.now();
    return this.slots.run(async () => {
      const started = performance.now();
      const seconds = () => [(started - queued) / 1000, (performance.now() - started) / 1000] as const;
      try {
        const answer = await this.ask(job);
        this.options.observe?.(...seconds(), true);
        return answer;
      } catch (error) {
        this.options.observe?.(...seconds(), false);
        throw error;
      }
    });
  }

  /** Ends the worker (the app closes). */
  close(): void {
    if (this.idle) clearTimeout(this.idle);
    this.worker?.kill();
    this.worker = null;
  }

  /** Whether a job is being worked on now. */
  get busy(): boolean {
    return this.waiting.size > 0;
  }

  /** The worker's process id while it runs (the benchmark reads its memory). */
  get pid(): number | null {
    return this.worker?.pid ?? null;
  }

  private ask(job: Job): Promise<Answer> {
    if (this.idle) clearTimeout(this.idle);
    const worker = this.worker ?? this.start();
    const id = (this.nextId += 1);
    return new Promise<Answer>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.waiting.delete(id);
        worker.kill('SIGKILL'); // stuck on this job: a fresh worker takes the next one
        reject(this.options.timedOut());
      }, this.options.jobTimeoutMs);
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
      worker.send({ id, job });
    }).finally(() => {
      if (this.waiting.size === 0 && this.worker) {
        this.idle = setTimeout(() => this.close(), this.options.idleMs ?? 60_000);
        this.idle.unref();
      }
    });
  }

  private start(): ChildProcess {
    const worker = fork(this.options.file, this.options.args, { serialization: 'advanced', stdio: ['ignore', 'inherit', 'inherit', 'ipc'], execArgv: this.options.nodeFlags ?? [] });
    worker.on('message', (message: { id: number; maxRssKb?: number }) => {
      this.peakRssKb = Math.max(this.peakRssKb, message.maxRssKb ?? 0);
      const waiting = this.waiting.get(message.id);
      this.waiting.delete(message.id);
      waiting?.resolve(message as Answer);
    });
    worker.on('exit', () => {
      if (this.worker === worker) this.worker = null;
      for (const [id, waiting] of this.waiting) {
        this.waiting.delete(id);
        waiting.reject(this.options.crashed());
      }
    });
    worker.on('error', () => undefined); // 'exit' follows and answers whoever waits
    this.worker = worker;
    return worker;
  }
}
