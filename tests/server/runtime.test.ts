/**
 * The runtime the npm scripts run on: Node 24 LTS, brought by the `node` dependency (its binary is
 * first on the path of every npm script, whatever Node the machine has), the one `engines` and
 * `.nvmrc` name, and the one the server reports at start.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from 'vitest';

const root = join(import.meta.dirname, '../..');
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { engines: { node: string }; dependencies: Record<string, string> };

test('the tests run on the Node the `node` dependency installs, Node 24 as engines and .nvmrc say', () => {
  expect(process.versions.node).toBe(pkg.dependencies.node);
  expect(process.versions.node.split('.')[0]).toBe('24');
  expect(pkg.engines.node).toMatch(/^\^24\./);
  expect(readFileSync(join(root, '.nvmrc'), 'utf8').trim()).toBe('24');
});
