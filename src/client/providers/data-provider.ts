/**
 * The users and roles resources mapped onto the /admin/auth endpoints, plus the role-permission
 * calls as custom methods. Every call goes through the one HTTP client.
 */
import type { DataProvider, GetListParams, Identifier, RaRecord } from 'react-admin';
import { apiPaths } from '../../shared/api-paths';
import type { AuditEntry, ListAnswer, PermissionInfo, ProfilePatch, Role, User } from '../../shared/types';
import { ApiError, type HttpClient } from './http-client';

export interface BackOfficeDataProvider extends DataProvider {
  getRolePermissions(roleId: Identifier): Promise<string[]>;
  getRolePermissionsByName(roleName: string): Promise<string[]>;
  addRolePermission(roleId: Identifier, permission: string): Promise<string[]>;
  removeRolePermission(roleId: Identifier, permission: string): Promise<string[]>;
  getPermissionCatalogue(): Promise<PermissionInfo[]>;
  /** Your own name, or password with the current one (PATCH /user/profile/{id}). */
  updateProfile(userId: Identifier, patch: ProfilePatch): Promise<User>;
  /** A new invitation link for someone invited who has not signed in (the old link stops working). */
  resendInvitation(userId: Identifier): Promise<User>;
}

export type ResourceName = 'users' | 'roles';
/** The audit log: listed only, never changed. */
export const AUDIT_RESOURCE = 'audit';
/** Changes to users or roles invalidate both cached lists (spec §7). */
export const LINKED_RESOURCES: ResourceName[] = ['users', 'roles'];

const id = (value: Identifier) => String(value);

function assertResource(resource: string): asserts resource is ResourceName {
  if (resource !== 'users' && resource !== 'roles') throw new ApiError(404, { code: 'NOT_FOUND', message: `Unknown resource ${resource}.` });
}

/** The audit screen's filters → GET /admin/audit's query (newest first; no sort to choose). */
function auditQuery(params: GetListParams) {
  const { page = 1, perPage = 25 } = params.pagination ?? {};
  const filter = params.filter ?? {};
  const text = (value: unknown) => (typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined);
  const date = (value: unknown) => {
    const parsed = typeof value === 'string' && value !== '' ? new Date(value) : null;
    return parsed && !Number.isNaN(parsed.getTime()) ? parsed.toISOString() : undefined;
  };
  return {
    page,
    pageSize: perPage,
    q: text(filter.q),
    action: text(filter.action),
    actorId: text(filter.actorId),
    targetId: text(filter.targetId),
    since: date(filter.since),
    until: date(filter.until),
  };
}

function listQuery(params: GetListParams) {
  const { page = 1, perPage = 25 } = params.pagination ?? {};
  const filter = params.filter ?? {};
  return {
    page,
    pageSize: perPage,
    q: typeof filter.q === 'string' ? filter.q.trim() : undefined,
    role: typeof filter.role === 'string' ? filter.role : undefined,
    sort: params.sort?.field && params.sort.field !== 'id' ? params.sort.field : undefined,
    order: params.sort?.order === 'ASC' || params.sort?.order === 'DESC' ? params.sort.order : undefined,
  };
}

/** Only the fields the server accepts for an update: unknown fields are refused there. */
function updateBody(resource: ResourceName, data: Partial<RaRecord>) {
  if (resource === 'users') {
    const { fullName, roles, status } = data as Partial<User>;
    return { fullName, roles, status };
  }
  const { name, description, permissions } = data as Partial<Role>;
  return { name, description: description ?? undefined, permissions };
}

function createBody(resource: ResourceName, data: Partial<RaRecord>) {
  if (resource === 'users') {
    // The form's choice: mail an invitation (the person chooses a password) or set one now.
    const { email, fullName, password, roles, passwordChoice } = data as Partial<User> & { password?: string; passwordChoice?: 'invite' | 'set' };
    const invite = passwordChoice === 'invite';
    return { email: typeof email === 'string' ? email.trim() : email, fullName, roles: roles ?? [], ...(invite ? { invite: true } : { password }) };
  }
  const { name, description, permissions } = data as Partial<Role>;
  return { name, description: description || undefined, permissions: permissions ?? [] };
}

export function createDataProvider(http: HttpClient): BackOfficeDataProvider {
  const getOne = async (resource: ResourceName, recordId: Identifier): Promise<RaRecord> => {
    const path = resource === 'users' ? apiPaths.profile(id(recordId)) : apiPaths.role(id(recordId));
    return http.request<User | Role>(path);
  };

  const provider: BackOfficeDataProvider = {
    async getList(resource, params) {
      if (resource === AUDIT_RESOURCE) {
        const answer = await http.request<ListAnswer<AuditEntry>>(apiPaths.audit, { query: auditQuery(params), signal: params.signal });
        return { data: answer.data as never[], total: answer.total };
      }
      assertResource(resource);
      const path = resource === 'users' ? apiPaths.users : apiPaths.roles;
      const query = listQuery(params);
      if (resource === 'roles') delete query.role;
      const answer = await http.request<ListAnswer<User | Role>>(path, { query, signal: params.signal });
      return { data: answer.data as never[], total: answer.total };
    },

    async getOne(resource, params) {
      assertResource(resource);
      return { data: (await getOne(resource, params.id)) as never };
    },

    async getMany(resource, params) {
      assertResource(resource);
      const data = await Promise.all(params.ids.map((recordId) => getOne(resource, recordId)));
      return { data: data as never[] };
    },

    async getManyReference(resource, params) {
      assertResource(resource);
      const answer = await provider.getList(resource, { ...params, filter: { ...params.filter, [params.target]: params.id } });
      return answer;
    },

    async create(resource, params) {
      assertResource(resource);
      const path = resource === 'users' ? apiPaths.signup : apiPaths.roles;
      const data = await http.request<User | Role>(path, { method: 'POST', body: createBody(resource, params.data), mutation: true });
      return { data: data as never };
    },

    async update(resource, params) {
      assertResource(resource);
      const path = resource === 'users' ? apiPaths.user(id(params.id)) : apiPaths.role(id(params.id));
      const data = await http.request<User | Role>(path, { method: 'PATCH', body: updateBody(resource, params.data), mutation: true });
      return { data: data as never };
    },

    async updateMany(resource, params) {
      assertResource(resource);
      for (const recordId of params.ids) await provider.update(resource, { id: recordId, data: params.data, previousData: {} as never });
      return { data: params.ids };
    },

    async delete(resource, params) {
      assertResource(resource);
      const path = resource === 'users' ? apiPaths.user(id(params.id)) : apiPaths.role(id(params.id));
      await http.request<{ id: string }>(path, { method: 'DELETE', mutation: true });
      return { data: (params.previousData ?? { id: params.id }) as never };
    },

    async deleteMany(resource, params) {
      assertResource(resource);
      // One by one, so a refusal (yourself, the last administrator, a held role) stops cleanly.
      const deleted: Identifier[] = [];
      for (const recordId of params.ids) {
        await provider.delete(resource, { id: recordId });
        deleted.push(recordId);
      }
      return { data: deleted };
    },

    async getRolePermissions(roleId) {
      return (await http.request<{ data: string[] }>(apiPaths.rolePermissions(id(roleId)))).data;
    },

    async getRolePermissionsByName(roleName) {
      return (await http.request<{ data: string[] }>(apiPaths.rolePermissionsByName(roleName))).data;
    },

    async addRolePermission(roleId, permission) {
      const answer = await http.request<{ data: string[] }>(apiPaths.rolePermissions(id(roleId)), {
        method: 'POST',
        body: { permission },
        mutation: true,
      });
      return answer.data;
    },

    async removeRolePermission(roleId, permission) {
      const answer = await http.request<{ data: string[] }>(apiPaths.rolePermission(id(roleId), permission), {
        method: 'DELETE',
        mutation: true,
      });
      return answer.data;
    },

    async getPermissionCatalogue() {
      return (await http.request<{ data: PermissionInfo[] }>(apiPaths.permissions)).data;
    },

    async updateProfile(userId, patch) {
      return http.request<User>(apiPaths.profile(id(userId)), { method: 'PATCH', body: patch, mutation: true });
    },

    async resendInvitation(userId) {
      return http.request<User>(apiPaths.invitation(id(userId)), { method: 'POST', mutation: true });
    },
  };
  return provider;
}

interface QueryInvalidator {
  invalidateQueries(filters: { queryKey: readonly unknown[]; predicate?: (query: { queryKey: readonly unknown[] }) => boolean }): Promise<void>;
  removeQueries(filters: { queryKey: readonly unknown[]; type: 'inactive' }): void;
}

/** react-admin's key of one record's query: [resource, 'getOne', { id }]. */
function recordKey(queryKey: readonly unknown[]): string {
  const [resource, method, params] = queryKey as [unknown, unknown, { id?: unknown } | undefined];
  return method === 'getOne' && params?.id !== undefined ? `${String(resource)}/${String(params.id)}` : '';
}

function deletedRecordKeys(args: unknown[]): Set<string> {
  const [resource, params] = args as [string, { id?: Identifier; ids?: Identifier[] }];
  return new Set((params.ids ?? [params.id]).map((recordId) => `${resource}/${String(recordId)}`));
}

const MUTATIONS = [
  'create',
  'update',
  'updateMany',
  'delete',
  'deleteMany',
  'addRolePermission',
  'removeRolePermission',
  'updateProfile',
  'resendInvitation',
] as const;
/** react-admin's own create and delete hooks refetch these queries of their resource when they settle. */
const REFETCHED_BY_REACT_ADMIN = new Set(['getList', 'getInfiniteList', 'getMany', 'getManyReference']);

/**
 * Which cached queries a change makes stale, leaving out what is already taken care of: the
 * record the server answered with (react-admin puts it in the cache), a deleted record's page (on
 * its way out: asking for it again only gets a 404), and the lists react-admin's create and delete
 * refetch themselves (asking twice cancels the first request and sends a second).
 */
function staleAfter(method: (typeof MUTATIONS)[number], args: unknown[], result: unknown): (query: { queryKey: readonly unknown[] }) => boolean {
  const resource = typeof args[0] === 'string' ? args[0] : null;
  const gone = method === 'delete' || method === 'deleteMany' ? deletedRecordKeys(args) : new Set<string>();
  const answered = method === 'create' || method === 'update' ? (result as { data?: { id?: Identifier } })?.data?.id : undefined;
  if (answered !== undefined) gone.add(`${resource}/${String(answered)}`);
  const listsRefetched = method === 'create' || method === 'delete' || method === 'deleteMany' ? resource : null;
  return ({ queryKey }) => !gone.has(recordKey(queryKey)) && !(queryKey[0] === listsRefetched && REFETCHED_BY_REACT_ADMIN.has(String(queryKey[1])));
}

/**
 * After any change to users or roles, both cached lists are stale (user counts, role names):
 * shown ones refetch now, once; hidden ones are dropped, since the cache never refetches on mount.
 */
export function withLinkedInvalidation(provider: BackOfficeDataProvider, queryClient: QueryInvalidator): BackOfficeDataProvider {
  const wrapped = { ...provider };
  for (const method of MUTATIONS) {
    const original = provider[method] as (...args: unknown[]) => Promise<unknown>;
    (wrapped as Record<string, unknown>)[method] = async (...args: unknown[]) => {
      const result = await original(...args);
      const stale = staleAfter(method, args, result);
      for (const resource of LINKED_RESOURCES) queryClient.removeQueries({ queryKey: [resource], type: 'inactive' });
      await Promise.all(LINKED_RESOURCES.map((resource) => queryClient.invalidateQueries({ queryKey: [resource], predicate: stale })));
      return result;
    };
  }
  return wrapped;
}
