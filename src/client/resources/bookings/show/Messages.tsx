/**
 * What went to the customer about this booking: each message's kind, address, when, and how it went
 * (queued, sent, failed with the reason), and a way to send a kind again. A reseller's booking has
 * none: the reseller speaks to its customers.
 */
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import { Box, Button, Chip, MenuItem, Stack, TextField, Typography } from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useCanAccess, useDataProvider, useNotify, useTranslate } from 'react-admin';
import { t } from '../../../i18n';
import type { Booking } from '../../../../shared/contract/bookings';
import { MESSAGE_KINDS, type Message, type MessageKind } from '../../../../shared/contract/messages';
import { copyText } from '../../../clipboard';
import { formatDateTime } from '../../../dates';
import type { BackOfficeDataProvider } from '../../../providers/data-provider';
import { LoadFailure } from '../../common/LoadError';

const STATUS_COLOURS = { sent: 'success', queued: 'warning', failed: 'error' } as const;

/** "Balance reminder", without what says when it goes by itself. */
const shortLabel = (kind: MessageKind) => t(`message_kind.${kind}`);

/** The kinds a booking in this state could be sent again. */
function kindsFor(booking: Booking): MessageKind[] {
  // A payment link goes from its own button, which makes the link it carries.
  return MESSAGE_KINDS.filter((kind) => kind !== 'payment_link' && kind !== 'booking_changed').filter((kind) => (kind === 'booking_cancelled' ? booking.status === 'cancelled' : kind === 'booking_confirmed' || kind === 'departure_reminder' ? booking.status === 'confirmed' : true));
}

function SendAgain({ booking }: { booking: Booking }) {
  const dataProvider = useDataProvider<BackOfficeDataProvider>();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const translate = useTranslate();
  const kinds = kindsFor(booking);
  const [kind, setKind] = useState<MessageKind>(kinds[0] ?? 'payment_received');
  const [busy, setBusy] = useState(false);
  const send = async () => {
    setBusy(true);
    try {
      await dataProvider.call(`bookings/${encodeURIComponent(booking.id)}/messages`, { method: 'POST', body: { kind } });
      notify('bookings.messages.queued_toast', { type: 'success' });
      await queryClient.invalidateQueries({ queryKey: ['bookings', 'messages', booking.id] });
    } catch (failure) {
      notify(failure instanceof Error ? failure.message : 'bookings.messages.not_sent', { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ gap: 1, alignItems: { xs: 'stretch', sm: 'center' }, mt: 1 }}>
      <TextField select size="small" label={translate('bookings.messages.send_to_customer')} value={kind} onChange={(event) => setKind(event.target.value as MessageKind)} sx={{ width: { sm: 340 }, minWidth: 0 }}>
        {kinds.map((one) => (
          <MenuItem key={one} value={one}>
            {shortLabel(one)}
          </MenuItem>
        ))}
      </TextField>
      <Button size="small" variant="outlined" disabled={busy} onClick={() => void send()} sx={{ alignSelf: { xs: 'flex-start', sm: 'center' } }}>
        {translate('bookings.messages.send_now')}
      </Button>
    </Stack>
  );
}

/** The customer's own page of the booking (the link its confirmation carries), to hand over another way. */
function CopyManageLink({ booking }: { booking: Booking }) {
  const dataProvider = useDataProvider<BackOfficeDataProvider>();
  const notify = useNotify();
  const translate = useTranslate();
  const copy = async () => {
    try {
      const { url } = await dataProvider.call<{ url: string }>(`bookings/${encodeURIComponent(booking.id)}/manage-link`);
      const done = await copyText(url);
      notify(done ? 'bookings.messages.manage_link_copied' : 'bookings.messages.manage_link_refused', { type: done ? 'info' : 'warning', messageArgs: { url } });
    } catch (failure) {
      notify(failure instanceof Error ? failure.message : 'bookings.messages.manage_link_failed', { type: 'error' });
    }
  };
  return (
    <Button size="small" startIcon={<ContentCopyIcon />} onClick={() => void copy()} sx={{ mt: 1 }}>
      {translate('bookings.messages.copy_manage_link')}
    </Button>
  );
}

export function Messages({ booking }: { booking: Booking }) {
  const dataProvider = useDataProvider<BackOfficeDataProvider>();
  const { canAccess: canSend } = useCanAccess({ resource: 'bookings', action: 'edit' });
  const translate = useTranslate();
  const messages = useQuery<Message[]>({
    queryKey: ['bookings', 'messages', booking.id],
    // Messages go out by themselves: the page shows them as they are whenever it opens, and while any is going out.
    refetchOnMount: 'always',
    refetchInterval: (query) => (query.state.data?.some((message) => message.status === 'queued') ? 3_000 : false),
    queryFn: async ({ signal }) => (await dataProvider.call<{ data: Message[] }>(`bookings/${encodeURIComponent(booking.id)}/messages`, { signal })).data,
  });
  if (booking.resellerId !== null) return <Typography color="text.secondary">{translate('bookings.messages.reseller_speaks')}</Typography>;
  return (
    <Box>
      {messages.error ? (
        <LoadFailure error={messages.error} onRetry={() => void messages.refetch()} what={translate('bookings.messages.the_messages')} />
      ) : !messages.data ? (
        <Typography color="text.secondary">{translate('bookings.messages.loading')}</Typography>
      ) : messages.data.length === 0 ? (
        <Typography color="text.secondary">{translate('bookings.messages.nothing_sent')}</Typography>
      ) : (
        <Box component="ul" sx={{ m: 0, p: 0, listStyle: 'none' }} aria-label={translate('bookings.messages.list')}>
          {messages.data.map((message) => (
            <Box component="li" key={message.id} sx={{ py: 0.75, borderBottom: 1, borderColor: 'divider' }}>
              <Stack direction="row" sx={{ gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
                <Typography component="span" sx={{ fontWeight: 500 }}>
                  {shortLabel(message.kind)}
                </Typography>
                <Chip size="small" label={translate(`bookings.messages.status.${message.status}`)} color={STATUS_COLOURS[message.status]} />
              </Stack>
              <Typography variant="body2" color="text.secondary" sx={{ wordBreak: 'break-word' }}>
                {message.status === 'sent'
                  ? translate('bookings.messages.sent_line', { to: message.to, time: formatDateTime(message.sentAt!), subject: message.subject })
                  : message.status === 'failed'
                    ? translate('bookings.messages.failed_line', { reason: message.error ? `: ${message.error}` : '', smart_count: message.attempts })
                    : translate('bookings.messages.queued_line', { time: formatDateTime(message.createdAt), last: message.error ? translate('bookings.messages.last_attempt', { error: message.error }) : '' })}
              </Typography>
            </Box>
          ))}
        </Box>
      )}
      {canSend === true && booking.contact.email.trim() !== '' && <SendAgain booking={booking} />}
      {canSend === true && <CopyManageLink booking={booking} />}
    </Box>
  );
}
