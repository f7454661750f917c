/**
 * Who is calling, for the guard in front of every signed-in route (guard.ts): the caller's user,
 * session, roles and permissions, kept in memory under the database's auth epoch.
 */
import { sql, type Kysely } from 'kysely';
import { ADMIN_ROLE, ALL_PERMISSIONS } from '../../shared/permissions.js';
import type { Database } from '../db/schema.js';
import { requiredByARole } from './two-factor.js';

/** What every authenticated call needs to know, loaded fresh on each call. */
export interface Principal {
  userId: string;
  email: string;
  sessionId: string;
  roles: string[];
  permissions: Set<string>;
  /** A role of the user requires two-factor sign-in and they have none yet: they may set it up and nothing else. */
  mustSetUpTwoFactor: boolean;
}

/** Signed-in callers whose permissions are kept in memory (the oldest entry makes room). */
const PRINCIPAL_CACHE_SIZE = 10_000;

export class Principals {
  /** `userId sessionId` → the caller as loaded under an auth epoch (see load). */
  private readonly principals = new Map<string, { epoch: string; sessionExpiresAt: number; principal: Principal }>();

  constructor(
    private readonly db: Kysely<Database>,
    private readonly now: () => number,
  ) {}

  /**
   * Who is calling: the user exists and is active, the session is live, and the permissions of
   * the user's current roles. Answers come from a cache kept under the database's auth epoch
   * (migration 0003), which moves on with every change to users' status, roles, role permissions
   * or sessions, whichever instance made it. So each call reads one counter row, and loads the
   * rest only after a change: logout elsewhere, disabling, deletion, a password reset or a role
   * change still take effect on the very next call.
   */
  async load(userId: string, sessionId: string): Promise<Principal | null> {
    // Read before loading: a change committed after this read moves the counter again, so what
    // is loaded below can be stored under this value without ever outliving the change.
    const epoch = await this.authEpoch();
    const key = `${userId} ${sessionId}`;
    const cached = this.principals.get(key);
    if (cached && cached.epoch === epoch && cached.sessionExpiresAt > this.now()) return cached.principal;
    this.principals.delete(key);

    const row = await this.db
      .selectFrom('users as u')
      .innerJoin('sessions as s', 's.user_id', 'u.id')
      .select([
        'u.id',
        'u.email',
        's.expires_at',
        sql<string[]>`array(select r.name from user_roles ur join roles r on r.id = ur.role_id where ur.user_id = u.id order by r.name)`.as('roles'),
        sql<string[]>`array(select distinct rp.permission from user_roles ur join role_permissions rp on rp.role_id = ur.role_id where ur.user_id = u.id)`.as('permissions'),
        sql<boolean>`${requiredByARole('u.id')} and not exists (select 1 from user_second_factors f where f.user_id = u.id and f.enabled_at is not null)`.as('must_set_up_two_factor'),
      ])
      .where('u.id', '=', userId)
      .where('s.id', '=', sessionId)
      .where('u.status', '=', 'active')
      .where('s.revoked_at', 'is', null)
      .where('s.expires_at', '>', new Date(this.now()))
      .executeTakeFirst();
    if (!row) return null;
    // ADMIN holds every permission by definition, even one added to the catalogue a moment ago.
    const permissions = new Set<string>(row.roles.includes(ADMIN_ROLE) ? ALL_PERMISSIONS : row.permissions);
    const principal: Principal = { userId: row.id, email: row.email, sessionId, roles: row.roles, permissions, mustSetUpTwoFactor: row.must_set_up_two_factor };
    if (this.principals.size >= PRINCIPAL_CACHE_SIZE) this.principals.delete(this.principals.keys().next().value!);
    this.principals.set(key, { epoch, sessionExpiresAt: row.expires_at.getTime(), principal });
    return principal;
  }

  private async authEpoch(): Promise<string> {
    const row = await this.db.selectFrom('auth_epoch').select(sql<string>`value::text`.as('value')).where('id', '=', 1).executeTakeFirstOrThrow();
    return row.value;
  }
}
