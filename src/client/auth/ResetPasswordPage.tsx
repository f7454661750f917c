/**
 * Chooses a new password with the token from the e-mailed link (`/reset-password?token=…`), or a
 * first one from an invitation (`…&invitation=1`: the same single-use token rules, valid 7 days).
 */
import { Box, Button, Link } from '@mui/material';
import { useState, type FormEvent } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { apiPaths } from '../../shared/api-paths';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, passwordLengthError } from '../../shared/password-policy';
import { ApiError } from '../providers/http-client';
import { useHttpClient } from '../providers/http-client-context';
import { AuthCard } from './AuthCard';
import { Field } from './Field';
import { Notice } from './Notice';

export function ResetPasswordPage() {
  const httpClient = useHttpClient();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const invitation = params.get('invitation') === '1';
  const heading = invitation ? 'Welcome: choose your password' : 'Choose a new password';
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [fieldErrors, setFieldErrors] = useState<{ password?: string; confirm?: string }>({});
  const [error, setError] = useState<string | null>(null);
  const [linkInvalid, setLinkInvalid] = useState(token === '');
  const [done, setDone] = useState(false);
  const [submitting, setSubmitting] = useState(false);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const problems = { password: passwordLengthError(password) ?? undefined, confirm: confirm !== password ? 'The passwords do not match.' : undefined };
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
      else setError(failure instanceof Error ? failure.message : 'The request failed. Try again.');
    } finally {
      setSubmitting(false);
    }
  }

  if (done) {
    return (
      <AuthCard title={invitation ? 'Password chosen' : 'Password changed'}>
        <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
          <Notice severity="success">
            {invitation ? 'Your password is set. Sign in with your e-mail address and it.' : 'Your password has been changed, and every other session has been signed out.'}
          </Notice>
          <Button component={RouterLink} to="/login" variant="contained">
            Sign in
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
            {invitation
              ? 'This invitation link is invalid, has expired or has already been used. Ask your administrator to send a new one.'
              : 'This reset link is invalid, has expired or has already been used. Ask for a new one.'}
          </Notice>
          <Link component={RouterLink} to={invitation ? '/login' : '/forgot-password'}>
            {invitation ? 'Go to sign-in' : 'Ask for a new link'}
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
          label="New password"
          type="password"
          name="password"
          autoComplete="new-password"
          autoFocus
          required
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          error={Boolean(fieldErrors.password)}
          helperText={fieldErrors.password ?? `${PASSWORD_MIN_LENGTH} to ${PASSWORD_MAX_LENGTH} characters; a passphrase is easiest to remember.`}
        />
        <Field
          label="Confirm password"
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
          {invitation ? 'Set my password' : 'Set new password'}
        </Button>
      </Box>
    </AuthCard>
  );
}
