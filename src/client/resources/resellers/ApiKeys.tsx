/**
 * A reseller's API keys: each by its name and first characters, when it was made and last used, and
 * whether it was revoked. A new key is shown once; revoking asks first and stops the key at once.
 */
import KeyIcon from '@mui/icons-material/Key';
import { Box, Button, Checkbox, Chip, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, FormControlLabel, FormHelperText, Stack, Table, TableBody, TableCell, TableHead, TableRow, TextField, Typography } from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useCanAccess, useDataProvider, useNotify, useTranslate } from 'react-admin';
import { t } from '../../i18n';
import { RESELLER_RULES, type ApiKey, type CreatedApiKey, type DeletedTestBookings, type Reseller } from '../../../shared/contract/resellers';
import { formatDateTime } from '../../dates';
import type { BackOfficeDataProvider } from '../../providers/data-provider';
import { fieldErrorsOf } from '../../providers/http-client';
import { LoadFailure } from '../common/LoadError';
import { RecordLines, SidewaysScroll, useIsSmallScreen } from '../common/narrow-screens';
import { SecretOnce } from './SecretOnce';

/** The key's name, and "Test" beside a test key's. */
function KeyName({ apiKey, strong = false }: { apiKey: ApiKey; strong?: boolean }) {
  return (
    <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
      {strong ? <strong>{apiKey.name}</strong> : apiKey.name}
      {apiKey.testMode && <Chip size="small" color="warning" variant="outlined" label={t('resellers.keys.test')} />}
    </Box>
  );
}

function keyState(key: ApiKey) {
  return key.revokedAt ? <Chip size="small" variant="outlined" label={t('resellers.keys.revoked', { time: formatDateTime(key.revokedAt) })} /> : <Chip size="small" color="success" label={t('resellers.keys.in_use')} />;
}

function NewKeyButton({ reseller, onMade }: { reseller: Reseller; onMade: () => void }) {
  const dataProvider = useDataProvider<BackOfficeDataProvider>();
  const notify = useNotify();
  const [open, setOpen] = useState(false);
  const [name, setName] = useState('');
  const [testMode, setTestMode] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [made, setMade] = useState<CreatedApiKey | null>(null);
  const translate = useTranslate();
  const create = async () => {
    if (name.trim() === '') {
      setProblem(translate('resellers.keys.name_it'));
      return;
    }
    setBusy(true);
    try {
      const key = await dataProvider.call<CreatedApiKey>(`resellers/${encodeURIComponent(reseller.id)}/api-keys`, { method: 'POST', body: { name: name.trim(), testMode } });
      setOpen(false);
      setName('');
      setTestMode(false);
      setMade(key);
      onMade();
    } catch (failure) {
      notify(failure instanceof Error ? failure.message : 'resellers.keys.not_made', { type: 'error' });
      setProblem(fieldErrorsOf(failure)?.name ?? null);
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <Button size="small" startIcon={<KeyIcon />} onClick={() => setOpen(true)}>
        {translate('resellers.keys.new')}
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} fullWidth maxWidth="xs" aria-labelledby="new-key-title">
        <DialogTitle id="new-key-title">{translate('resellers.keys.new_title', { name: reseller.name })}</DialogTitle>
        <DialogContent>
          <TextField
            label={translate('resellers.keys.name')}
            autoFocus
            required
            fullWidth
            value={name}
            onChange={(event) => setName(event.target.value)}
            error={problem !== null}
            helperText={problem ?? translate('resellers.keys.name_help')}
            slotProps={{ htmlInput: { maxLength: RESELLER_RULES.keyName.maxLength } }}
            onKeyDown={(event) => event.key === 'Enter' && void create()}
          />
          <FormControlLabel sx={{ mt: 1 }} control={<Checkbox checked={testMode} onChange={(event) => setTestMode(event.target.checked)} />} label={translate('resellers.keys.test_key')} />
          <FormHelperText sx={{ mt: 0 }}>{translate('resellers.keys.test_key_help')}</FormHelperText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)}>{translate('resellers.keys.cancel')}</Button>
          <Button variant="contained" disabled={busy} onClick={() => void create()}>
            {translate('resellers.keys.make')}
          </Button>
        </DialogActions>
      </Dialog>
      {made && (
        <SecretOnce title={translate('resellers.keys.key_title', { name: made.name })} label={translate('resellers.keys.api_key')} secret={made.key} onClose={() => setMade(null)}>
          <Typography variant="body2" color="text.secondary">
            {translate('resellers.keys.sends_it', { header: 'Authorization: Bearer …', url: `${window.location.origin}/api/octo` })}
          </Typography>
          {made.testMode && (
            <Typography variant="body2" color="warning.main">
              {translate('resellers.keys.test_key_made')}
            </Typography>
          )}
        </SecretOnce>
      )}
    </>
  );
}

/**
 * A button that asks first, in a dialog, then does `act` (which says what was done); while it runs
 * the dialog's button is disabled, and a refusal is told as the server said it (`notDone` when it
 * said nothing), the dialog left open.
 */
function AskFirstButton({ id, label, colour, title, text, confirm, notDone, act }: { id: string; label: string; colour: 'error' | 'warning'; title: string; text: string; confirm: string; notDone: string; act: () => Promise<void> }) {
  const notify = useNotify();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const translate = useTranslate();
  const run = async () => {
    setBusy(true);
    try {
      await act();
      setOpen(false);
    } catch (failure) {
      notify(failure instanceof Error ? failure.message : notDone, { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <Button size="small" color={colour} onClick={() => setOpen(true)}>
        {label}
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} aria-labelledby={id}>
        <DialogTitle id={id}>{title}</DialogTitle>
        <DialogContent>
          <DialogContentText>{text}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)}>{translate('resellers.keys.keep_it')}</Button>
          <Button color="error" variant="contained" disabled={busy} onClick={() => void run()}>
            {confirm}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}

/** Deletes every booking the reseller made with a test key, after asking; says how many went. */
function DeleteTestsButton({ reseller, onDeleted }: { reseller: Reseller; onDeleted: () => void }) {
  const dataProvider = useDataProvider<BackOfficeDataProvider>();
  const notify = useNotify();
  const translate = useTranslate();
  return (
    <AskFirstButton
      id="delete-tests-title"
      label={translate('resellers.keys.delete_tests')}
      colour="warning"
      title={translate('resellers.keys.delete_tests_title', { reseller: reseller.name })}
      text={translate('resellers.keys.delete_tests_text', { smart_count: reseller.testBookingCount })}
      confirm={translate('resellers.keys.delete')}
      notDone="resellers.keys.not_deleted"
      act={async () => {
        const { deleted } = await dataProvider.call<DeletedTestBookings>(`resellers/${encodeURIComponent(reseller.id)}/test-bookings`, { method: 'DELETE' });
        if (deleted === 0) notify('resellers.keys.delete_tests_none', { type: 'info' });
        else notify('resellers.keys.delete_tests_done', { type: 'success', messageArgs: { smart_count: deleted } });
        onDeleted();
      }}
    />
  );
}

function RevokeButton({ reseller, apiKey, onRevoked }: { reseller: Reseller; apiKey: ApiKey; onRevoked: () => void }) {
  const dataProvider = useDataProvider<BackOfficeDataProvider>();
  const notify = useNotify();
  const translate = useTranslate();
  return (
    <AskFirstButton
      id={`revoke-${apiKey.id}`}
      label={translate('resellers.keys.revoke')}
      colour="error"
      title={translate('resellers.keys.revoke_title', { name: apiKey.name })}
      text={translate('resellers.keys.revoke_text', { reseller: reseller.name, prefix: apiKey.keyPrefix })}
      confirm={translate('resellers.keys.revoke')}
      notDone="resellers.keys.not_revoked"
      act={async () => {
        await dataProvider.call(`resellers/${encodeURIComponent(reseller.id)}/api-keys/${encodeURIComponent(apiKey.id)}/revoke`, { method: 'POST' });
        notify('resellers.keys.revoked_done', { type: 'success', messageArgs: { name: apiKey.name } });
        onRevoked();
      }}
    />
  );
}

export function ApiKeys({ reseller }: { reseller: Reseller }) {
  const dataProvider = useDataProvider<BackOfficeDataProvider>();
  const queryClient = useQueryClient();
  const { canAccess: canManage } = useCanAccess({ resource: 'resellers', action: 'edit' });
  const small = useIsSmallScreen();
  const translate = useTranslate();
  const keys = useQuery({
    // Under 'resellers': the page's refresh and every change of the reseller refetch it.
    queryKey: ['resellers', 'api-keys', reseller.id],
    // A key's last use changes with the reseller's calls, not in this screen: read again whenever the page opens.
    refetchOnMount: 'always',
    queryFn: ({ signal }) => dataProvider.call<{ data: ApiKey[] }>(`resellers/${encodeURIComponent(reseller.id)}/api-keys`, { signal }),
  });
  const changed = () => void queryClient.invalidateQueries({ queryKey: ['resellers'] });
  const actions = canManage === true && (
    <>
      <NewKeyButton reseller={reseller} onMade={changed} />
      {(keys.data?.data.some((key) => key.testMode) || reseller.testBookingCount > 0) && <DeleteTestsButton reseller={reseller} onDeleted={changed} />}
    </>
  );
  if (keys.error) return <LoadFailure error={keys.error} onRetry={() => keys.refetch()} what={translate('resellers.keys.the_keys')} />;
  if (!keys.data) return <Typography color="text.secondary">{translate('resellers.keys.loading')}</Typography>;
  const list = keys.data.data;
  const used = (key: ApiKey) => (key.lastUsedAt ? translate('resellers.keys.last_used', { time: formatDateTime(key.lastUsedAt) }) : translate('resellers.keys.never_used'));
  return (
    <Box>
      {list.length === 0 ? (
        <Typography color="text.secondary" sx={{ mb: 1 }}>
          {translate('resellers.keys.none_yet')}
        </Typography>
      ) : small ? (
        <RecordLines label={translate('resellers.keys.list')} records={list}>
          {(key) => (
            <>
              <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: 1 }}>
                <KeyName apiKey={key} strong />
                {canManage === true && !key.revokedAt ? <RevokeButton reseller={reseller} apiKey={key} onRevoked={changed} /> : keyState(key)}
              </Box>
              <Typography variant="body2" color="text.secondary">
                <code>{key.keyPrefix}…</code> · {translate('resellers.keys.made', { time: formatDateTime(key.createdAt) })} · {used(key)}
              </Typography>
            </>
          )}
        </RecordLines>
      ) : (
        <SidewaysScroll label={translate('resellers.keys.list_scroll')}>
          <Table size="small" aria-label={translate('resellers.keys.list')}>
            <TableHead>
              <TableRow>
                <TableCell>{translate('resellers.keys.name')}</TableCell>
                <TableCell>{translate('resellers.keys.col_key')}</TableCell>
                <TableCell>{translate('resellers.keys.col_made')}</TableCell>
                <TableCell>{translate('resellers.keys.col_last_used')}</TableCell>
                <TableCell>{translate('resellers.keys.col_state')}</TableCell>
                <TableCell />
              </TableRow>
            </TableHead>
            <TableBody>
              {list.map((key) => (
                <TableRow key={key.id}>
                  <TableCell>
                    <KeyName apiKey={key} />
                  </TableCell>
                  <TableCell>
                    <code>{key.keyPrefix}…</code>
                  </TableCell>
                  <TableCell>{formatDateTime(key.createdAt)}</TableCell>
                  <TableCell>{key.lastUsedAt ? formatDateTime(key.lastUsedAt) : translate('resellers.keys.never')}</TableCell>
                  <TableCell>{keyState(key)}</TableCell>
                  <TableCell align="right">{canManage === true && !key.revokedAt && <RevokeButton reseller={reseller} apiKey={key} onRevoked={changed} />}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </SidewaysScroll>
      )}
      <Stack direction="row" sx={{ mt: 1, flexWrap: 'wrap', gap: 1 }}>
        {actions}
      </Stack>
    </Box>
  );
}
