/**
 * The embedded database on a thread of its own. PGlite runs PostgreSQL as WebAssembly on the
 * thread that calls it: on the server's main thread every query held up the HTTP work of every
 * other request (sockets were read only between queries, so a busy list made some callers wait
 * seconds). On a worker thread the database and the HTTP layer use a core each, and the main
 * thread stays free to read, answer and time out requests.
 *
 * The protocol is one message per query, answered in order by PGlite's own queue. Transactions
 * need no more than that: the Kysely dialect (pglite-dialect.ts) sends single statements as they
 * come but gives a transaction the database alone from BEGIN to COMMIT, so no other holder's
 * statement reaches the worker in between.
 */
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';

/** What the dialect needs of a PGlite: PGlite itself and this worker-backed stand-in both have it. */
export interface PGliteQueryable {
  query<R>(sql: string, params?: unknown[]): Promise<{ rows: R[]; command?: string; affectedRows?: number }>;
  readonly closed: boolean;
  close(): Promise<void>;
}

interface StartOptions {
  dataDir: string;
  startParams: string[];
  /** PostgreSQL extensions to load: names of PGlite's contrib modules (@electric-sql/pglite/contrib/NAME). */
  extensions?: string[];
  /** Called once if the thread ends when nobody closed it (a crash): the database is gone for this process. */
  onFailure?: (reason: string) => void;
}

type Answer =
  | { id: number; result: { rows: unknown[]; command?: string; affectedRows?: number } }
  | { id: number; error: Record<string, unknown> & { message: string } }
  | { id: number; closed: true };

// Plain JavaScript, run with `eval` so that the same code serves the built server and the test
// runner (which has no compiled file beside this one). PGlite is imported from the path the
// parent resolved, so the worker finds the same copy wherever the process was started.
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const ERROR_FIELDS = ['code', 'detail', 'hint', 'constraint', 'table', 'column', 'schema', 'severity', 'position'];
function copyError(error) {
  const copy = { message: String((error && error.message) || error) };
  for (const field of ERROR_FIELDS) if (error && error[field] !== undefined) copy[field] = error[field];
  return copy;
}
(async () => {
  let db;
  try {
    const { PGlite } = await import(workerData.pgliteUrl);
    const extensions = {};
    for (const [name, url] of Object.entries(workerData.extensionUrls)) extensions[name] = (await import(url))[name];
    db = new PGlite({ dataDir: workerData.dataDir, startParams: workerData.startParams, extensions });
    await db.waitReady;
  } catch (error) {
    parentPort.postMessage({ id: 0, error: copyError(error) });
    return;
  }
  parentPort.on('message', async (message) => {
    if (message.close) {
      await db.close().catch(() => {});
      parentPort.postMessage({ id: message.id, closed: true });
      parentPort.close();
      return;
    }
    try {
      const result = await db.query(message.sql, message.params);
      parentPort.postMessage({ id: message.id, result: { rows: result.rows, command: result.command, affectedRows: result.affectedRows } });
    } catch (error) {
      parentPort.postMessage({ id: message.id, error: copyError(error) });
    }
  });
  parentPort.postMessage({ id: 0, result: { rows: [] } });
})();
`;

/** A database error from the worker, with PostgreSQL's fields (code 23505 and so on) kept. */
function toError(copy: Record<string, unknown> & { message: string }): Error {
  const error = new Error(copy.message);
  error.name = 'DatabaseError';
  return Object.assign(error, copy);
}

export class PGliteOnWorker implements PGliteQueryable {
  readonly #worker: Worker;
  readonly #pending = new Map<number, { resolve: (answer: Answer) => void; reject: (error: Error) => void }>();
  #nextId = 1;
  #closed = false;
  #closing = false;

  private constructor(worker: Worker, onFailure?: (reason: string) => void) {
    this.#worker = worker;
    worker.on('message', (answer: Answer) => {
      const waiting = this.#pending.get(answer.id);
      if (!waiting) return;
      this.#pending.delete(answer.id);
      if ('error' in answer) waiting.reject(toError(answer.error));
      else waiting.resolve(answer);
    });
    const fail = (reason: string) => {
      if (!this.#closed && !this.#closing) onFailure?.(reason);
      this.#closed = true;
      // Recognised by isDatabaseUnavailable: callers answer 503, not 500.
      for (const waiting of this.#pending.values()) waiting.reject(new Error(`PGlite is closed (${reason})`));
      this.#pending.clear();
    };
    worker.on('error', (error) => fail(error.message));
    worker.on('exit', (code) => fail(`worker exited with code ${code}`));
  }

  /** Starts the worker and resolves once the database is open (or rejects with why it is not). */
  static async start(options: StartOptions): Promise<PGliteOnWorker> {
    const require = createRequire(import.meta.url);
    const resolve = (name: string) => pathToFileURL(require.resolve(name)).href;
    const { onFailure, extensions = [], ...settings } = options;
    const extensionUrls = Object.fromEntries(extensions.map((name) => [name, resolve(`@electric-sql/pglite/contrib/${name}`)]));
    const worker = new Worker(WORKER_SOURCE, {
      eval: true,
      workerData: { ...settings, pgliteUrl: resolve('@electric-sql/pglite'), extensionUrls },
      resourceLimits: { maxYoungGenerationSizeMb: 8 },
    });
    const client = new PGliteOnWorker(worker, onFailure);
    await client.#call(0, null);
    return client;
  }

  get closed(): boolean {
    return this.#closed;
  }

  async query<R>(sql: string, params: unknown[] = []): Promise<{ rows: R[]; command?: string; affectedRows?: number }> {
    if (this.#closed) throw new Error('PGlite is closed');
    const id = this.#nextId++;
    const answer = await this.#call(id, { id, sql, params });
    return (answer as Extract<Answer, { result: unknown }>).result as { rows: R[]; command?: string; affectedRows?: number };
  }

  /** Closes the database (its files flushed) and ends the thread. */
  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closing = true;
    const id = this.#nextId++;
    const exited = new Promise((resolve) => this.#worker.once('exit', resolve));
    await this.#call(id, { id, close: true });
    this.#closed = true;
    await exited;
  }

  /** Ends the thread at once, without flushing: what a crash does (the tests use it to make one). */
  async terminate(): Promise<void> {
    await this.#worker.terminate();
  }

  #call(id: number, message: object | null): Promise<Answer> {
    return new Promise<Answer>((resolve, reject) => {
      this.#pending.set(id, { resolve, reject });
      if (message) this.#worker.postMessage(message);
    });
  }
}
