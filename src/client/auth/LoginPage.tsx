/**
 * Sign-in: e-mail, password, "Trust this device" (local storage `persist`), and the reCAPTCHA
 * widget when the server has a site key. The captcha answer travels in the login call's
 * `g-recaptcha-response` query parameter. An account with two-factor sign-in on is asked for its
 * authenticator app's code (or a recovery code) once the server says so (TOTP_REQUIRED); a user
 * whose role requires it and who has none yet goes to My profile to set it up.
 */
import { Box, Button, CircularProgress, Link } from '@mui/material';
import { useEffect, useRef, useState, useSyncExternalStore, type ChangeEvent, type FormEvent } from 'react';
import { lazy, Suspense } from 'react';
import type ReCAPTCHAType from 'react-google-recaptcha';
import { Navigate, Link as RouterLink, useLocation, useNavigate } from 'react-router';
import { currentSubject, getUserState, subscribe } from '../providers/auth-state';
import { ApiError } from '../providers/http-client';
import { getPersist, setPersist } from '../providers/local-settings';
import { onSessionEvent } from '../session/session-events';
import { adminCache, useServices } from '../services';
import { publicErrorKey } from '../i18n/public-messages';
import { usePublicTranslate } from '../i18n/usePublicTranslate';
import { useColourMode } from '../theme/colour-mode';
import { AuthCard } from './AuthCard';
import { Field } from './Field';
import { Notice } from './Notice';
import { markJustSignedIn } from './just-signed-in';
import { redirectTarget } from './redirect-target';
import { useRuntimeConfig } from './RuntimeConfig';

/** The widget's code loads only where a site key is configured. */
const ReCAPTCHA = lazy(() => import('react-google-recaptcha'));

export function LoginPage() {
  const { recaptchaSiteKey } = useRuntimeConfig();
  const { resolved } = useColourMode();
  const t = usePublicTranslate();
  const { authProvider } = useServices();
  const navigate = useNavigate();
  const location = useLocation();
  const captchaRef = useRef<ReCAPTCHAType>(null);
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [persist, setPersistState] = useState(getPersist);
  const [captcha, setCaptcha] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  /** The server asked for a one-time code: the field shows, and stays for every try after. */
  const [codeAsked, setCodeAsked] = useState(false);
  const [code, setCode] = useState('');

  // Already signed in (e.g. "back" after signing in): on to the page, not a second sign-in.
  const signedIn = useSyncExternalStore(subscribe, () => currentSubject() !== '');

  // Signed in in another tab of this browser: this one shares the session and goes on.
  useEffect(
    () =>
      onSessionEvent((event) => {
        if (event.type === 'signed-in') void authProvider.restoreSession();
      }),
    [authProvider],
  );

  const needsCaptcha = recaptchaSiteKey !== null;
  const canSubmit = !submitting && email.trim() !== '' && password !== '' && (!codeAsked || code.trim() !== '') && (!needsCaptcha || captcha !== null);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!canSubmit) return;
    setSubmitting(true);
    setError(null);
    setPersist(persist); // the flag is stored (default false) with every sign-in
    try {
      // authProvider.login directly rather than react-admin's useLogin, which pushes a history
      // entry of its own: the sign-in page replaces itself with the page the user asked for.
      await authProvider.login({ email: email.trim(), password, persist, captcha, ...(codeAsked && { totp: code.trim() }) });
      // "Your login has expired." and the like are over now.
      void import('react-toastify').then(({ toast }) => toast.dismiss());
      await adminCache.queryClient?.invalidateQueries({ queryKey: ['auth'] }); // identity, permissions, canAccess
      const twoFactor = getUserState().twoFactor;
      // A role requires a second factor this user has not set up: that comes before anything else.
      if (twoFactor?.required && !twoFactor.enabled) navigate('/profile', { replace: true });
      else {
        const target = redirectTarget(location.state);
        if (target === '/dashboard') markJustSignedIn();
        navigate(target, { replace: true });
      }
    } catch (failure) {
      if (failure instanceof ApiError && (failure.data as { code?: string } | null)?.code === 'TOTP_REQUIRED') {
        setCodeAsked(true);
        setError(null);
      } else {
        const known = failure instanceof ApiError ? publicErrorKey((failure.data as { code?: string } | null)?.code) : null;
        setError(known ? t(known) : failure instanceof Error && failure.message ? failure.message : t('login.failed'));
        setCode('');
      }
      // A captcha answer is good for one verification only.
      captchaRef.current?.reset();
      setCaptcha(null);
      setSubmitting(false);
    }
  }

  if (signedIn && !submitting) return <Navigate to={redirectTarget(location.state)} replace />;

  return (
    <AuthCard title={t('login.title')}>
      <Box component="form" noValidate onSubmit={onSubmit} sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
        {error && <Notice severity="error">{error}</Notice>}
        <Field
          label={t('login.email')}
          type="email"
          name="email"
          autoComplete="username"
          autoFocus
          required
          value={email}
          onChange={(event) => setEmail(event.target.value)}
        />
        <Field
          label={t('login.password')}
          type="password"
          name="password"
          autoComplete="current-password"
          required
          value={password}
          onChange={(event) => setPassword(event.target.value)}
        />
        {codeAsked && (
          <>
            <Field
              label={t('login.code')}
              name="totp"
              autoComplete="one-time-code"
              autoFocus
              required
              value={code}
              helperText={t('login.code_help')}
              onChange={(event) => setCode(event.target.value)}
            />
          </>
        )}
        {/* A native checkbox: MUI's would add its icon set to the first download. */}
        <Box component="label" sx={{ display: 'flex', alignItems: 'center', gap: 1.5, cursor: 'pointer', typography: 'body1', py: 0.5 }}>
          <Box
            component="input"
            type="checkbox"
            name="persist"
            checked={persist}
            onChange={(event: ChangeEvent<HTMLInputElement>) => {
              setPersistState(event.target.checked);
              setPersist(event.target.checked);
            }}
            sx={{ width: 20, height: 20, m: 0, ml: 1.25, accentColor: (theme) => theme.palette.primary.main, cursor: 'pointer' }}
          />
          {t('login.trust_device')}
        </Box>
        {needsCaptcha && (
          <Box sx={{ minHeight: 78 }}>
            <Suspense fallback={null}>
            <ReCAPTCHA
              ref={captchaRef}
              sitekey={recaptchaSiteKey}
              theme={resolved}
              onChange={(value) => setCaptcha(value)}
              onExpired={() => setCaptcha(null)}
              onErrored={() => setCaptcha(null)}
            />
            </Suspense>
          </Box>
        )}
        <Button type="submit" variant="contained" size="large" disabled={!canSubmit} startIcon={submitting ? <CircularProgress size={18} color="inherit" /> : undefined}>
          {t('login.submit')}
        </Button>
        <Link component={RouterLink} to="/forgot-password" sx={{ alignSelf: 'center' }}>
          {t('login.forgot')}
        </Link>
      </Box>
    </AuthCard>
  );
}
