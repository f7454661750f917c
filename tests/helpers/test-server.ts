/**
 * A real server on a free port of 127.0.0.1 for the browser-app and end-to-end suites: in-memory
 * database (a clone of the server suite's template when one is provided), captcha ON through a
 * local fake siteverify that accepts `captchaToken`, and a temp DATA_DIR whose outbox holds the
 * mails (password reset links). Keep this signature stable: other suites depend on it.
 */
import type { AddressInfo } from 'node:net';
import { createServer } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { TEST_CAPTCHA_TOKEN } from './fake-siteverify.js';
import { createTestApp } from './test-app.js';

export interface TestServer {
  baseUrl: string;
  admin: { email: string; password: string };
  captchaToken: string;
  dataDir: string;
  outboxDir: string;
  app: FastifyInstance;
  close(): Promise<void>;
}

export interface TestServerOptions {
  /** Environment on top of the defaults (e.g. ACCESS_TOKEN_TTL, DATABASE_URL=postgres://…). */
  env?: Record<string, string>;
  /** The server's clock; default the real one. */
  now?: () => number;
  /** Serve this built browser app (default: none, the "not built" page). */
  clientDir?: string | null;
}

export async function startTestServer(opts: TestServerOptions = {}): Promise<TestServer> {
  // PUBLIC_URL must be known before the app is built (e-mailed links, captcha hostname), so the
  // port is picked first. Until the server listens on it, another process may take it (an outgoing
  // connection's own port, as the PostgreSQL suite makes many): then the app is built again on another.
  for (let attempt = 1; ; attempt += 1) {
    const port = await freePort();
    const baseUrl = `http://127.0.0.1:${port}`;
    const test = await createTestApp({
      // A business with a name: signing in lands on the dashboard (without one, an administrator is sent to the Business screen first).
      env: { PUBLIC_URL: baseUrl, BUSINESS_NAME: 'Harbour Tours', ...opts.env },
      now: opts.now ?? Date.now,
      clientDir: opts.clientDir ?? null,
    });
    try {
      await test.app.listen({ port, host: '127.0.0.1' });
    } catch (error) {
      await test.close();
      if ((error as NodeJS.ErrnoException).code === 'EADDRINUSE' && attempt < 5) continue;
      throw error;
    }
    return serverOf(test, baseUrl);
  }
}

function serverOf(test: Awaited<ReturnType<typeof createTestApp>>, baseUrl: string): TestServer {
  return {
    baseUrl,
    admin: test.admin,
    captchaToken: TEST_CAPTCHA_TOKEN,
    dataDir: test.dataDir,
    outboxDir: test.outboxDir,
    app: test.app,
    close: async () => {
      // A request the page under test still had open when its test ended (jsdom keeps the app's
      // fetches alive) must not hold the suite: after a grace, remaining connections are cut.
      const force = setTimeout(() => test.app.server.closeAllConnections(), 3_000);
      try {
        await test.close();
      } finally {
        clearTimeout(force);
      }
    },
  };
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}
