/** 200 sign-ins at once while /api/health is polled: argon2 must not hold up the event loop. */
import { nextAddress } from '../../scripts/lib/built-server.mjs';
import { ms, row } from '../lib/report.ts';
import type { BenchServer } from '../lib/servers.ts';
import { ADMIN, sleep } from '../lib/settings.ts';

export async function loginStorm(server: BenchServer): Promise<void> {
  const latencies: number[] = [];
  let storming = true;
  const poller = (async () => {
    while (storming) {
      const t0 = performance.now();
      await fetch(`${server.baseUrl}/api/health`).then((r) => r.arrayBuffer());
      latencies.push(performance.now() - t0);
      await sleep(10);
    }
  })();
  const t0 = performance.now();
  const answers = await Promise.all(
    Array.from({ length: 200 }, () =>
      fetch(`${server.baseUrl}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': nextAddress() },
        body: JSON.stringify(ADMIN),
      }).then((r) => r.status),
    ),
  );
  const stormMs = performance.now() - t0;
  storming = false;
  await poller;
  const sorted = [...latencies].sort((a, b) => a - b);
  const p99 = sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * 0.99))];
  const ok = answers.filter((s) => s === 200).length;
  row('login storm', `200 concurrent sign-ins (${ok} × 200 OK in ${ms(stormMs)}): /api/health p99 over ${sorted.length} polls`, ms(p99), '< 50 ms', p99 < 50);
}
