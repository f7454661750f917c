/**
 * Calling the OCTO API as a reseller in the server suite: a reseller and a key made through the
 * staff API, and a caller that sends the key (and, when asked, the octo/pricing capability).
 */
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { App } from '../../src/server/app.js';
import type { CreatedApiKey, NewReseller, Reseller } from '../../src/shared/contract/resellers.js';

let sequence = 0;

export function aReseller(overrides: Partial<NewReseller> = {}): NewReseller {
  sequence += 1;
  return { name: `Reseller ${sequence} ${Math.random().toString(36).slice(2, 8)}`, commissionPercent: 12.5, contactEmail: `partners${sequence}@reseller.example`, ...overrides };
}

export type StaffCaller = (options: InjectOptions) => Promise<LightMyRequestResponse>;

/** A reseller and one API key, made by staff. */
export async function createResellerWithKey(staff: StaffCaller, overrides: Partial<NewReseller> = {}): Promise<{ reseller: Reseller; key: string; keyId: string }> {
  const created = await staff({ method: 'POST', url: '/api/resellers', payload: aReseller(overrides) });
  expect(created.statusCode, created.body).toBe(201);
  const reseller = created.json<Reseller>();
  const key = await staff({ method: 'POST', url: `/api/resellers/${reseller.id}/api-keys`, payload: { name: 'Production' } });
  expect(key.statusCode, key.body).toBe(201);
  const body = key.json<CreatedApiKey>();
  return { reseller, key: body.key, keyId: body.id };
}

export type OctoCaller = (method: InjectOptions['method'], url: string, payload?: unknown, options?: { pricing?: boolean; key?: string | null }) => Promise<LightMyRequestResponse>;

/** Calls /api/octo with the reseller's key. */
export function octoAs(app: App, key: string): OctoCaller {
  return (method, url, payload, options = {}) => {
    const sent = options.key === undefined ? key : options.key;
    return app.inject({
      method,
      url: `/api/octo${url}`,
      ...(payload !== undefined && { payload: payload as InjectOptions['payload'] }),
      headers: {
        ...(sent !== null && { authorization: `Bearer ${sent}` }),
        ...(options.pricing && { 'octo-capabilities': 'octo/pricing' }),
      },
    });
  };
}

/** An OCTO error answer: the status, the code, a message, and the code's own field when it has one. */
export function expectOctoError(response: LightMyRequestResponse, status: number, error: string, extra: Record<string, string> = {}): void {
  expect(response.statusCode, response.body).toBe(status);
  const body = response.json<Record<string, unknown>>();
  expect(body).toMatchObject({ error, ...extra });
  expect(typeof body.errorMessage).toBe('string');
}
