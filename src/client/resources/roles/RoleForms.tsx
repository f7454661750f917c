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
  return (
    <CheckboxGroupInput
      source="permissions"
      label="Permissions"
      row={false}
      disabled={disabled}
      isPending={catalogue.isPending}
      choices={(catalogue.data ?? []).map((permission) => ({ id: permission.name, name: `${permission.name} — ${permission.description}` }))}
    />
  );
}

function TwoFactorInput() {
  return (
    <BooleanInput
      source="requireTwoFactor"
      label="Members must use two-factor sign-in"
      helperText="A member without it sets it up at the next sign-in, before anything else; members signed in now are sent to set it up on their next step."
    />
  );
}

export function RoleCreate() {
  return (
    <Create sx={FORM_WIDTH} title="New role" redirect="show">
      <SimpleForm defaultValues={{ permissions: [], requireTwoFactor: false }} noValidate>
        <KeepDraft />
        <TextInput source="name" label="Name" validate={roleNameRules} isRequired helperText="The role's name in tokens, e.g. TOUR_GUIDE" />
        <TextInput source="description" label="Description" multiline validate={roleDescriptionRules} />
        <TwoFactorInput />
        <PermissionsInput />
      </SimpleForm>
    </Create>
  );
}

function RoleEditForm() {
  const record = useRecordContext();
  const isAdmin = record?.name === ADMIN_ROLE;
  return (
    <SimpleForm toolbar={<Toolbar sx={{ justifyContent: 'space-between' }}><SaveButton /><DeleteRoleButton /></Toolbar>} noValidate>
      <KeepDraft waitForRecord />
      {record?.system && <Alert severity="info">{record.name} is a system role: its name cannot change{isAdmin ? ', and it always holds every permission' : ''}.</Alert>}
      <TextInput source="name" label="Name" validate={roleNameRules} isRequired readOnly={Boolean(record?.system)} />
      <TextInput source="description" label="Description" multiline validate={roleDescriptionRules} />
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
    <Edit sx={FORM_WIDTH} title="Edit role" mutationMode="pessimistic" redirect="show" actions={<EditActions />} queryOptions={{ onError: () => undefined }} redirectOnError={false} error={<EditLoadError what="This role" />}>
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
  return (
    <Show sx={FORM_WIDTH} title="Role" actions={<ShowActions />} queryOptions={{ onError: () => undefined }} redirectOnError={false} error={<ShowLoadError what="This role" />}>
      <SimpleShowLayout>
        <TextField source="name" label="Name" />
        <TextField source="description" label="Description" emptyText="—" />
        <ChipsField source="permissions" label="Permissions" emptyText="No permissions" />
        <NumberField source="userCount" label="Users holding it" />
        <FunctionField label="Two-factor sign-in" render={(role: { requireTwoFactor?: boolean }) => (role.requireTwoFactor ? 'Required of its members' : 'Up to each member')} />
        <SystemField label="Type" />
        <DateTimeField source="createdAt" label="Created" />
      </SimpleShowLayout>
    </Show>
  );
}
