/** Cross-site refusal for the cookie-authenticated endpoints: Sec-Fetch-Site first, then Origin. */
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { crossSiteGuard, isSameSiteRequest, originOf, type CrossSiteOptions } from '../../../src/server/security/cross-site.js';

const apps: FastifyInstance[] = [];
afterEach(async () => {
  await Promise.all(apps.splice(0).map((app) => app.close()));
});

const PUBLIC_URL = 'https://office.example.com/';
const REFUSED = { code: 'FORBIDDEN', message: 'Cross-site request refused.' };

async function app(options: Partial<CrossSiteOptions> = {}) {
  const instance = Fastify({ logger: false });
  apps.push(instance);
  const guard = crossSiteGuard({ publicUrl: PUBLIC_URL, ...options });
  let handled = 0;
  instance.get('/api/auth/check', { preHandler: guard }, async () => {
    handled += 1;
    return { isAuthentication: true };
  });
  instance.post('/api/auth/logout', { preHandler: guard }, async () => {
    handled += 1;
    return {};
  });
  await instance.ready();
  return { instance, handled: () => handled };
}

describe('cross-site guard', () => {
  it.each([
    ['Sec-Fetch-Site same-origin', { 'sec-fetch-site': 'same-origin' }, 200],
    ['Sec-Fetch-Site same-site', { 'sec-fetch-site': 'same-site' }, 200],
    ['Sec-Fetch-Site none (typed URL, bookmark)', { 'sec-fetch-site': 'none' }, 200],
    ['Sec-Fetch-Site cross-site', { 'sec-fetch-site': 'cross-site' }, 403],
    ['Sec-Fetch-Site cross-site, even with our Origin', { 'sec-fetch-site': 'cross-site', origin: 'https://office.example.com' }, 403],
    ['Sec-Fetch-Site of an unknown value', { 'sec-fetch-site': 'same-originx' }, 403],
    ['Sec-Fetch-Site in capitals', { 'sec-fetch-site': 'SAME-ORIGIN' }, 200],
    ['no Sec-Fetch-Site, Origin = PUBLIC_URL', { origin: 'https://office.example.com' }, 200],
    ['no Sec-Fetch-Site, Origin = PUBLIC_URL with its default port', { origin: 'https://OFFICE.example.com:443' }, 200],
    ['no Sec-Fetch-Site, Origin = the request’s own origin', { origin: 'http://localhost:3000', host: 'localhost:3000' }, 200],
    ['no Sec-Fetch-Site, Origin of another site', { origin: 'https://evil.example.net' }, 403],
    ['no Sec-Fetch-Site, Origin of another port', { origin: 'https://office.example.com:8443' }, 403],
    ['no Sec-Fetch-Site, Origin over http', { origin: 'http://office.example.com' }, 403],
    ['no Sec-Fetch-Site, Origin null', { origin: 'null' }, 403],
    ['no Sec-Fetch-Site, Origin not a URL', { origin: 'office.example.com' }, 403],
    ['neither header (curl, a server)', {}, 200],
  ])('%s → %i', async (_case, headers, status) => {
    const { instance, handled } = await app();
    for (const [method, url] of [['GET', '/api/auth/check'], ['POST', '/api/auth/logout']] as const) {
      const response = await instance.inject({ method, url, headers });
      expect(response.statusCode).toBe(status);
      if (status === 403) {
        expect(response.json()).toEqual(REFUSED);
        expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
      }
    }
    expect(handled()).toBe(status === 200 ? 2 : 0); // a refused request never reaches the handler
  });

  it('allowSameSite false refuses same-site but not same-origin', async () => {
    const { instance } = await app({ allowSameSite: false });
    expect((await instance.inject({ url: '/api/auth/check', headers: { 'sec-fetch-site': 'same-site' } })).statusCode).toBe(403);
    expect((await instance.inject({ url: '/api/auth/check', headers: { 'sec-fetch-site': 'same-origin' } })).statusCode).toBe(200);
  });

  it('refuses a PUBLIC_URL that is not an absolute URL at wiring time', () => {
    expect(() => crossSiteGuard({ publicUrl: 'office.example.com' })).toThrow(/publicUrl/);
  });

  it('the pure rule', () => {
    const allowed = { origins: ['https://office.example.com'], allowSameSite: true };
    expect(isSameSiteRequest({ ownOrigin: null }, allowed)).toBe(true);
    expect(isSameSiteRequest({ origin: 'https://office.example.com', ownOrigin: null }, allowed)).toBe(true);
    expect(isSameSiteRequest({ origin: 'https://x.example', ownOrigin: 'https://x.example' }, allowed)).toBe(true);
    expect(isSameSiteRequest({ origin: 'https://x.example', ownOrigin: null }, allowed)).toBe(false);
    expect(originOf('http://LOCALHOST:80/path?q')).toBe('http://localhost');
    expect(originOf('null')).toBeNull();
  });
});
