/**
 * The margins report: what each departure over a range of dates made (revenue after resellers'
 * commissions, less the components' costs), sortable, with the totals per currency over the whole
 * range; money is never added across currencies.
 */
import { Box, Card, CardContent, MenuItem, Stack, Table, TableBody, TableCell, TableHead, TablePagination, TableRow, TableSortLabel, TextField, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, Title, useDataProvider, useTranslate } from 'react-admin';
import { useSearchParams } from 'react-router';
import { MARGIN_SORT_FIELDS, type Margins } from '../../../shared/contract/reports';
import { addDays } from '../../../shared/local-time';
import { formatMinor } from '../../../shared/money';
import type { BackOfficeDataProvider } from '../../providers/data-provider';
import { LoadFailure } from '../../resources/common/LoadError';
import { SidewaysScroll } from '../../resources/common/narrow-screens';
import { percentText } from '../../resources/departures/DepartureMargin';
import { localDate, todayOnThisCalendar } from '../../resources/departures/departure-text';

type SortField = (typeof MARGIN_SORT_FIELDS)[number];
const DATE = /^\d{4}-\d{2}-\d{2}$/;
/** The table's columns; `label` is the column's key under margins.column. */
const COLUMNS: { field: SortField | null; label: string; numeric: boolean }[] = [
  { field: 'startDate', label: 'startDate', numeric: false },
  { field: null, label: 'tour', numeric: false },
  { field: null, label: 'seats', numeric: true },
  { field: 'revenueMinor', label: 'revenueMinor', numeric: true },
  { field: null, label: 'cost', numeric: true },
  { field: 'marginMinor', label: 'marginMinor', numeric: true },
  { field: 'marginPercent', label: 'marginPercent', numeric: true },
];

export default function MarginsPage() {
  const dataProvider = useDataProvider<BackOfficeDataProvider>();
  const [params, setParams] = useSearchParams();
  const translate = useTranslate();
  const today = todayOnThisCalendar();
  const from = DATE.test(params.get('from') ?? '') ? params.get('from')! : addDays(today, -30);
  const to = DATE.test(params.get('to') ?? '') ? params.get('to')! : addDays(today, 60);
  const currency = /^[A-Z]{3}$/.test(params.get('currency') ?? '') ? params.get('currency')! : '';
  const [sort, setSort] = useState<{ field: SortField; order: 'ASC' | 'DESC' }>({ field: 'startDate', order: 'ASC' });
  const [page, setPage] = useState(0);
  const [pageSize, setPageSize] = useState(25);
  const set = (name: string, value: string) => {
    const next = new URLSearchParams(params);
    if (value) next.set(name, value);
    else next.delete(name);
    setParams(next, { replace: true });
    setPage(0);
  };
  const margins = useQuery({
    queryKey: ['reports', 'margins', from, to, currency, sort, page, pageSize],
    queryFn: ({ signal }) => {
      const query = new URLSearchParams({ from, to, sort: sort.field, order: sort.order, page: String(page + 1), pageSize: String(pageSize), ...(currency ? { currency } : {}) });
      return dataProvider.call<Margins>(`reports/margins?${query.toString()}`, { signal });
    },
    placeholderData: (previous) => previous,
  });
  const sortBy = (field: SortField) => {
    setSort((current) => ({ field, order: current.field === field && current.order === 'ASC' ? 'DESC' : 'ASC' }));
    setPage(0);
  };
  return (
    <Box sx={{ p: { xs: 1, sm: 2 } }}>
      <Title title={translate('margins.title')} />
      <Typography component="h2" variant="h5" sx={{ mb: 2 }}>
        {translate('margins.heading')}
      </Typography>
      <Stack direction="row" sx={{ gap: 2, flexWrap: 'wrap', mb: 2 }}>
        <TextField type="date" size="small" label={translate('margins.from')} value={from} onChange={(event) => set('from', event.target.value)} slotProps={{ inputLabel: { shrink: true } }} fullWidth={false} sx={{ width: 180 }} />
        <TextField type="date" size="small" label={translate('margins.to')} value={to} onChange={(event) => set('to', event.target.value)} slotProps={{ inputLabel: { shrink: true } }} fullWidth={false} sx={{ width: 180 }} />
        <TextField select size="small" label={translate('margins.currency')} value={currency} onChange={(event) => set('currency', event.target.value)} fullWidth={false} sx={{ width: 180 }}>
          <MenuItem value="">{translate('margins.every_currency')}</MenuItem>
          {(margins.data?.totals ?? []).map((total) => (
            <MenuItem key={total.currency} value={total.currency}>
              {total.currency}
            </MenuItem>
          ))}
          {currency && !(margins.data?.totals ?? []).some((total) => total.currency === currency) && <MenuItem value={currency}>{currency}</MenuItem>}
        </TextField>
      </Stack>
      {margins.error ? (
        <LoadFailure error={margins.error} onRetry={() => margins.refetch()} what={translate('margins.the_margins')} />
      ) : !margins.data ? (
        <Typography color="text.secondary">{translate('margins.loading')}</Typography>
      ) : (
        <>
          <Stack direction="row" sx={{ gap: 2, flexWrap: 'wrap', mb: 2 }} component="section" aria-label={translate('margins.totals')}>
            {margins.data.totals.length === 0 && <Typography color="text.secondary">{translate('margins.none', { from: localDate(from), to: localDate(to) })}</Typography>}
            {margins.data.totals.map((total) => (
              <Card key={total.currency} variant="outlined" sx={{ minWidth: 220 }}>
                <CardContent>
                  <Typography variant="overline">
                    {total.currency} · {translate('margins.departures', { smart_count: total.departures })}
                  </Typography>
                  <Typography variant="h6">{formatMinor(total.marginMinor, total.currency)}</Typography>
                  <Typography variant="body2" color="text.secondary">
                    {translate('margins.revenue_cost', { revenue: formatMinor(total.revenueMinor, total.currency), cost: formatMinor(total.costMinor, total.currency) })}
                  </Typography>
                </CardContent>
              </Card>
            ))}
          </Stack>
          {margins.data.total > 0 && (
            <>
              <SidewaysScroll label={translate('margins.table_scroll')}>
                <Table size="small" aria-label={translate('margins.heading')}>
                  <TableHead>
                    <TableRow>
                      {COLUMNS.map((column) => (
                        <TableCell key={column.label} align={column.numeric ? 'right' : 'left'} sx={{ whiteSpace: 'nowrap' }} sortDirection={column.field !== null && sort.field === column.field ? (sort.order === 'ASC' ? 'asc' : 'desc') : false}>
                          {column.field === null ? (
                            translate(`margins.column.${column.label}`)
                          ) : (
                            <TableSortLabel active={sort.field === column.field} direction={sort.field === column.field && sort.order === 'DESC' ? 'desc' : 'asc'} onClick={() => sortBy(column.field!)}>
                              {translate(`margins.column.${column.label}`)}
                            </TableSortLabel>
                          )}
                        </TableCell>
                      ))}
                    </TableRow>
                  </TableHead>
                  <TableBody>
                    {margins.data.data.map((row) => (
                      <TableRow key={row.departureId}>
                        <TableCell sx={{ whiteSpace: 'nowrap' }}>
                          <Link to={`/departures/${encodeURIComponent(row.departureId)}/show`}>
                            {localDate(row.startDate)}, {row.startTime}
                          </Link>
                          {row.status === 'cancelled' && (
                            <Typography variant="body2" color="text.secondary">
                              {translate('margins.cancelled')}
                            </Typography>
                          )}
                        </TableCell>
                        <TableCell>
                          {row.tourCode} · {row.tourTitle}
                        </TableCell>
                        <TableCell align="right">{row.seats}</TableCell>
                        <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                          {formatMinor(row.revenueMinor, row.currency)}
                        </TableCell>
                        <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                          {formatMinor(row.costMinor, row.currency)}
                        </TableCell>
                        <TableCell align="right" sx={{ whiteSpace: 'nowrap', color: row.marginMinor < 0 ? 'error.main' : undefined }}>
                          {formatMinor(row.marginMinor, row.currency)}
                        </TableCell>
                        <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                          {percentText(row.marginPercent)}
                        </TableCell>
                      </TableRow>
                    ))}
                  </TableBody>
                </Table>
              </SidewaysScroll>
              <TablePagination
                component="div"
                count={margins.data.total}
                page={page}
                onPageChange={(_event, next) => setPage(next)}
                rowsPerPage={pageSize}
                rowsPerPageOptions={[25, 50, 100]}
                labelRowsPerPage={translate('ra.navigation.page_rows_per_page')}
                labelDisplayedRows={({ from: first, to: last, count }) => translate('ra.navigation.page_range_info', { offsetBegin: first, offsetEnd: last, total: count })}
                onRowsPerPageChange={(event) => {
                  setPageSize(Number(event.target.value));
                  setPage(0);
                }}
              />
            </>
          )}
        </>
      )}
    </Box>
  );
}
