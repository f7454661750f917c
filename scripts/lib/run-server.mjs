// The server as a child of a launcher (npm start, npm run serve), with the signals that stop it
// passed on once.
//
// Ctrl-C in a terminal signals the whole foreground process group: npm, this launcher and the
// server each get SIGINT, and npm passes its own on to the launcher again. The launcher passes the
// first signal on (the server may have been signalled alone, by `kill` or a process manager) and
// ignores repeats within REPEAT_WINDOW_MS; the server does the same (src/server/server.ts), so one
// Ctrl-C stops it once, cleanly, with exit code 0. A second Ctrl-C later than that still makes it
// exit at once. A closed terminal (SIGHUP) stops it as SIGTERM does.
import { spawn } from 'node:child_process';

export const REPEAT_WINDOW_MS = 2_000;

/** Spawns `node ...nodeArgs` and exits with its exit code. */
export function runServer({ nodeArgs, cwd, env }) {
  const child = spawn(process.execPath, nodeArgs, { cwd, stdio: 'inherit', env });
  let last = { signal: null, at: 0 };
  const pass = (received) => {
    const signal = received === 'SIGHUP' ? 'SIGTERM' : received;
    const now = Date.now();
    if (last.signal !== null && now - last.at < REPEAT_WINDOW_MS) return;
    last = { signal, at: now };
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
  };
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => pass(signal));
  child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
  return child;
}
