import {
  Datagrid,
  EditButton,
  List,
  SearchInput,
  SelectInput,
  SimpleList,
  TextField,
  useCanAccess,
  useTranslate,
  WrapperField,
} from 'react-admin';
import { ChipsField, DateTimeField, GuardedDeleteButton, StatusField, useIsSmallScreen } from '../common/fields';
import { useRoleChoices } from '../common/role-choices';
import { ListLoadError, ListPagination } from '../common/LoadError';
import { isAwaitingFirstSignIn, type User } from '../../../shared/types';

/** The role filter only for those who may read roles (its choices come from the roles list). */
function useFilters() {
  const roles = useRoleChoices();
  const translate = useTranslate();
  const search = <SearchInput key="q" source="q" alwaysOn placeholder={translate('users.search')} />;
  if (!roles.allowed) return [search];
  return [search, <SelectInput key="role" source="role" label="users.role" choices={roles.choices} isPending={roles.isPending} emptyText="users.all_roles" alwaysOn />];
}

/** Edit and delete, for those who may do either; no column of empty cells for the others. */
function useActionsColumn() {
  const edit = useCanAccess({ resource: 'users', action: 'edit' });
  const remove = useCanAccess({ resource: 'users', action: 'delete' });
  if (edit.canAccess !== true && remove.canAccess !== true) return null;
  return (
    <WrapperField label="common.actions" sortable={false}>
      <EditButton />
      <GuardedDeleteButton />
    </WrapperField>
  );
}

export function UserList() {
  const translate = useTranslate();
  const EMPTY = <p style={{ padding: 16 }}>{translate('users.empty')}</p>;
  const filters = useFilters();
  const actions = useActionsColumn();
  const small = useIsSmallScreen();
  return (
    <List
      filters={filters}
      sort={{ field: 'createdAt', order: 'DESC' }}
      perPage={25}
      pagination={<ListPagination rowsPerPageOptions={[10, 25, 50, 100]} />}
      error={<ListLoadError what={translate('users.the_users')} />}
      exporter={false}
    >
      {small ? (
        <SimpleList<User>
          linkType="show"
          primaryText={(user) => user.fullName || user.email}
          secondaryText={(user) => user.email}
          tertiaryText={(user) => (isAwaitingFirstSignIn(user) ? translate('common.invited') : user.status === 'active' ? user.roles.join(', ') : translate('common.disabled'))}
          empty={EMPTY}
        />
      ) : (
        <Datagrid
          rowClick="show"
          bulkActionButtons={false}
          empty={EMPTY}
        >
          <TextField source="email" />
          <TextField source="fullName" />
          <ChipsField source="roles" sortable={false} />
          <StatusField label="resources.users.fields.status" sortBy="status" />
          <DateTimeField source="createdAt" />
          <DateTimeField source="lastLoginAt" emptyText={translate('common.never')} />
          {actions}
        </Datagrid>
      )}
    </List>
  );
}
