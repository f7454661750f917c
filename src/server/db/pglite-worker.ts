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
  /** Settings after PGlite's own start parameters (which the thread reads from the PGlite it loads). */
  settings: string[];
  /** PostgreSQL extensions to load: names of PGlite's contrib modules (@electric-sql/pglite/contrib/NAME). */
  extensions?: string[];
  /** Called once if the thread ends when nobody closed it (a crash): the database is gone for this process. */
  onFailure?: (reason: string) => void;
}

type Answer =
  | { id: number; result: { rows: unknown[]; command?: string; affectedRows?: number } }
  | { id: number; error: Record<string, unknown> & { message: string } }
  | { id: number; closed: true };

/** What preparedQuery() uses of PGlite: its public protocol API (`PGlite`, and the module's `protocol` and `parse`). */
export interface PGliteProtocol {
  query(sql: string, params?: unknown[]): Promise<unknown>;
  runExclusive<T>(fn: () => Promise<T>): Promise<T>;
  execProtocol(message: Uint8Array, options: { syncToFs: boolean }): Promise<{ messages: { name: string; dataTypeIDs?: number[]; status?: string }[] }>;
  syncToFs(): Promise<void>;
  serializers: Record<number, (value: unknown) => string>;
  parsers: Record<number, unknown>;
}

/** The statements preparedQuery() has prepared on one PGlite: the text's name and parameter types. */
export type PreparedStatements = Map<string, { name: string; types: number[] }>;

/**
 * A query through a statement prepared once per text, as the pool does on a PostgreSQL server
 * (prepared-statements.ts): PGlite's own query() parses and plans every statement anew, and for the
 * product's reads and one-statement changes, planning costs as much as running them. Measured on
 * a booking's read (five tables and two subqueries), 2.0 ms a query became 1.4 ms.
 *
 * Only data statements are prepared (select, insert, update, delete, with), and at most
 * MAX_PREPARED at once: the one used least lately is closed to make room, since each keeps its
 * plan in the database's memory, which never shrinks (400 kept texts took the embedded server's
 * peak past 250 MB under the bench's list filters). A text whose plan no longer fits its tables (a
 * migration changed one) is prepared again. Self-contained: the worker thread runs its source
 * (WORKER_SOURCE), and the in-process PGlite calls it as it is.
 */
export async function preparedQuery(
  db: PGliteProtocol,
  module: { protocol: { serialize: Record<string, (...args: never[]) => Uint8Array> }; parse: { parseResults(messages: unknown[], parsers: unknown): unknown[] } },
  statements: PreparedStatements,
  sql: string,
  params: unknown[],
): Promise<unknown> {
  const MAX_PREPARED = 64;
  if (!/^\s*(select|insert|update|delete|with)\b/i.test(sql)) return db.query(sql, params);
  const serialize = module.protocol.serialize as unknown as {
    parse(options: { name: string; text: string }): Uint8Array;
    describe(options: { type: 'S' | 'P'; name?: string }): Uint8Array;
    bind(options: { statement: string; values: (string | null)[] }): Uint8Array;
    execute(options: object): Uint8Array;
    sync(): Uint8Array;
    close(options: { type: 'S'; name: string }): Uint8Array;
  };
  // Several protocol messages go to PostgreSQL in one buffer, ending with Sync: after an error it
  // skips to the Sync and is ready again.
  const joined = (...parts: Uint8Array[]) => {
    const buffer = new Uint8Array(parts.reduce((size, part) => size + part.length, 0));
    let at = 0;
    for (const part of parts) {
      buffer.set(part, at);
      at += part.length;
    }
    return buffer;
  };
  return db.runExclusive(async () => {
    let statement = statements.get(sql);
    if (statement) {
      // The Map's order is the order of last use.
      statements.delete(sql);
      statements.set(sql, statement);
    } else {
      if (statements.size >= MAX_PREPARED) {
        const [oldest, { name: closing }] = statements.entries().next().value!;
        statements.delete(oldest);
        await db.execProtocol(joined(serialize.close({ type: 'S', name: closing }), serialize.sync()), { syncToFs: false });
      }
      const name = `bo_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 10)}`;
      const described = await db.execProtocol(joined(serialize.parse({ name, text: sql }), serialize.describe({ type: 'S', name }), serialize.sync()), { syncToFs: false });
      const parameters = described.messages.find((message) => message.name === 'parameterDescription');
      statement = { name, types: parameters?.dataTypeIDs ?? [] };
      statements.set(sql, statement);
    }
    const types = statement.types;
    const values = params.map((value, index) => (value === null || value === undefined ? null : (db.serializers[types[index]] ?? String)(value)));
    let result;
    try {
      result = await db.execProtocol(joined(serialize.bind({ statement: statement.name, values }), serialize.describe({ type: 'P' }), serialize.execute({}), serialize.sync()), { syncToFs: false });
    } catch (error) {
      // "cached plan must not change result type": a table changed under it. Prepared again next time.
      if ((error as { code?: string }).code === '0A000') {
        statements.delete(sql);
        await db.execProtocol(joined(serialize.close({ type: 'S', name: statement.name }), serialize.sync()), { syncToFs: false }).catch(() => {});
      }
      throw error;
    }
    // Outside a transaction PGlite writes its files after each statement, as its own query() does.
    if (result.messages.some((message) => message.name === 'readyForQuery' && message.status === 'I')) await db.syncToFs();
    return module.parse.parseResults(result.messages, db.parsers)[0];
  });
}

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
  let pgliteModule;
  const statements = new Map();
  // The source of preparedQuery as this process runs it; a TypeScript loader that keeps function
  // names (esbuild's keepNames) wraps them in __name(), which this thread then needs as well.
  const __name = (fn) => fn;
  const preparedQuery = ${preparedQuery.toString()};
  try {
    pgliteModule = await import(workerData.pgliteUrl);
    const { PGlite } = pgliteModule;
    const extensions = {};
    for (const [name, url] of Object.entries(workerData.extensionUrls)) extensions[name] = (await import(url))[name];
    db = new PGlite({ dataDir: workerData.dataDir, startParams: [...PGlite.defaultStartParams, ...workerData.settings], extensions });
    await db.waitReady;
  } catch (error) {
    parentPort.postMessage({ id: 0, error: copyError(error) });
    return;
  }
  parentPort.on('message', async (message) => {
    if (message.memory) {
      // What this thread holds, for the metrics: PostgreSQL's WebAssembly memory (it grows and is
      // never given back) and the thread's own JavaScript heap.
      const usage = process.memoryUsage();
      const wasmBytes = (db.mod && db.mod.HEAPU8 && db.mod.HEAPU8.byteLength) || 0;
      parentPort.postMessage({ id: message.id, result: { rows: [{ wasmBytes, heapUsed: usage.heapUsed, heapTotal: usage.heapTotal }] } });
      return;
    }
    if (message.close) {
      await db.close().catch(() => {});
      parentPort.postMessage({ id: message.id, closed: true });
      parentPort.close();
      return;
    }
    try {
      const result = await preparedQuery(db, pgliteModule, statements, message.sql, message.params);
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

  /** What the database's thread holds: PostgreSQL's WebAssembly memory and the thread's JavaScript heap, in bytes. */
  async memory(): Promise<{ wasmBytes: number; heapUsed: number; heapTotal: number }> {
    if (this.#closed) return { wasmBytes: 0, heapUsed: 0, heapTotal: 0 };
    const id = this.#nextId++;
    const answer = await this.#call(id, { id, memory: true });
    return (answer as Extract<Answer, { result: unknown }>).result.rows[0] as { wasmBytes: number; heapUsed: number; heapTotal: number };
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
