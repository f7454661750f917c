/** No escalation through roles: nobody hands out a permission they do not hold themselves. */
import type { RequestOrigin } from '../audit/audit-log.js';
import { httpErrors } from '../http/errors.js';

export function assertMayGrant(origin: RequestOrigin, permissions: Iterable<string>): void {
  if (origin.permissions === null) return; // the system itself (seeding), not a signed-in user
  const lacking = [...new Set(permissions)].filter((permission) => !origin.permissions!.has(permission)).sort();
  if (lacking.length > 0) {
    throw httpErrors.forbidden(`You cannot grant permissions you do not hold yourself: ${lacking.join(', ')}.`);
  }
}
