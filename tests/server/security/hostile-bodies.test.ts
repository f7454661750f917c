/**
 * Requests built to make an answer cost more than its length: a body field's name made of the
 * separators of a refusal's sentence (the German refusal used to be found by regular expressions
 * that backtracked on it at cubic cost), and bodies nested far deeper than any route reads. Each
 * is sent without signing in, to the routes anyone can reach.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { CAPTCHA_QUERY_PARAM } from '../../../src/shared/api-paths.js';
import { refusalIn, valuesIn } from '../../../src/server/http/refusal-language.js';
import { createTestApp, type TestApp } from '../../helpers/test-app.js';
import { hostileName } from '../../helpers/hostile-names.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ captcha: false });
});
afterAll(async () => {
  await t?.close();
});


const ROUTES = [
  { method: 'POST', url: `/api/auth/login?${CAPTCHA_QUERY_PARAM}=x`, body: { email: 'a@b.c', password: 'x' } },
  { method: 'POST', url: `/api/auth/forget-password?${CAPTCHA_QUERY_PARAM}=x`, body: { email: 'a@b.c' } },
  { method: 'PATCH', url: '/api/auth/reset-password', body: { token: 'x'.repeat(43), password: 'x' } },
] as const;

async function timed(url: string, payload: unknown, language: string, method: 'POST' | 'PATCH' | 'GET' = 'POST') {
  const started = performance.now();
  const response = await t.app.inject({ method, url, headers: { 'accept-language': language, 'content-type': 'application/json' }, payload: JSON.stringify(payload) });
  return { response, ms: performance.now() - started };
}

describe('a hostile field name', () => {
  for (const route of ROUTES) {
    test(`${route.url.split('?')[0]}: refused at 1, 8, 32 and 60 KB, in German no dearer than in English, and shown cut`, async () => {
      for (const kilobytes of [1, 8, 32, 60]) {
        const name = hostileName(kilobytes * 1024);
        const body = { ...route.body, [name]: 1 };
        // The better of three, each language in turn: the machine's own pauses are not the refusal's cost.
        const costs = { en: Infinity, de: Infinity };
        for (let round = 0; round < 3; round++) {
          for (const language of ['en', 'de'] as const) {
            const { response, ms } = await timed(route.url, body, language, route.method);
            expect(response.statusCode, response.body.slice(0, 200)).toBe(400);
            const answer = response.json<{ code: string; message: string; errors: Record<string, string> }>();
            expect(answer.code).toBe('VALIDATION');
            // The name comes back cut: the whole answer is a few hundred characters, not the name's length.
            expect(response.body.length).toBeLessThan(600);
            expect(Object.keys(answer.errors).every((field) => field.length <= 64)).toBe(true);
            expect(answer.message).toMatch(language === 'de' ? /^Ungültiger Wert für: / : /^Invalid value for: /);
            costs[language] = Math.min(costs[language], ms);
          }
        }
        // Both are a few milliseconds; the old matcher took 1.6 s at 32 KB and 10 s at 60 KB in German.
        expect(costs.de, `${kilobytes} KB: German ${costs.de.toFixed(1)} ms, English ${costs.en.toFixed(1)} ms`).toBeLessThan(costs.en * 3 + 25);
      }
    });
  }
});

describe('the refusal sentences are matched by their fixed pieces', () => {
  test('the values are found whatever they hold, including the pieces themselves', () => {
    const pieces = '{} has been paid and the new total would be {}: refund {} first.'.split('{}');
    expect(valuesIn(pieces, '€10 has been paid and the new total would be €5: refund €5 first.')).toEqual(['€10', '€5', '€5']);
    expect(valuesIn(pieces, 'x has been paid and the new total would be : refund has been paid and the new total would be y: refund z first.')).toEqual([
      'x',
      ': refund has been paid and the new total would be y',
      'z',
    ]);
    expect(valuesIn(pieces, ' has been paid and the new total would be : refund  first.')).toBeNull();
    expect(valuesIn(pieces, 'Something else.')).toBeNull();
  });

  test('matching a long hostile sentence costs about what reading it does', () => {
    const sentence = (bytes: number) => `Invalid value for: ${hostileName(bytes)}.`;
    const cost = (bytes: number) => {
      let best = Infinity;
      for (let round = 0; round < 5; round++) {
        const started = performance.now();
        refusalIn('de', sentence(bytes));
        best = Math.min(best, performance.now() - started);
      }
      return best;
    };
    cost(1024);
    // 60 times the length: well under 60 × 60 times the cost (the old expressions grew by the cube).
    expect(cost(61_440)).toBeLessThan(cost(1024) * 600 + 20);
  });

  test('a value is shown cut in every language, and a value named like a built-in is not a word', () => {
    const long = 'n'.repeat(5000);
    expect(refusalIn('en', `Invalid value for: ${long}.`)).toBe(`Invalid value for: ${'n'.repeat(79)}….`);
    expect(refusalIn('de', `Invalid value for: ${long}.`)).toBe(`Ungültiger Wert für: ${'n'.repeat(79)}….`);
    expect(refusalIn('de', 'This booking is constructor: there is nothing to cancel.')).toBe('Diese Buchung ist constructor: Es gibt nichts zu stornieren.');
    expect(refusalIn('de', 'This booking is cancelled: there is nothing to cancel.')).toBe('Diese Buchung ist storniert: Es gibt nichts zu stornieren.');
  });
});

describe('a body that never arrives', () => {
  test('the server gives a request a minute to arrive whole (Fastify waits for ever by default)', () => {
    // A socket that sends a header and a Content-Length and then stalls is answered 408 and closed,
    // rather than holding a file descriptor for as long as the attacker likes.
    expect((t.app.initialConfig as { requestTimeout?: number }).requestTimeout).toBe(60_000);
  });
});

describe('a body nested deeper than any route reads', () => {
  const shapes = {
    objects: (depth: number) => '{"a":'.repeat(depth) + '1' + '}'.repeat(depth),
    arrays: (depth: number) => '['.repeat(depth) + ']'.repeat(depth),
  };
  for (const [shape, depth] of [['objects', 100], ['objects', 10_000], ['arrays', 30_000]] as const) {
    test(`${depth} levels of ${shape}: 400 before any walk, in both languages`, async () => {
      for (const language of ['en', 'de']) {
        const nested = shapes[shape](depth);
        const body = `{"email":"a@b.c","password":"x","deep":${nested}}`;
        const response = await t.app.inject({ method: 'POST', url: ROUTES[0].url, headers: { 'accept-language': language, 'content-type': 'application/json' }, payload: body });
        expect(response.statusCode, response.body.slice(0, 200)).toBe(400);
        expect(response.json().code).toBe('VALIDATION');
        expect(response.json().message).toMatch(language === 'de' ? /zu tief verschachtelt/ : /nested too deeply/);
      }
    });
  }

  test('brackets inside strings do not count, and a body as deep as the routes read is read', async () => {
    const { jsonDepth } = await import('../../../src/server/http/json-depth.js');
    expect(jsonDepth('{"a":"[[[[[[\\"}')).toBe(1);
    expect(jsonDepth('{"a":"\\"[["}')).toBe(1);
    expect(jsonDepth('[[1],{"b":[2]}]')).toBe(3);
    const response = await t.app.inject({ method: 'POST', url: ROUTES[0].url, payload: { email: 'a@b.c', password: 'x', note: '['.repeat(5000) } });
    expect(response.json().message).not.toMatch(/nested/);
  });
});
