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
  useTranslate,
  WrapperField,
  type RaRecord,
} from 'react-admin';
import { Link } from 'react-router';
import { DateTimeField, GuardedDeleteButton, SystemField, useIsSmallScreen } from '../common/fields';
import type { Role } from '../../../shared/types';
import { ListLoadError, ListPagination } from '../common/LoadError';

export function PermissionsButton() {
  const record = useRecordContext();
  const translate = useTranslate();
  if (!record) return null;
  return (
    <Button component={Link} to={`/roles/${record.id}/permissions`} size="small" startIcon={<KeyIcon />} onClick={(event) => event.stopPropagation()}>
      {translate('roles.permissions')}
    </Button>
  );
}

/** System roles cannot be deleted: no button to press only to be refused. */
export function DeleteRoleButton() {
  const record = useRecordContext();
  const translate = useTranslate();
  if (!record || record.system) return null;
  return <GuardedDeleteButton confirmContent={translate('roles.delete_confirm', { name: record.name })} />;
}

export function RoleList() {
  const small = useIsSmallScreen();
  const translate = useTranslate();
  const EMPTY = <p style={{ padding: 16 }}>{translate('roles.empty')}</p>;
  return (
    <List
      filters={[<SearchInput key="q" source="q" alwaysOn placeholder={translate('roles.search')} />]}
      sort={{ field: 'name', order: 'ASC' }}
      perPage={25}
      pagination={<ListPagination rowsPerPageOptions={[10, 25, 50, 100]} />}
      error={<ListLoadError what={translate('roles.the_roles')} />}
      exporter={false}
    >
      {small ? (
        <SimpleList<Role>
          linkType="show"
          primaryText={(role) => role.name}
          secondaryText={(role) => role.description || translate('roles.count_permissions', { smart_count: role.permissions.length })}
          tertiaryText={(role) => translate('roles.count_users', { smart_count: role.userCount })}
          empty={EMPTY}
        />
      ) : (
        <Datagrid rowClick="show" bulkActionButtons={false} empty={EMPTY}>
          <TextField source="name" />
          <TextField source="description" sortable={false} />
          <FunctionField source="permissions" sortable={false} render={(record: RaRecord) => (record.permissions as string[]).length} />
          <NumberField source="userCount" />
          <SystemField label="roles.type" sortable={false} />
          <DateTimeField source="createdAt" dateOnly />
          <WrapperField label="common.actions" sortable={false}>
            <PermissionsButton />
            <EditButton />
            <DeleteRoleButton />
          </WrapperField>
        </Datagrid>
      )}
    </List>
  );
}
