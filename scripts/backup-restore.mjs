#!/usr/bin/env node
// `npm run backup -- --out FILE` and `npm run restore -- --from FILE` (the npm scripts put the
// command first): the built server's backup/cli.js, built first if its sources are newer, run with
// the server's own Node flags since a restore opens the embedded database as the server does.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { buildServerIfOutdated, root } from './lib/build.mjs';
import { serverEnvironment, serverNodeFlags } from './lib/server-env.mjs';

buildServerIfOutdated({ quiet: true });
const cli = join(root, 'dist/server/server/backup/cli.js');
const result = spawnSync(process.execPath, [...serverNodeFlags(process.env), cli, ...process.argv.slice(2)], { stdio: 'inherit', env: serverEnvironment(process.env) });
process.exit(result.status ?? 1);
