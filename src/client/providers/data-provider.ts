/**
 * The data provider: every resource through its API description (resources/<name>/index.ts),
 * plus the role-permission, profile and invitation calls as methods of their own. Every call
 * goes through the one HTTP client.
 */
import type { DataProvider, Identifier, RaRecord } from 'react-admin';
import { apiPaths } from '../../shared/api-paths';
import type { ListAnswer, PermissionInfo, ProfilePatch, User } from '../../shared/types';
import { RESOURCE_APIS } from '../resources';
import { standardListQuery, type ResourceApi } from '../resources/resource-module';
import { ApiError, type DownloadedFile, type HttpClient } from './http-client';

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
  /** Any other call of a resource's own (a tour's components, its itinerary), through the one HTTP client. */
  call<T>(path: string, options?: { method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'; body?: unknown; signal?: AbortSignal; headers?: Record<string, string> }): Promise<T>;
  /** A document of the API (a manifest, an export, a voucher), fetched with the session's token. */
  download(path: string, query?: Record<string, string | number | boolean | undefined>): Promise<DownloadedFile>;
  /** A file sent as multipart/form-data (a tour's picture), with its progress. */
  upload<T>(path: string, form: FormData, options?: { onProgress?: (fraction: number) => void; signal?: AbortSignal }): Promise<T>;
}

/** A resource the data provider does not know: the caller's mistake, answered like the server's 404. */
function unknownResource(resource: string): never {
  throw new ApiError(404, { code: 'NOT_FOUND', message: `Unknown resource ${resource}.` });
}

const id = (value: Identifier) => String(value);
/** An upload of the largest picture on a slow line: minutes, not the 30 s of other calls. */
const UPLOAD_TIMEOUT_MS = 10 * 60_000;

/**
 * The react-admin data provider over the one HTTP client, driven by each resource's API
 * description (its folder's index.ts): paths, the list query, the bodies the server accepts.
 */
export function createDataProvider(http: HttpClient, resources: Record<string, ResourceApi> = RESOURCE_APIS): BackOfficeDataProvider {
  const apiOf = (resource: string, change = false): ResourceApi => {
    const api = resources[resource] ?? unknownResource(resource);
    if (change && api.readOnly) unknownResource(resource);
    return api;
  };
  const getOne = async (resource: string, recordId: Identifier): Promise<RaRecord> => {
    const api = apiOf(resource);
    return http.request<RaRecord>((api.readPath ?? api.recordPath)(id(recordId)));
  };

  const provider: BackOfficeDataProvider = {
    async getList(resource, params) {
      const api = apiOf(resource);
      const query = api.listQuery ? api.listQuery(params) : standardListQuery(params, api.filters);
      const answer = await http.request<ListAnswer<RaRecord>>(api.path, { query: query as never, signal: params.signal });
      return { data: answer.data as never[], total: answer.total };
    },

    async getOne(resource, params) {
      return { data: (await getOne(resource, params.id)) as never };
    },

    async getMany(resource, params) {
      const data = await Promise.all(params.ids.map((recordId) => getOne(resource, recordId)));
      return { data: data as never[] };
    },

    async getManyReference(resource, params) {
      return provider.getList(resource, { ...params, filter: { ...params.filter, [params.target]: params.id } });
    },

    async create(resource, params) {
      const api = apiOf(resource, true);
      const body = api.createBody ? api.createBody(params.data) : params.data;
      const data = await http.request<RaRecord>(api.createPath ?? api.path, { method: 'POST', body, mutation: true });
      return { data: data as never };
    },

    async update(resource, params) {
      const api = apiOf(resource, true);
      const body = api.updateBody ? api.updateBody(params.data, params.previousData) : params.data;
      const data = await http.request<RaRecord>(api.recordPath(id(params.id)), { method: 'PATCH', body, mutation: true });
      return { data: data as never };
    },

    async updateMany(resource, params) {
      for (const recordId of params.ids) await provider.update(resource, { id: recordId, data: params.data, previousData: {} as never });
      return { data: params.ids };
    },

    async delete(resource, params) {
      const api = apiOf(resource, true);
      await http.request<unknown>(api.recordPath(id(params.id)), { method: 'DELETE', mutation: true });
      return { data: (params.previousData ?? { id: params.id }) as never };
    },

    async deleteMany(resource, params) {
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

    async call<T>(path: string, options: { method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'; body?: unknown; signal?: AbortSignal; headers?: Record<string, string> } = {}) {
      const method = options.method ?? 'GET';
      return http.request<T>(path, { method, body: options.body, signal: options.signal, headers: options.headers, mutation: method !== 'GET' });
    },

    async download(path: string, query: Record<string, string | number | boolean | undefined> = {}) {
      const flat = Object.fromEntries(Object.entries(query).map(([name, value]) => [name, value === undefined ? undefined : String(value)]));
      return http.request<DownloadedFile>(path, { file: true, query: flat, timeoutMs: 5 * 60_000 });
    },

    async upload<T>(path: string, form: FormData, options: { onProgress?: (fraction: number) => void; signal?: AbortSignal } = {}) {
      return http.request<T>(path, { method: 'POST', form, onUploadProgress: options.onProgress, signal: options.signal, mutation: true, timeoutMs: UPLOAD_TIMEOUT_MS });
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
  'call',
  'upload',
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

/** The resources a call changes: the resource named by a CRUD call; users and roles for the role, profile and invitation calls; for `call`, the resource its path starts with. */
function changedResources(method: (typeof MUTATIONS)[number], args: unknown[], resources: Record<string, ResourceApi>): string[] {
  if (method === 'call' || method === 'upload') {
    const [path, options] = args as [string, { method?: string } | undefined];
    if (method === 'call' && (options?.method ?? 'GET') === 'GET') return [];
    return Object.entries(resources).filter(([, api]) => path === api.path || path.startsWith(`${api.path}/`)).map(([name]) => name);
  }
  if (method === 'addRolePermission' || method === 'removeRolePermission') return ['roles'];
  if (method === 'updateProfile' || method === 'resendInvitation') return ['users'];
  return typeof args[0] === 'string' ? [args[0]] : [];
}

/**
 * After a change, the cached lists of the changed resource and of those linked to it are stale
 * (a user's roles → the roles' user counts; a role's name → the users' role names): shown ones
 * refetch now, once; hidden ones are dropped, since the cache never refetches on mount.
 */
export function withLinkedInvalidation(
  provider: BackOfficeDataProvider,
  queryClient: QueryInvalidator,
  resources: Record<string, ResourceApi> = RESOURCE_APIS,
): BackOfficeDataProvider {
  const wrapped = { ...provider };
  for (const method of MUTATIONS) {
    const original = provider[method] as (...args: unknown[]) => Promise<unknown>;
    (wrapped as Record<string, unknown>)[method] = async (...args: unknown[]) => {
      const result = await original(...args);
      const changed = changedResources(method, args, resources);
      if (changed.length === 0) return result;
      const stale = staleAfter(method, args, result);
      const affected = [...new Set(changed.flatMap((name) => [name, ...(resources[name]?.linked ?? [])]))];
      for (const resource of affected) queryClient.removeQueries({ queryKey: [resource], type: 'inactive' });
      await Promise.all(affected.map((resource) => queryClient.invalidateQueries({ queryKey: [resource], predicate: stale })));
      return result;
    };
  }
  return wrapped;
}
