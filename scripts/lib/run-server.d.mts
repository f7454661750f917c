import type { ChildProcess } from 'node:child_process';
/** Repeats of a stopping signal within this many milliseconds are the same signal delivered twice. */
export const REPEAT_WINDOW_MS: number;
/** Spawns `node ...nodeArgs` and exits with its exit code, passing a stopping signal on once (run-server.mjs). */
export function runServer(options: { nodeArgs: string[]; cwd?: string; env?: NodeJS.ProcessEnv }): ChildProcess;
