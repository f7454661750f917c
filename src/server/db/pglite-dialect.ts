/**
 * A Kysely dialect for PGlite, the embedded PostgreSQL, in this thread or on a worker thread
 * (pglite-worker.ts). PGlite is one connection: a Kysely transaction has it to itself from BEGIN
 * to COMMIT, so no other statement can slip in between; outside transactions, statements are
 * handed over as they come.
 */
import type { PGliteQueryable } from './pglite-worker.js';
import {
  AbortedTransactionError,
  CompiledQuery,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type DatabaseConnection,
  type DatabaseIntrospector,
  type Dialect,
  type DialectAdapter,
  type Driver,
  type Kysely,
  type QueryCompiler,
  type QueryResult,
  type TransactionSettings,
} from 'kysely';

/**
 * First come, first served lock with two kinds of holder: any number of single statements at
 * once, or one transaction alone. Single statements go to PGlite without waiting for each other
 * (PGlite runs them in the order they arrive, and on a worker thread the next one is already
 * queued when the last one ends); a transaction waits until the statements before it are done,
 * and everything after it waits for its COMMIT or ROLLBACK.
 */
class SharedExclusiveLock {
  readonly #waiting: { exclusive: boolean; grant: () => void }[] = [];
  #shared = 0;
  #exclusive = false;

  acquire(exclusive: boolean): Promise<() => void> {
    return new Promise((resolve) => {
      this.#waiting.push({ exclusive, grant: () => resolve(this.#releaser(exclusive)) });
      this.#grant();
    });
  }

  #releaser(exclusive: boolean): () => void {
    let released = false;
    return () => {
      if (released) return;
      released = true;
      if (exclusive) this.#exclusive = false;
      else this.#shared -= 1;
      this.#grant();
    };
  }

  #grant(): void {
    while (this.#waiting.length > 0 && !this.#exclusive) {
      const next = this.#waiting[0];
      if (next.exclusive && this.#shared > 0) return;
      this.#waiting.shift();
      if (next.exclusive) this.#exclusive = true;
      else this.#shared += 1;
      next.grant();
    }
  }
}

/**
 * One per Kysely holder. Outside a transaction each statement takes a shared turn of its own;
 * BEGIN takes the exclusive turn, which COMMIT or ROLLBACK gives back.
 */
class PGliteConnection implements DatabaseConnection {
  #endTransaction: (() => void) | null = null;

  constructor(
    private readonly pglite: PGliteQueryable,
    private readonly lock: SharedExclusiveLock,
  ) {}

  async executeQuery<R>(compiledQuery: CompiledQuery): Promise<QueryResult<R>> {
    if (this.#endTransaction) return this.#run<R>(compiledQuery);
    const release = await this.lock.acquire(false);
    try {
      return await this.#run<R>(compiledQuery);
    } finally {
      release();
    }
  }

  async begin(): Promise<void> {
    this.#endTransaction = await this.lock.acquire(true);
    try {
      await this.#run(CompiledQuery.raw('begin'));
    } catch (error) {
      this.#finish();
      throw error;
    }
  }

  async finish(statement: 'commit' | 'rollback'): Promise<void> {
    try {
      const result = await this.pglite.query(statement, []);
      // PostgreSQL answers COMMIT with a ROLLBACK tag when an earlier statement's error (caught
      // and ignored by the caller) left the transaction aborted: nothing was kept, and the caller
      // must hear so, as Kysely's own PostgreSQL driver reports it.
      if (statement === 'commit' && result.command === 'ROLLBACK') throw new AbortedTransactionError();
    } finally {
      this.#finish();
    }
  }

  #finish(): void {
    const end = this.#endTransaction;
    this.#endTransaction = null;
    end?.();
  }

  async #run<R>(compiledQuery: CompiledQuery): Promise<QueryResult<R>> {
    const result = await this.pglite.query<R>(compiledQuery.sql, [...compiledQuery.parameters]);
    const changesRows = ['INSERT', 'UPDATE', 'DELETE', 'MERGE'].includes(result.command ?? '');
    return {
      rows: result.rows,
      numAffectedRows: changesRows ? BigInt(result.affectedRows ?? 0) : undefined,
    };
  }

  // eslint-disable-next-line require-yield
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('PGlite dialect: streaming is not supported');
  }
}

class PGliteDriver implements Driver {
  readonly #lock = new SharedExclusiveLock();

  constructor(private readonly pglite: PGliteQueryable) {}

  /** The owner (openDatabase) hands the dialect a database that is already open. */
  async init(): Promise<void> {}

  async acquireConnection(): Promise<DatabaseConnection> {
    return new PGliteConnection(this.pglite, this.#lock);
  }

  async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    // Isolation levels mean nothing with a single connection; plain BEGIN is enough.
    void settings;
    await (connection as PGliteConnection).begin();
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    await (connection as PGliteConnection).finish('commit');
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    await (connection as PGliteConnection).finish('rollback');
  }

  async releaseConnection(): Promise<void> {}

  /** Closing the PGlite instance is its owner's job (see openDatabase), so its data dir is flushed once. */
  async destroy(): Promise<void> {}
}

export class PGliteDialect implements Dialect {
  constructor(private readonly pglite: PGliteQueryable) {}

  createAdapter(): DialectAdapter {
    return new PostgresAdapter();
  }

  createDriver(): Driver {
    return new PGliteDriver(this.pglite);
  }

  createIntrospector(db: Kysely<unknown>): DatabaseIntrospector {
    return new PostgresIntrospector(db);
  }

  createQueryCompiler(): QueryCompiler {
    return new PostgresQueryCompiler();
  }
}
