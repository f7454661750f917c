/**
 * Statements prepared once per PostgreSQL connection. Kysely sends each query as text with
 * parameters; PostgreSQL then parses and plans it anew every time, and for the user list's page
 * (a role filter, the roles of each row) planning costs more than running it. Giving each text a
 * name makes node-postgres prepare it on a connection's first use and only bind and execute it
 * afterwards, and PostgreSQL keeps its plan (a generic one once it is no worse than custom ones).
 *
 * The application's query texts are a fixed set (parameters carry every value), so the names are
 * bounded; past MAX_NAMED distinct texts, further ones simply run unnamed.
 */
import { createHash } from 'node:crypto';
import type { Pool, PoolClient } from 'pg';

const MAX_NAMED = 2000;
const names = new Map<string, string>();

function statementName(text: string): string | undefined {
  let name = names.get(text);
  if (name === undefined && names.size < MAX_NAMED) {
    name = `bo_${createHash('sha256').update(text).digest('base64url').slice(0, 24)}`;
    names.set(text, name);
  }
  return name;
}

const preparing = new WeakSet<PoolClient>();

function prepareStatements(client: PoolClient): PoolClient {
  if (preparing.has(client)) return client;
  preparing.add(client);
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  (client as { query: unknown }).query = (text: unknown, values?: unknown) => {
    const name = typeof text === 'string' ? statementName(text) : undefined;
    return name ? query({ name, text, values }) : query(text, values);
  };
  return client;
}

/** The pool Kysely's PostgresDialect takes: the same pool, with connections that prepare what they run. */
export function preparingPool(pool: Pool) {
  return {
    connect: async () => prepareStatements(await pool.connect()),
    end: () => pool.end(),
  };
}
