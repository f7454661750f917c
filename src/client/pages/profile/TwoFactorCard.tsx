/**
 * Two-factor sign-in on My profile: set up with an authenticator app (a QR code of the secret, or
 * the key typed by hand, then a code it shows), the ten recovery codes shown once to copy or save,
 * and turning it off with the password (not while a role requires it). A user whose role requires
 * it and who has none lands here after signing in and can go nowhere else until it is on.
 */
import { Alert, Box, Button, Card, CardContent, Stack, TextField, Typography } from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, type FormEvent } from 'react';
import { useDataProvider, useNotify, useTranslate } from 'react-admin';
import { apiPaths } from '../../../shared/api-paths';
import { getUserState, setUserState } from '../../providers/auth-state';
import type { BackOfficeDataProvider } from '../../providers/data-provider';
import { copyText } from '../../clipboard';
import { fieldErrorsOf } from '../../providers/http-client';
import { LoadFailure } from '../../resources/common/LoadError';

interface State {
  enabled: boolean;
  required: boolean;
  recoveryCodesLeft: number;
}

/** The secret's otpauth:// address as an SVG QR code (the library loads with the set-up only). */
function QrCode({ text }: { text: string }) {
  const [svg, setSvg] = useState<string | null>(null);
  const translate = useTranslate();
  useEffect(() => {
    let live = true;
    void import('qrcode').then(({ default: QRCode }) => QRCode.toString(text, { type: 'svg', errorCorrectionLevel: 'M', margin: 1 })).then((made) => live && setSvg(made));
    return () => {
      live = false;
    };
  }, [text]);
  if (!svg) return <Box sx={{ width: 200, height: 200 }} aria-busy />;
  return <Box component="img" src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`} alt={translate('two_factor.qr_alt')} sx={{ width: 200, height: 200, bgcolor: 'common.white', p: 1, borderRadius: 1 }} />;
}

function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const notify = useNotify();
  const translate = useTranslate();
  const text = `${translate('two_factor.codes_file')}\n\n${codes.join('\n')}\n`;
  return (
    <Stack spacing={1.5}>
      <Alert severity="success">{translate('two_factor.is_on')}</Alert>
      <Typography>{translate('two_factor.keep_codes')}</Typography>
      <Box component="ol" aria-label={translate('two_factor.recovery_codes')} sx={{ fontFamily: 'monospace', fontSize: 16, columns: 2, m: 0, pl: 4 }}>
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </Box>
      <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap' }}>
        <Button
          variant="outlined"
          onClick={() =>
            void copyText(text).then((copied) =>
              copied ? notify(translate('two_factor.copied'), { type: 'success' }) : notify(translate('two_factor.not_copied'), { type: 'error' }),
            )
          }
        >
          {translate('two_factor.copy')}
        </Button>
        <Button variant="outlined" href={`data:text/plain;charset=utf-8,${encodeURIComponent(text)}`} download="recovery-codes.txt">
          {translate('two_factor.download')}
        </Button>
        <Button variant="contained" onClick={onDone}>
          {translate('two_factor.saved_them')}
        </Button>
      </Stack>
    </Stack>
  );
}

function SetUp({ onEnabled }: { onEnabled: (codes: string[]) => void }) {
  const dataProvider = useDataProvider<BackOfficeDataProvider>();
  const notify = useNotify();
  const translate = useTranslate();
  const [offer, setOffer] = useState<{ secret: string; otpauthUrl: string } | null>(null);
  const [code, setCode] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function start() {
    setBusy(true);
    try {
      setOffer(await dataProvider.call<{ secret: string; otpauthUrl: string }>(`${apiPaths.twoFactor}/setup`, { method: 'POST' }));
    } catch (error) {
      notify(error instanceof Error ? error.message : translate('two_factor.could_not_start'), { type: 'error' });
    } finally {
      setBusy(false);
    }
  }

  async function confirm(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setProblem(null);
    try {
      const { recoveryCodes } = await dataProvider.call<{ recoveryCodes: string[] }>(`${apiPaths.twoFactor}/enable`, { method: 'POST', body: { code: code.replace(/\s/g, '') } });
      onEnabled(recoveryCodes);
    } catch (error) {
      const fields = fieldErrorsOf(error);
      setProblem(fields?.code ? translate('two_factor.code_wrong', { problem: fields.code }) : error instanceof Error ? error.message : translate('two_factor.could_not_turn_on'));
    } finally {
      setBusy(false);
    }
  }

  if (!offer) {
    return (
      <Button variant="contained" onClick={() => void start()} disabled={busy} sx={{ alignSelf: 'flex-start' }}>
        {translate('two_factor.set_up')}
      </Button>
    );
  }
  const grouped = offer.secret.replace(/(.{4})/g, '$1 ').trim();
  return (
    <Stack component="form" spacing={2} onSubmit={confirm} noValidate>
      <Typography>{translate('two_factor.step_scan')}</Typography>
      <QrCode text={offer.otpauthUrl} />
      <Typography variant="body2" color="text.secondary">
        {translate('two_factor.no_camera')}{' '}
        <Box component="span" sx={{ fontFamily: 'monospace', overflowWrap: 'anywhere' }}>
          {grouped}
        </Box>
      </Typography>
      <Typography>{translate('two_factor.step_code')}</Typography>
      <TextField
        label={translate('two_factor.code_from_app')}
        value={code}
        onChange={(event) => setCode(event.target.value)}
        autoComplete="one-time-code"
        fullWidth={false}
        sx={{ '&&': { width: 220 } }}
        slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 7 } }}
        error={problem !== null}
        helperText={problem ?? ' '}
      />
      <Button type="submit" variant="contained" disabled={busy || code.replace(/\s/g, '').length !== 6} sx={{ alignSelf: 'flex-start' }}>
        {translate('two_factor.turn_on')}
      </Button>
    </Stack>
  );
}

function TurnOff({ required, onOff }: { required: boolean; onOff: () => void }) {
  const dataProvider = useDataProvider<BackOfficeDataProvider>();
  const notify = useNotify();
  const translate = useTranslate();
  const [asking, setAsking] = useState(false);
  const [password, setPassword] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  if (required) return <Typography color="text.secondary">{translate('two_factor.stays_on')}</Typography>;
  if (!asking) {
    return (
      <Button variant="outlined" color="error" onClick={() => setAsking(true)} sx={{ alignSelf: 'flex-start' }}>
        {translate('two_factor.turn_off')}
      </Button>
    );
  }
  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setProblem(null);
    try {
      await dataProvider.call(`${apiPaths.twoFactor}/disable`, { method: 'POST', body: { password } });
      notify(translate('two_factor.is_off_now'), { type: 'success' });
      onOff();
    } catch (error) {
      const fields = fieldErrorsOf(error);
      setProblem(fields?.password ? translate('two_factor.password_wrong', { problem: fields.password }) : error instanceof Error ? error.message : translate('two_factor.could_not_turn_off'));
    } finally {
      setBusy(false);
    }
  }
  return (
    <Stack component="form" spacing={1.5} onSubmit={submit} noValidate>
      <TextField
        label={translate('two_factor.your_password')}
        type="password"
        autoComplete="current-password"
        value={password}
        onChange={(event) => setPassword(event.target.value)}
        fullWidth={false}
        sx={{ '&&': { width: { xs: '100%', sm: 320 } } }}
        error={problem !== null}
        helperText={problem ?? translate('two_factor.password_help')}
      />
      <Stack direction="row" sx={{ gap: 1 }}>
        <Button type="submit" variant="contained" color="error" disabled={busy || password === ''}>
          {translate('two_factor.turn_off_confirm')}
        </Button>
        <Button onClick={() => setAsking(false)}>{translate('two_factor.keep_on')}</Button>
      </Stack>
    </Stack>
  );
}

export function TwoFactorCard() {
  const dataProvider = useDataProvider<BackOfficeDataProvider>();
  const queryClient = useQueryClient();
  const state = useQuery({ queryKey: ['auth', 'two-factor'], queryFn: ({ signal }) => dataProvider.call<State>(apiPaths.twoFactor, { signal }) });
  const [codes, setCodes] = useState<string[] | null>(null);
  const translate = useTranslate();

  const changed = async (enabled: boolean) => {
    const current = getUserState();
    setUserState({ ...current, twoFactor: { enabled, required: current.twoFactor?.required ?? false } });
    await queryClient.invalidateQueries({ queryKey: ['auth', 'two-factor'] });
  };

  return (
    <Card id="two-factor">
      <CardContent>
        <Stack spacing={2}>
          <Typography component="h2" variant="h6">
            {translate('two_factor.title')}
          </Typography>
          {state.error ? (
            <LoadFailure error={state.error} onRetry={() => state.refetch()} what={translate('two_factor.title')} />
          ) : !state.data ? (
            <Typography color="text.secondary">{translate('two_factor.loading')}</Typography>
          ) : codes ? (
            <RecoveryCodes codes={codes} onDone={() => setCodes(null)} />
          ) : state.data.enabled ? (
            <>
              <Typography>{translate('two_factor.on', { left: state.data.recoveryCodesLeft })}</Typography>
              <TurnOff required={state.data.required} onOff={() => void changed(false)} />
            </>
          ) : (
            <>
              {state.data.required ? (
                <Alert severity="warning">{translate('two_factor.required')}</Alert>
              ) : (
                <Typography color="text.secondary">{translate('two_factor.off')}</Typography>
              )}
              <SetUp
                onEnabled={(recoveryCodes) => {
                  setCodes(recoveryCodes);
                  void changed(true);
                }}
              />
            </>
          )}
        </Stack>
      </CardContent>
    </Card>
  );
}
