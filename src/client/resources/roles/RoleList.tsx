import KeyIcon from '@mui/icons-material/Key';
import { Button } from '@mui/material';
import {
  Datagrid,
  EditButton,
  FunctionField,
  List,
  NumberField,
  SearchInput,
  SimpleList,
  TextField,
  useRecordContext,
  WrapperField,
  type RaRecord,
} from 'react-admin';
import { Link } from 'react-router';
import { DateTimeField, GuardedDeleteButton, SystemField, useIsSmallScreen } from '../common/fields';
import type { Role } from '../../../shared/types';
import { ListLoadError, ListPagination } from '../common/LoadError';

export function PermissionsButton() {
  const record = useRecordContext();
  if (!record) return null;
  return (
    <Button component={Link} to={`/roles/${record.id}/permissions`} size="small" startIcon={<KeyIcon />} onClick={(event) => event.stopPropagation()}>
      Permissions
    </Button>
  );
}

/** System roles cannot be deleted: no button to press only to be refused. */
export function DeleteRoleButton() {
  const record = useRecordContext();
  if (!record || record.system) return null;
  return <GuardedDeleteButton confirmContent={`Delete the role ${record.name}? This cannot be undone.`} />;
}

const EMPTY = <p style={{ padding: 16 }}>No roles match this search.</p>;

export function RoleList() {
  const small = useIsSmallScreen();
  return (
    <List
      title="Roles"
      filters={[<SearchInput key="q" source="q" alwaysOn placeholder="Search roles" />]}
      sort={{ field: 'name', order: 'ASC' }}
      perPage={25}
      pagination={<ListPagination rowsPerPageOptions={[10, 25, 50, 100]} />}
      error={<ListLoadError what="The roles" />}
      exporter={false}
    >
      {small ? (
        <SimpleList<Role>
          linkType="show"
          primaryText={(role) => role.name}
          secondaryText={(role) => role.description || `${role.permissions.length} permissions`}
          tertiaryText={(role) => `${role.userCount} ${role.userCount === 1 ? 'user' : 'users'}`}
          empty={EMPTY}
        />
      ) : (
        <Datagrid rowClick="show" bulkActionButtons={false} empty={EMPTY}>
          <TextField source="name" label="Name" />
          <TextField source="description" label="Description" sortable={false} />
          <FunctionField label="Permissions" sortable={false} render={(record: RaRecord) => (record.permissions as string[]).length} />
          <NumberField source="userCount" label="Users" />
          <SystemField label="Type" sortable={false} />
          <DateTimeField source="createdAt" label="Created" dateOnly />
          <WrapperField label="Actions" sortable={false}>
            <PermissionsButton />
            <EditButton />
            <DeleteRoleButton />
          </WrapperField>
        </Datagrid>
      )}
    </List>
  );
}
