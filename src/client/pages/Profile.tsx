/**
 * /profile: the signed-in user's own account. The name can be changed freely; a new password
 * needs the current one (the server checks it and the common-password list, and signs out the
 * user's other devices).
 */
import { Box, Card, CardContent, Stack, Typography } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { PasswordInput, SaveButton, SimpleForm, TextInput, Title, Toolbar, useDataProvider, useGetIdentity, useNotify } from 'react-admin';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../../shared/password-policy';
import { fullNameRules, newPasswordRules, requiredText } from '../resources/common/validators';
import type { ProfilePatch } from '../../shared/types';
import { getUserState, setUserState } from '../providers/auth-state';
import { mustSetUpTwoFactor } from '../layout/TwoFactorGate';
import type { BackOfficeDataProvider } from '../providers/data-provider';
import { fieldErrorsOf } from '../providers/http-client';
import { KeepDraft } from '../session/KeepDraft';
import { TwoFactorCard } from './profile/TwoFactorCard';

const sameAsNew = (value: unknown, values: Record<string, unknown>) =>
  value === values.newPassword ? undefined : 'The two new passwords are not the same.';

function useSaveProfile() {
  const dataProvider = useDataProvider<BackOfficeDataProvider>();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const { identity } = useGetIdentity();

  /** Saves; answers the server's field messages for the form to show under the fields. */
  return async (patch: ProfilePatch, done: string): Promise<Record<string, string> | undefined> => {
    if (!identity) return undefined;
    try {
      const user = await dataProvider.updateProfile(identity.id, patch);
      setUserState({ ...getUserState(), user });
      await queryClient.invalidateQueries({ queryKey: ['auth', 'getIdentity'] });
      notify(done, { type: 'success' });
      return undefined;
    } catch (error) {
      const fieldErrors = fieldErrorsOf(error);
      if (fieldErrors) {
        notify('Some fields need attention: see the messages under them.', { type: 'error' });
        return fieldErrors;
      }
      notify(error instanceof Error ? error.message : 'The change could not be saved.', { type: 'error' });
      return undefined;
    }
  };
}

function SaveOnly({ label }: { label: string }) {
  return (
    <Toolbar>
      <SaveButton label={label} alwaysEnable={false} />
    </Toolbar>
  );
}

export default function Profile() {
  const { identity, isPending } = useGetIdentity();
  const save = useSaveProfile();
  // A changed password empties its form: a new key mounts a fresh one.
  const [passwordForm, setPasswordForm] = useState(0);
  // Sent here to set up a second factor a role requires: that card comes first (and stays where it
  // is once it is on, so the recovery codes it shows are not lost to a move).
  const [setUpFirst] = useState(mustSetUpTwoFactor);
  if (isPending || !identity) return null;

  return (
    <Box sx={{ maxWidth: 640, mt: 2 }}>
      <Title title="My profile" />
      <Stack spacing={3}>
        {setUpFirst && <TwoFactorCard />}
        <Card>
          <CardContent sx={{ pb: 0 }}>
            <Typography component="h2" variant="h6">
              Name
            </Typography>
            <Typography variant="body2" color="text.secondary">
              Signed in as {identity.email as string}. Ask an administrator to change your e-mail address or roles.
            </Typography>
          </CardContent>
          <SimpleForm
            record={{ fullName: identity.fullName }}
            toolbar={<SaveOnly label="Save name" />}
            noValidate
            onSubmit={(values: Record<string, unknown>) => save({ fullName: String(values.fullName).trim() }, 'Your name is saved.')}
          >
            <KeepDraft name="name" />
            <TextInput source="fullName" label="Full name" validate={fullNameRules} isRequired autoComplete="name" />
          </SimpleForm>
        </Card>

        <Card>
          <CardContent sx={{ pb: 0 }}>
            <Typography component="h2" variant="h6">
              Password
            </Typography>
            <Typography variant="body2" color="text.secondary">
              Changing it signs you out on your other devices; you stay signed in here.
            </Typography>
          </CardContent>
          <SimpleForm
            key={passwordForm}
            record={{}}
            toolbar={<SaveOnly label="Change password" />}
            noValidate
            onSubmit={async (values: Record<string, unknown>) => {
              const errors = await save(
                { currentPassword: values.currentPassword as string, newPassword: values.newPassword as string },
                'Your password is changed. Your other devices are signed out.',
              );
              if (!errors) setPasswordForm((n) => n + 1);
              return errors;
            }}
          >
            <PasswordInput source="currentPassword" label="Current password" autoComplete="current-password" validate={requiredText('your current password')} isRequired />
            <PasswordInput
              source="newPassword"
              label="New password"
              autoComplete="new-password"
              validate={newPasswordRules}
              isRequired
              helperText={`${PASSWORD_MIN_LENGTH} to ${PASSWORD_MAX_LENGTH} characters. A few unrelated words make a strong one.`}
            />
            <PasswordInput source="confirmPassword" label="New password again" autoComplete="new-password" validate={[requiredText('the new password again'), sameAsNew]} isRequired />
          </SimpleForm>
        </Card>

        {!setUpFirst && <TwoFactorCard />}
      </Stack>
    </Box>
  );
}
