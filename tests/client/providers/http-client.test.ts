/** The HTTP client's failure statuses and what counts as success, against real sockets. */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, test, vi } from 'vitest';
import { logOut, setCredentials } from '../../../src/client/providers/auth-state';
import { ApiError, createHttpClient } from '../../../src/client/providers/http-client';

/** The error a call fails with; a call that succeeds fails the test. */
async function failureOf(call: Promise<unknown>): Promise<ApiError> {
  try {
    await call;
  } catch (error) {
    return error as ApiError;
  }
  throw new Error('expected the call to fail');
}

let server: Server;
const refreshes = { count: 0, active: 0, maxActive: 0 };
let base: string;
const hanging: Array<() => void> = [];

beforeAll(async () => {
  logOut();
  server = createServer((request, response) => {
    const url = request.url ?? '';
    if (url.startsWith('/api/never')) {
      hanging.push(() => response.end());
      return; // never answers
    }
    if (url.startsWith('/api/not-json')) return void response.writeHead(200, { 'content-type': 'text/html' }).end('<html>hello</html>');
    if (url.startsWith('/api/created')) return void response.writeHead(201, { 'content-type': 'application/json' }).end('{"id":"1"}');
    if (url.startsWith('/api/accepted')) return void response.writeHead(202, { 'content-type': 'application/json' }).end('{}');
    if (url.startsWith('/api/missing')) return void response.writeHead(404, { 'content-type': 'application/json' }).end('{"code":"NOT_FOUND","message":"No such thing."}');
    if (url.startsWith('/api/auth/refresh-token')) {
      refreshes.active += 1;
      refreshes.maxActive = Math.max(refreshes.maxActive, refreshes.active);
      refreshes.count += 1;
      setTimeout(() => {
        refreshes.active -= 1;
        response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ token: `fresh-${refreshes.count}` }));
      }, 30);
      return;
    }
    if (url.startsWith('/api/guarded')) {
      const ok = (request.headers.authorization ?? '').startsWith('Bearer fresh-');
      return void response.writeHead(ok ? 200 : 403, { 'content-type': 'application/json' }).end(ok ? '{"ok":true}' : '{"code":"TOKEN_EXPIRED","message":"expired"}');
    }
    if (url.startsWith('/api/echo')) {
      let body = '';
      request.on('data', (chunk) => (body += chunk));
      request.on('end', () =>
        response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ body, headers: request.headers, url })),
      );
      return;
    }
    response.writeHead(500).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/`;
});

afterAll(async () => {
  hanging.forEach((end) => end());
  await new Promise((resolve) => server.close(resolve));
});

describe('failure statuses', () => {
  test('FETCH_ERROR when nothing listens', async () => {
    const probe = createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    const port = (probe.address() as AddressInfo).port;
    await new Promise((resolve) => probe.close(resolve));
    const failure = await failureOf(createHttpClient({ baseUrl: `http://127.0.0.1:${port}/api/` }).request('anything'));
    expect(failure).toBeInstanceOf(ApiError);
    expect(failure.status).toBe('FETCH_ERROR');
  });

  test('TIMEOUT_ERROR when the server never answers', async () => {
    const failure = await failureOf(createHttpClient({ baseUrl: base, timeoutMs: 200 }).request('never'));
    expect(failure.status).toBe('TIMEOUT_ERROR');
  });

  test('PARSING_ERROR when the body is not JSON', async () => {
    const failure = await failureOf(createHttpClient({ baseUrl: base }).request('not-json'));
    expect(failure.status).toBe('PARSING_ERROR');
    expect(failure.data).toBe('<html>hello</html>');
  });

  test('the numeric HTTP status with its data otherwise', async () => {
    const failure = await failureOf(createHttpClient({ baseUrl: base }).request('missing'));
    expect(failure.status).toBe(404);
    expect(failure.data).toEqual({ code: 'NOT_FOUND', message: 'No such thing.' });
    expect(failure.message).toBe('No such thing.');
  });
});

describe('success is 200 only, or 200/201 for create, update, delete and reset-password', () => {
  test('201 is a failure for a read and a success for a mutation', async () => {
    const http = createHttpClient({ baseUrl: base });
    expect((await failureOf(http.request('created'))).status).toBe(201);
    await expect(http.request('created', { method: 'POST', mutation: true })).resolves.toEqual({ id: '1' });
  });

  test('202 is never success', async () => {
    const http = createHttpClient({ baseUrl: base });
    expect((await failureOf(http.request('accepted', { method: 'POST', mutation: true }))).status).toBe(202);
  });
});

test('calls carry JSON bodies, credentials and no bearer header without a token', async () => {
  const answer = await createHttpClient({ baseUrl: base }).request<{ body: string; headers: Record<string, string>; url: string }>('echo', {
    method: 'POST',
    body: { a: 1 },
    query: { page: 2, role: 'STAFF', q: undefined },
  });
  expect(JSON.parse(answer.body)).toEqual({ a: 1 });
  expect(answer.headers['content-type']).toBe('application/json');
  expect(answer.headers.authorization).toBeUndefined();
  expect(answer.url).toBe('/api/echo?page=2&role=STAFF');
});

describe('refreshing across tabs of one browser', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    logOut();
  });

  test('refreshes take the "bo-refresh" Web Lock, so two tabs refresh one after the other', async () => {
    // A Web Locks stand-in: one holder of a name at a time, the others queue.
    const taken: string[] = [];
    const queues = new Map<string, Promise<unknown>>();
    vi.stubGlobal('navigator', {
      ...navigator,
      locks: {
        request(name: string, task: () => Promise<unknown>) {
          taken.push(name);
          const run = (queues.get(name) ?? Promise.resolve()).then(task, task);
          queues.set(name, run.catch(() => undefined));
          return run;
        },
      },
    });
    Object.assign(refreshes, { count: 0, active: 0, maxActive: 0 });
    setCredentials('expired-token');
    const tabA = createHttpClient({ baseUrl: base });
    const tabB = createHttpClient({ baseUrl: base });
    const answers = await Promise.all([tabA.request('guarded'), tabB.request('guarded')]);
    expect(answers).toEqual([{ ok: true }, { ok: true }]);
    expect(taken).toEqual(['bo-refresh', 'bo-refresh']);
    expect(refreshes.count).toBe(2); // each tab refreshes with the cookie the other left…
    expect(refreshes.maxActive).toBe(1); // …never both at once
  });

  test('without Web Locks one tab still shares one refresh between its calls', async () => {
    vi.stubGlobal('navigator', { ...navigator, locks: undefined });
    Object.assign(refreshes, { count: 0, active: 0, maxActive: 0 });
    setCredentials('expired-token');
    const tab = createHttpClient({ baseUrl: base });
    await Promise.all([tab.request('guarded'), tab.request('guarded'), tab.request('guarded')]);
    expect(refreshes.count).toBe(1);
  });
});
