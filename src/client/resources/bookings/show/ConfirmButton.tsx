/** Confirms a held or waitlisted booking, for those who may; the server's refusal (no seats now) is shown as it came. */
import { useTranslate } from 'react-admin';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import { Button } from '@mui/material';
import { useState } from 'react';
import type { Booking } from '../../../../shared/contract/bookings';
import { useBookingAction } from './useBookingAction';

export function ConfirmButton({ booking }: { booking: Booking }) {
  const act = useBookingAction();
  const [busy, setBusy] = useState(false);
  const translate = useTranslate();
  return (
    <Button
      size="small"
      color="success"
      startIcon={<CheckCircleIcon />}
      disabled={busy}
      onClick={async () => {
        setBusy(true);
        await act(`bookings/${encodeURIComponent(booking.id)}/confirm`, undefined, translate('bookings.page.confirmed', { reference: booking.reference }));
        setBusy(false);
      }}
    >
      {translate('bookings.page.confirm')}
    </Button>
  );
}
