import PeopleIcon from '@mui/icons-material/People';
import type { RaRecord } from 'react-admin';
import { UserCreate, UserEdit, UserShow } from './UserForms';
import { UserList } from './UserList';

export default {
  list: UserList,
  create: UserCreate,
  edit: UserEdit,
  show: UserShow,
  icon: PeopleIcon,
  recordRepresentation: (record: RaRecord) => (record.fullName as string) || (record.email as string),
  options: { label: 'Users' },
};
