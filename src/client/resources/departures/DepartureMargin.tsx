/**
 * What a departure made, on its page for who may read reports: revenue (its held and confirmed
 * bookings, resellers' bookings at their net), the cost of each component by its basis, and the
 * margin, in the tour's currency.
 */
import { Box, Table, TableBody, TableCell, TableFooter, TableHead, TableRow, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useCanAccess, useDataProvider, useTranslate } from 'react-admin';
import { intlLocale } from '../../i18n/language';
import type { Departure } from '../../../shared/contract/departures';
import type { DepartureMargin as Margin } from '../../../shared/contract/reports';
import { formatMinor } from '../../../shared/money';
import type { BackOfficeDataProvider } from '../../providers/data-provider';
import { LoadFailure } from '../common/LoadError';
import { SidewaysScroll } from '../common/narrow-screens';
import { BASIS_LABELS } from '../tours/component-text';

/** "23.5 %", or a dash without revenue. */
export function percentText(percent: number | null): string {
  return percent === null ? '—' : `${new Intl.NumberFormat(intlLocale(), { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(percent)} %`;
}

export function DepartureMargin({ departure }: { departure: Departure }) {
  const { canAccess } = useCanAccess({ resource: 'reports', action: 'read' });
  const dataProvider = useDataProvider<BackOfficeDataProvider>();
  const translate = useTranslate();
  const margin = useQuery({
    queryKey: ['departures', 'margin', departure.id, departure.seatsHeld, departure.seatsConfirmed],
    enabled: canAccess === true,
    queryFn: ({ signal }) => dataProvider.call<Margin>(`departures/${encodeURIComponent(departure.id)}/margin`, { signal }),
  });
  if (canAccess !== true) return null;
  return (
    <Box component="section" sx={{ px: { xs: 2, sm: 3 }, pb: 3 }} aria-labelledby="margin-title">
      <Typography component="h3" variant="h6" id="margin-title">
        {translate('departures.margin.title')}
      </Typography>
      {margin.error ? (
        <LoadFailure error={margin.error} onRetry={() => margin.refetch()} what={translate('departures.margin.the_margin')} />
      ) : !margin.data ? (
        <Typography color="text.secondary">{translate('departures.margin.loading')}</Typography>
      ) : (
        <>
          <Typography sx={{ mb: 1 }}>
            {translate('departures.margin.summary', {
              margin: formatMinor(margin.data.marginMinor, margin.data.currency),
              percent: percentText(margin.data.marginPercent),
              revenue: formatMinor(margin.data.revenueMinor, margin.data.currency),
            })}
          </Typography>
          <SidewaysScroll label={translate('departures.margin.costs_scroll')}>
            <Table size="small" aria-label={translate('departures.margin.costs')} sx={{ maxWidth: 720 }}>
              <TableHead>
                <TableRow>
                  <TableCell>{translate('departures.margin.component')}</TableCell>
                  <TableCell>{translate('departures.margin.basis')}</TableCell>
                  <TableCell align="right">{translate('departures.margin.units')}</TableCell>
                  <TableCell align="right">{translate('departures.margin.cost')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {margin.data.lines.length === 0 && (
                  <TableRow>
                    <TableCell colSpan={4}>{translate('departures.margin.no_costs')}</TableCell>
                  </TableRow>
                )}
                {margin.data.lines.map((line) => (
                  <TableRow key={line.componentId}>
                    <TableCell>{line.name}</TableCell>
                    <TableCell>{BASIS_LABELS[line.basis]}</TableCell>
                    <TableCell align="right">{line.units}</TableCell>
                    <TableCell align="right">{formatMinor(line.costMinor, margin.data.currency)}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
              <TableFooter>
                <TableRow>
                  <TableCell colSpan={3}>{translate('departures.margin.cost')}</TableCell>
                  <TableCell align="right">{formatMinor(margin.data.costMinor, margin.data.currency)}</TableCell>
                </TableRow>
              </TableFooter>
            </Table>
          </SidewaysScroll>
        </>
      )}
    </Box>
  );
}
