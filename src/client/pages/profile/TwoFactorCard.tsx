/**
 * Two-factor sign-in on My profile: set up with an authenticator app (a QR code of the secret, or
 * the key typed by hand, then a code it shows), the ten recovery codes shown once to copy or save,
 * and turning it off with the password (not while a role requires it). A user whose role requires
 * it and who has none lands here after signing in and can go nowhere else until it is on.
 */
import { Alert, Box, Button, Card, CardContent, Stack, TextField, Typography } from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, type FormEvent } from 'react';
import { useDataProvider, useNotify } from 'react-admin';
import { apiPaths } from '../../../shared/api-paths';
import { getUserState, setUserState } from '../../providers/auth-state';
import type { BackOfficeDataProvider } from '../../providers/data-provider';
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
  useEffect(() => {
    let live = true;
    void import('qrcode').then(({ default: QRCode }) => QRCode.toString(text, { type: 'svg', errorCorrectionLevel: 'M', margin: 1 })).then((made) => live && setSvg(made));
    return () => {
      live = false;
    };
  }, [text]);
  if (!svg) return <Box sx={{ width: 200, height: 200 }} aria-busy />;
  return <Box component="img" src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`} alt="QR code of the secret for an authenticator app" sx={{ width: 200, height: 200, bgcolor: 'common.white', p: 1, borderRadius: 1 }} />;
}

function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const notify = useNotify();
  const text = `Travel Back Office recovery codes (each signs in once)\n\n${codes.join('\n')}\n`;
  return (
    <Stack spacing={1.5}>
      <Alert severity="success">Two-factor sign-in is on.</Alert>
      <Typography>
        Keep these recovery codes somewhere safe, apart from your phone. Each signs in once in place of a code from the app, if the phone is lost. They are shown only now.
      </Typography>
      <Box component="ol" aria-label="Recovery codes" sx={{ fontFamily: 'monospace', fontSize: 16, columns: 2, m: 0, pl: 4 }}>
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </Box>
      <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap' }}>
        <Button
          variant="outlined"
          onClick={() =>
            navigator.clipboard.writeText(text).then(
              () => notify('The recovery codes are copied.', { type: 'success' }),
              () => notify('The codes could not be copied: select them and copy by hand.', { type: 'error' }),
            )
          }
        >
          Copy
        </Button>
        <Button variant="outlined" href={`data:text/plain;charset=utf-8,${encodeURIComponent(text)}`} download="recovery-codes.txt">
          Download
        </Button>
        <Button variant="contained" onClick={onDone}>
          I have saved them
        </Button>
      </Stack>
    </Stack>
  );
}

function SetUp({ onEnabled }: { onEnabled: (codes: string[]) => void }) {
  const dataProvider = useDataProvider<BackOfficeDataProvider>();
  const notify = useNotify();
  const [offer, setOffer] = useState<{ secret: string; otpauthUrl: string } | null>(null);
  const [code, setCode] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function start() {
    setBusy(true);
    try {
      setOffer(await dataProvider.call<{ secret: string; otpauthUrl: string }>(`${apiPaths.twoFactor}/setup`, { method: 'POST' }));
    } catch (error) {
      notify(error instanceof Error ? error.message : 'The set-up could not start.', { type: 'error' });
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
      setProblem(fields?.code ? `That ${fields.code}: check the phone’s clock and type the code the app shows now.` : error instanceof Error ? error.message : 'It could not be turned on.');
    } finally {
      setBusy(false);
    }
  }

  if (!offer) {
    return (
      <Button variant="contained" onClick={() => void start()} disabled={busy} sx={{ alignSelf: 'flex-start' }}>
        Set up two-factor sign-in
      </Button>
    );
  }
  const grouped = offer.secret.replace(/(.{4})/g, '$1 ').trim();
  return (
    <Stack component="form" spacing={2} onSubmit={confirm} noValidate>
      <Typography>1. Scan this QR code with an authenticator app (Google Authenticator, Microsoft Authenticator, 1Password, Bitwarden…).</Typography>
      <QrCode text={offer.otpauthUrl} />
      <Typography variant="body2" color="text.secondary">
        No camera? Type this key into the app instead (time-based, 6 digits):{' '}
        <Box component="span" sx={{ fontFamily: 'monospace', overflowWrap: 'anywhere' }}>
          {grouped}
        </Box>
      </Typography>
      <Typography>2. Type the 6-digit code the app shows for this account.</Typography>
      <TextField
        label="Code from the app"
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
        Turn on
      </Button>
    </Stack>
  );
}

function TurnOff({ required, onOff }: { required: boolean; onOff: () => void }) {
  const dataProvider = useDataProvider<BackOfficeDataProvider>();
  const notify = useNotify();
  const [asking, setAsking] = useState(false);
  const [password, setPassword] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  if (required) return <Typography color="text.secondary">A role of yours requires two-factor sign-in, so it stays on. An administrator can reset it if your phone is lost.</Typography>;
  if (!asking) {
    return (
      <Button variant="outlined" color="error" onClick={() => setAsking(true)} sx={{ alignSelf: 'flex-start' }}>
        Turn off
      </Button>
    );
  }
  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setProblem(null);
    try {
      await dataProvider.call(`${apiPaths.twoFactor}/disable`, { method: 'POST', body: { password } });
      notify('Two-factor sign-in is off: your password alone signs you in.', { type: 'success' });
      onOff();
    } catch (error) {
      const fields = fieldErrorsOf(error);
      setProblem(fields?.password ? `The password ${fields.password}.` : error instanceof Error ? error.message : 'It could not be turned off.');
    } finally {
      setBusy(false);
    }
  }
  return (
    <Stack component="form" spacing={1.5} onSubmit={submit} noValidate>
      <TextField
        label="Your password"
        type="password"
        autoComplete="current-password"
        value={password}
        onChange={(event) => setPassword(event.target.value)}
        fullWidth={false}
        sx={{ '&&': { width: { xs: '100%', sm: 320 } } }}
        error={problem !== null}
        helperText={problem ?? 'To turn it off, your password again.'}
      />
      <Stack direction="row" sx={{ gap: 1 }}>
        <Button type="submit" variant="contained" color="error" disabled={busy || password === ''}>
          Turn off two-factor sign-in
        </Button>
        <Button onClick={() => setAsking(false)}>Keep it on</Button>
      </Stack>
    </Stack>
  );
}

export function TwoFactorCard() {
  const dataProvider = useDataProvider<BackOfficeDataProvider>();
  const queryClient = useQueryClient();
  const state = useQuery({ queryKey: ['auth', 'two-factor'], queryFn: ({ signal }) => dataProvider.call<State>(apiPaths.twoFactor, { signal }) });
  const [codes, setCodes] = useState<string[] | null>(null);

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
            Two-factor sign-in
          </Typography>
          {state.error ? (
            <LoadFailure error={state.error} onRetry={() => state.refetch()} what="Two-factor sign-in" />
          ) : !state.data ? (
            <Typography color="text.secondary">Loading…</Typography>
          ) : codes ? (
            <RecoveryCodes codes={codes} onDone={() => setCodes(null)} />
          ) : state.data.enabled ? (
            <>
              <Typography>
                On: signing in needs a code from your authenticator app as well as your password. Recovery codes left: {state.data.recoveryCodesLeft} of 10.
              </Typography>
              <TurnOff required={state.data.required} onOff={() => void changed(false)} />
            </>
          ) : (
            <>
              {state.data.required ? (
                <Alert severity="warning">A role of yours requires two-factor sign-in: set it up to go on. Nothing else opens until it is on.</Alert>
              ) : (
                <Typography color="text.secondary">Off. With it on, signing in needs a code from an authenticator app on your phone as well as your password, so a stolen password alone opens nothing.</Typography>
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
