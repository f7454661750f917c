import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { filesMarked } from './scripts/lib/test-files.mjs';

/**
 * react-router's package exports only its development build (warnings, the "Hey developer" error
 * page); a production bundle takes the production build it also ships.
 */
const reactRouterProduction = [
  { find: /^react-router$/, replacement: fileURLToPath(new URL('node_modules/react-router/dist/production/index.mjs', import.meta.url)) },
  { find: /^react-router\/dom$/, replacement: fileURLToPath(new URL('node_modules/react-router/dist/production/dom-export.mjs', import.meta.url)) },
];

const apiTarget = process.env.API_URL ?? 'http://127.0.0.1:3000';

/**
 * Server-suite files that never open the test database: configuration, captcha, password policy,
 * mailers, the embedded database's own files and the process as `npm start` runs it (always on
 * the embedded database). They answer the same whichever engine the suite is pointed at, so with
 * TEST_DATABASE_URL (the suite run again on a PostgreSQL server) they are left out: `npm test`
 * runs them. Each says so in its first line (`// engine: independent`, scripts/lib/test-files.mjs).
 */
const ENGINE_INDEPENDENT_SERVER_FILES = filesMarked(fileURLToPath(new URL('.', import.meta.url)), 'tests/server', /\.test\.ts$/, 'independent');

export default defineConfig(({ command, mode }) => ({
  plugins: [react()],
  resolve: {
    alias: command === 'build' && mode === 'production' ? reactRouterProduction : [],
    // One copy of each: duplicates break react-admin's contexts.
    dedupe: ['react', 'react-dom', 'react-router', 'react-router-dom', '@mui/material', '@emotion/react', '@emotion/styled', 'react-admin', 'ra-core'],
  },
  build: {
    outDir: 'dist/client',
    emptyOutDir: true,
    sourcemap: true,
    chunkSizeWarningLimit: 2000,
  },
  server: {
    port: 5173,
    proxy: { '/api': { target: apiTarget, changeOrigin: false } },
  },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'server',
          environment: 'node',
          include: ['tests/server/**/*.test.ts'],
          exclude: process.env.TEST_DATABASE_URL ? ENGINE_INDEPENDENT_SERVER_FILES : [],
          // The files share one module graph per worker: the app's modules are imported, and the
          // embedded database's WebAssembly compiled, once instead of once per file (server suite
          // 271 s → 207 s). Every file builds its own app and database, and none mocks modules,
          // stubs globals or changes process.env.
          isolate: false,
          globalSetup: ['tests/server/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'client',
          environment: 'jsdom',
          include: ['tests/client/**/*.test.{ts,tsx}'],
          setupFiles: ['tests/client/setup.ts'],
          // One module graph and one jsdom per worker (157 s → 90 s): the setup file empties the
          // screen and the browser's storage after every test, and a test of what a module holds
          // before the app loads imports a fresh copy of it.
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        // Real Chromium against the production build; run through `npm run test:e2e`, not `npm test`.
        extends: true,
        test: {
          name: 'e2e',
          environment: 'node',
          include: ['tests/e2e/**/*.e2e.ts'],
          globalSetup: ['tests/e2e/global-setup.ts'],
          // A poll ends as soon as the screen shows what it waits for; its limit only matters when it
          // never does. Two journeys, two servers and two Chromiums share 2 cores: a search's
          // debounce, request and render can take seconds (1 s, vitest's default, failed one).
          expect: { poll: { timeout: 10_000 } },
          fileParallelism: false,
          testTimeout: 120_000,
          hookTimeout: 120_000,
        },
      },
      {
        // Faults against real server processes (database outage, kill -9, SIGTERM under load);
        // run through `npm run test:faults`, not `npm test`. Needs the build (dist/server).
        extends: true,
        test: {
          name: 'faults',
          environment: 'node',
          include: ['tests/faults/**/*.faults.ts'],
          fileParallelism: false,
          testTimeout: 180_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
}));
