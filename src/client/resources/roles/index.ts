import BadgeIcon from '@mui/icons-material/Badge';
import type { RaRecord } from 'react-admin';
import { RoleCreate, RoleEdit, RoleShow } from './RoleForms';
import { RoleList } from './RoleList';

export default {
  list: RoleList,
  create: RoleCreate,
  edit: RoleEdit,
  show: RoleShow,
  icon: BadgeIcon,
  recordRepresentation: (record: RaRecord) => record.name as string,
  options: { label: 'Roles' },
};
