import HistoryIcon from '@mui/icons-material/History';
import { lazy } from 'react';
import type { GetListParams } from 'react-admin';
import { apiPaths } from '../../../shared/api-paths';
import type { ResourceModule } from '../resource-module';

const AuditList = lazy(() => import('./AuditList').then((module) => ({ default: module.AuditList })));

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

/** Read-only: a list and nothing else. */
const audit: ResourceModule = {
  name: 'audit',
  list: AuditList,
  icon: HistoryIcon,
  menuOrder: 100,
  api: { path: apiPaths.audit, recordPath: (id) => `${apiPaths.audit}/${encodeURIComponent(id)}`, listQuery: auditQuery, readOnly: true },
};

export default audit;
