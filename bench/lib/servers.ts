/** The built server started as npm start starts it, signed in to as the bench's administrator. */
import { readFileSync } from 'node:fs';
import { nextAddress, startBuiltServer, type BuiltServer } from '../../scripts/lib/built-server.mjs';
import { recordPeak } from './report.ts';
import { ADMIN, METRICS_TOKEN, root } from './settings.ts';

export type BenchServer = BuiltServer;

/** Where a server's resident memory was when it was highest, as its own /metrics said (sampled each second). */
interface MemorySample {
  rss: number;
  /** Resident pages of mapped files (the node binary, libraries). */
  fileResident: number;
  heapTotal: number;
  heapUsed: number;
  external: number;
  wasm: number;
  dbHeapTotal: number;
}

/**
 * What /proc says of a process's mappings: the resident bytes of mapped files. (The WebAssembly
 * memory's touched pages cannot be told apart there: V8 maps it among its other anonymous memory,
 * so its resident share stays in "the rest".)
 */
function fileResidentOf(pid: number | undefined): number {
  let fileResident = 0;
  try {
    let file = false;
    for (const line of readFileSync(`/proc/${pid}/smaps`, 'utf8').split('\n')) {
      const head = /^[0-9a-f]+-[0-9a-f]+ \S+ \S+ \S+ (\d+)\s*(.*)$/.exec(line);
      if (head) {
        file = head[1] !== '0' && head[2]!.startsWith('/');
        continue;
      }
      const rss = /^Rss:\s+(\d+) kB/.exec(line);
      if (rss && file) fileResident += Number(rss[1]) * 1024;
    }
  } catch {
    // not Linux, or the process ended
  }
  return fileResident;
}

function sampleOf(text: string, pid: number | undefined): MemorySample | null {
  const value = (pattern: RegExp) => Number(pattern.exec(text)?.[1] ?? 0);
  const rss = value(/^process_resident_memory_bytes (\d+)/m);
  if (rss === 0) return null;
  return {
    rss,
    fileResident: fileResidentOf(pid),
    heapTotal: value(/^nodejs_heap_size_total_bytes (\d+)/m),
    heapUsed: value(/^nodejs_heap_size_used_bytes (\d+)/m),
    external: value(/^nodejs_external_memory_bytes (\d+)/m),
    wasm: value(/^pglite_memory_bytes\{part="wasm"\} (\d+)/m),
    dbHeapTotal: value(/^pglite_memory_bytes\{part="heap_total"\} (\d+)/m),
  };
}

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;

/** Starts the server with `env` (DATA_DIR or DATABASE_URL); stop() prints and records its peak memory, and what it was made of near the peak. */
export async function startServer(env: Record<string, string>): Promise<BenchServer> {
  const server = await startBuiltServer(root, { TRUST_PROXY: '127.0.0.1', ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password, METRICS_TOKEN, ...env });
  let highest: MemorySample | null = null;
  const sampler = setInterval(() => {
    fetch(`${server.baseUrl}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })
      .then(async (response) => sampleOf(await response.text(), server.child.pid))
      .then((sample) => {
        if (sample && (!highest || sample.rss > highest.rss)) highest = sample;
      })
      .catch(() => undefined);
  }, 1000);
  sampler.unref();
  // When the peak came: the resident size read every 20 ms (the metrics' breakdown above is read
  // once a second, and the peak between two readings ran 15-25 MB above the highest of them).
  const started = performance.now();
  let rssMax = 0;
  let rssMaxAt = 0;
  const tracer = setInterval(() => {
    try {
      const kb = Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${server.child.pid}/status`, 'utf8'))?.[1] ?? 0);
      if (kb > rssMax) {
        rssMax = kb;
        rssMaxAt = performance.now() - started;
      }
    } catch {
      // not Linux, or the process has ended
    }
  }, 20);
  tracer.unref();
  return {
    ...server,
    async stop() {
      clearInterval(sampler);
      clearInterval(tracer);
      if (rssMax > 0) console.log(`  (its highest resident size read every 20 ms: ${(rssMax / 1024).toFixed(0)} MB, ${(rssMaxAt / 1000).toFixed(1)} s into its ${((performance.now() - started) / 1000).toFixed(1)} s)`);
      const peak = server.peakRssKb();
      console.log(`  (this server's peak resident memory: ${(peak / 1024).toFixed(0)} MB)`);
      const at: MemorySample | null = highest;
      if (at) {
        const rest = at.rss - at.heapTotal - at.external - at.dbHeapTotal - at.fileResident;
        console.log(
          `  (at its highest sample, ${mb(at.rss)} resident: main thread's JavaScript heap ${mb(at.heapTotal)} (${mb(at.heapUsed)} used), buffers outside it ${mb(at.external)}, ` +
            `the database thread's heap ${mb(at.dbHeapTotal)}, mapped files (node, libraries) ${mb(at.fileResident)}, ` +
            `the rest ${mb(rest)} (the touched part of the database's WebAssembly memory, ${mb(at.wasm)} reserved, compiled code, malloc, stacks))`,
        );
      }
      recordPeak(peak);
      await server.stop();
    },
  };
}

/** Signs the administrator in (from an address of its own, so no limit applies): the access token and the session cookie. */
export async function signIn(baseUrl: string): Promise<{ token: string; cookie: string | undefined }> {
  const response = await fetch(`${baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': nextAddress() },
    body: JSON.stringify({ ...ADMIN, persist: true }),
  });
  if (response.status !== 200) throw new Error(`sign-in: ${response.status} ${await response.text()}`);
  const cookie = /bo_session=([^;]+)/.exec(response.headers.get('set-cookie') ?? '')?.[1];
  return { token: ((await response.json()) as { access_token: string }).access_token, cookie };
}

/** The claims of an access token (the user and the session the database-alone loop loads). */
export function decodeJwt(token: string): { userId: string; sid: string } {
  return JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString('utf8')) as { userId: string; sid: string };
}

/** How many messages to customers wait in the queue (the server's own /metrics, read from the database). */
export async function queuedMessages(baseUrl: string): Promise<number> {
  const response = await fetch(`${baseUrl}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
  if (response.status !== 200) throw new Error(`/metrics: ${response.status}`);
  const depth = /^job_queue_depth\{queue="messages"\} (\d+)$/m.exec(await response.text())?.[1];
  if (depth === undefined) throw new Error('/metrics has no job_queue_depth for the messages');
  return Number(depth);
}
