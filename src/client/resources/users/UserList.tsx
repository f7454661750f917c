import {
  Datagrid,
  EditButton,
  List,
  SearchInput,
  SelectInput,
  SimpleList,
  TextField,
  useCanAccess,
  WrapperField,
} from 'react-admin';
import { ChipsField, DateTimeField, GuardedDeleteButton, StatusField, useIsSmallScreen } from '../common/fields';
import { useRoleChoices } from '../common/role-choices';
import { ListLoadError, ListPagination } from '../common/LoadError';
import { isAwaitingFirstSignIn, type User } from '../../../shared/types';

const search = <SearchInput key="q" source="q" alwaysOn placeholder="Search name or e-mail" />;

/** The role filter only for those who may read roles (its choices come from the roles list). */
function useFilters() {
  const roles = useRoleChoices();
  if (!roles.allowed) return [search];
  return [search, <SelectInput key="role" source="role" label="Role" choices={roles.choices} isPending={roles.isPending} emptyText="All roles" alwaysOn />];
}

/** Edit and delete, for those who may do either; no column of empty cells for the others. */
function useActionsColumn() {
  const edit = useCanAccess({ resource: 'users', action: 'edit' });
  const remove = useCanAccess({ resource: 'users', action: 'delete' });
  if (edit.canAccess !== true && remove.canAccess !== true) return null;
  return (
    <WrapperField label="Actions" sortable={false}>
      <EditButton />
      <GuardedDeleteButton />
    </WrapperField>
  );
}

const EMPTY = <p style={{ padding: 16 }}>No users match these filters.</p>;

export function UserList() {
  const filters = useFilters();
  const actions = useActionsColumn();
  const small = useIsSmallScreen();
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
      {small ? (
        <SimpleList<User>
          linkType="show"
          primaryText={(user) => user.fullName || user.email}
          secondaryText={(user) => user.email}
          tertiaryText={(user) => (isAwaitingFirstSignIn(user) ? 'Invited' : user.status === 'active' ? user.roles.join(', ') : 'Disabled')}
          empty={EMPTY}
        />
      ) : (
        <Datagrid
          rowClick="show"
          bulkActionButtons={false}
          empty={EMPTY}
        >
          <TextField source="email" label="E-mail" />
          <TextField source="fullName" label="Full name" />
          <ChipsField source="roles" label="Roles" sortable={false} />
          <StatusField label="Status" sortBy="status" />
          <DateTimeField source="createdAt" label="Created" />
          <DateTimeField source="lastLoginAt" label="Last sign-in" emptyText="Never" />
          {actions}
        </Datagrid>
      )}
    </List>
  );
}
