// Test files that say of themselves how they depend on the database engine: a first line
// `// engine: independent` (a server-suite file that never opens the test database) or
// `// engine: dependent` (an end-to-end journey whose outcome depends on the engine) among the
// file's first lines. The runners collect them here, so a new file needs no edit of a central list.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

/** The files under `dir` (relative to `root`) whose name matches `pattern` and whose head says `engine: <kind>`. */
export function filesMarked(root, dir, pattern, kind) {
  const found = [];
  const walk = (folder) => {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      const path = join(folder, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (pattern.test(entry.name) && readFileSync(path, 'utf8').split('\n').slice(0, 20).some((line) => line === `// engine: ${kind}` || line.startsWith(`// engine: ${kind} `))) {
        found.push(relative(root, path));
      }
    }
  };
  walk(join(root, dir));
  return found.sort();
}
