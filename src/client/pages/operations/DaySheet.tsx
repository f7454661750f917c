/**
 * The day sheet: every departure running on a local date (a five-day tour that started two days
 * earlier is on its day 3), with its itinerary day, travellers by category, single rooms, meals to
 * order, who is assigned and what each supplier provides that day. Printed as it stands (the
 * menu, bar and buttons are left off the paper, each departure on whole pages where it fits), and
 * as CSV: the whole sheet, or one supplier's rows to send it.
 */
import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import PrintIcon from '@mui/icons-material/Print';
import { Box, Button, Card, CardContent, GlobalStyles, IconButton, Menu, MenuItem, Stack, Table, TableBody, TableCell, TableHead, TableRow, TextField, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, Title, useCanAccess, useDataProvider, useNotify, useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router';
import { t } from '../../i18n';
import { useSearchParams } from 'react-router';
import type { DaySheet as Sheet, DaySheetDeparture } from '../../../shared/contract/operations';
import { addDays } from '../../../shared/local-time';
import type { BackOfficeDataProvider } from '../../providers/data-provider';
import { saveFile } from '../../resources/common/DownloadButton';
import { LoadFailure } from '../../resources/common/LoadError';
import { SidewaysScroll } from '../../resources/common/narrow-screens';
import { departureDays, localDate, todayOnThisCalendar } from '../../resources/departures/departure-text';
import { KIND_LABEL } from '../../resources/resources/resource-text';
import { KIND_LABELS } from '../../resources/tours/component-text';
import { travellerCounts } from './operations-text';
import { inSentence } from '../../i18n/language';

const DATE = /^\d{4}-\d{2}-\d{2}$/;

function mealsText(meals: DaySheetDeparture['meals']): string {
  const text = (['breakfast', 'lunch', 'dinner'] as const).filter((meal) => meals[meal] > 0).map((meal) => t(`day_sheet.meals.${meal}`, { smart_count: meals[meal] }));
  return text.length > 0 ? text.join(', ') : t('day_sheet.none_to_order');
}

/** Hides the app's frame on paper, and keeps a departure's block on one page where it fits. */
const PRINT_STYLES = (
  <GlobalStyles
    styles={{
      '@media print': {
        'header, nav, .RaSidebar-root, .MuiDrawer-root, .no-print': { display: 'none !important' },
        '.RaLayout-appFrame': { marginTop: '0 !important' },
        '.RaLayout-content': { padding: '0 !important' },
        '.day-sheet-departure': { breakInside: 'avoid', boxShadow: 'none !important', border: '1px solid #999' },
        body: { background: '#fff !important' },
        // Black on white whatever the screen's theme: the dark theme's light text printed pale grey.
        'body *': { color: '#000 !important', backgroundColor: 'transparent !important' },
      },
    }}
  />
);

function Departure({ departure }: { departure: DaySheetDeparture }) {
  const days = departureDays(departure);
  const translate = useTranslate();
  return (
    <Card className="day-sheet-departure" component="section" variant="outlined" aria-labelledby={`sheet-${departure.departureId}`}>
      <CardContent>
        <Typography component="h3" variant="h6" id={`sheet-${departure.departureId}`}>
          <Link to={`/departures/${encodeURIComponent(departure.departureId)}/show`}>
            {departure.tourCode} · {departure.tourTitle}
          </Link>
        </Typography>
        <Typography color="text.secondary">
          {departure.dayNumber === 1
            ? translate('day_sheet.leaves', { time: departure.startTime, zone: departure.timeZone })
            : translate('day_sheet.left', { date: localDate(departure.startDate), time: departure.startTime, zone: departure.timeZone })}
          {translate('day_sheet.day_of', { day: departure.dayNumber, days })}
          {departure.dayTitle ? `: ${departure.dayTitle}` : ''}
          {departure.status === 'closed' ? translate('day_sheet.closed') : ''}
        </Typography>
        <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'max-content auto', columnGap: 2, rowGap: 0.5, my: 1.5, '& dd': { m: 0 } }}>
          <dt>{translate('day_sheet.travellers')}</dt>
          <dd>{travellerCounts(departure.travellers)}</dd>
          <dt>{translate('day_sheet.single_rooms')}</dt>
          <dd>{departure.singleRooms}</dd>
          <dt>{translate('day_sheet.meals_label')}</dt>
          <dd>{mealsText(departure.meals)}</dd>
          <dt>{translate('day_sheet.overnight')}</dt>
          <dd>{departure.overnight ?? '—'}</dd>
          {/* Left out of the answer for a role without resources.read: no line rather than "nobody". */}
          {departure.assignments && (
            <>
              <dt>{translate('day_sheet.crew')}</dt>
              <dd>
                {departure.assignments.length === 0
                  ? translate('day_sheet.nobody')
                  : departure.assignments.map((assignment) => `${assignment.resourceName} (${inSentence(KIND_LABEL[assignment.kind])}${assignment.role ? `, ${assignment.role}` : ''})`).join(', ')}
              </dd>
            </>
          )}
        </Box>
        {departure.components.length === 0 ? (
          <Typography color="text.secondary">{translate('day_sheet.no_component')}</Typography>
        ) : (
          <SidewaysScroll label={translate('day_sheet.suppliers_scroll', { code: departure.tourCode })}>
            <Table size="small" aria-label={translate('day_sheet.suppliers', { code: departure.tourCode })}>
              <TableHead>
                <TableRow>
                  <TableCell>{translate('day_sheet.supplier')}</TableCell>
                  <TableCell>{translate('day_sheet.component')}</TableCell>
                  <TableCell align="right">{translate('day_sheet.quantity')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {departure.components.map((component) => (
                  <TableRow key={component.componentId}>
                    <TableCell>{component.supplier || '—'}</TableCell>
                    <TableCell>
                      {component.name}
                      <Typography variant="body2" color="text.secondary" component="span">
                        {' '}
                        · {KIND_LABELS[component.kind]}
                        {component.inclusion === 'optional' ? translate('day_sheet.optional_extra') : ''}
                      </Typography>
                    </TableCell>
                    <TableCell align="right">{component.quantity}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </SidewaysScroll>
        )}
      </CardContent>
    </Card>
  );
}

/** The sheet as CSV: all of it, or one supplier's rows. */
function CsvMenu({ sheet }: { sheet: Sheet }) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const dataProvider = useDataProvider<BackOfficeDataProvider>();
  const notify = useNotify();
  const translate = useTranslate();
  const suppliers = [...new Set(sheet.departures.flatMap((departure) => departure.components.map((component) => component.supplier.trim())).filter(Boolean))].sort((a, b) => a.localeCompare(b));
  const download = async (supplier?: string) => {
    setAnchor(null);
    try {
      saveFile(await dataProvider.download('operations/day.csv', { date: sheet.date, supplier }));
    } catch (error) {
      notify('day_sheet.csv_failed', { type: 'error', messageArgs: { reason: error instanceof Error ? error.message : translate('day_sheet.request_failed') } });
    }
  };
  return (
    <>
      <Button size="small" onClick={(event) => setAnchor(event.currentTarget)} aria-haspopup="menu" aria-controls={anchor ? 'csv-menu' : undefined}>
        CSV
      </Button>
      <Menu id="csv-menu" anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        <MenuItem onClick={() => void download()}>{translate('day_sheet.whole_day')}</MenuItem>
        {suppliers.map((supplier) => (
          <MenuItem key={supplier} onClick={() => void download(supplier)}>
            {translate('day_sheet.for_supplier', { supplier })}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}

export default function DaySheetPage() {
  const [params, setParams] = useSearchParams();
  const asked = params.get('date');
  const date = asked && DATE.test(asked) ? asked : todayOnThisCalendar();
  const dataProvider = useDataProvider<BackOfficeDataProvider>();
  const sheet = useQuery({
    queryKey: ['operations', 'day', date],
    queryFn: ({ signal }) => dataProvider.call<Sheet>(`operations/day?date=${date}`, { signal }),
  });
  const translate = useTranslate();
  const { canAccess: canReadBookings } = useCanAccess({ resource: 'bookings', action: 'list' });
  const go = (next: string) => setParams(DATE.test(next) ? { date: next } : {}, { replace: true });
  return (
    <Box sx={{ p: { xs: 1, sm: 2 } }}>
      <Title title={translate('day_sheet.title')} />
      {PRINT_STYLES}
      <Typography component="h2" variant="h5" sx={{ mb: 1 }}>
        {translate('day_sheet.heading', { date: localDate(date) })}
      </Typography>
      <Box className="no-print" sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap', mb: 2 }}>
        <IconButton aria-label={translate('day_sheet.day_before')} onClick={() => go(addDays(date, -1))}>
          <ChevronLeftIcon />
        </IconButton>
        <TextField type="date" size="small" label={translate('day_sheet.date')} value={date} onChange={(event) => go(event.target.value)} slotProps={{ inputLabel: { shrink: true } }} fullWidth={false} sx={{ '&&': { width: 170 } }} />
        <IconButton aria-label={translate('day_sheet.day_after')} onClick={() => go(addDays(date, 1))}>
          <ChevronRightIcon />
        </IconButton>
        <Button size="small" startIcon={<PrintIcon />} onClick={() => window.print()}>
          {translate('day_sheet.print')}
        </Button>
        {sheet.data && sheet.data.departures.length > 0 && <CsvMenu sheet={sheet.data} />}
        {canReadBookings === true && (
          <Button size="small" component={RouterLink} to={`/passenger-lists?date=${date}`}>
            {translate('passenger_lists.open')}
          </Button>
        )}
      </Box>
      {sheet.error ? (
        <LoadFailure error={sheet.error} onRetry={() => sheet.refetch()} what={translate('day_sheet.the_sheet')} />
      ) : !sheet.data ? (
        <Typography color="text.secondary">{translate('day_sheet.loading')}</Typography>
      ) : sheet.data.departures.length === 0 ? (
        <Typography color="text.secondary">{translate('day_sheet.none_runs', { date: localDate(date) })}</Typography>
      ) : (
        <Stack spacing={2}>
          {sheet.data.departures.map((departure) => (
            <Departure key={departure.departureId} departure={departure} />
          ))}
        </Stack>
      )}
    </Box>
  );
}
