/**
 * A reseller's page: its terms, the tours it may sell, its contact and notes; its API keys (made,
 * listed, revoked); its webhook (the URL and a secret made anew, shown once); and its bookings.
 */
import './words';
import ListAltIcon from '@mui/icons-material/ListAlt';
import { Alert, Box, Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, Stack, TextField, Typography } from '@mui/material';
import { useState } from 'react';
import { EditButton, Show, TopToolbar, useCanAccess, useDataProvider, useGetMany, useNotify, useRecordContext, useRefresh, useTranslate } from 'react-admin';
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
  const translate = useTranslate();
  const make = async () => {
    setBusy(true);
    try {
      const answer = await dataProvider.call<{ secret: string }>(`resellers/${encodeURIComponent(reseller.id)}/webhook-secret`, { method: 'POST' });
      setAsking(false);
      setSecret(answer.secret);
    } catch (failure) {
      notify(failure instanceof Error ? failure.message : 'resellers.show.no_new_secret', { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <Button size="small" onClick={() => (reseller.hasWebhookSecret ? setAsking(true) : void make())} disabled={busy}>
        {translate(reseller.hasWebhookSecret ? 'resellers.show.new_secret' : 'resellers.show.make_secret')}
      </Button>
      <Dialog open={asking} onClose={() => setAsking(false)} aria-labelledby="secret-title-ask">
        <DialogTitle id="secret-title-ask">{translate('resellers.show.replace_title')}</DialogTitle>
        <DialogContent>
          <DialogContentText>{translate('resellers.show.replace_text', { name: reseller.name })}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setAsking(false)}>{translate('resellers.show.keep_old')}</Button>
          <Button variant="contained" disabled={busy} onClick={() => void make()}>
            {translate('resellers.show.new_secret')}
          </Button>
        </DialogActions>
      </Dialog>
      {secret && (
        <SecretOnce
          title={translate('resellers.show.webhook_secret')}
          label={translate('resellers.show.webhook_secret')}
          secret={secret}
          onClose={() => {
            setSecret(null);
            refresh();
          }}
        >
          <Typography variant="body2" color="text.secondary">
            {translate('resellers.show.signed_as')}
          </Typography>
        </SecretOnce>
      )}
    </>
  );
}

function Tours({ reseller }: { reseller: Reseller }) {
  const translate = useTranslate();
  const tours = useGetMany<Tour>('tours', { ids: reseller.tourIds ?? [] }, { enabled: reseller.tourIds !== null && reseller.tourIds.length > 0 });
  if (reseller.tourIds === null) return <Typography>{translate('resellers.every_tour')}</Typography>;
  if (reseller.tourIds.length === 0) return <Typography color="text.secondary">{translate('resellers.show.no_tour')}</Typography>;
  if (tours.error) return <Typography color="error">{translate('resellers.show.tours_failed', { tours: toursText(reseller) })}</Typography>;
  return (
    <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
      {(tours.data ?? []).map((tour) => (
        <li key={tour.id}>
          <RouterLink to={`/tours/${encodeURIComponent(tour.id)}/show`}>{tour.code}</RouterLink> · {tour.title}
          {tour.status !== 'published' && <Typography component="span" color="text.secondary"> {translate('resellers.show.not_published')}</Typography>}
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
  const translate = useTranslate();
  return (
    <Stack direction="row" sx={{ gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
      <TextField label={translate('resellers.show.departed_in')} type="month" size="small" value={month} onChange={(event) => setMonth(event.target.value)} slotProps={{ inputLabel: { shrink: true } }} error={!valid} helperText={valid ? ' ' : translate('resellers.show.choose_month')} />
      {valid && <DownloadButton path={`resellers/${encodeURIComponent(reseller.id)}/statement.csv`} query={{ month }} label={translate('resellers.show.statement')} what={translate('resellers.show.the_statement')} />}
    </Stack>
  );
}

function ResellerDetails() {
  const reseller = useRecordContext<Reseller>();
  const { canAccess: canManage } = useCanAccess({ resource: 'resellers', action: 'edit' });
  const { canAccess: canReadBookings } = useCanAccess({ resource: 'bookings', action: 'list' });
  const translate = useTranslate();
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
          {translate('resellers.show.inactive_text')}
        </Alert>
      )}
      <Typography sx={{ mt: 1 }}>
        {translate('resellers.show.terms', { commission: commissionText(reseller.commissionPercent), email: reseller.contactEmail ?? translate('resellers.show.no_contact'), time: formatDateTime(reseller.createdAt) })}
      </Typography>
      {reseller.notes && (
        <Typography color="text.secondary" sx={{ mt: 1, whiteSpace: 'pre-wrap' }}>
          {reseller.notes}
        </Typography>
      )}
      <Section title={translate('resellers.show.tours_it_sells')}>
        <Tours reseller={reseller} />
      </Section>
      <Section title={translate('resellers.show.api_keys')}>
        <ApiKeys reseller={reseller} />
      </Section>
      <Section title={translate('resellers.show.webhook')}>
        {/* An address may break anywhere; the sentence said without one breaks between its words. */}
        <Typography sx={reseller.webhookUrl ? { wordBreak: 'break-all' } : undefined}>{reseller.webhookUrl ?? translate('resellers.show.no_webhook')}</Typography>
        <Typography color="text.secondary" variant="body2">
          {translate(reseller.hasWebhookSecret ? 'resellers.show.has_secret' : 'resellers.show.no_secret')}
        </Typography>
        {canManage === true && <WebhookSecretButton reseller={reseller} />}
      </Section>
      <Section title={translate('resellers.show.deliveries')}>
        <Deliveries reseller={reseller} />
      </Section>
      <Section title={translate('resellers.show.monthly')}>
        <Statement reseller={reseller} />
      </Section>
      <Section title={translate('resellers.show.bookings')}>
        <Typography>{translate('resellers.show.bookings_made', { smart_count: reseller.bookingCount })}</Typography>
        {canReadBookings === true && (
          <Button size="small" component={RouterLink} to={`/bookings?filter=${bookingsFilter}`} startIcon={<ListAltIcon />}>
            {translate('resellers.show.see_bookings')}
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
  const translate = useTranslate();
  return (
    // A reseller's figures (its bookings) change with its own calls, not in this app: read again whenever the page opens.
    <Show sx={FORM_WIDTH} title={translate('resellers.show.reseller')} actions={<ShowActions />} queryOptions={{ onError: () => undefined, refetchOnMount: 'always' }} redirectOnError={false} error={<ShowLoadError what={translate('resellers.form.this_reseller')} />}>
      <ResellerDetails />
    </Show>
  );
}
