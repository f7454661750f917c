// The launcher npm start uses (scripts/lib/run-server.mjs), running the server from its TypeScript
// source, so the server suite can signal the whole process group as a terminal's Ctrl-C does
// without building first.
import { join } from 'node:path';
import process from 'node:process';
import { runServer } from '../../scripts/lib/run-server.mjs';

runServer({ nodeArgs: ['--import', 'tsx', join(import.meta.dirname, '../../src/server/server.ts')], env: process.env });
