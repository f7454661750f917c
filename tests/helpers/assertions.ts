/** Assertions the server suite repeats: the error shape, JWT contents. */
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { AccessTokenClaims } from '../../src/shared/types.js';

const ERROR_KEYS = new Set(['code', 'message', 'errors', 'requestId', 'available', 'conflicts', 'failed', 'reason']);

/** The answer is an error of this status and code, in the contract's shape, with nothing else in it. */
export function expectError(response: LightMyRequestResponse | Response, status: number, code: string, body?: unknown): void {
  const json = body ?? (response as LightMyRequestResponse).json();
  expect({ status: 'statusCode' in response ? response.statusCode : response.status, body: json }).toMatchObject({ status, body: { code } });
  const error = json as Record<string, unknown>;
  expect(typeof error.message).toBe('string');
  for (const key of Object.keys(error)) expect(ERROR_KEYS.has(key), `unexpected key ${key} in error body`).toBe(true);
  if (error.errors !== undefined) {
    expect(code).toBe('VALIDATION');
    for (const value of Object.values(error.errors as object)) expect(typeof value).toBe('string');
  }
}

export function decodeJwt(token: string): { header: Record<string, unknown>; payload: AccessTokenClaims } {
  const [header, payload] = token.split('.').slice(0, 2).map((part) => JSON.parse(Buffer.from(part, 'base64url').toString('utf8')));
  return { header, payload };
}
