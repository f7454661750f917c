/**
 * Confirms a new e-mail address with the link sent to it (`/confirm-email?token=…`). The address
 * changes when the button is pressed, not when the page opens: a mail scanner that follows links
 * changes nothing.
 */
import { Box, Button, Link, Typography } from '@mui/material';
import { useState } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { apiPaths } from '../../shared/api-paths';
import { usePublicTranslate } from '../i18n/usePublicTranslate';
import { ApiError } from '../providers/http-client';
import { useHttpClient } from '../providers/http-client-context';
import { AuthCard } from './AuthCard';
import { Notice } from './Notice';

export function ConfirmEmailPage() {
  const httpClient = useHttpClient();
  const t = usePublicTranslate();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [state, setState] = useState<'ready' | 'sending' | 'done' | 'invalid'>(token === '' ? 'invalid' : 'ready');
  const [message, setMessage] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  async function confirm() {
    setState('sending');
    setError(null);
    try {
      const answer = await httpClient.request<{ message: string }>(apiPaths.confirmEmail, { method: 'POST', body: { token }, mutation: true, skipRefresh: true });
      setMessage(answer.message);
      setState('done');
    } catch (failure) {
      const code = failure instanceof ApiError ? (failure.data as { code?: string } | null)?.code : undefined;
      if (code === 'EMAIL_CHANGE_INVALID') setState('invalid');
      else {
        setError(failure instanceof Error ? failure.message : t('confirm_email.failed'));
        setState('ready');
      }
    }
  }

  return (
    <AuthCard title={t('confirm_email.title')}>
      <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
        {state === 'done' ? (
          <>
            <Notice severity="success">{message ?? t('confirm_email.done')}</Notice>
            <Button component={RouterLink} to="/login" variant="contained">
              {t('reset.sign_in')}
            </Button>
          </>
        ) : state === 'invalid' ? (
          <>
            <Notice severity="error">{t('confirm_email.invalid')}</Notice>
            <Link component={RouterLink} to="/login">
              {t('reset.go_to_sign_in')}
            </Link>
          </>
        ) : (
          <>
            {error && <Notice severity="error">{error}</Notice>}
            <Typography variant="body2">{t('confirm_email.explain')}</Typography>
            <Button variant="contained" size="large" disabled={state === 'sending'} onClick={() => void confirm()}>
              {t('confirm_email.confirm')}
            </Button>
          </>
        )}
      </Box>
    </AuthCard>
  );
}
