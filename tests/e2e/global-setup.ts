/**
 * Once per end-to-end run on the embedded database: a first start of the production build on an
 * empty DATA_DIR (migrations, generated secrets, the first administrator), stopped with SIGTERM.
 * Each journey file's server then starts on a copy of that DATA_DIR: about 4 s instead of the
 * 12 s a first start takes on this machine, for every file. What a first start itself does is
 * proved here (it must start and stop cleanly) and by tests/server/server-process.test.ts.
 * On a PostgreSQL server (E2E_DATABASE_URL) every server gets a database of its own instead.
 */
import { rm } from 'node:fs/promises';
import type { TestProject } from 'vitest/node';
import { DATABASE_SERVER_URL, startServer } from './harness.js';

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  if (DATABASE_SERVER_URL) {
    project.provide('e2eDataTemplate', null);
    return async () => {};
  }
  const template = await startServer({ name: 'data-template', emptyDataDir: true, keepDataDir: true });
  await template.stop();
  project.provide('e2eDataTemplate', template.dataDir);
  return () => rm(template.dataDir, { recursive: true, force: true });
}
