/** The booking page's toolbar: amend, and the voucher of a confirmed booking. */
import PictureAsPdfIcon from '@mui/icons-material/PictureAsPdf';
import SwapHorizIcon from '@mui/icons-material/SwapHoriz';
import { Button } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import { EditButton, TopToolbar, useCanAccess, useRecordContext, useTranslate } from 'react-admin';
import type { Booking } from '../../../../shared/contract/bookings';
import { DownloadButton } from '../../common/DownloadButton';
import { CancelBookingButton } from './CancelBookingButton';
import { ConfirmButton } from './ConfirmButton';
import { RecordPaymentButton } from './RecordPaymentButton';
import { SendPaymentLinkButton } from './PaymentLinks';
import { useRuntimeConfig } from '../../../auth/RuntimeConfig';
import { useSeesMoney } from '../../common/sees-money';

export function ShowActions() {
  const booking = useRecordContext<Booking>();
  const { canAccess: canUpdate } = useCanAccess({ resource: 'bookings', action: 'edit' });
  const { canAccess: canCancel } = useCanAccess({ resource: 'bookings', action: 'cancel' });
  const { canAccess: canPay } = useCanAccess({ resource: 'payments', action: 'create' });
  const { cardPayments } = useRuntimeConfig();
  const seesMoney = useSeesMoney();
  const translate = useTranslate();
  if (!booking) return <TopToolbar />;
  const active = booking.status === 'held' || booking.status === 'confirmed' || booking.status === 'waitlisted';
  return (
    <TopToolbar sx={{ flexWrap: 'wrap' }}>
      {/* The customer's paper: only a confirmed booking has one. It prints the prices: not for a role that sees no money. */}
      {seesMoney && booking.status === 'confirmed' && <DownloadButton path={`bookings/${encodeURIComponent(booking.id)}/voucher.pdf`} label={translate('bookings.page.voucher')} what={translate('bookings.page.the_voucher')} icon={<PictureAsPdfIcon />} />}
      {/* A reseller's test booking takes no money (the server refuses it): no button offers it. */}
      {canPay === true && !booking.testMode && booking.status !== 'expired' && (booking.balanceMinor !== 0 || booking.paidMinor > 0) && <RecordPaymentButton booking={booking} />}
      {canPay === true && !booking.testMode && cardPayments && (booking.status === 'held' || booking.status === 'confirmed') && booking.balanceMinor > 0 && <SendPaymentLinkButton booking={booking} />}
      {canUpdate === true && (booking.status === 'held' || booking.status === 'waitlisted') && <ConfirmButton booking={booking} />}
      {canCancel === true && active && <CancelBookingButton booking={booking} />}
      {canUpdate === true && (booking.status === 'held' || booking.status === 'confirmed') && (
        <Button size="small" component={RouterLink} to={`/bookings/${encodeURIComponent(booking.id)}/change`} startIcon={<SwapHorizIcon />}>
          {translate('bookings.page.move_or_change')}
        </Button>
      )}
      {canUpdate === true && <EditButton label="bookings.page.amend" />}
    </TopToolbar>
  );
}
