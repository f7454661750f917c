/**
 * /profile: the signed-in user's own account. The name can be changed freely; a new password
 * needs the current one (the server checks it and the common-password list, and signs out the
 * user's other devices); the screens' language is kept on the account.
 */
import { Box, Card, CardContent, FormControl, InputLabel, MenuItem, Select, Stack, Typography } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { PasswordInput, SaveButton, SimpleForm, TextInput, Title, Toolbar, useDataProvider, useGetIdentity, useLocaleState, useNotify, useTranslate } from 'react-admin';
import { Link } from 'react-router';
import { ADMIN_ROLE } from '../../shared/permissions';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../../shared/password-policy';
import { fullNameRules, newPasswordRules, requiredText } from '../resources/common/validators';
import type { ProfilePatch } from '../../shared/types';
import { getUserState, setUserState } from '../providers/auth-state';
import { mustSetUpTwoFactor } from '../layout/TwoFactorGate';
import type { BackOfficeDataProvider } from '../providers/data-provider';
import { fieldErrorsOf } from '../providers/http-client';
import { KeepDraft } from '../session/KeepDraft';
import { TwoFactorCard } from './profile/TwoFactorCard';
import { isLanguage, LANGUAGE_NAMES, LANGUAGES } from '../i18n/language';
import { useChooseLanguage } from '../layout/LanguageMenu';

const sameAsNew = (value: unknown, values: Record<string, unknown>) => (value === values.newPassword ? undefined : 'profile.passwords_differ');

function useSaveProfile() {
  const dataProvider = useDataProvider<BackOfficeDataProvider>();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const { identity } = useGetIdentity();
  const translate = useTranslate();

  /** Saves; answers the server's field messages for the form to show under the fields. */
  return async (patch: ProfilePatch, done: string): Promise<Record<string, string> | undefined> => {
    if (!identity) return undefined;
    try {
      const user = await dataProvider.updateProfile(identity.id, patch);
      setUserState({ ...getUserState(), user });
      await queryClient.invalidateQueries({ queryKey: ['auth', 'getIdentity'] });
      notify(translate(done), { type: 'success' });
      return undefined;
    } catch (error) {
      const fieldErrors = fieldErrorsOf(error);
      if (fieldErrors) {
        notify(translate('profile.fields_need_attention'), { type: 'error' });
        return fieldErrors;
      }
      notify(error instanceof Error ? error.message : translate('profile.not_saved'), { type: 'error' });
      return undefined;
    }
  };
}

/**
 * A form's own Save, kept under its form on a phone: react-admin fixes a form's toolbar to the
 * screen's bottom there, and with two forms on the page the second one's covered the first's.
 */
function SaveOnly({ label }: { label: string }) {
  return (
    <Toolbar sx={{ '&.RaToolbar-mobileToolbar': { position: 'static' } }}>
      <SaveButton label={label} alwaysEnable={false} />
    </Toolbar>
  );
}

/** The screens' language, kept on the account (the app bar's menu does the same). */
function LanguageCard() {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const choose = useChooseLanguage();
  return (
    <Card>
      <CardContent>
        <Typography component="h2" variant="h6">
          {translate('profile.language')}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {translate('profile.language_help')}
        </Typography>
        <FormControl size="small" sx={{ minWidth: 200 }}>
          <InputLabel id="profile-language">{translate('profile.language')}</InputLabel>
          <Select
            labelId="profile-language"
            label={translate('profile.language')}
            value={locale}
            onChange={(event) => {
              if (isLanguage(event.target.value)) void choose(event.target.value);
            }}
          >
            {LANGUAGES.map((language) => (
              <MenuItem key={language} value={language} lang={language}>
                {LANGUAGE_NAMES[language]}
              </MenuItem>
            ))}
          </Select>
        </FormControl>
      </CardContent>
    </Card>
  );
}

export default function Profile() {
  const { identity, isPending } = useGetIdentity();
  const translate = useTranslate();
  const save = useSaveProfile();
  // A changed password empties its form: a new key mounts a fresh one.
  const [passwordForm, setPasswordForm] = useState(0);
  // Sent here to set up a second factor a role requires: that card comes first (and stays where it
  // is once it is on, so the recovery codes it shows are not lost to a move).
  const [setUpFirst] = useState(mustSetUpTwoFactor);
  if (isPending || !identity) return null;
  const isAdmin = ((identity.roles as string[] | undefined) ?? []).includes(ADMIN_ROLE);

  return (
    <Box sx={{ maxWidth: 640, mt: 2 }}>
      <Title title="profile.title" />
      <Stack spacing={3}>
        {setUpFirst && <TwoFactorCard />}
        <Card>
          <CardContent sx={{ pb: 0 }}>
            <Typography component="h2" variant="h6">
              {translate('profile.name')}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {/* An administrator changes their own address as anyone's, on the user form: say where, not "ask an administrator". */}
              {isAdmin ? (
                <>
                  {translate('profile.signed_in_as_admin', { email: identity.email as string })} <Link to={`/users/${encodeURIComponent(String(identity.id))}`}>{translate('profile.your_user_page')}</Link>.
                </>
              ) : (
                translate('profile.signed_in_as', { email: identity.email as string })
              )}
            </Typography>
          </CardContent>
          <SimpleForm
            record={{ fullName: identity.fullName }}
            toolbar={<SaveOnly label="profile.save_name" />}
            noValidate
            onSubmit={(values: Record<string, unknown>) => save({ fullName: String(values.fullName).trim() }, 'profile.name_saved')}
          >
            <KeepDraft name="name" />
            <TextInput source="fullName" label="profile.full_name" validate={fullNameRules} isRequired autoComplete="name" />
          </SimpleForm>
        </Card>

        <Card>
          <CardContent sx={{ pb: 0 }}>
            <Typography component="h2" variant="h6">
              {translate('profile.password')}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {translate('profile.password_help')}
            </Typography>
          </CardContent>
          <SimpleForm
            key={passwordForm}
            record={{}}
            toolbar={<SaveOnly label="profile.change_password" />}
            noValidate
            onSubmit={async (values: Record<string, unknown>) => {
              const errors = await save(
                { currentPassword: values.currentPassword as string, newPassword: values.newPassword as string },
                'profile.password_changed',
              );
              if (!errors) setPasswordForm((n) => n + 1);
              return errors;
            }}
          >
            <PasswordInput source="currentPassword" label="profile.current_password" autoComplete="current-password" validate={requiredText('validation.what.current_password')} isRequired />
            <PasswordInput
              source="newPassword"
              label="profile.new_password"
              autoComplete="new-password"
              validate={newPasswordRules}
              isRequired
              helperText={translate('profile.new_password_help', { min: PASSWORD_MIN_LENGTH, max: PASSWORD_MAX_LENGTH })}
            />
            <PasswordInput source="confirmPassword" label="profile.new_password_again" autoComplete="new-password" validate={[requiredText('validation.what.new_password_again'), sameAsNew]} isRequired />
          </SimpleForm>
        </Card>

        <LanguageCard />

        {!setUpFirst && <TwoFactorCard />}
      </Stack>
    </Box>
  );
}
