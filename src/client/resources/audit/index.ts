import HistoryIcon from '@mui/icons-material/History';
import { lazy } from 'react';

const AuditList = lazy(() => import('./AuditList').then((module) => ({ default: module.AuditList })));

/** Read-only: a list and nothing else. */
export default {
  list: AuditList,
  icon: HistoryIcon,
  options: { label: 'Audit log' },
};
