/** The booking's history from the audit log, oldest first. */
import { Box, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useDataProvider, useTranslate } from 'react-admin';
import { type Booking, type TimelineEntry } from '../../../../shared/contract/bookings';
import { formatDateTime } from '../../../dates';
import type { BackOfficeDataProvider } from '../../../providers/data-provider';
import { LoadFailure } from '../../common/LoadError';
import { timelineDetail, timelineLabel } from './timeline-text';

export function Timeline({ booking }: { booking: Booking }) {
  const dataProvider = useDataProvider<BackOfficeDataProvider>();
  const translate = useTranslate();
  const timeline = useQuery({
    queryKey: ['bookings', 'timeline', booking.id],
    queryFn: ({ signal }) => dataProvider.call<{ data: TimelineEntry[] }>(`bookings/${encodeURIComponent(booking.id)}/timeline`, { signal }),
  });
  if (timeline.error) return <LoadFailure error={timeline.error} onRetry={() => timeline.refetch()} what={translate('bookings.timeline.the_history')} />;
  if (!timeline.data) return <Typography color="text.secondary">{translate('bookings.timeline.loading')}</Typography>;
  return (
    <Box component="ol" sx={{ listStyle: 'none', p: 0, m: 0, borderLeft: 2, borderColor: 'divider' }}>
      {timeline.data.data.map((entry, index) => (
        <Box component="li" key={`${entry.at}-${index}`} sx={{ pl: 2, pb: 1.5, position: 'relative' }}>
          <Typography variant="body2">
            <strong>{timelineLabel(entry.action)}</strong> {timelineDetail(entry, booking)}
          </Typography>
          <Typography variant="caption" color="text.secondary">
            {formatDateTime(entry.at)} · {entry.actorName ?? translate('bookings.timeline.automatically')}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}
