/** Asks for a reset link. The answer is the same whether or not the address has an account. */
import { Box, Button, Link } from '@mui/material';
import { useState, type FormEvent } from 'react';
import { Link as RouterLink } from 'react-router';
import { apiPaths } from '../../shared/api-paths';
import { useHttpClient } from '../providers/http-client-context';
import { AuthCard } from './AuthCard';
import { Field } from './Field';
import { Notice } from './Notice';

const EMAIL = /^[^\s@]+@[^\s@]+$/;

export function ForgotPasswordPage() {
  const httpClient = useHttpClient();
  const [email, setEmail] = useState('');
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const address = email.trim();
    if (!EMAIL.test(address)) {
      setError('Enter the e-mail address of your account.');
      return;
    }
    setSubmitting(true);
    setError(null);
    try {
      await httpClient.request(apiPaths.forgetPassword, { method: 'POST', body: { email: address }, skipRefresh: true });
      setSentTo(address);
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : 'The request failed. Try again.');
    } finally {
      setSubmitting(false);
    }
  }

  return (
    <AuthCard title="Forgot your password?">
      {sentTo ? (
        <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
          <Notice severity="success">
            Check your inbox: if {sentTo} belongs to an account, a link to choose a new password is on its way. It works for 30 minutes.
          </Notice>
          <Link component={RouterLink} to="/login">
            Back to sign in
          </Link>
        </Box>
      ) : (
        <Box component="form" noValidate onSubmit={onSubmit} sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
          <p style={{ margin: 0 }}>Enter the e-mail address of your account and we will send you a link to choose a new password.</p>
          {error && <Notice severity="error">{error}</Notice>}
          <Field label="Email" type="email" name="email" autoComplete="username" autoFocus required value={email} onChange={(event) => setEmail(event.target.value)} />
          <Button type="submit" variant="contained" size="large" disabled={submitting}>
            Send reset link
          </Button>
          <Link component={RouterLink} to="/login" sx={{ alignSelf: 'center' }}>
            Back to sign in
          </Link>
        </Box>
      )}
    </AuthCard>
  );
}
