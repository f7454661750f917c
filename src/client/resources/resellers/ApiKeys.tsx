/**
 * A reseller's API keys: each by its name and first characters, when it was made and last used, and
 * whether it was revoked. A new key is shown once; revoking asks first and stops the key at once.
 */
import KeyIcon from '@mui/icons-material/Key';
import { Box, Button, Chip, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, Stack, Table, TableBody, TableCell, TableHead, TableRow, TextField, Typography } from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useCanAccess, useDataProvider, useNotify } from 'react-admin';
import { RESELLER_RULES, type ApiKey, type CreatedApiKey, type Reseller } from '../../../shared/contract/resellers';
import { formatDateTime } from '../../dates';
import type { BackOfficeDataProvider } from '../../providers/data-provider';
import { fieldErrorsOf } from '../../providers/http-client';
import { LoadFailure } from '../common/LoadError';
import { RecordLines, SidewaysScroll, useIsSmallScreen } from '../common/narrow-screens';
import { SecretOnce } from './SecretOnce';

function keyState(key: ApiKey) {
  return key.revokedAt ? <Chip size="small" variant="outlined" label={`Revoked ${formatDateTime(key.revokedAt)}`} /> : <Chip size="small" color="success" label="In use" />;
}

function NewKeyButton({ reseller, onMade }: { reseller: Reseller; onMade: () => void }) {
  const dataProvider = useDataProvider<BackOfficeDataProvider>();
  const notify = useNotify();
  const [open, setOpen] = useState(false);
  const [name, setName] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [made, setMade] = useState<CreatedApiKey | null>(null);
  const create = async () => {
    if (name.trim() === '') {
      setProblem('Name the key: what it is for, such as "Booking engine".');
      return;
    }
    setBusy(true);
    try {
      const key = await dataProvider.call<CreatedApiKey>(`resellers/${encodeURIComponent(reseller.id)}/api-keys`, { method: 'POST', body: { name: name.trim() } });
      setOpen(false);
      setName('');
      setMade(key);
      onMade();
    } catch (failure) {
      notify(failure instanceof Error ? failure.message : 'The key was not made.', { type: 'error' });
      setProblem(fieldErrorsOf(failure)?.name ?? null);
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <Button size="small" startIcon={<KeyIcon />} onClick={() => setOpen(true)}>
        New API key
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} fullWidth maxWidth="xs" aria-labelledby="new-key-title">
        <DialogTitle id="new-key-title">A new API key for {reseller.name}</DialogTitle>
        <DialogContent>
          <TextField
            label="Name"
            autoFocus
            required
            fullWidth
            value={name}
            onChange={(event) => setName(event.target.value)}
            error={problem !== null}
            helperText={problem ?? 'What it is for: the reseller may have one per system'}
            slotProps={{ htmlInput: { maxLength: RESELLER_RULES.keyName.maxLength } }}
            onKeyDown={(event) => event.key === 'Enter' && void create()}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)}>Cancel</Button>
          <Button variant="contained" disabled={busy} onClick={() => void create()}>
            Make the key
          </Button>
        </DialogActions>
      </Dialog>
      {made && (
        <SecretOnce title={`API key “${made.name}”`} label="API key" secret={made.key} onClose={() => setMade(null)}>
          <Typography variant="body2" color="text.secondary">
            The reseller sends it as <code>Authorization: Bearer …</code> to <code>{`${window.location.origin}/api/octo`}</code>.
          </Typography>
        </SecretOnce>
      )}
    </>
  );
}

function RevokeButton({ reseller, apiKey, onRevoked }: { reseller: Reseller; apiKey: ApiKey; onRevoked: () => void }) {
  const dataProvider = useDataProvider<BackOfficeDataProvider>();
  const notify = useNotify();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const revoke = async () => {
    setBusy(true);
    try {
      await dataProvider.call(`resellers/${encodeURIComponent(reseller.id)}/api-keys/${encodeURIComponent(apiKey.id)}/revoke`, { method: 'POST' });
      notify(`Key “${apiKey.name}” revoked`, { type: 'success' });
      setOpen(false);
      onRevoked();
    } catch (failure) {
      notify(failure instanceof Error ? failure.message : 'The key was not revoked: it still works.', { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <Button size="small" color="error" onClick={() => setOpen(true)}>
        Revoke
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} aria-labelledby={`revoke-${apiKey.id}`}>
        <DialogTitle id={`revoke-${apiKey.id}`}>Revoke the key “{apiKey.name}”?</DialogTitle>
        <DialogContent>
          <DialogContentText>
            {reseller.name}'s calls with the key {apiKey.keyPrefix}… are refused from now on. This cannot be undone: give it a new key if it still sells.
          </DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)}>Keep it</Button>
          <Button color="error" variant="contained" disabled={busy} onClick={() => void revoke()}>
            Revoke
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}

export function ApiKeys({ reseller }: { reseller: Reseller }) {
  const dataProvider = useDataProvider<BackOfficeDataProvider>();
  const queryClient = useQueryClient();
  const { canAccess: canManage } = useCanAccess({ resource: 'resellers', action: 'edit' });
  const small = useIsSmallScreen();
  const keys = useQuery({
    // Under 'resellers': the page's refresh and every change of the reseller refetch it.
    queryKey: ['resellers', 'api-keys', reseller.id],
    // A key's last use changes with the reseller's calls, not in this screen: read again whenever the page opens.
    refetchOnMount: 'always',
    queryFn: ({ signal }) => dataProvider.call<{ data: ApiKey[] }>(`resellers/${encodeURIComponent(reseller.id)}/api-keys`, { signal }),
  });
  const changed = () => void queryClient.invalidateQueries({ queryKey: ['resellers'] });
  const actions = canManage === true && <NewKeyButton reseller={reseller} onMade={changed} />;
  if (keys.error) return <LoadFailure error={keys.error} onRetry={() => keys.refetch()} what="The API keys" />;
  if (!keys.data) return <Typography color="text.secondary">Loading…</Typography>;
  const list = keys.data.data;
  const used = (key: ApiKey) => (key.lastUsedAt ? `last used ${formatDateTime(key.lastUsedAt)}` : 'never used');
  return (
    <Box>
      {list.length === 0 ? (
        <Typography color="text.secondary" sx={{ mb: 1 }}>
          No keys yet: the reseller cannot call the OCTO API until it has one.
        </Typography>
      ) : small ? (
        <RecordLines label="API keys" records={list}>
          {(key) => (
            <>
              <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: 1 }}>
                <strong>{key.name}</strong>
                {canManage === true && !key.revokedAt ? <RevokeButton reseller={reseller} apiKey={key} onRevoked={changed} /> : keyState(key)}
              </Box>
              <Typography variant="body2" color="text.secondary">
                <code>{key.keyPrefix}…</code> · made {formatDateTime(key.createdAt)} · {used(key)}
              </Typography>
            </>
          )}
        </RecordLines>
      ) : (
        <SidewaysScroll label="API keys (scrolls sideways)">
          <Table size="small" aria-label="API keys">
            <TableHead>
              <TableRow>
                <TableCell>Name</TableCell>
                <TableCell>Key</TableCell>
                <TableCell>Made</TableCell>
                <TableCell>Last used</TableCell>
                <TableCell>State</TableCell>
                <TableCell />
              </TableRow>
            </TableHead>
            <TableBody>
              {list.map((key) => (
                <TableRow key={key.id}>
                  <TableCell>{key.name}</TableCell>
                  <TableCell>
                    <code>{key.keyPrefix}…</code>
                  </TableCell>
                  <TableCell>{formatDateTime(key.createdAt)}</TableCell>
                  <TableCell>{key.lastUsedAt ? formatDateTime(key.lastUsedAt) : 'Never'}</TableCell>
                  <TableCell>{keyState(key)}</TableCell>
                  <TableCell align="right">{canManage === true && !key.revokedAt && <RevokeButton reseller={reseller} apiKey={key} onRevoked={changed} />}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </SidewaysScroll>
      )}
      <Stack direction="row" sx={{ mt: 1 }}>
        {actions}
      </Stack>
    </Box>
  );
}
