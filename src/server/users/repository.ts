/**
 * Users: queries and the rules that guard them (you cannot delete yourself, nor remove the last
 * active administrator). Answers are the contract's User shape.
 */
import { randomUUID } from 'node:crypto';
import { sql, type Expression, type Kysely, type SqlBool } from 'kysely';
import { ADMIN_ROLE } from '../../shared/permissions.js';
import type { User, UserStatus, USER_SORT_FIELDS } from '../../shared/types.js';
import { auditOrigin, type AuditLog, type RequestOrigin } from '../audit/audit-log.js';
import { assertMayGrant } from '../auth/grants.js';
import type { SessionService } from '../auth/sessions.js';
import { containsPattern, folded, foldedContains, isUniqueViolation, keptCount, listPage } from '../db/query-helpers.js';
import type { Database } from '../db/schema.js';
import type { StaffLanguage, UserListQuery, UserPatch } from '../../shared/contract/users.js';
import type { Principal } from '../auth/principals.js';
import { httpErrors } from '../http/errors.js';

export type UserSortField = (typeof USER_SORT_FIELDS)[number];

export type { UserListQuery, UserPatch };

export interface NewUserInput {
  email: string;
  fullName: string;
  passwordHash: string;
  roles: string[];
  /** Invited to choose a password (the hash is of a secret nobody knows): issues the link in the same transaction. */
  invitation?: { issue(trx: Kysely<Database>, user: User): Promise<void> };
}

const SORT_COLUMNS = {
  email: 'u.email',
  fullName: 'u.full_name',
  status: 'u.status',
  createdAt: 'u.created_at',
  lastLoginAt: 'u.last_login_at',
} as const satisfies Record<UserSortField, string>;

const CONFLICT_EMAIL = 'A user with this e-mail address already exists.';

export class UsersRepository {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly now: () => number,
    private readonly sessions: SessionService,
    private readonly audit: AuditLog,
  ) {}

  async list(query: UserListQuery): Promise<{ data: User[]; total: number }> {
    const filtered = this.db.selectFrom('users as u').where((eb) => {
      const conditions: Expression<SqlBool>[] = [];
      if (query.role !== undefined) {
        conditions.push(
          eb.exists(
            eb
              .selectFrom('user_roles as ur')
              .innerJoin('roles as r', 'r.id', 'ur.role_id')
              .select(sql`1`.as('one'))
              .whereRef('ur.user_id', '=', 'u.id')
              .where('r.name', '=', query.role),
          ),
        );
      }
      if (query.q !== undefined && query.q.trim() !== '') {
        const pattern = containsPattern(query.q.trim());
        conditions.push(eb.or([eb('u.email', 'ilike', pattern), eb(folded('u.full_name'), 'like', foldedContains(query.q.trim()))]));
      }
      return eb.and(conditions);
    });
    const searching = query.q !== undefined && query.q.trim() !== '';
    return listPage(filtered, {
      select: (rows) => rows.select(userColumns),
      // E-mail addresses sort by code point on every engine (collations differ on punctuation).
      orderBy: [query.sort === 'email' ? sql`u.email collate "C"` : sql.ref(SORT_COLUMNS[query.sort ?? 'createdAt']), sql.ref('u.id')],
      query,
      keptTotal: searching ? null : async () => (await this.keptTotal(query.role)).total,
      toAnswer: toUser,
    });
  }

  async getById(id: string, db: Kysely<Database> = this.db): Promise<User | null> {
    const row = await db.selectFrom('users as u').select(userColumns).where('u.id', '=', id).executeTakeFirst();
    return row ? toUser(row) : null;
  }

  async create(input: NewUserInput, origin: RequestOrigin): Promise<User> {
    const createdAt = new Date(this.now());
    const id = randomUUID();
    try {
      return await this.db.transaction().execute(async (trx) => {
        const roles = await resolveRoles(trx, input.roles);
        assertMayGrant(origin, roles.flatMap((role) => role.permissions));
        const roleIds = roles.map((role) => role.id);
        const taken = await trx.selectFrom('users').select('id').where(sql`lower(email)`, '=', input.email.toLowerCase()).executeTakeFirst();
        if (taken) throw httpErrors.conflict(CONFLICT_EMAIL);
        await trx
          .insertInto('users')
          .values({
            id,
            email: input.email,
            full_name: input.fullName,
            password_hash: input.passwordHash,
            status: 'active',
            created_at: createdAt,
            password_changed_at: createdAt,
            invited_at: input.invitation ? createdAt : null,
          })
          .execute();
        if (roleIds.length > 0) await trx.insertInto('user_roles').values(roleIds.map((roleId) => ({ user_id: id, role_id: roleId }))).execute();
        await this.audit.record({ action: 'user.created', ...auditOrigin(origin), targetType: 'user', targetId: id, details: { email: input.email, roles: input.roles } }, trx);
        const user = (await this.getById(id, trx))!;
        if (input.invitation) {
          await input.invitation.issue(trx, user);
          await this.audit.record({ action: 'user.invited', ...auditOrigin(origin), targetType: 'user', targetId: id, details: { email: input.email } }, trx);
        }
        return user;
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw httpErrors.conflict(CONFLICT_EMAIL);
      throw error;
    }
  }

  /** `alsoInside`: more of the same save, in its transaction (the e-mail address: email-change.ts), so a refusal of either saves nothing. */
  async update<T>(id: string, patch: Omit<UserPatch, 'email'>, origin: RequestOrigin, alsoInside?: (trx: Kysely<Database>) => Promise<T>): Promise<{ user: User; also: T | undefined }> {
    return this.db.transaction().execute(async (trx) => {
      await lockAdministrators(trx);
      const current = await this.getById(id, trx);
      if (!current) throw httpErrors.notFound('No user with this id.');
      if (patch.status === 'disabled' && id === origin.actorId) throw httpErrors.conflict('You cannot disable your own account.');

      const roles = patch.roles ? await resolveRoles(trx, patch.roles) : null;
      // Only roles the user does not have yet are a grant; keeping what they hold is not.
      if (roles) assertMayGrant(origin, roles.filter((role) => !current.roles.includes(role.name)).flatMap((role) => role.permissions));
      const roleIds = roles?.map((role) => role.id) ?? null;
      const nextRoles = patch.roles ?? current.roles;
      const nextStatus = patch.status ?? current.status;
      const wasAdmin = current.status === 'active' && current.roles.includes(ADMIN_ROLE);
      const staysAdmin = nextStatus === 'active' && nextRoles.includes(ADMIN_ROLE);
      if (wasAdmin && !staysAdmin && (await countOtherActiveAdmins(trx, id)) === 0) {
        throw httpErrors.conflict(`${current.email} is the last active administrator: make another user an administrator first.`);
      }

      if (patch.fullName !== undefined || patch.status !== undefined) {
        await trx
          .updateTable('users')
          .set({ ...(patch.fullName !== undefined && { full_name: patch.fullName }), ...(patch.status !== undefined && { status: patch.status }) })
          .where('id', '=', id)
          .execute();
      }
      if (roleIds) {
        await trx.deleteFrom('user_roles').where('user_id', '=', id).execute();
        if (roleIds.length > 0) await trx.insertInto('user_roles').values(roleIds.map((roleId) => ({ user_id: id, role_id: roleId }))).execute();
      }
      if (current.status === 'active' && nextStatus === 'disabled') await this.sessions.revokeAllForUser(id, 'user_disabled', trx);
      if (patch.fullName !== undefined || patch.roles !== undefined || patch.status !== undefined) {
        await this.audit.record({ action: 'user.updated', ...auditOrigin(origin), targetType: 'user', targetId: id, details: { ...patch } }, trx);
      }
      const also = alsoInside ? await alsoInside(trx) : undefined;
      return { user: (await this.getById(id, trx))!, also };
    });
  }

  /**
   * The total of an unsearched list, from the counts the database keeps (count_rows, migration 0007): one row
   * read, whatever the size of the table. A search still counts its matches.
   */
  private async keptTotal(role: string | undefined): Promise<{ total: number }> {
    if (role === undefined) return { total: await keptCount(this.db, 'users') };
    const row = await this.db
      .selectFrom('roles as r')
      .innerJoin('row_counts as c', (join) => join.on(sql`c.name`, '=', sql`'role:' || r.id`))
      .select('c.count')
      .where('r.name', '=', role)
      .executeTakeFirst();
    return { total: Number(row?.count ?? 0) };
  }

  /** The signed-in user's own change: name and/or password (already checked and hashed by the route). */
  async updateOwnProfile(me: Principal, change: { fullName?: string; passwordHash?: string; language?: StaffLanguage }, origin: RequestOrigin): Promise<User> {
    return this.db.transaction().execute(async (trx) => {
      const now = new Date(this.now());
      const set = {
        ...(change.fullName !== undefined && { full_name: change.fullName }),
        ...(change.language !== undefined && { language: change.language }),
        ...(change.passwordHash !== undefined && { password_hash: change.passwordHash, password_changed_at: now }),
      };
      if (Object.keys(set).length > 0) await trx.updateTable('users').set(set).where('id', '=', me.userId).execute();
      if (change.fullName !== undefined) {
        await this.audit.record({ action: 'profile.updated', ...auditOrigin(origin), targetType: 'user', targetId: me.userId, details: { fullName: change.fullName } }, trx);
      }
      if (change.passwordHash !== undefined) {
        // Whoever else holds a session of this account (a thief, an old device) is signed out.
        await this.sessions.revokeAllForUser(me.userId, 'password_changed', trx, me.sessionId);
        await this.audit.record({ action: 'password.changed', ...auditOrigin(origin), targetType: 'user', targetId: me.userId }, trx);
      }
      const user = await this.getById(me.userId, trx);
      if (!user) throw httpErrors.notFound('No user with this id.');
      return user;
    });
  }

  async delete(id: string, origin: RequestOrigin): Promise<void> {
    if (id === origin.actorId) throw httpErrors.conflict('You cannot delete your own account.');
    await this.db.transaction().execute(async (trx) => {
      await lockAdministrators(trx);
      const current = await this.getById(id, trx);
      if (!current) throw httpErrors.notFound('No user with this id.');
      if (current.status === 'active' && current.roles.includes(ADMIN_ROLE) && (await countOtherActiveAdmins(trx, id)) === 0) {
        throw httpErrors.conflict(`${current.email} is the last active administrator and cannot be deleted.`);
      }
      // Sessions, refresh tokens, role grants and reset tokens go with the user (ON DELETE CASCADE).
      await trx.deleteFrom('users').where('id', '=', id).execute();
      await this.audit.record({ action: 'user.deleted', ...auditOrigin(origin), targetType: 'user', targetId: id, details: { email: current.email } }, trx);
    });
  }

  /** For sign-in: the stored hash and status of the account with this e-mail (any case). */
  /** A new password for the account, from a valid reset link: what sign-in checks from now on. */
  async setPasswordHash(trx: Kysely<Database>, userId: string, passwordHash: string, at: Date): Promise<void> {
    await trx.updateTable('users').set({ password_hash: passwordHash, password_changed_at: at }).where('id', '=', userId).execute();
  }

  async findCredentials(email: string): Promise<{ id: string; email: string; passwordHash: string; status: UserStatus } | null> {
    const row = await this.db
      .selectFrom('users')
      .select(['id', 'email', 'password_hash', 'status'])
      .where(sql`lower(email)`, '=', email.toLowerCase())
      .executeTakeFirst();
    return row ? { id: row.id, email: row.email, passwordHash: row.password_hash, status: row.status } : null;
  }

  async recordLogin(id: string): Promise<void> {
    await this.db.updateTable('users').set({ last_login_at: new Date(this.now()) }).where('id', '=', id).execute();
  }

  async roleNames(id: string): Promise<string[]> {
    const rows = await this.db
      .selectFrom('user_roles as ur')
      .innerJoin('roles as r', 'r.id', 'ur.role_id')
      .select('r.name')
      .where('ur.user_id', '=', id)
      .orderBy('r.name')
      .execute();
    return rows.map((row) => row.name);
  }

}

/** Columns of the User answer, `u` being the users table. */
const userColumns = [
  'u.id',
  'u.email',
  'u.full_name',
  'u.status',
  'u.created_at',
  'u.last_login_at',
  'u.invited_at',
  'u.language',
  sql<string[]>`array(select r.name from user_roles ur join roles r on r.id = ur.role_id where ur.user_id = u.id order by r.name)`.as('roles'),
] as const;

function toUser(row: {
  id: string;
  email: string;
  full_name: string;
  status: UserStatus;
  created_at: Date;
  last_login_at: Date | null;
  invited_at: Date | null;
  language: StaffLanguage | null;
  roles: string[];
}): User {
  return {
    id: row.id,
    email: row.email,
    fullName: row.full_name,
    roles: row.roles,
    status: row.status,
    createdAt: row.created_at.toISOString(),
    lastLoginAt: row.last_login_at ? row.last_login_at.toISOString() : null,
    invitedAt: row.invited_at ? row.invited_at.toISOString() : null,
    language: row.language,
  };
}

/** Role names → ids and permissions; an unknown name is the client's mistake (400). */
async function resolveRoles(db: Kysely<Database>, names: string[]): Promise<{ id: string; name: string; permissions: string[] }[]> {
  const unique = [...new Set(names)];
  if (unique.length === 0) return [];
  const rows = await db
    .selectFrom('roles as r')
    .select(['r.id', 'r.name', sql<string[]>`array(select rp.permission from role_permissions rp where rp.role_id = r.id)`.as('permissions')])
    .where('r.name', 'in', unique)
    .execute();
  const unknown = unique.filter((name) => !rows.some((row) => row.name === name));
  if (unknown.length > 0) throw httpErrors.validation({ roles: `unknown role: ${unknown.join(', ')}` });
  return rows;
}

/**
 * Changes that could remove an administrator take turns (a lock on the ADMIN role's row), so two
 * administrators removing each other at the same moment cannot leave none.
 */
async function lockAdministrators(db: Kysely<Database>): Promise<void> {
  await db.selectFrom('roles').select('id').where('name', '=', ADMIN_ROLE).forUpdate().execute();
}

async function countOtherActiveAdmins(db: Kysely<Database>, exceptUserId: string): Promise<number> {
  const row = await db
    .selectFrom('users as u')
    .innerJoin('user_roles as ur', 'ur.user_id', 'u.id')
    .innerJoin('roles as r', 'r.id', 'ur.role_id')
    .select(sql<number>`count(*)::int`.as('count'))
    .where('r.name', '=', ADMIN_ROLE)
    .where('u.status', '=', 'active')
    .where('u.id', '<>', exceptUserId)
    .executeTakeFirstOrThrow();
  return row.count;
}
