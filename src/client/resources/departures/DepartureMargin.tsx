/**
 * What a departure made, on its page for who may read reports: revenue (its held and confirmed
 * bookings, resellers' bookings at their net), the cost of each component by its basis, and the
 * margin, in the tour's currency.
 */
import { Box, Table, TableBody, TableCell, TableFooter, TableHead, TableRow, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useCanAccess, useDataProvider } from 'react-admin';
import type { Departure } from '../../../shared/contract/departures';
import type { DepartureMargin as Margin } from '../../../shared/contract/reports';
import { formatMinor } from '../../../shared/money';
import type { BackOfficeDataProvider } from '../../providers/data-provider';
import { LoadFailure } from '../common/LoadError';
import { SidewaysScroll } from '../common/narrow-screens';
import { BASIS_LABELS } from '../tours/component-text';

/** "23.5 %", or a dash without revenue. */
export function percentText(percent: number | null): string {
  return percent === null ? '—' : `${percent.toFixed(1)} %`;
}

export function DepartureMargin({ departure }: { departure: Departure }) {
  const { canAccess } = useCanAccess({ resource: 'reports', action: 'read' });
  const dataProvider = useDataProvider<BackOfficeDataProvider>();
  const margin = useQuery({
    queryKey: ['departures', 'margin', departure.id, departure.seatsHeld, departure.seatsConfirmed],
    enabled: canAccess === true,
    queryFn: ({ signal }) => dataProvider.call<Margin>(`departures/${encodeURIComponent(departure.id)}/margin`, { signal }),
  });
  if (canAccess !== true) return null;
  return (
    <Box component="section" sx={{ px: { xs: 2, sm: 3 }, pb: 3 }} aria-labelledby="margin-title">
      <Typography component="h3" variant="h6" id="margin-title">
        Margin
      </Typography>
      {margin.error ? (
        <LoadFailure error={margin.error} onRetry={() => margin.refetch()} what="The margin" />
      ) : !margin.data ? (
        <Typography color="text.secondary">Loading…</Typography>
      ) : (
        <>
          <Typography sx={{ mb: 1 }}>
            {formatMinor(margin.data.marginMinor, margin.data.currency)} ({percentText(margin.data.marginPercent)}) on revenue of {formatMinor(margin.data.revenueMinor, margin.data.currency)} after resellers’ commissions
          </Typography>
          <SidewaysScroll label="Costs of this departure (scrolls sideways)">
            <Table size="small" aria-label="Costs of this departure" sx={{ maxWidth: 720 }}>
              <TableHead>
                <TableRow>
                  <TableCell>Component</TableCell>
                  <TableCell>Basis</TableCell>
                  <TableCell align="right">Units</TableCell>
                  <TableCell align="right">Cost</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {margin.data.lines.length === 0 && (
                  <TableRow>
                    <TableCell colSpan={4}>No component of this tour has a cost.</TableCell>
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
                  <TableCell colSpan={3}>Cost</TableCell>
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
