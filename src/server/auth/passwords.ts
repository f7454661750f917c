/** Password hashing: argon2id with OWASP's minimum (19 MiB, 2 passes, 1 lane). argon2 runs on libuv's pool. */
import { randomBytes } from 'node:crypto';
import { availableParallelism } from 'node:os';
import argon2 from 'argon2';

const ARGON2_OPTIONS = { type: argon2.argon2id, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

/**
 * At most this many argon2 computations at once, one core short of all of them: a storm of
 * sign-ins then waits its turn in a queue instead of taking every core, and the event loop keeps
 * answering everything else (health checks, lists) promptly.
 */
export const ARGON2_CONCURRENCY = Math.max(1, availableParallelism() - 1);
let running = 0;
const waiting: (() => void)[] = [];

async function limited<T>(work: () => Promise<T>): Promise<T> {
  // A slot is taken here, or handed over directly by the computation that frees it.
  if (running >= ARGON2_CONCURRENCY) await new Promise<void>((resolve) => waiting.push(resolve));
  else running += 1;
  try {
    return await work();
  } finally {
    const next = waiting.shift();
    if (next) next();
    else running -= 1;
  }
}

export function hashPassword(password: string): Promise<string> {
  return limited(() => argon2.hash(password, ARGON2_OPTIONS));
}

export async function verifyPassword(hash: string, password: string): Promise<boolean> {
  try {
    return await limited(() => argon2.verify(hash, password));
  } catch {
    return false; // a malformed stored hash is a refusal, not a crash
  }
}

let dummyHash: Promise<string> | null = null;

/** Spends the same time as a real verification, for unknown users: the answer time must not tell who exists. */
export async function verifyAgainstDummy(password: string): Promise<false> {
  dummyHash ??= hashPassword(randomBytes(16).toString('hex'));
  await verifyPassword(await dummyHash, password);
  return false;
}

/** About 20 characters from a URL-safe alphabet (120 random bits). */
const PASSWORD_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789';

/**
 * A generated password (the first administrator's): 20 letters and digits, about 116 bits, with
 * no look-alikes (0/O, 1/l/I) and no leading "-" to trip up a shell when pasted.
 */
export function generatePassword(length = 20): string {
  let password = '';
  while (password.length < length) {
    for (const byte of randomBytes(length * 2)) {
      // Rejection sampling keeps every character equally likely.
      if (byte < 256 - (256 % PASSWORD_ALPHABET.length) && password.length < length) password += PASSWORD_ALPHABET[byte % PASSWORD_ALPHABET.length];
    }
  }
  return password;
}
