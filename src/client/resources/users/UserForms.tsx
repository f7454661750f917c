import {
  Create,
  DateField,
  Edit,
  EditButton,
  Labeled,
  PasswordInput,
  required,
  SaveButton,
  SelectArrayInput,
  SelectInput,
  Show,
  SimpleForm,
  SimpleShowLayout,
  TextField,
  TextInput,
  Toolbar,
  TopToolbar,
} from 'react-admin';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../../../shared/password-policy';
import { emailRules, fullNameRules, newPasswordRules } from '../common/validators';
import { STAFF_ROLE } from '../../../shared/permissions';
import { ChipsField, FORM_WIDTH, GuardedDeleteButton, StatusField } from '../common/fields';
import { useRoleChoices } from '../common/role-choices';
import { KeepDraft } from '../../session/KeepDraft';
import { EditLoadError, ShowLoadError } from '../common/LoadError';

/** A picker for those who may read roles; the others see the roles as they are (STAFF for a new user). */
function RolesInput() {
  const { allowed, checking, choices, isPending } = useRoleChoices();
  if (checking) return null;
  if (!allowed) {
    return (
      <Labeled label="Roles">
        <ChipsField source="roles" />
      </Labeled>
    );
  }
  return <SelectArrayInput source="roles" label="Roles" choices={choices} isPending={isPending} helperText="What this person may do" />;
}

const STATUS_CHOICES = [
  { id: 'active', name: 'Active' },
  { id: 'disabled', name: 'Disabled (cannot sign in)' },
];

export function UserCreate() {
  return (
    <Create sx={FORM_WIDTH} title="New user" redirect="show">
      <SimpleForm defaultValues={{ roles: [STAFF_ROLE] }} noValidate>
        <KeepDraft />
        <TextInput source="email" label="E-mail" type="email" validate={emailRules} isRequired autoComplete="off" />
        <TextInput source="fullName" label="Full name" validate={fullNameRules} isRequired />
        <PasswordInput
          source="password"
          label="Password"
          autoComplete="new-password"
          validate={newPasswordRules}
          isRequired
          helperText={`${PASSWORD_MIN_LENGTH} to ${PASSWORD_MAX_LENGTH} characters. Share it with the person safely; they can reset it.`}
        />
        <RolesInput />
      </SimpleForm>
    </Create>
  );
}

function EditToolbar() {
  return (
    <Toolbar sx={{ justifyContent: 'space-between' }}>
      <SaveButton />
      <GuardedDeleteButton />
    </Toolbar>
  );
}

export function UserEdit() {
  return (
    <Edit sx={FORM_WIDTH} title="Edit user" mutationMode="pessimistic" redirect="show" queryOptions={{ onError: () => undefined }} redirectOnError={false} error={<EditLoadError what="This user" />}>
      <SimpleForm toolbar={<EditToolbar />} noValidate>
        <KeepDraft waitForRecord />
        <TextInput source="email" label="E-mail (cannot change)" readOnly helperText={false} />
        <TextInput source="fullName" label="Full name" validate={fullNameRules} isRequired />
        <RolesInput />
        <SelectInput source="status" label="Status" choices={STATUS_CHOICES} validate={required()} />
      </SimpleForm>
    </Edit>
  );
}

function ShowActions() {
  return (
    <TopToolbar>
      <EditButton />
      <GuardedDeleteButton />
    </TopToolbar>
  );
}

export function UserShow() {
  return (
    <Show sx={FORM_WIDTH} title="User" actions={<ShowActions />} queryOptions={{ onError: () => undefined }} redirectOnError={false} error={<ShowLoadError what="This user" />}>
      <SimpleShowLayout>
        <TextField source="fullName" label="Full name" />
        <TextField source="email" label="E-mail" />
        <ChipsField source="roles" label="Roles" />
        <StatusField label="Status" />
        <DateField source="createdAt" label="Created" showTime />
        <DateField source="lastLoginAt" label="Last sign-in" showTime emptyText="Never" />
      </SimpleShowLayout>
    </Show>
  );
}
