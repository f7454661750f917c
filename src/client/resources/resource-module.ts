/**
 * What each resource folder's index.ts hands the app: its screens (loaded lazily), its names,
 * and how the data provider reaches it on the API. The app's resources, menu, data provider,
 * toasts, page titles and dashboard cards are all built from these, so adding a resource is a
 * folder of its own.
 */
import type { ComponentType, ReactElement } from 'react';
import type { GetListParams, RaRecord } from 'react-admin';

export interface ResourceApi {
  /** The list's path (GET), and where new records are POSTed unless `createPath` says otherwise. */
  path: string;
  /** One record's path: GET, PATCH and DELETE. */
  recordPath(id: string): string;
  /** Where one record is read, when not `recordPath` (users: their profile). */
  readPath?(id: string): string;
  createPath?: string;
  /** The list's query; default: page, pageSize, sort, order and `filters` passed through when set. */
  listQuery?(params: GetListParams): Record<string, unknown>;
  /** Filter names passed to the list query as they are (the default listQuery). */
  filters?: readonly string[];
  /** Only the fields the server accepts (it refuses unknown ones); default: the data as it is. */
  createBody?(data: Partial<RaRecord>): unknown;
  /** `previous`: the record as it was read (only what changed may be sent). */
  updateBody?(data: Partial<RaRecord>, previous?: Partial<RaRecord>): unknown;
  /** Other resources whose cached lists a change here makes stale (a user's roles → roles' user counts). */
  linked?: readonly string[];
  /** Listed only, never changed (the audit log). */
  readOnly?: boolean;
}

export interface ResourceModule {
  /** Also its messages' key: `resources.<name>.name` ("Tour |||| Tours": menu, toasts, page titles, dashboard card) and `resources.<name>.fields.<source>`. */
  name: string;
  icon: ComponentType;
  list?: ComponentType;
  create?: ComponentType;
  edit?: ComponentType;
  show?: ComponentType;
  recordRepresentation?: (record: RaRecord) => string;
  api: ResourceApi;
  /** Place in the menu (smaller first). */
  menuOrder: number;
  /** A card with the count and shortcuts on the dashboard, for those who may list it. */
  dashboardCard?: boolean;
  /** The permission an action needs when it is not `<name>.<verb>` (resellers: `create` and `edit` need `resellers.manage`). */
  grants?: Partial<Record<'list' | 'show' | 'create' | 'edit' | 'delete' | 'erase', string>>;
  /** Screens of the resource beyond list/create/edit/show, inside the layout. */
  routes?: { path: string; element: ReactElement; title: string }[];
}

/** The default list query: the page window, the sort and the resource's own filters. */
export function standardListQuery(params: GetListParams, filters: readonly string[] = []): Record<string, unknown> {
  const { page = 1, perPage = 25 } = params.pagination ?? {};
  const filter = params.filter ?? {};
  const query: Record<string, unknown> = {
    page,
    pageSize: perPage,
    sort: params.sort?.field && params.sort.field !== 'id' ? params.sort.field : undefined,
    order: params.sort?.order === 'ASC' || params.sort?.order === 'DESC' ? params.sort.order : undefined,
  };
  for (const name of filters) {
    const value = filter[name];
    if (typeof value === 'string' ? value.trim() !== '' : value !== undefined && value !== null) query[name] = typeof value === 'string' ? value.trim() : value;
  }
  return query;
}
