/**
 * Once per run of the server suite: make one migrated and seeded template database that every
 * test file clones (PGlite: a data-dir dump in a temp file; PostgreSQL with TEST_DATABASE_URL:
 * a uniquely named template database). Everything made here is removed at the end.
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { loadPGlite, openDatabase, wrapPGlite } from '../../src/server/db/open-database.js';
import { onServer, prepareDatabase, withDatabase } from '../helpers/test-database.js';

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl) {
    const runId = `bo_test_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
    const templateName = `${runId}_template`;
    await onServer(serverUrl, (client) => client.query(`create database "${templateName}"`));
    const handle = await openDatabase({ kind: 'postgres', url: withDatabase(serverUrl, templateName) });
    await prepareDatabase(handle);
    await handle.close(); // a template must have no open connections to be cloned
    project.provide('testDatabaseTemplate', { engine: 'postgres', serverUrl, templateName, runId });
    return async () => {
      await onServer(serverUrl, async (client) => {
        const { rows } = await client.query<{ datname: string }>('select datname from pg_database where datname like $1', [`${runId}%`]);
        for (const { datname } of rows) await client.query(`drop database if exists "${datname}" with (force)`);
      });
    };
  }

  const dir = await mkdtemp(join(tmpdir(), 'bo-template-'));
  const { PGlite, extensions } = await loadPGlite();
  const pglite = new PGlite({ extensions });
  const handle = wrapPGlite(pglite);
  await prepareDatabase(handle);
  const dump = await pglite.dumpDataDir('none');
  await handle.close();
  const dumpPath = join(dir, 'template.tar');
  await writeFile(dumpPath, Buffer.from(await dump.arrayBuffer()));
  project.provide('testDatabaseTemplate', { engine: 'pglite', dumpPath });
  return async () => rm(dir, { recursive: true, force: true });
}
