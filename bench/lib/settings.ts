/** What every part of the bench shares: where the product is, how long each load runs, who signs in, what to skip. */
import { fileURLToPath } from 'node:url';

export const root = fileURLToPath(new URL('../..', import.meta.url));
export const QUICK = process.env.BENCH_QUICK === '1';
export const SKIP = new Set((process.env.BENCH_SKIP ?? '').split(',').filter(Boolean));
/** Seconds of each measured load. */
export const DURATION = QUICK ? 3 : 8;
/** Seconds of the same load before each measured run and each database-alone loop, unmeasured: both sides are timed warm (JIT and WebAssembly tiers, buffer cache). */
export const WARMUP = QUICK ? 1 : 3;
export const PG_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
/** The administrator every server of the bench is started with (ADMIN_EMAIL, ADMIN_PASSWORD). */
export const ADMIN = { email: 'bench-admin@example.com', password: 'bench admin password 1' };
/** The token the bench's servers answer /metrics with (the queues' depths). */
export const METRICS_TOKEN = 'bench-metrics-token-0123456789';
export const CHROMIUM = '/usr/bin/chromium';

export const sleep = (time: number) => new Promise<void>((resolve) => setTimeout(resolve, time));
