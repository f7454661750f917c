import ForwardToInboxIcon from '@mui/icons-material/ForwardToInbox';
import PhonelinkEraseIcon from '@mui/icons-material/PhonelinkErase';
import { useState } from 'react';
import {
  Button,
  Confirm,
  Create,
  RadioButtonGroupInput,
  useCanAccess,
  useDataProvider,
  useNotify,
  useRecordContext,
  useRedirect,
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
import { ChipsField, DateTimeField, FORM_WIDTH, GuardedDeleteButton, StatusField } from '../common/fields';
import { useRoleChoices } from '../common/role-choices';
import { useWatch } from 'react-hook-form';
import { isAwaitingFirstSignIn, type User } from '../../../shared/types';
import type { BackOfficeDataProvider } from '../../providers/data-provider';
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

const PASSWORD_CHOICES = [
  { id: 'invite', name: 'Send an invitation by e-mail: they choose their own password (link valid 7 days)' },
  { id: 'set', name: 'Set a password now, and pass it on yourself' },
];

/** The password field only when the administrator sets one; an invitation needs none. */
function PasswordOrInvitation() {
  const choice = useWatch({ name: 'passwordChoice' });
  if (choice !== 'set') return null;
  return (
    <PasswordInput
      source="password"
      label="Password"
      autoComplete="new-password"
      validate={newPasswordRules}
      isRequired
      helperText={`${PASSWORD_MIN_LENGTH} to ${PASSWORD_MAX_LENGTH} characters. Share it with the person safely; they can reset it.`}
    />
  );
}

export function UserCreate() {
  const notify = useNotify();
  const redirect = useRedirect();
  const onSuccess = (user: User) => {
    notify(user.invitedAt ? `User created. An invitation was sent to ${user.email}.` : 'User created', { type: 'success' });
    redirect('show', 'users', user.id);
  };
  return (
    <Create sx={FORM_WIDTH} title="New user" mutationOptions={{ onSuccess }}>
      <SimpleForm defaultValues={{ roles: [STAFF_ROLE], passwordChoice: 'invite' }} noValidate>
        <KeepDraft />
        <TextInput source="email" label="E-mail" type="email" validate={emailRules} isRequired autoComplete="off" />
        <TextInput source="fullName" label="Full name" validate={fullNameRules} isRequired />
        <RadioButtonGroupInput source="passwordChoice" label="How they get a password" choices={PASSWORD_CHOICES} row={false} helperText={false} />
        <PasswordOrInvitation />
        <RolesInput />
      </SimpleForm>
    </Create>
  );
}

/** For someone invited who has not signed in yet: a new link (the old one stops working). */
function ResendInvitationButton() {
  const record = useRecordContext<User>();
  const dataProvider = useDataProvider<BackOfficeDataProvider>();
  const notify = useNotify();
  const { canAccess } = useCanAccess({ resource: 'users', action: 'create' });
  const [sending, setSending] = useState(false);
  if (!record || canAccess !== true || !isAwaitingFirstSignIn(record)) return null;
  const send = async () => {
    setSending(true);
    try {
      await dataProvider.resendInvitation(record.id);
      notify(`A new invitation was sent to ${record.email}. The earlier link no longer works.`, { type: 'success' });
    } catch (error) {
      notify(error instanceof Error ? error.message : 'The invitation could not be sent.', { type: 'error' });
    } finally {
      setSending(false);
    }
  };
  return <Button label="Resend invitation" onClick={() => void send()} disabled={sending} startIcon={<ForwardToInboxIcon />} />;
}

/** A lost phone: the user's second factor is taken away, and they sign in with the password (setting it up again where a role requires it). */
function ResetTwoFactorButton() {
  const record = useRecordContext<User>();
  const dataProvider = useDataProvider<BackOfficeDataProvider>();
  const notify = useNotify();
  const { canAccess } = useCanAccess({ resource: 'users', action: 'edit' });
  const [asking, setAsking] = useState(false);
  const [sending, setSending] = useState(false);
  if (!record || canAccess !== true) return null;
  const reset = async () => {
    setSending(true);
    try {
      const answer = await dataProvider.call<{ message: string }>(`admin/auth/user/${encodeURIComponent(record.id)}/totp/reset`, { method: 'POST' });
      notify(answer.message, { type: 'success' });
      setAsking(false);
    } catch (error) {
      notify(error instanceof Error ? error.message : 'Two-factor sign-in could not be reset.', { type: 'error' });
    } finally {
      setSending(false);
    }
  };
  return (
    <>
      <Button label="Reset two-factor" onClick={() => setAsking(true)} startIcon={<PhonelinkEraseIcon />} />
      <Confirm
        isOpen={asking}
        loading={sending}
        title={`Reset two-factor sign-in of ${record.fullName}?`}
        content="Their authenticator app stops working for this account: they sign in with their password and set up a new one (at once where a role requires it). Do this when their phone is lost, after checking it is really them who asks."
        confirm="Reset"
        onConfirm={() => void reset()}
        onClose={() => setAsking(false)}
      />
    </>
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
      <ResendInvitationButton />
      <ResetTwoFactorButton />
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
        <DateTimeField source="createdAt" label="Created" />
        <DateTimeField source="lastLoginAt" label="Last sign-in" emptyText="Never" />
      </SimpleShowLayout>
    </Show>
  );
}
