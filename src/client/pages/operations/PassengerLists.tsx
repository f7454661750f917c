/**
 * The guide's passenger lists: for a date (every departure running on it) or one departure, each
 * headed with its tour and start, the meals of each day by adults and children, and each party with
 * the lead's phone, pick-up, notes for the guide, extras and a box per traveller (ticked when checked
 * in). Printed one departure per page (the app's frame left off the paper), or as a PDF from the
 * server named after the tour and the date.
 */
import PictureAsPdfIcon from '@mui/icons-material/PictureAsPdf';
import PrintIcon from '@mui/icons-material/Print';
import { Box, Button, Chip, GlobalStyles, Stack, Table, TableBody, TableCell, TableHead, TableRow, TextField, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { Link, Title, useDataProvider, useNotify, useTranslate } from 'react-admin';
import { useSearchParams } from 'react-router';
import type { GuideManifest } from '../../../shared/contract/manifests';
import type { BackOfficeDataProvider } from '../../providers/data-provider';
import { saveFile } from '../../resources/common/DownloadButton';
import { LoadFailure } from '../../resources/common/LoadError';
import { SidewaysScroll, useIsSmallScreen } from '../../resources/common/narrow-screens';
import { localDate, todayOnThisCalendar } from '../../resources/departures/departure-text';

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** On paper: no app frame, no buttons, each departure from the top of a page. */
const PRINT_STYLES = (
  <GlobalStyles
    styles={{
      '@media print': {
        'header, nav, .RaSidebar-root, .MuiDrawer-root, .no-print': { display: 'none !important' },
        '.RaLayout-appFrame': { marginTop: '0 !important' },
        '.RaLayout-content': { padding: '0 !important' },
        '.passenger-list + .passenger-list': { breakBefore: 'page' },
        '.passenger-list tr': { breakInside: 'avoid' },
        body: { background: '#fff !important' },
        // Black on white whatever the screen's theme: the dark theme's light text printed pale grey.
        'body *': { color: '#000 !important', backgroundColor: 'transparent !important' },
      },
    }}
  />
);

function List({ manifest }: { manifest: GuideManifest }) {
  const translate = useTranslate();
  const { departure } = manifest;
  const total = manifest.travellers.ADULT + manifest.travellers.CHILD + manifest.travellers.INFANT;
  const meal = (value: { adults: number; children: number } | null) => (value ? translate('passenger_lists.plates', { adults: translate('passenger_lists.n_adults', { smart_count: value.adults }), children: translate('passenger_lists.n_children', { smart_count: value.children }) }) : '–');
  const mealDays = manifest.meals.filter((day) => day.breakfast || day.lunch || day.dinner);
  const dayName = (day: GuideManifest['meals'][number]) => `${translate('passenger_lists.day_n', { day: day.day, date: localDate(day.date) })}${day.title ? ` · ${day.title}` : ''}`;
  const small = useIsSmallScreen();
  return (
    <Box component="section" className="passenger-list" aria-labelledby={`list-${departure.id}`} sx={{ mb: 4 }}>
      <Typography component="h3" variant="h6" id={`list-${departure.id}`}>
        <Link to={`/departures/${encodeURIComponent(departure.id)}/show`}>
          {departure.tourCode} · {departure.tourTitle}
        </Link>
      </Typography>
      <Typography>
        {translate('passenger_lists.starts', { date: localDate(departure.startDate), time: departure.startTime, zone: departure.timeZone })}
        {departure.endDate !== departure.startDate ? translate('passenger_lists.until', { date: localDate(departure.endDate) }) : ''}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 1 }}>
        {translate('passenger_lists.counts', {
          adults: translate('passenger_lists.n_adults', { smart_count: manifest.travellers.ADULT }),
          children: translate('passenger_lists.n_children', { smart_count: manifest.travellers.CHILD }),
          infants: translate('passenger_lists.n_infants', { smart_count: manifest.travellers.INFANT }),
          parties: translate('passenger_lists.n_bookings', { smart_count: manifest.parties.length }),
          checked: manifest.checkedIn,
          total,
        })}
      </Typography>
      {mealDays.length === 0 ? null : small ? (
        // On a phone a line a day, naming only the meals there are: four columns left the dinner off the screen.
        <Box component="ul" aria-label={translate('passenger_lists.meals')} sx={{ listStyle: 'none', p: 0, m: 0, mb: 2 }}>
          {mealDays.map((day) => (
            <Box component="li" key={day.day} sx={{ py: 0.75, borderBottom: 1, borderColor: 'divider' }}>
              <Typography variant="body2" sx={{ fontWeight: 700 }}>
                {dayName(day)}
              </Typography>
              <Typography variant="body2">
                {(['breakfast', 'lunch', 'dinner'] as const)
                  .filter((name) => day[name])
                  .map((name) => `${translate(`passenger_lists.${name}`)}: ${meal(day[name])}`)
                  .join(' · ')}
              </Typography>
            </Box>
          ))}
        </Box>
      ) : (
        <SidewaysScroll label={translate('passenger_lists.meals')}>
          <Table size="small" aria-label={translate('passenger_lists.meals')} sx={{ mb: 2 }}>
            <TableHead>
              <TableRow>
                <TableCell>{translate('passenger_lists.day')}</TableCell>
                <TableCell>{translate('passenger_lists.breakfast')}</TableCell>
                <TableCell>{translate('passenger_lists.lunch')}</TableCell>
                <TableCell>{translate('passenger_lists.dinner')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {mealDays.map((day) => (
                <TableRow key={day.day}>
                  <TableCell>{dayName(day)}</TableCell>
                  <TableCell>{meal(day.breakfast)}</TableCell>
                  <TableCell>{meal(day.lunch)}</TableCell>
                  <TableCell>{meal(day.dinner)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </SidewaysScroll>
      )}
      {manifest.parties.length === 0 ? (
        <Typography color="text.secondary">{translate('passenger_lists.no_bookings')}</Typography>
      ) : (
        <Stack component="ol" spacing={1.5} sx={{ listStyle: 'none', p: 0, m: 0 }} aria-label={translate('passenger_lists.parties')}>
          {manifest.parties.map((party) => (
            <Box component="li" key={party.bookingId} sx={{ borderTop: 1, borderColor: 'divider', pt: 1, breakInside: 'avoid' }}>
              <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'baseline' }}>
                <Typography sx={{ fontWeight: 600 }}>{party.leadName}</Typography>
                {party.leadPhone && (
                  <Typography component="a" href={`tel:${party.leadPhone.replace(/[^+\d]/g, '')}`}>
                    {party.leadPhone}
                  </Typography>
                )}
                <Link to={`/bookings/${encodeURIComponent(party.bookingId)}/show`}>{party.reference}</Link>
                {party.status === 'held' && <Chip size="small" color="warning" label={translate('passenger_lists.held')} />}
              </Box>
              {party.pickup && <Typography variant="body2">{translate('passenger_lists.pickup', { pickup: party.pickup })}</Typography>}
              {party.guideNotes && (
                <Typography variant="body2" sx={{ color: 'warning.dark', whiteSpace: 'pre-wrap' }}>
                  {translate('passenger_lists.for_guide', { notes: party.guideNotes })}
                </Typography>
              )}
              {party.extras.length > 0 && <Typography variant="body2">{translate('passenger_lists.extras', { extras: party.extras.map((extra) => `${extra.quantity} × ${extra.name}`).join(', ') })}</Typography>}
              <Box component="ul" sx={{ m: 0, pl: 0, listStyle: 'none' }}>
                {party.travellers.map((traveller) => (
                  <Box component="li" key={traveller.id} sx={{ display: 'flex', gap: 1, alignItems: 'baseline', flexWrap: 'wrap' }}>
                    <span aria-hidden="true" style={{ fontFamily: 'monospace' }}>
                      {traveller.checkedInAt ? '☑' : traveller.noShow ? '☒' : '☐'}
                    </span>
                    <span>
                      {traveller.lastName}, {traveller.firstName} ({translate(`passenger_lists.category.${traveller.category}`)})
                    </span>
                    {traveller.checkedInAt && <Typography variant="body2" color="success.main">{translate('passenger_lists.checked_in')}</Typography>}
                    {traveller.noShow && <Typography variant="body2" color="error">{translate('passenger_lists.no_show')}</Typography>}
                    {traveller.notes && <Typography variant="body2" color="text.secondary">· {traveller.notes}</Typography>}
                  </Box>
                ))}
              </Box>
            </Box>
          ))}
        </Stack>
      )}
    </Box>
  );
}

export default function PassengerListsPage() {
  const [params, setParams] = useSearchParams();
  const departureId = params.get('departure');
  const asked = params.get('date');
  const date = asked && DATE.test(asked) ? asked : todayOnThisCalendar();
  const dataProvider = useDataProvider<BackOfficeDataProvider>();
  const notify = useNotify();
  const translate = useTranslate();
  const lists = useQuery({
    queryKey: ['operations', 'manifests', departureId ?? date],
    queryFn: async ({ signal }) =>
      departureId
        ? [await dataProvider.call<GuideManifest>(`departures/${encodeURIComponent(departureId)}/manifest`, { signal })]
        : (await dataProvider.call<{ manifests: GuideManifest[] }>(`operations/manifests?date=${date}`, { signal })).manifests,
  });
  const pdf = async () => {
    try {
      saveFile(departureId ? await dataProvider.download(`departures/${encodeURIComponent(departureId)}/manifest.pdf`, {}) : await dataProvider.download('operations/manifests.pdf', { date }));
    } catch (error) {
      notify('passenger_lists.pdf_failed', { type: 'error', messageArgs: { reason: error instanceof Error ? error.message : translate('day_sheet.request_failed') } });
    }
  };
  return (
    <Box sx={{ p: { xs: 1, sm: 2 } }}>
      <Title title={translate('passenger_lists.title')} />
      {PRINT_STYLES}
      <Typography component="h2" variant="h5" sx={{ mb: 1 }} className="no-print">
        {departureId ? translate('passenger_lists.title') : translate('passenger_lists.heading', { date: localDate(date) })}
      </Typography>
      <Box className="no-print" sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap', mb: 2 }}>
        {!departureId && (
          <TextField
            type="date"
            size="small"
            label={translate('day_sheet.date')}
            value={date}
            onChange={(event) => DATE.test(event.target.value) && setParams({ date: event.target.value }, { replace: true })}
            slotProps={{ inputLabel: { shrink: true } }}
            sx={{ '&&': { width: 170 } }}
          />
        )}
        <Button size="small" startIcon={<PrintIcon />} onClick={() => window.print()}>
          {translate('day_sheet.print')}
        </Button>
        <Button size="small" startIcon={<PictureAsPdfIcon />} onClick={() => void pdf()}>
          PDF
        </Button>
      </Box>
      {lists.error ? (
        <LoadFailure error={lists.error} onRetry={() => lists.refetch()} what={translate('passenger_lists.the_lists')} />
      ) : !lists.data ? (
        <Typography color="text.secondary">{translate('day_sheet.loading')}</Typography>
      ) : lists.data.length === 0 ? (
        <Typography color="text.secondary">{translate('day_sheet.none_runs', { date: localDate(date) })}</Typography>
      ) : (
        lists.data.map((manifest) => <List key={manifest.departure.id} manifest={manifest} />)
      )}
    </Box>
  );
}
