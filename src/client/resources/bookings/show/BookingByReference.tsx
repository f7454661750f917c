import { Box, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { Title, useDataProvider, useTranslate } from 'react-admin';
import type { Booking } from '../../../../shared/contract/bookings';
import type { BackOfficeDataProvider } from '../../../providers/data-provider';
import { LoadFailure } from '../../common/LoadError';

/**
 * A booking's address with its reference instead of its id (/bookings/6PC4VLQN/show, typed or
 * pasted by staff): the booking is found by its reference and the address becomes its own; an
 * unknown reference says "No booking 6PC4VLQN." with the server's words.
 */
export function BookingByReference({ reference }: { reference: string }) {
  const dataProvider = useDataProvider<BackOfficeDataProvider>();
  const navigate = useNavigate();
  const translate = useTranslate();
  const found = useQuery({
    queryKey: ['bookings', 'byReference', reference],
    queryFn: ({ signal }) => dataProvider.call<Booking>(`bookings/${encodeURIComponent(reference)}`, { signal }),
    retry: false,
  });
  useEffect(() => {
    if (found.data) navigate(`/bookings/${encodeURIComponent(found.data.id)}/show`, { replace: true });
  }, [found.data, navigate]);
  return (
    <Box>
      <Title title={translate('bookings.page.title', { reference })} />
      {found.error ? (
        <LoadFailure error={found.error} onRetry={() => found.refetch()} what={translate('bookings.page.this_booking')} />
      ) : (
        <Typography sx={{ p: 2 }} color="text.secondary">
          {translate('bookings.page.finding', { reference })}
        </Typography>
      )}
    </Box>
  );
}
