/**
 * A reseller's recent webhook deliveries: which booking, when, how it went (delivered, being tried
 * again and when, failed and why), with a button to send a failed one again.
 */
import { Box, Button, Chip, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useCanAccess, useDataProvider, useNotify, useTranslate } from 'react-admin';
import { t } from '../../i18n';
import type { Reseller, WebhookDelivery } from '../../../shared/contract/resellers';
import { formatDateTime } from '../../dates';
import type { BackOfficeDataProvider } from '../../providers/data-provider';
import { LoadFailure } from '../common/LoadError';
import { RecordLines, SidewaysScroll, useIsSmallScreen } from '../common/narrow-screens';

const STATUS_COLOURS = { delivered: 'success', pending: 'warning', failed: 'error' } as const;

function outcome(delivery: WebhookDelivery): string {
  const answer = delivery.responseStatus !== null ? t('resellers.deliveries.answered', { status: delivery.responseStatus }) : delivery.error;
  if (delivery.status === 'delivered') return `${t('resellers.deliveries.answered', { status: delivery.responseStatus ?? '' })}${delivery.lastAttemptAt ? ` · ${formatDateTime(delivery.lastAttemptAt)}` : ''}`;
  if (delivery.attempts === 0) return t('resellers.deliveries.not_sent_yet');
  const tried = `${t('resellers.deliveries.attempts', { smart_count: delivery.attempts })}${answer ? t('resellers.deliveries.last', { answer }) : ''}`;
  return delivery.status === 'pending' && delivery.nextAttemptAt ? t('resellers.deliveries.next', { tried, time: formatDateTime(delivery.nextAttemptAt) }) : tried;
}

function RetryButton({ reseller, delivery }: { reseller: Reseller; delivery: WebhookDelivery }) {
  const dataProvider = useDataProvider<BackOfficeDataProvider>();
  const notify = useNotify();
  const translate = useTranslate();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const retry = async () => {
    setBusy(true);
    try {
      await dataProvider.call(`resellers/${encodeURIComponent(reseller.id)}/webhook-deliveries/${encodeURIComponent(delivery.id)}/retry`, { method: 'POST' });
      notify('resellers.deliveries.sent_again', { type: 'success' });
      await queryClient.invalidateQueries({ queryKey: ['resellers', 'deliveries', reseller.id] });
    } catch (failure) {
      notify(failure instanceof Error ? failure.message : 'resellers.deliveries.not_sent_again', { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button size="small" disabled={busy} onClick={() => void retry()}>
      {translate('resellers.deliveries.send_again')}
    </Button>
  );
}

export function Deliveries({ reseller }: { reseller: Reseller }) {
  const dataProvider = useDataProvider<BackOfficeDataProvider>();
  const { canAccess: canManage } = useCanAccess({ resource: 'resellers', action: 'edit' });
  const translate = useTranslate();
  const small = useIsSmallScreen();
  const deliveries = useQuery({
    queryKey: ['resellers', 'deliveries', reseller.id],
    // Deliveries happen on the server by themselves: the page shows them as they are whenever it opens.
    refetchOnMount: 'always',
    queryFn: ({ signal }) => dataProvider.call<{ data: WebhookDelivery[]; total: number }>(`resellers/${encodeURIComponent(reseller.id)}/webhook-deliveries?pageSize=20`, { signal }),
  });
  if (deliveries.error) return <LoadFailure error={deliveries.error} onRetry={() => deliveries.refetch()} what={translate('resellers.deliveries.the_deliveries')} />;
  if (!deliveries.data) return <Typography color="text.secondary">{translate('resellers.deliveries.loading')}</Typography>;
  const list = deliveries.data.data;
  if (list.length === 0) return <Typography color="text.secondary">{translate('resellers.deliveries.nothing_sent')}</Typography>;
  const booking = (delivery: WebhookDelivery) => <Link to={`/bookings/${encodeURIComponent(delivery.bookingId)}/show`}>{delivery.bookingReference ?? translate('resellers.deliveries.the_booking')}</Link>;
  const status = (delivery: WebhookDelivery) => <Chip size="small" label={translate(`resellers.deliveries.status.${delivery.status}`)} color={STATUS_COLOURS[delivery.status]} variant={delivery.status === 'delivered' ? 'outlined' : 'filled'} />;
  const retry = (delivery: WebhookDelivery) => canManage === true && delivery.status === 'failed' && <RetryButton reseller={reseller} delivery={delivery} />;
  const more = deliveries.data.total > list.length && <Typography variant="body2" color="text.secondary">{translate('resellers.deliveries.latest', { shown: list.length, total: deliveries.data.total })}</Typography>;
  if (small) {
    return (
      <Box>
        <RecordLines label={translate('resellers.deliveries.list')} records={list}>
          {(delivery) => (
            <>
              <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: 1 }}>
                <span>
                  {formatDateTime(delivery.createdAt)} · {booking(delivery)}
                </span>
                {status(delivery)}
              </Box>
              <Typography variant="body2" color="text.secondary">
                {outcome(delivery)}
              </Typography>
              {retry(delivery)}
            </>
          )}
        </RecordLines>
        {more}
      </Box>
    );
  }
  return (
    <Box>
      <SidewaysScroll label={translate('resellers.deliveries.list_scroll')}>
        <Table size="small" aria-label={translate('resellers.deliveries.list')}>
          <TableHead>
            <TableRow>
              <TableCell>{translate('resellers.deliveries.col_change')}</TableCell>
              <TableCell>{translate('resellers.deliveries.col_booking')}</TableCell>
              <TableCell>{translate('resellers.deliveries.col_state')}</TableCell>
              <TableCell>{translate('resellers.deliveries.col_how')}</TableCell>
              <TableCell />
            </TableRow>
          </TableHead>
          <TableBody>
            {list.map((delivery) => (
              <TableRow key={delivery.id}>
                <TableCell>{formatDateTime(delivery.createdAt)}</TableCell>
                <TableCell>{booking(delivery)}</TableCell>
                <TableCell>{status(delivery)}</TableCell>
                <TableCell>{outcome(delivery)}</TableCell>
                <TableCell align="right">{retry(delivery)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </SidewaysScroll>
      {more}
    </Box>
  );
}
