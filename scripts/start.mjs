#!/usr/bin/env node
// `npm start`: build whatever is missing or older than its sources, then run the server.
// A fresh clone needs nothing else: the embedded database lives in DATA_DIR (./data).
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { runServer } from './lib/run-server.mjs';
import { serverEnvironment, serverNodeFlags } from './lib/server-env.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const serverEntry = join(root, 'dist/server/server/server.js');
const clientEntry = join(root, 'dist/client/index.html');

/** Newest modification time of any file under the given paths. */
function newest(paths) {
  let max = 0;
  const visit = (p) => {
    if (!existsSync(p)) return;
    const s = statSync(p);
    if (s.isDirectory()) for (const name of readdirSync(p)) visit(join(p, name));
    else max = Math.max(max, s.mtimeMs);
  };
  paths.forEach((p) => visit(join(root, p)));
  return max;
}

function outdated(output, sources) {
  return !existsSync(output) || statSync(output).mtimeMs < newest(sources);
}

function run(script) {
  console.log(`> npm run ${script}`);
  const result = spawnSync('npm', ['run', '--silent', script], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

// `npm run serve` (--no-build): a deployment that built once runs what it has.
if (!process.argv.includes('--no-build')) {
  if (outdated(clientEntry, ['src/client', 'src/shared', 'index.html', 'vite.config.ts', 'package.json'])) run('build:client');
  if (outdated(serverEntry, ['src/server', 'src/shared', 'tsconfig.server.json', 'package.json'])) run('build:server');
} else if (!existsSync(serverEntry) || !existsSync(clientEntry)) {
  console.error('Not built yet: run npm run build first (or npm start, which builds what is missing).');
  process.exit(1);
}

// Ctrl-C, SIGTERM or a closed terminal stop the server once, gracefully: it finishes the requests
// in flight and closes the database (lib/run-server.mjs).
runServer({ nodeArgs: [...serverNodeFlags(process.env), serverEntry], cwd: root, env: serverEnvironment(process.env) });
