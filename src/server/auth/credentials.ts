/**
 * Checking an e-mail and password the way sign-in does, for every route that asks for a password
 * (sign-in, and a password change on the profile): the brute-force throttle first, then argon2 —
 * against a dummy hash when the account is waiting or unknown, so the time taken tells nothing.
 */
import type { FastifyInstance } from 'fastify';
import { verifyAgainstDummy, verifyPassword } from './passwords.js';

type Credentials = NonNullable<Awaited<ReturnType<FastifyInstance['users']['findCredentials']>>>;

export type CredentialCheck =
  | { outcome: 'locked'; account: null }
  | { outcome: 'unknown_user'; account: null }
  | { outcome: 'wrong_password' | 'ok'; account: Credentials };

/**
 * Records nothing: the caller decides what a failure counts as and what it audits. `knownDevice`
 * tells whether the request comes from a device the account has signed in from before (sign-in
 * asks; the checks of a signed-in caller do not, as a stolen token must not pass a lock).
 */
export async function checkCredentials(
  app: FastifyInstance,
  email: string,
  ip: string,
  password: string,
  knownDevice: (account: { id: string; passwordHash: string }) => Promise<boolean> = async () => false,
): Promise<CredentialCheck> {
  // The account is looked up whether or not a wait runs, so a wait takes the same time as a try.
  const account = await app.users.findCredentials(email.trim());
  if ((await app.loginThrottle.retryAfterMs(email, ip, { knownDevice: account !== null && (await knownDevice(account)) })) > 0) {
    await verifyAgainstDummy(password);
    return { outcome: 'locked', account: null };
  }
  if (!account) {
    await verifyAgainstDummy(password);
    return { outcome: 'unknown_user', account: null };
  }
  return { outcome: (await verifyPassword(account.passwordHash, password)) ? 'ok' : 'wrong_password', account };
}
