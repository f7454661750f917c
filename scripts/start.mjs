#!/usr/bin/env node
// `npm start`: build whatever is missing or older than its sources, then run the server.
// A fresh clone needs nothing else: the embedded database lives in DATA_DIR (./data).
import { existsSync } from 'node:fs';
import { buildClientIfOutdated, buildServerIfOutdated, clientEntry, root, serverEntry } from './lib/build.mjs';
import { runServer } from './lib/run-server.mjs';
import { serverEnvironment, serverNodeFlags } from './lib/server-env.mjs';

// `npm run serve` (--no-build): a deployment that built once runs what it has.
if (!process.argv.includes('--no-build')) {
  buildClientIfOutdated();
  buildServerIfOutdated();
} else if (!existsSync(serverEntry) || !existsSync(clientEntry)) {
  console.error('Not built yet: run npm run build first (or npm start, which builds what is missing).');
  process.exit(1);
}

// Ctrl-C, SIGTERM or a closed terminal stop the server once, gracefully: it finishes the requests
// in flight and closes the database (lib/run-server.mjs).
runServer({ nodeArgs: [...serverNodeFlags(process.env), serverEntry], cwd: root, env: serverEnvironment(process.env) });
