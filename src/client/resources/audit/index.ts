import HistoryIcon from '@mui/icons-material/History';
import { AuditList } from './AuditList';

/** Read-only: a list and nothing else. */
export default {
  list: AuditList,
  icon: HistoryIcon,
  options: { label: 'Audit log' },
};
