/**
 * Chooses a new password with the token from the e-mailed link (`/reset-password?token=…`), or a
 * first one from an invitation (`…&invitation=1`: the same single-use token rules, valid 7 days).
 */
import { Box, Button, Link } from '@mui/material';
import { useState, type FormEvent } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { apiPaths } from '../../shared/api-paths';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, passwordLength, passwordLengthError } from '../../shared/password-policy';
import { usePublicTranslate } from '../i18n/usePublicTranslate';
import { ApiError } from '../providers/http-client';
import { useHttpClient } from '../providers/http-client-context';
import { AuthCard } from './AuthCard';
import { Field } from './Field';
import { Notice } from './Notice';

export function ResetPasswordPage() {
  const httpClient = useHttpClient();
  const t = usePublicTranslate();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const invitation = params.get('invitation') === '1';
  const heading = invitation ? t('reset.welcome') : t('reset.title');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [fieldErrors, setFieldErrors] = useState<{ password?: string; confirm?: string }>({});
  const [error, setError] = useState<string | null>(null);
  const [linkInvalid, setLinkInvalid] = useState(token === '');
  const [done, setDone] = useState(false);
  const [submitting, setSubmitting] = useState(false);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const problems = {
      password: !passwordLengthError(password) ? undefined : passwordLength(password) < PASSWORD_MIN_LENGTH ? t('reset.too_short', { min: PASSWORD_MIN_LENGTH }) : t('reset.too_long', { max: PASSWORD_MAX_LENGTH }),
      confirm: confirm !== password ? t('reset.mismatch') : undefined,
    };
    setFieldErrors(problems);
    if (problems.password || problems.confirm) return;
    setSubmitting(true);
    setError(null);
    try {
      await httpClient.request(apiPaths.resetPassword, { method: 'PATCH', body: { token, password }, mutation: true, skipRefresh: true });
      setDone(true);
    } catch (failure) {
      const data = failure instanceof ApiError ? (failure.data as { code?: string; errors?: Record<string, string> } | null) : null;
      if (data?.code === 'RESET_TOKEN_INVALID') setLinkInvalid(true);
      else if (data?.errors?.password) setFieldErrors({ password: data.errors.password });
      else setError(failure instanceof Error ? failure.message : t('forgot.failed'));
    } finally {
      setSubmitting(false);
    }
  }

  if (done) {
    return (
      <AuthCard title={invitation ? t('reset.chosen') : t('reset.changed')}>
        <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
          <Notice severity="success">
            {invitation ? t('reset.chosen_text') : t('reset.changed_text')}
          </Notice>
          <Button component={RouterLink} to="/login" variant="contained">
            {t('reset.sign_in')}
          </Button>
        </Box>
      </AuthCard>
    );
  }

  if (linkInvalid) {
    return (
      <AuthCard title={heading}>
        <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
          <Notice severity="error">
            {invitation ? t('reset.invitation_invalid') : t('reset.link_invalid')}
          </Notice>
          <Link component={RouterLink} to={invitation ? '/login' : '/forgot-password'}>
            {invitation ? t('reset.go_to_sign_in') : t('reset.ask_new')}
          </Link>
        </Box>
      </AuthCard>
    );
  }

  return (
    <AuthCard title={heading}>
      <Box component="form" noValidate onSubmit={onSubmit} sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
        {error && <Notice severity="error">{error}</Notice>}
        <Field
          label={t('reset.new_password')}
          type="password"
          name="password"
          autoComplete="new-password"
          autoFocus
          required
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          error={Boolean(fieldErrors.password)}
          helperText={fieldErrors.password ?? t('reset.help', { min: PASSWORD_MIN_LENGTH, max: PASSWORD_MAX_LENGTH })}
        />
        <Field
          label={t('reset.confirm')}
          type="password"
          name="confirm"
          autoComplete="new-password"
          required
          value={confirm}
          onChange={(event) => setConfirm(event.target.value)}
          error={Boolean(fieldErrors.confirm)}
          helperText={fieldErrors.confirm ?? ' '}
        />
        <Button type="submit" variant="contained" size="large" disabled={submitting}>
          {invitation ? t('reset.set_mine') : t('reset.set_new')}
        </Button>
      </Box>
    </AuthCard>
  );
}
