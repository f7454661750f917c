/**
 * Per-IP rate limits on the auth routes: a fixed window per (route, address) counted in a
 * CounterStore, in-process by default or in Redis (REDIS_URL) so every instance shares the
 * counts. Past the limit: 429 RATE_LIMITED with Retry-After (seconds).
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Redis } from 'ioredis';
import { AppError } from './errors.js';

export interface CounterStore {
  /** Adds one to `key`'s window and answers the count so far and when the window ends (ms epoch). */
  hit(key: string, windowMs: number): Promise<{ count: number; resetAt: number }>;
  /** `key`'s count in its current window without adding to it (0 when none is open). */
  peek(key: string): Promise<{ count: number; resetAt: number }>;
  close(): Promise<void>;
}

/** In-process counters; expired windows are swept so memory stays bounded by the live ones. */
export class MemoryCounterStore implements CounterStore {
  private readonly windows = new Map<string, { count: number; resetAt: number }>();
  private lastSweep = 0;

  constructor(private readonly now: () => number) {}

  async hit(key: string, windowMs: number) {
    const now = this.now();
    if (now - this.lastSweep > 60_000) this.sweep(now);
    let window = this.windows.get(key);
    if (!window || window.resetAt <= now) {
      window = { count: 0, resetAt: now + windowMs };
      this.windows.set(key, window);
    }
    window.count += 1;
    return { ...window };
  }

  async peek(key: string) {
    const window = this.windows.get(key);
    return window && window.resetAt > this.now() ? { ...window } : { count: 0, resetAt: this.now() };
  }

  private sweep(now: number) {
    this.lastSweep = now;
    for (const [key, window] of this.windows) if (window.resetAt <= now) this.windows.delete(key);
  }

  async close() {
    this.windows.clear();
  }
}

// INCR and PEXPIRE in one atomic step, so two instances never both start a window.
const HIT_SCRIPT = `
local count = redis.call('INCR', KEYS[1])
if count == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then redis.call('PEXPIRE', KEYS[1], ARGV[1]); ttl = tonumber(ARGV[1]) end
return {count, ttl}`;

/** Counters in Redis, shared by every instance. Keys expire with their window. */
export class RedisCounterStore implements CounterStore {
  constructor(
    private readonly redis: Redis,
    private readonly now: () => number,
    private readonly prefix = 'bo:rl:',
  ) {}

  async hit(key: string, windowMs: number) {
    const [count, ttl] = (await this.redis.eval(HIT_SCRIPT, 1, this.prefix + key, String(windowMs))) as [number, number];
    return { count, resetAt: this.now() + ttl };
  }

  async peek(key: string) {
    const [count, ttl] = await Promise.all([this.redis.get(this.prefix + key), this.redis.pttl(this.prefix + key)]);
    return { count: Number(count ?? 0), resetAt: this.now() + Math.max(0, ttl) };
  }

  async close() {
    await this.redis.quit().catch(() => this.redis.disconnect());
  }
}

export interface RateLimitRule {
  /** Names the counter, e.g. "login". */
  name: string;
  max: number;
  windowMs: number;
}

/** Per-IP budgets of the auth routes: generous for people, tight for scripts. */
export const AUTH_RATE_LIMITS = {
  login: { name: 'login', max: 30, windowMs: 60_000 },
  forgetPassword: { name: 'forget-password', max: 10, windowMs: 60_000 },
  resetPassword: { name: 'reset-password', max: 20, windowMs: 60_000 },
  refresh: { name: 'refresh', max: 300, windowMs: 60_000 },
} satisfies Record<string, RateLimitRule>;

export function rateLimited(retryAfterSeconds: number): AppError {
  return new AppError(429, 'RATE_LIMITED', `Too many attempts. Try again in ${retryAfterSeconds} seconds.`);
}

export type AuthRateLimits = Record<keyof typeof AUTH_RATE_LIMITS, RateLimitRule>;

/** An onRequest hook counting this address's calls to one route, against the app's rules. */
export function rateLimit(route: keyof AuthRateLimits) {
  return async function limitRate(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    const rule = request.server.rateLimits[route];
    const { count, resetAt } = await request.server.counters.hit(`${rule.name}:${request.ip}`, rule.windowMs);
    if (count > rule.max) {
      const retryAfter = Math.max(1, Math.ceil((resetAt - request.server.now()) / 1000));
      reply.header('retry-after', String(retryAfter));
      throw rateLimited(retryAfter);
    }
  };
}
