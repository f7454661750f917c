#!/usr/bin/env node
// `npm run demo-data`: compiles the server, then fills the database the configuration names
// (DATA_DIR's embedded database by default, or DATABASE_URL) with the demo catalogue
// (src/server/demo-data.ts). Stop the server first when it uses the embedded database: only one
// process at a time may open it.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { serverEnvironment, serverNodeFlags } from './lib/server-env.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const build = spawnSync('npm', ['run', '--silent', 'build:server'], { cwd: root, stdio: 'inherit' });
if (build.status !== 0) process.exit(build.status ?? 1);
const run = spawnSync(process.execPath, [...serverNodeFlags(process.env), join(root, 'dist/server/server/demo-data.js')], {
  cwd: root,
  stdio: 'inherit',
  env: serverEnvironment(process.env),
});
process.exit(run.status ?? 1);
