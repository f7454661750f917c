/**
 * Brute-force protection as Keycloak does it, in two tiers, so that an attacker elsewhere cannot
 * easily lock a user out of the office:
 * - one account from one address: after 5 failures that pair waits 1 minute, and 1 minute more
 *   for each further 5 (10 → 2 min, 15 → 3 min, …), at most 15 minutes;
 * - one account from anywhere: after 30 failures the account waits likewise (30 → 1 min,
 *   35 → 2 min, …, at most 15 minutes).
 * Counts reset after 12 hours without a failure. A success clears its pair's count (the account
 * count then only decays, so a distributed attack keeps meeting the account tier). A device the
 * account has signed in from before passes the account tier (known-devices.ts): the lock keeps
 * strangers out without keeping the account's own user out.
 * Counters live in Redis when REDIS_URL is set (shared by every instance), in-process otherwise.
 */
import type { Redis } from 'ioredis';

export const PAIR_THRESHOLD = 5;
export const ACCOUNT_THRESHOLD = 30;
export const FAILURES_PER_STEP = 5;
export const WAIT_STEP_MS = 60_000;
export const MAX_WAIT_MS = 15 * 60_000;
export const RESET_AFTER_MS = 12 * 60 * 60_000;

interface Counter {
  failures: number;
  lockedUntil: number;
}

export interface ThrottleStore {
  read(key: string): Promise<Counter | null>;
  /** Adds a failure (the count lives RESET_AFTER_MS past it) and answers the new count. */
  addFailure(key: string): Promise<number>;
  lock(key: string, until: number): Promise<void>;
  clear(key: string): Promise<void>;
  close(): Promise<void>;
}

/** The wait a count earns at the moment it is reached: only each threshold step starts one. */
export function waitFor(failures: number, threshold: number): number {
  if (failures < threshold || (failures - threshold) % FAILURES_PER_STEP !== 0) return 0;
  const steps = (failures - threshold) / FAILURES_PER_STEP + 1;
  return Math.min(MAX_WAIT_MS, steps * WAIT_STEP_MS);
}

export class LoginThrottle {
  constructor(
    private readonly store: ThrottleStore,
    private readonly now: () => number,
  ) {}

  private keys(account: string, ip: string) {
    const normalised = account.trim().toLowerCase();
    return { pair: `pair:${normalised}|${ip}`, account: `account:${normalised}` };
  }

  /**
   * How long this account must still wait from this address; 0 when it may try. A device the
   * account has signed in from before (`knownDevice`, known-devices.ts) meets only the pair's wait.
   */
  async retryAfterMs(account: string, ip: string, { knownDevice = false }: { knownDevice?: boolean } = {}): Promise<number> {
    const keys = this.keys(account, ip);
    const [pair, whole] = await Promise.all([this.store.read(keys.pair), knownDevice ? null : this.store.read(keys.account)]);
    const until = Math.max(pair?.lockedUntil ?? 0, whole?.lockedUntil ?? 0);
    return Math.max(0, until - this.now());
  }

  /** The account-wide lock as an administrator sees it: the failures counted and the end of the wait (null when none runs). */
  async accountLock(account: string): Promise<{ failures: number; lockedUntil: Date | null }> {
    const counter = await this.store.read(this.keys(account, '').account);
    const until = counter?.lockedUntil ?? 0;
    return { failures: counter?.failures ?? 0, lockedUntil: until > this.now() ? new Date(until) : null };
  }

  /** An administrator lifts the account-wide lock: its wait ends and its count starts again. */
  async liftAccountLock(account: string): Promise<void> {
    await this.store.clear(this.keys(account, '').account);
  }

  /** Counts a failure; answers the wait it started (0 when none), and which tier started it. */
  async recordFailure(account: string, ip: string): Promise<{ waitMs: number; tier: 'pair' | 'account' | null }> {
    const keys = this.keys(account, ip);
    const [pairFailures, accountFailures] = await Promise.all([this.store.addFailure(keys.pair), this.store.addFailure(keys.account)]);
    const now = this.now();
    const accountWait = waitFor(accountFailures, ACCOUNT_THRESHOLD);
    if (accountWait > 0) await this.store.lock(keys.account, now + accountWait);
    const pairWait = waitFor(pairFailures, PAIR_THRESHOLD);
    if (pairWait > 0) await this.store.lock(keys.pair, now + pairWait);
    if (accountWait >= pairWait && accountWait > 0) return { waitMs: accountWait, tier: 'account' };
    return pairWait > 0 ? { waitMs: pairWait, tier: 'pair' } : { waitMs: 0, tier: null };
  }

  /** Failures counted under a key of the caller's own (a known device's for an account), in the last RESET_AFTER_MS. */
  async failuresOf(key: string): Promise<number> {
    return (await this.store.read(key))?.failures ?? 0;
  }

  async countFailure(key: string): Promise<void> {
    await this.store.addFailure(key);
  }

  async forget(key: string): Promise<void> {
    await this.store.clear(key);
  }

  async recordSuccess(account: string, ip: string): Promise<void> {
    await this.store.clear(this.keys(account, ip).pair);
  }

  close(): Promise<void> {
    return this.store.close();
  }
}

/** In-process counters; entries past their 12-hour life are swept. */
export class MemoryThrottleStore implements ThrottleStore {
  private readonly counters = new Map<string, Counter & { expiresAt: number }>();
  private lastSweep = 0;

  constructor(private readonly now: () => number) {}

  private live(key: string) {
    const now = this.now();
    if (now - this.lastSweep > 60_000) {
      this.lastSweep = now;
      for (const [k, c] of this.counters) if (c.expiresAt <= now && c.lockedUntil <= now) this.counters.delete(k);
    }
    const counter = this.counters.get(key);
    if (counter && counter.expiresAt <= now) {
      // 12 hours without a failure: the count starts again (a running wait still ends on time).
      counter.failures = 0;
    }
    return counter;
  }

  async read(key: string) {
    const counter = this.live(key);
    return counter ? { failures: counter.failures, lockedUntil: counter.lockedUntil } : null;
  }

  async addFailure(key: string) {
    const counter = this.live(key) ?? { failures: 0, lockedUntil: 0, expiresAt: 0 };
    counter.failures += 1;
    counter.expiresAt = this.now() + RESET_AFTER_MS;
    this.counters.set(key, counter);
    return counter.failures;
  }

  async lock(key: string, until: number) {
    const counter = this.counters.get(key);
    if (counter) counter.lockedUntil = until;
  }

  async clear(key: string) {
    this.counters.delete(key);
  }

  async close() {
    this.counters.clear();
  }
}

/** Counters in Redis: a hash per key whose TTL is renewed by every failure. */
export class RedisThrottleStore implements ThrottleStore {
  constructor(
    private readonly redis: Redis,
    private readonly prefix = 'bo:bf:',
  ) {}

  async read(key: string) {
    const values = await this.redis.hmget(this.prefix + key, 'failures', 'lockedUntil');
    if (values[0] === null && values[1] === null) return null;
    return { failures: Number(values[0] ?? 0), lockedUntil: Number(values[1] ?? 0) };
  }

  async addFailure(key: string) {
    const [[, failures]] = (await this.redis
      .multi()
      .hincrby(this.prefix + key, 'failures', 1)
      .pexpire(this.prefix + key, RESET_AFTER_MS)
      .exec()) as [[Error | null, number], unknown];
    return failures;
  }

  async lock(key: string, until: number) {
    await this.redis.hset(this.prefix + key, 'lockedUntil', String(until));
  }

  async clear(key: string) {
    await this.redis.del(this.prefix + key);
  }

  async close() {
    // The connection is shared with the rate-limit counters, which close it.
  }
}
