/** Recognises "the database is not there" among errors from pg, PGlite and our own timeouts. */
import { DatabaseTimeoutError } from './open-database.js';

const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENOTFOUND', 'EPIPE', 'EAI_AGAIN']);

export function isDatabaseUnavailable(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  if (error instanceof DatabaseTimeoutError) return true;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string') {
    if (NETWORK_CODES.has(code)) return true;
    // SQLSTATE class 08 (connection exception), 57P01-57P03 (shutdown, cannot connect now), 53300 (too many connections).
    if (/^08/.test(code) || /^57P0[123]$/.test(code) || code === '53300') return true;
  }
  // pg, PGlite, and Kysely/pg after the database was closed (requests still running at shutdown).
  return /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|PGlite is closed|driver has already been destroyed|Cannot use a pool after calling end/i.test(
    error.message,
  );
}
