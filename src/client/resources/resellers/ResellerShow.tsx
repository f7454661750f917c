/**
 * A reseller's page: its terms, the tours it may sell, its contact and notes; its API keys (made,
 * listed, revoked); its webhook (the URL and a secret made anew, shown once); and its bookings.
 */
import ListAltIcon from '@mui/icons-material/ListAlt';
import { Alert, Box, Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, Stack, TextField, Typography } from '@mui/material';
import { useState } from 'react';
import { EditButton, Show, TopToolbar, useCanAccess, useDataProvider, useGetMany, useNotify, useRecordContext, useRefresh } from 'react-admin';
import { Link as RouterLink } from 'react-router';
import type { Reseller } from '../../../shared/contract/resellers';
import type { Tour } from '../../../shared/contract/tours';
import { formatDateTime } from '../../dates';
import type { BackOfficeDataProvider } from '../../providers/data-provider';
import { Section } from '../bookings/show/Section';
import { ActiveChip, FORM_WIDTH } from '../common/fields';
import { ShowLoadError } from '../common/LoadError';
import { ApiKeys } from './ApiKeys';
import { Deliveries } from './Deliveries';
import { DownloadButton } from '../common/DownloadButton';
import { commissionText, toursText } from './reseller-text';
import { SecretOnce } from './SecretOnce';

function WebhookSecretButton({ reseller }: { reseller: Reseller }) {
  const dataProvider = useDataProvider<BackOfficeDataProvider>();
  const notify = useNotify();
  const refresh = useRefresh();
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const [secret, setSecret] = useState<string | null>(null);
  const make = async () => {
    setBusy(true);
    try {
      const answer = await dataProvider.call<{ secret: string }>(`resellers/${encodeURIComponent(reseller.id)}/webhook-secret`, { method: 'POST' });
      setAsking(false);
      setSecret(answer.secret);
    } catch (failure) {
      notify(failure instanceof Error ? failure.message : 'No new secret was made.', { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <Button size="small" onClick={() => (reseller.hasWebhookSecret ? setAsking(true) : void make())} disabled={busy}>
        {reseller.hasWebhookSecret ? 'Make a new secret' : 'Make the webhook secret'}
      </Button>
      <Dialog open={asking} onClose={() => setAsking(false)} aria-labelledby="secret-title-ask">
        <DialogTitle id="secret-title-ask">Replace the webhook secret?</DialogTitle>
        <DialogContent>
          <DialogContentText>From now on every update is signed with the new secret: {reseller.name} must use it to check them, or it will reject them.</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setAsking(false)}>Keep the old one</Button>
          <Button variant="contained" disabled={busy} onClick={() => void make()}>
            Make a new secret
          </Button>
        </DialogActions>
      </Dialog>
      {secret && (
        <SecretOnce
          title="Webhook secret"
          label="Webhook secret"
          secret={secret}
          onClose={() => {
            setSecret(null);
            refresh();
          }}
        >
          <Typography variant="body2" color="text.secondary">
            Updates are signed as Standard Webhooks specify (headers webhook-id, webhook-timestamp and webhook-signature).
          </Typography>
        </SecretOnce>
      )}
    </>
  );
}

function Tours({ reseller }: { reseller: Reseller }) {
  const tours = useGetMany<Tour>('tours', { ids: reseller.tourIds ?? [] }, { enabled: reseller.tourIds !== null && reseller.tourIds.length > 0 });
  if (reseller.tourIds === null) return <Typography>Every published tour</Typography>;
  if (reseller.tourIds.length === 0) return <Typography color="text.secondary">No tour: it can sell nothing until one is chosen.</Typography>;
  if (tours.error) return <Typography color="error">The tours could not be loaded ({toursText(reseller)}).</Typography>;
  return (
    <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
      {(tours.data ?? []).map((tour) => (
        <li key={tour.id}>
          <RouterLink to={`/tours/${encodeURIComponent(tour.id)}/show`}>{tour.code}</RouterLink> · {tour.title}
          {tour.status !== 'published' && <Typography component="span" color="text.secondary"> (not published: not offered)</Typography>}
        </li>
      ))}
    </Box>
  );
}

/** The CSV of a month's bookings that departed, for the invoice: last month by default. */
function Statement({ reseller }: { reseller: Reseller }) {
  const [month, setMonth] = useState(() => {
    const today = new Date();
    const last = new Date(today.getFullYear(), today.getMonth() - 1, 1);
    return `${last.getFullYear()}-${String(last.getMonth() + 1).padStart(2, '0')}`;
  });
  const valid = /^\d{4}-(0[1-9]|1[0-2])$/.test(month);
  return (
    <Stack direction="row" sx={{ gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
      <TextField label="Departed in" type="month" size="small" value={month} onChange={(event) => setMonth(event.target.value)} slotProps={{ inputLabel: { shrink: true } }} error={!valid} helperText={valid ? ' ' : 'Choose a month.'} />
      {valid && <DownloadButton path={`resellers/${encodeURIComponent(reseller.id)}/statement.csv`} query={{ month }} label="Statement (CSV)" what="The statement" />}
    </Stack>
  );
}

function ResellerDetails() {
  const reseller = useRecordContext<Reseller>();
  const { canAccess: canManage } = useCanAccess({ resource: 'resellers', action: 'edit' });
  const { canAccess: canReadBookings } = useCanAccess({ resource: 'bookings', action: 'list' });
  if (!reseller) return null;
  const bookingsFilter = encodeURIComponent(JSON.stringify({ resellerId: reseller.id }));
  return (
    <Box sx={{ p: { xs: 2, sm: 3 } }}>
      <Stack direction="row" sx={{ alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        <Typography component="h2" variant="h5">
          {reseller.name}
        </Typography>
        <ActiveChip active={reseller.active} />
      </Stack>
      {!reseller.active && (
        <Alert severity="info" sx={{ mt: 2 }}>
          Inactive: its keys are refused on every call. Its bookings stay as they are.
        </Alert>
      )}
      <Typography sx={{ mt: 1 }}>
        Commission {commissionText(reseller.commissionPercent)} · {reseller.contactEmail ?? 'no contact e-mail'} · added {formatDateTime(reseller.createdAt)}
      </Typography>
      {reseller.notes && (
        <Typography color="text.secondary" sx={{ mt: 1, whiteSpace: 'pre-wrap' }}>
          {reseller.notes}
        </Typography>
      )}
      <Section title="Tours it may sell">
        <Tours reseller={reseller} />
      </Section>
      <Section title="API keys">
        <ApiKeys reseller={reseller} />
      </Section>
      <Section title="Webhook">
        <Typography sx={{ wordBreak: 'break-all' }}>{reseller.webhookUrl ?? 'No webhook URL: the reseller is not told of changes made in the office.'}</Typography>
        <Typography color="text.secondary" variant="body2">
          {reseller.hasWebhookSecret ? 'A secret signs every update.' : 'No secret yet: updates cannot be signed until one is made.'}
        </Typography>
        {canManage === true && <WebhookSecretButton reseller={reseller} />}
      </Section>
      <Section title="Recent deliveries">
        <Deliveries reseller={reseller} />
      </Section>
      <Section title="Monthly statement">
        <Statement reseller={reseller} />
      </Section>
      <Section title="Bookings">
        <Typography>{reseller.bookingCount === 1 ? '1 booking' : `${reseller.bookingCount} bookings`} made by this reseller.</Typography>
        {canReadBookings === true && (
          <Button size="small" component={RouterLink} to={`/bookings?filter=${bookingsFilter}`} startIcon={<ListAltIcon />}>
            See its bookings
          </Button>
        )}
      </Section>
    </Box>
  );
}

function ShowActions() {
  const { canAccess } = useCanAccess({ resource: 'resellers', action: 'edit' });
  return <TopToolbar>{canAccess === true && <EditButton />}</TopToolbar>;
}

export function ResellerShow() {
  return (
    // A reseller's figures (its bookings) change with its own calls, not in this app: read again whenever the page opens.
    <Show sx={FORM_WIDTH} title="Reseller" actions={<ShowActions />} queryOptions={{ onError: () => undefined, refetchOnMount: 'always' }} redirectOnError={false} error={<ShowLoadError what="This reseller" />}>
      <ResellerDetails />
    </Show>
  );
}
