import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';

/**
 * One copy of react-router, as the build has (vite's resolve.dedupe). Under Vitest, react-admin
 * is loaded by Node and gets react-router's ESM build, while our sources would get its CommonJS
 * build: two routers, and react-admin's <Routes> refusing our <Route>s. react-router-dom
 * re-exports Node's copy, so the sources and tests are given that one.
 */
vi.mock('react-router', async () => await import('react-router-dom'));

/**
 * A wait for the screen ends as soon as the screen shows what is awaited; its limit only matters
 * when it never does. A whole app against a real server in jsdom can take seconds on a loaded 2-core CI machine,
 * so a wait gives up after 5 s, not testing-library's 1 s (the journeys set 10 s on their own).
 */
configure({ asyncUtilTimeout: 5000 });

/**
 * What the app logs to the console (a refused save's ApiError, a request aborted as a page is
 * left) is kept during a test and printed only if the test fails: a passing run prints no stack
 * traces, and a failing one still shows what the app said. A test that spies on the console
 * itself sees its calls first.
 */
let logged: { method: 'error' | 'warn'; args: unknown[] }[] = [];
const originals = { error: console.error.bind(console), warn: console.warn.bind(console) };
beforeEach(() => {
  logged = [];
  console.error = (...args: unknown[]) => void logged.push({ method: 'error', args });
  console.warn = (...args: unknown[]) => void logged.push({ method: 'warn', args });
});

afterEach((context) => {
  console.error = originals.error;
  console.warn = originals.warn;
  if (context.task.result?.state === 'fail') for (const { method, args } of logged) originals[method](...args);
  logged = [];
  cleanup();
  window.localStorage.clear();
  window.sessionStorage.clear();
});
