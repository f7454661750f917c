/** Asks for a reset link. The answer is the same whether or not the address has an account. */
import { Box, Button, Link } from '@mui/material';
import { useState, type FormEvent } from 'react';
import { Link as RouterLink } from 'react-router';
import { apiPaths } from '../../shared/api-paths';
import { usePublicTranslate } from '../i18n/usePublicTranslate';
import { useHttpClient } from '../providers/http-client-context';
import { AuthCard } from './AuthCard';
import { Field } from './Field';
import { Notice } from './Notice';

const EMAIL = /^[^\s@]+@[^\s@]+$/;

export function ForgotPasswordPage() {
  const httpClient = useHttpClient();
  const t = usePublicTranslate();
  const [email, setEmail] = useState('');
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const address = email.trim();
    if (!EMAIL.test(address)) {
      setError(t('forgot.enter_email'));
      return;
    }
    setSubmitting(true);
    setError(null);
    try {
      await httpClient.request(apiPaths.forgetPassword, { method: 'POST', body: { email: address }, skipRefresh: true });
      setSentTo(address);
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : t('forgot.failed'));
    } finally {
      setSubmitting(false);
    }
  }

  return (
    <AuthCard title={t('forgot.title')}>
      {sentTo ? (
        <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
          <Notice severity="success">
            {t('forgot.sent', { email: sentTo })}
          </Notice>
          <Link component={RouterLink} to="/login">
            {t('forgot.back')}
          </Link>
        </Box>
      ) : (
        <Box component="form" noValidate onSubmit={onSubmit} sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
          <p style={{ margin: 0 }}>{t('forgot.intro')}</p>
          {error && <Notice severity="error">{error}</Notice>}
          <Field label={t('login.email')} type="email" name="email" autoComplete="username" autoFocus required value={email} onChange={(event) => setEmail(event.target.value)} />
          <Button type="submit" variant="contained" size="large" disabled={submitting}>
            {t('forgot.send')}
          </Button>
          <Link component={RouterLink} to="/login" sx={{ alignSelf: 'center' }}>
            {t('forgot.back')}
          </Link>
        </Box>
      )}
    </AuthCard>
  );
}
