// Builds whatever part of the product is missing or older than its sources (npm start, and the
// backup and restore commands, which run the built server code).
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = fileURLToPath(new URL('../..', import.meta.url));
/** The server as it runs: TypeScript's output bundled into one file (scripts/bundle-server.mjs). */
export const serverEntry = join(root, 'dist/server/server/server.bundle.mjs');
export const clientEntry = join(root, 'dist/client/index.html');

/** Newest modification time of any file under the given paths. */
export function newest(paths) {
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

/**
 * `npm run SCRIPT`; exits with its code if it fails. Quiet: one line says what is built, and only
 * the build's warnings and errors follow (the bundler's table of files would bury the address and
 * the first administrator's password the server prints after it).
 */
function run(script, quiet) {
  if (quiet) console.error(`Building first (npm run ${script}): the build is missing or older than its sources…`);
  else console.log(`> npm run ${script}`);
  const result = spawnSync('npm', ['run', '--silent', script], { cwd: root, stdio: quiet ? ['ignore', 'ignore', 'inherit'] : 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

export function buildClientIfOutdated() {
  if (outdated(clientEntry, ['src/client', 'src/shared', 'index.html', 'vite.config.ts', 'package.json'])) run('build:client', true);
}

/** With `quiet`, only the build's errors are shown (a command whose output is its answer). */
export function buildServerIfOutdated({ quiet = true } = {}) {
  if (outdated(serverEntry, ['src/server', 'src/shared', 'tsconfig.server.json', 'package.json'])) run('build:server', quiet);
}
