/**
 * Roles and their permissions, with the rules that guard them: system roles keep their names and
 * cannot be deleted, ADMIN always holds every permission, a role someone holds cannot be deleted.
 */
import { randomUUID } from 'node:crypto';
import type { NewRole, RoleListQuery, RolePatch } from '../../shared/contract/roles.js';
import { sql, type Kysely } from 'kysely';
import { ADMIN_ROLE, ALL_PERMISSIONS, isPermission } from '../../shared/permissions.js';
import type { Role, ROLE_SORT_FIELDS } from '../../shared/types.js';
import { auditOrigin, type AuditLog, type RequestOrigin } from '../audit/audit-log.js';
import { assertMayGrant } from '../auth/grants.js';
import { containsPattern, folded, foldedContains, isUniqueViolation, listPage } from '../db/query-helpers.js';
import type { Database } from '../db/schema.js';
import { httpErrors } from '../http/errors.js';

export type RoleSortField = (typeof ROLE_SORT_FIELDS)[number];

/** What creating a role accepts (the contract's NewRole). */
export type RoleInput = NewRole;
export type { RoleListQuery };

const SORT_COLUMNS = { name: 'name', createdAt: 'created_at', userCount: 'user_count' } as const satisfies Record<RoleSortField, string>;
const CONFLICT_NAME = 'A role with this name already exists.';

export class RolesRepository {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly now: () => number,
    private readonly audit: AuditLog,
  ) {}

  async list(query: RoleListQuery): Promise<{ data: Role[]; total: number }> {
    const search = query.q?.trim() ? containsPattern(query.q.trim()) : null;
    const filtered = this.db
      .selectFrom('roles as r')
      .$if(search !== null, (qb) => qb.where((eb) => eb.or([eb('r.name', 'ilike', search!), eb(folded('r.description'), 'like', foldedContains(query.q!.trim()))])));
    // Roles are few: their total is counted.
    return listPage(filtered, {
      select: (rows) => rows.select(roleColumns),
      orderBy: [sql.ref(SORT_COLUMNS[query.sort ?? 'name']), sql.ref('r.id')],
      query,
      keptTotal: null,
      toAnswer: toRole,
    });
  }

  async getById(id: string, db: Kysely<Database> = this.db): Promise<Role | null> {
    const row = await db.selectFrom('roles as r').select(roleColumns).where('r.id', '=', id).executeTakeFirst();
    return row ? toRole(row) : null;
  }

  async getByName(name: string): Promise<Role | null> {
    const row = await this.db.selectFrom('roles as r').select(roleColumns).where('r.name', '=', name).executeTakeFirst();
    return row ? toRole(row) : null;
  }

  async create(input: RoleInput, origin: RequestOrigin): Promise<Role> {
    const permissions = checkPermissions(input.permissions ?? []);
    assertMayGrant(origin, permissions);
    const id = randomUUID();
    try {
      return await this.db.transaction().execute(async (trx) => {
        const taken = await trx.selectFrom('roles').select('id').where('name', '=', input.name).executeTakeFirst();
        if (taken) throw httpErrors.conflict(CONFLICT_NAME);
        await trx
          .insertInto('roles')
          .values({ id, name: input.name, description: input.description ?? '', system: false, require_two_factor: input.requireTwoFactor ?? false, created_at: new Date(this.now()) })
          .execute();
        await insertPermissions(trx, id, permissions);
        await this.audit.record({ action: 'role.created', ...auditOrigin(origin), targetType: 'role', targetId: id, details: { name: input.name, permissions } }, trx);
        return (await this.getById(id, trx))!;
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw httpErrors.conflict(CONFLICT_NAME);
      throw error;
    }
  }

  async update(id: string, patch: RolePatch, origin: RequestOrigin): Promise<Role> {
    const permissions = patch.permissions ? checkPermissions(patch.permissions) : null;
    try {
      return await this.db.transaction().execute(async (trx) => {
        const current = await this.lockRole(trx, id);
        if (patch.name !== undefined && patch.name !== current.name) {
          if (current.system) throw httpErrors.conflict(`${current.name} is a system role and cannot be renamed.`);
          const taken = await trx.selectFrom('roles').select('id').where('name', '=', patch.name).executeTakeFirst();
          if (taken) throw httpErrors.conflict(CONFLICT_NAME);
        }
        if (permissions && current.name === ADMIN_ROLE && !sameSet(permissions, ALL_PERMISSIONS)) throw adminFixed();
        if (permissions) assertMayGrant(origin, permissions.filter((permission) => !current.permissions.includes(permission)));
        if (patch.name !== undefined || patch.description !== undefined || patch.requireTwoFactor !== undefined) {
          await trx
            .updateTable('roles')
            .set({
              ...(patch.name !== undefined && { name: patch.name }),
              ...(patch.description !== undefined && { description: patch.description }),
              ...(patch.requireTwoFactor !== undefined && { require_two_factor: patch.requireTwoFactor }),
            })
            .where('id', '=', id)
            .execute();
        }
        if (permissions) {
          await trx.deleteFrom('role_permissions').where('role_id', '=', id).execute();
          await insertPermissions(trx, id, permissions);
        }
        await this.audit.record({ action: 'role.updated', ...auditOrigin(origin), targetType: 'role', targetId: id, details: { ...patch } }, trx);
        return (await this.getById(id, trx))!;
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw httpErrors.conflict(CONFLICT_NAME);
      throw error;
    }
  }

  async delete(id: string, origin: RequestOrigin): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      const current = await this.lockRole(trx, id);
      if (current.system) throw httpErrors.conflict(`${current.name} is a system role and cannot be deleted.`);
      // Locking the role row above means nobody can be given this role while we count and delete.
      const { holders } = await trx
        .selectFrom('user_roles')
        .select(sql<number>`count(*)::int`.as('holders'))
        .where('role_id', '=', id)
        .executeTakeFirstOrThrow();
      if (holders > 0) {
        throw httpErrors.conflict(
          holders === 1
            ? `${current.name} is still held by 1 user: remove the role from that user first.`
            : `${current.name} is still held by ${holders} users: remove the role from them first.`,
        );
      }
      await trx.deleteFrom('roles').where('id', '=', id).execute();
      await this.audit.record({ action: 'role.deleted', ...auditOrigin(origin), targetType: 'role', targetId: id, details: { name: current.name } }, trx);
    });
  }

  async permissionsOf(id: string): Promise<string[] | null> {
    return (await this.getById(id))?.permissions ?? null;
  }

  async grant(id: string, permission: string, origin: RequestOrigin): Promise<string[]> {
    checkPermissions([permission], 'permission');
    return this.db.transaction().execute(async (trx) => {
      const current = await this.lockRole(trx, id);
      // ADMIN already holds everything: granting is a no-op, not an error.
      if (!current.permissions.includes(permission)) {
        assertMayGrant(origin, [permission]);
        await insertPermissions(trx, id, [permission]);
        await this.audit.record({ action: 'role.permission_granted', ...auditOrigin(origin), targetType: 'role', targetId: id, details: { permission } }, trx);
      }
      return (await this.getById(id, trx))!.permissions;
    });
  }

  async revoke(id: string, permission: string, origin: RequestOrigin): Promise<string[]> {
    return this.db.transaction().execute(async (trx) => {
      const current = await this.lockRole(trx, id);
      if (current.name === ADMIN_ROLE) throw adminFixed();
      // Revoking a permission the role does not hold changes nothing (DELETE is idempotent).
      if (!current.permissions.includes(permission)) return current.permissions;
      await trx.deleteFrom('role_permissions').where('role_id', '=', id).where('permission', '=', permission).execute();
      await this.audit.record({ action: 'role.permission_revoked', ...auditOrigin(origin), targetType: 'role', targetId: id, details: { permission } }, trx);
      return (await this.getById(id, trx))!.permissions;
    });
  }

  /** Reads the role and locks its row until the transaction ends; 404 when it does not exist. */
  private async lockRole(trx: Kysely<Database>, id: string): Promise<Role> {
    const locked = await trx.selectFrom('roles').select('id').where('id', '=', id).forUpdate().executeTakeFirst();
    if (!locked) throw httpErrors.notFound('No role with this id.');
    return (await this.getById(id, trx))!;
  }
}

const roleColumns = [
  'r.id',
  'r.name',
  'r.description',
  'r.system',
  'r.require_two_factor',
  'r.created_at',
  sql<string[]>`array(select rp.permission from role_permissions rp where rp.role_id = r.id order by rp.permission)`.as('permissions'),
  // Kept by the database (migration 0002): no count over user_roles per role.
  sql<number>`coalesce((select c.count::int from row_counts c where c.name = 'role:' || r.id), 0)`.as('user_count'),
] as const;

function toRole(row: { id: string; name: string; description: string; system: boolean; require_two_factor: boolean; created_at: Date; permissions: string[]; user_count: number }): Role {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    permissions: row.permissions,
    system: row.system,
    userCount: row.user_count,
    requireTwoFactor: row.require_two_factor,
    createdAt: row.created_at.toISOString(),
  };
}

function adminFixed() {
  return httpErrors.conflict(`${ADMIN_ROLE} always holds every permission; its permissions cannot be changed.`);
}

/** Permissions must come from the catalogue (src/shared/permissions.ts); duplicates are dropped. */
function checkPermissions(permissions: string[], field = 'permissions'): string[] {
  const unknown = permissions.filter((permission) => !isPermission(permission));
  if (unknown.length > 0) throw httpErrors.validation({ [field]: `unknown permission: ${unknown.join(', ')}` });
  return [...new Set(permissions)];
}

async function insertPermissions(trx: Kysely<Database>, roleId: string, permissions: string[]): Promise<void> {
  if (permissions.length === 0) return;
  await trx.insertInto('role_permissions').values(permissions.map((permission) => ({ role_id: roleId, permission }))).execute();
}

function sameSet(a: readonly string[], b: readonly string[]): boolean {
  const setA = new Set(a);
  return setA.size === new Set(b).size && b.every((item) => setA.has(item));
}
