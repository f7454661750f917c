import { Alert } from '@mui/material';
import {
  BooleanInput,
  CheckboxGroupInput,
  Create,
  Edit,
  EditButton,
  FunctionField,
  NumberField,
  SaveButton,
  Show,
  ShowButton,
  SimpleForm,
  SimpleShowLayout,
  TextField,
  TextInput,
  Toolbar,
  TopToolbar,
  useRecordContext,
  useTranslate,
} from 'react-admin';
import { ADMIN_ROLE } from '../../../shared/permissions';
import { roleDescriptionRules, roleNameRules } from '../common/validators';
import { ChipsField, DateTimeField, FORM_WIDTH, SystemField } from '../common/fields';
import { usePermissionCatalogue } from '../common/permission-catalogue';
import { DeleteRoleButton, PermissionsButton } from './RoleList';
import { KeepDraft } from '../../session/KeepDraft';
import { EditLoadError, ShowLoadError } from '../common/LoadError';


function PermissionsInput({ disabled = false }: { disabled?: boolean }) {
  const catalogue = usePermissionCatalogue();
  const translate = useTranslate();
  return (
    <CheckboxGroupInput
      source="permissions"
      row={false}
      disabled={disabled}
      isPending={catalogue.isPending}
      choices={(catalogue.data ?? []).map((permission) => ({ id: permission.name, name: `${permission.name} — ${translate(`permissions.${permission.name}`, { _: permission.description })}` }))}
    />
  );
}

function TwoFactorInput() {
  return (
    <BooleanInput
      source="requireTwoFactor"
      helperText="roles.require_two_factor_help"
    />
  );
}

export function RoleCreate() {
  return (
    <Create sx={FORM_WIDTH} title="roles.new" redirect="show">
      <SimpleForm defaultValues={{ permissions: [], requireTwoFactor: false }} noValidate>
        <KeepDraft />
        <TextInput source="name" validate={roleNameRules} isRequired helperText="roles.name_help" />
        <TextInput source="description" multiline validate={roleDescriptionRules} />
        <TwoFactorInput />
        <PermissionsInput />
      </SimpleForm>
    </Create>
  );
}

function RoleEditForm() {
  const record = useRecordContext();
  const translate = useTranslate();
  const isAdmin = record?.name === ADMIN_ROLE;
  return (
    <SimpleForm toolbar={<Toolbar sx={{ justifyContent: 'space-between' }}><SaveButton /><DeleteRoleButton /></Toolbar>} noValidate>
      <KeepDraft waitForRecord />
      {record?.system && <Alert severity="info">{translate(isAdmin ? 'roles.system_admin' : 'roles.system_role', { name: record.name })}</Alert>}
      <TextInput source="name" validate={roleNameRules} isRequired readOnly={Boolean(record?.system)} />
      <TextInput source="description" multiline validate={roleDescriptionRules} />
      <TwoFactorInput />
      <PermissionsInput disabled={isAdmin} />
    </SimpleForm>
  );
}

function EditActions() {
  return (
    <TopToolbar>
      <PermissionsButton />
      <ShowButton />
    </TopToolbar>
  );
}

export function RoleEdit() {
  return (
    <Edit sx={FORM_WIDTH} title="roles.edit" mutationMode="pessimistic" redirect="show" actions={<EditActions />} queryOptions={{ onError: () => undefined }} redirectOnError={false} error={<EditLoadError what="roles.this_role" />}>
      <RoleEditForm />
    </Edit>
  );
}

function ShowActions() {
  return (
    <TopToolbar>
      <PermissionsButton />
      <EditButton />
      <DeleteRoleButton />
    </TopToolbar>
  );
}

export function RoleShow() {
  const translate = useTranslate();
  return (
    <Show sx={FORM_WIDTH} title="roles.show" actions={<ShowActions />} queryOptions={{ onError: () => undefined }} redirectOnError={false} error={<ShowLoadError what="roles.this_role" />}>
      <SimpleShowLayout>
        <TextField source="name" />
        <TextField source="description" emptyText="—" />
        <ChipsField source="permissions" emptyText={translate('roles.no_permissions')} />
        <NumberField source="userCount" label="roles.users_holding" />
        <FunctionField label="roles.two_factor" render={(role: { requireTwoFactor?: boolean }) => translate(role.requireTwoFactor ? 'roles.two_factor_required' : 'roles.two_factor_optional')} />
        <SystemField label="roles.type" />
        <DateTimeField source="createdAt" />
      </SimpleShowLayout>
    </Show>
  );
}
