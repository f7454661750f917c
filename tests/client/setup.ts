import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

/**
 * One copy of react-router, as the build has (vite's resolve.dedupe). Under Vitest, react-admin
 * is loaded by Node and gets react-router's ESM build, while our sources would get its CommonJS
 * build: two routers, and react-admin's <Routes> refusing our <Route>s. react-router-dom
 * re-exports Node's copy, so the sources and tests are given that one.
 */
vi.mock('react-router', async () => await import('react-router-dom'));

afterEach(() => {
  cleanup();
  window.localStorage.clear();
});
