import ForwardToInboxIcon from '@mui/icons-material/ForwardToInbox';
import PhonelinkEraseIcon from '@mui/icons-material/PhonelinkErase';
import { Alert } from '@mui/material';
import { useState, useSyncExternalStore } from 'react';
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
  useTranslate,
} from 'react-admin';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../../../shared/password-policy';
import { emailRules, fullNameRules, newPasswordRules } from '../common/validators';
import { ADMIN_ROLE, STAFF_ROLE } from '../../../shared/permissions';
import { getUserState, subscribe } from '../../providers/auth-state';
import { ChipsField, DateTimeField, FORM_WIDTH, GuardedDeleteButton, StatusField } from '../common/fields';
import { useRoleChoices } from '../common/role-choices';
import { useWatch } from 'react-hook-form';
import { isAwaitingFirstSignIn, type User } from '../../../shared/types';
import type { BackOfficeDataProvider } from '../../providers/data-provider';
import { KeepDraft } from '../../session/KeepDraft';
import { EditLoadError, ShowLoadError } from '../common/LoadError';
import { SignInLock } from './SignInLock';
import { useRuntimeConfig } from '../../auth/RuntimeConfig';

/** A picker for those who may read roles; the others see the roles as they are (STAFF for a new user). */
function RolesInput() {
  const { allowed, checking, choices, isPending } = useRoleChoices();
  if (checking) return null;
  if (!allowed) {
    return (
      <Labeled source="roles">
        <ChipsField source="roles" />
      </Labeled>
    );
  }
  return <SelectArrayInput source="roles" choices={choices} isPending={isPending} helperText="users.roles_help" />;
}

// Choices' names are message keys: react-admin translates them.
const STATUS_CHOICES = [
  { id: 'active', name: 'users.status_active' },
  { id: 'disabled', name: 'users.status_disabled' },
];

const PASSWORD_CHOICES = [
  { id: 'invite', name: 'users.invite' },
  { id: 'set', name: 'users.set' },
];

/** The password field only when the administrator sets one; an invitation needs none. */
function PasswordOrInvitation() {
  const choice = useWatch({ name: 'passwordChoice' });
  const translate = useTranslate();
  if (choice !== 'set') return null;
  return (
    <PasswordInput
      source="password"
      autoComplete="new-password"
      validate={newPasswordRules}
      isRequired
      helperText={translate('users.password_help', { min: PASSWORD_MIN_LENGTH, max: PASSWORD_MAX_LENGTH })}
    />
  );
}

export function UserCreate() {
  const { mailSent } = useRuntimeConfig();
  const notify = useNotify();
  const redirect = useRedirect();
  const translate = useTranslate();
  const onSuccess = (user: User) => {
    notify(user.invitedAt ? translate('users.created_invited', { email: user.email }) : translate('users.created'), { type: 'success' });
    redirect('show', 'users', user.id);
  };
  return (
    <Create sx={FORM_WIDTH} title="users.new" mutationOptions={{ onSuccess }}>
      {/* Without a mail server an invitation reaches only the server's outbox folder: a password is the way in, and the form says why. */}
      <SimpleForm defaultValues={{ roles: [STAFF_ROLE], passwordChoice: mailSent ? 'invite' : 'set' }} noValidate>
        <KeepDraft />
        <TextInput source="email" type="email" validate={emailRules} isRequired autoComplete="off" />
        <TextInput source="fullName" validate={fullNameRules} isRequired />
        <RadioButtonGroupInput source="passwordChoice" choices={PASSWORD_CHOICES} row={false} helperText={mailSent ? false : 'users.no_mail_server'} />
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
  const translate = useTranslate();
  if (!record || canAccess !== true || !isAwaitingFirstSignIn(record)) return null;
  const send = async () => {
    setSending(true);
    try {
      await dataProvider.resendInvitation(record.id);
      notify(translate('users.resent', { email: record.email }), { type: 'success' });
    } catch (error) {
      notify(error instanceof Error ? error.message : translate('users.not_resent'), { type: 'error' });
    } finally {
      setSending(false);
    }
  };
  return <Button label="users.resend" onClick={() => void send()} disabled={sending} startIcon={<ForwardToInboxIcon />} />;
}

/** A lost phone: the user's second factor is taken away, and they sign in with the password (setting it up again where a role requires it). */
function ResetTwoFactorButton() {
  const record = useRecordContext<User>();
  const dataProvider = useDataProvider<BackOfficeDataProvider>();
  const notify = useNotify();
  const { canAccess } = useCanAccess({ resource: 'users', action: 'edit' });
  const [asking, setAsking] = useState(false);
  const [sending, setSending] = useState(false);
  const translate = useTranslate();
  if (!record || canAccess !== true) return null;
  const reset = async () => {
    setSending(true);
    try {
      const answer = await dataProvider.call<{ reset: boolean }>(`admin/auth/user/${encodeURIComponent(record.id)}/totp/reset`, { method: 'POST' });
      // In the screens' language: the server's sentence for it is English.
      notify(answer.reset ? 'users.reset_done' : 'users.reset_nothing', { type: 'success' });
      setAsking(false);
    } catch (error) {
      notify(error instanceof Error ? error.message : translate('users.reset_failed'), { type: 'error' });
    } finally {
      setSending(false);
    }
  };
  return (
    <>
      <Button label="users.reset_two_factor" onClick={() => setAsking(true)} startIcon={<PhonelinkEraseIcon />} />
      <Confirm
        isOpen={asking}
        loading={sending}
        title="users.reset_title"
        translateOptions={{ name: record.fullName }}
        content="users.reset_content"
        confirm="users.reset_confirm"
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

/** The address: an administrator changes it (confirmed by a link when mail leaves the server); others see it. */
function EmailInput() {
  const record = useRecordContext<User>();
  const { mailSent } = useRuntimeConfig();
  const isAdmin = (useSyncExternalStore(subscribe, getUserState).user?.roles ?? []).includes(ADMIN_ROLE);
  const translate = useTranslate();
  if (!isAdmin) return <TextInput source="email" label="users.email_readonly" readOnly helperText={false} />;
  return (
    <>
      <TextInput source="email" type="email" validate={emailRules} isRequired autoComplete="off" helperText={mailSent ? 'users.email_change_by_link' : 'users.email_change_at_once'} />
      {record?.pendingEmail && (
        <Alert severity="info" sx={{ mb: 2 }}>
          {translate('users.email_pending', { email: record.pendingEmail })}
        </Alert>
      )}
    </>
  );
}

export function UserEdit() {
  const notify = useNotify();
  const redirect = useRedirect();
  return (
    <Edit
      sx={FORM_WIDTH}
      title="users.edit"
      mutationMode="pessimistic"
      queryOptions={{ onError: () => undefined }}
      redirectOnError={false}
      error={<EditLoadError what="users.this_user" />}
      mutationOptions={{
        // A new address waiting for its link is said so, rather than "saved" as if it had changed.
        onSuccess: (user: User) => {
          notify(user.pendingEmail ? 'users.email_link_sent' : 'resources.users.notifications.updated', { type: 'success', messageArgs: { email: user.pendingEmail ?? '' } });
          redirect('show', 'users', user.id);
        },
      }}
    >
      <SimpleForm toolbar={<EditToolbar />} noValidate>
        <KeepDraft waitForRecord />
        <EmailInput />
        <TextInput source="fullName" validate={fullNameRules} isRequired />
        <RolesInput />
        <SelectInput source="status" choices={STATUS_CHOICES} validate={required()} />
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
  const translate = useTranslate();
  return (
    <Show sx={FORM_WIDTH} title="users.show" actions={<ShowActions />} queryOptions={{ onError: () => undefined }} redirectOnError={false} error={<ShowLoadError what="users.this_user" />}>
      <SignInLock />
      <SimpleShowLayout>
        <TextField source="fullName" />
        <TextField source="email" />
        <ChipsField source="roles" />
        <StatusField label="resources.users.fields.status" />
        <DateTimeField source="createdAt" />
        <DateTimeField source="lastLoginAt" emptyText={translate('common.never')} />
      </SimpleShowLayout>
    </Show>
  );
}
