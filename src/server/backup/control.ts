/**
 * The data directory's control socket: a local socket that one process at a time listens on for a
 * DATA_DIR holding the embedded database. Listening on it is the claim to the directory (the server,
 * or a backup or restore while no server runs); whoever else comes finds it answered and stops. A
 * running server also answers a backup through it, so `npm run backup` needs no password and no
 * network: only the operating system's account that may reach the data directory may ask.
 *
 * The exchange is one JSON line each way, then for a backup the archive's bytes until the end of
 * the stream.
 */
import { createHash } from 'node:crypto';
import { chmodSync, mkdirSync, rmSync } from 'node:fs';
import { connect, createServer, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { removeLeftovers } from './leftovers.js';

/** Who holds the directory: told to a process that finds it taken. */
export type Holder = 'server' | 'backup' | 'restore';

export interface ControlRequest {
  op: 'who' | 'backup';
}

export interface ControlAnswer {
  ok: boolean;
  holder?: Holder;
  pid?: number;
  error?: string;
}

/** A request the holder serves: it writes its answer line, then (for a backup) the archive, and ends the socket. */
export type ControlHandler = (request: ControlRequest, socket: Socket) => Promise<void>;

export class DataDirInUse extends Error {
  constructor(
    readonly dataDir: string,
    readonly holder: Holder,
    readonly pid: number,
  ) {
    super(`DATA_DIR ${dataDir} is in use by ${holder === 'server' ? 'a running server' : `a ${holder} under way`} (process ${pid})`);
    this.name = 'DataDirInUse';
  }
}

/**
 * In the data directory when its path is short enough for a socket's name (about 100 bytes on
 * Linux and macOS), otherwise in the temporary folder under a digest of the directory's path.
 */
export function controlSocketPath(dataDir: string): string {
  const dir = resolve(dataDir);
  const digest = createHash('sha256').update(dir).digest('hex').slice(0, 16);
  if (process.platform === 'win32') return `\\\\.\\pipe\\travel-back-office-${digest}`;
  const inside = join(dir, '.control.sock');
  return Buffer.byteLength(inside) <= 100 ? inside : join(tmpdir(), `travel-back-office-${digest}.sock`);
}

export interface Claim {
  /** Serves requests from now on (before this, a request is answered "not ready"). */
  serve(handler: ControlHandler): void;
  release(): Promise<void>;
}

/** Claims the directory for this process (and clears a crashed backup's leftovers), or throws DataDirInUse naming who holds it. */
export async function claimDataDir(dataDir: string, holder: Holder): Promise<Claim> {
  mkdirSync(dataDir, { recursive: true });
  const path = controlSocketPath(dataDir);
  let handler: ControlHandler | null = null;
  const sockets = new Set<Socket>();
  const server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => socket.destroy());
    void readRequest(socket)
      .then(async (request) => {
        if (request.op === 'who') return end(socket, { ok: true, holder, pid: process.pid });
        if (!handler) return end(socket, { ok: false, holder, pid: process.pid, error: `the ${holder} is not ready yet` });
        await handler(request, socket);
      })
      .catch((error: unknown) => end(socket, { ok: false, error: error instanceof Error ? error.message : String(error) }));
  });
  for (let attempt = 0; ; attempt += 1) {
    try {
      await listen(server, path);
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EADDRINUSE' || attempt > 0) throw error;
      const asked = await askHolder(dataDir, { op: 'who' }).catch(() => null);
      asked?.socket.destroy();
      if (asked?.answer.ok) throw new DataDirInUse(dataDir, asked.answer.holder ?? 'server', asked.answer.pid ?? 0);
      // Left by a process that was killed: nobody listens behind it.
      rmSync(path, { force: true });
    }
  }
  if (process.platform !== 'win32') chmodSync(path, 0o600);
  // Whoever holds the directory now clears what a backup interrupted by a crash left in it.
  await removeLeftovers(dataDir);
  return {
    serve(next) {
      handler = next;
    },
    async release() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((done) => server.close(() => done()));
    },
  };
}

/**
 * Sends a request to whoever holds the directory. Resolves to null when nobody does (no socket, or
 * one left by a killed process), otherwise to the answer line and the socket, positioned after it.
 */
export async function askHolder(dataDir: string, request: ControlRequest): Promise<{ answer: ControlAnswer; socket: Socket } | null> {
  const path = controlSocketPath(dataDir);
  const socket = await new Promise<Socket | null>((done, fail) => {
    const attempt = connect(path);
    attempt.once('connect', () => done(attempt));
    attempt.once('error', (error: NodeJS.ErrnoException) => (['ENOENT', 'ECONNREFUSED'].includes(error.code ?? '') ? done(null) : fail(error)));
  });
  if (!socket) return null;
  socket.write(`${JSON.stringify(request)}\n`);
  const answer = await readLine(socket);
  return { answer: JSON.parse(answer) as ControlAnswer, socket };
}

async function readRequest(socket: Socket): Promise<ControlRequest> {
  const line = await readLine(socket);
  const request = JSON.parse(line) as ControlRequest;
  if (request.op !== 'who' && request.op !== 'backup') throw new Error('unknown request');
  return request;
}

/** Reads one line (at most 4 kB) and puts back whatever came after it. */
function readLine(socket: Socket): Promise<string> {
  return new Promise((done, fail) => {
    let text = Buffer.alloc(0);
    const onData = (chunk: Buffer) => {
      text = Buffer.concat([text, chunk]);
      const end = text.indexOf(10);
      if (end >= 0) {
        cleanup();
        const rest = text.subarray(end + 1);
        if (rest.length > 0) socket.unshift(rest);
        done(text.subarray(0, end).toString('utf8'));
      } else if (text.length > 4096) {
        cleanup();
        fail(new Error('the control line is too long'));
      }
    };
    const onEnd = () => {
      cleanup();
      fail(new Error('the other side closed the control socket'));
    };
    const cleanup = () => {
      // Paused: what follows the line waits for whoever reads the socket next (a pipe resumes it).
      socket.pause();
      socket.off('data', onData);
      socket.off('end', onEnd);
      socket.off('error', onEnd);
    };
    socket.on('data', onData);
    socket.once('end', onEnd);
    socket.once('error', onEnd);
  });
}

/** Writes an answer line and ends the exchange. */
export function end(socket: Socket, answer: ControlAnswer): void {
  socket.end(`${JSON.stringify(answer)}\n`);
}

function listen(server: Server, path: string): Promise<void> {
  return new Promise((done, fail) => {
    const onError = (error: Error) => {
      server.off('listening', onListening);
      fail(error);
    };
    const onListening = () => {
      server.off('error', onError);
      done();
    };
    server.once('error', onError);
    server.once('listening', onListening);
    server.listen(path);
  });
}
