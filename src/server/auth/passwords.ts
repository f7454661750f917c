/** Password hashing: argon2id with OWASP's minimum (19 MiB, 2 passes, 1 lane). argon2 runs on libuv's pool. */
import { randomBytes } from 'node:crypto';
import argon2 from 'argon2';

const ARGON2_OPTIONS = { type: argon2.argon2id, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return argon2.hash(password, ARGON2_OPTIONS);
}

export async function verifyPassword(hash: string, password: string): Promise<boolean> {
  try {
    return await argon2.verify(hash, password);
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
export function generatePassword(): string {
  return randomBytes(15).toString('base64url');
}
