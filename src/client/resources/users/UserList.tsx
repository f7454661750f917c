import {
  Datagrid,
  DateField,
  EditButton,
  List,
  SearchInput,
  SelectInput,
  TextField,
  WrapperField,
} from 'react-admin';
import { ChipsField, GuardedDeleteButton, StatusField } from '../common/fields';
import { useRoleChoices } from '../common/role-choices';
import { ListLoadError, ListPagination } from '../common/LoadError';

function RoleFilter(props: { source: string; alwaysOn?: boolean }) {
  const { choices, isPending } = useRoleChoices();
  return <SelectInput {...props} label="Role" choices={choices} isPending={isPending} emptyText="All roles" />;
}

const filters = [<SearchInput key="q" source="q" alwaysOn placeholder="Search name or e-mail" />, <RoleFilter key="role" source="role" alwaysOn />];

export function UserList() {
  return (
    <List
      title="Users"
      filters={filters}
      sort={{ field: 'createdAt', order: 'DESC' }}
      perPage={25}
      pagination={<ListPagination rowsPerPageOptions={[10, 25, 50, 100]} />}
      error={<ListLoadError what="The users" />}
      exporter={false}
    >
      <Datagrid
        rowClick="show"
        bulkActionButtons={false}
        empty={<p style={{ padding: 16 }}>No users match these filters.</p>}
      >
        <TextField source="email" label="E-mail" />
        <TextField source="fullName" label="Full name" />
        <ChipsField source="roles" label="Roles" sortable={false} />
        <StatusField label="Status" sortBy="status" />
        <DateField source="createdAt" label="Created" showTime />
        <DateField source="lastLoginAt" label="Last sign-in" showTime emptyText="Never" />
        <WrapperField label="Actions" sortable={false}>
          <EditButton />
          <GuardedDeleteButton />
        </WrapperField>
      </Datagrid>
    </List>
  );
}
