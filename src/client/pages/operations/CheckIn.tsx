/**
 * Check-in, made for a guide's phone: the voucher's code typed or scanned with the camera (where
 * the browser can read QR codes) checks in a whole booking; today's departures list their
 * travellers to check in, or mark as no-shows, one tap each. It shows no money. Every change is
 * the server's answer: a refused check-in says why and changes nothing on screen.
 */
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import PersonOffIcon from '@mui/icons-material/PersonOff';
import QrCodeScannerIcon from '@mui/icons-material/QrCodeScanner';
import { Accordion, AccordionDetails, AccordionSummary, Alert, Box, Button, Chip, Dialog, DialogActions, DialogContent, DialogTitle, Stack, TextField, Typography } from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Title, useDataProvider, useTranslate } from 'react-admin';
import { t } from '../../i18n';
import { formatCalendarDate } from '../../dates';
import type { CheckInBooking } from '../../../shared/contract/bookings';
import type { DaySheet } from '../../../shared/contract/operations';
import type { BackOfficeDataProvider } from '../../providers/data-provider';
import { LoadFailure } from '../../resources/common/LoadError';
import { localDate, todayOnThisCalendar } from '../../resources/departures/departure-text';
import { formatTime } from '../../dates';
import { travellerCounts } from './operations-text';

type Outcome = { severity: 'success' | 'error' | 'info'; text: string };

const TAP = { minHeight: 44 } as const;

/** What the BarcodeDetector of the browser offers (Chromium on Android and others); absent where it is not. */
interface QrDetector {
  detect(source: HTMLVideoElement): Promise<{ rawValue: string }[]>;
}
type QrDetectorClass = new (options: { formats: string[] }) => QrDetector;

function qrDetectorClass(): QrDetectorClass | null {
  const found = (globalThis as { BarcodeDetector?: QrDetectorClass }).BarcodeDetector;
  return found && typeof navigator !== 'undefined' && typeof navigator.mediaDevices?.getUserMedia === 'function' ? found : null;
}

function checkedInText(booking: CheckInBooking): string {
  const here = booking.travellers.filter((traveller) => traveller.checkedInAt !== null).length;
  // Which departure the code belongs to, so a voucher for another day or tour is seen at once.
  const when = `${formatCalendarDate(booking.startDate, { weekday: true })}, ${booking.startTime}`;
  return t('check_in.checked_in_text', { name: booking.contactName, reference: booking.reference, tour: booking.tourTitle, when, here, all: booking.travellers.length });
}

/** The camera, looking for a voucher's QR code until it finds one or the guide closes it. */
function Scanner({ onCode, onClose }: { onCode: (code: string) => void; onClose: () => void }) {
  const video = useRef<HTMLVideoElement>(null);
  const translate = useTranslate();
  const [problem, setProblem] = useState<string | null>(null);
  useEffect(() => {
    const Detector = qrDetectorClass();
    if (!Detector) return undefined;
    let stream: MediaStream | null = null;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const detector = new Detector({ formats: ['qr_code'] });
    const look = async () => {
      if (stopped || !video.current) return;
      try {
        const found = await detector.detect(video.current);
        if (found[0]?.rawValue && !stopped) {
          stopped = true;
          onCode(found[0].rawValue);
          return;
        }
      } catch {
        // A frame that is not ready yet: look again.
      }
      timer = setTimeout(() => void look(), 250);
    };
    navigator.mediaDevices
      .getUserMedia({ video: { facingMode: 'environment' }, audio: false })
      .then(async (media) => {
        stream = media;
        if (stopped || !video.current) return;
        video.current.srcObject = media;
        await video.current.play();
        void look();
      })
      .catch(() => setProblem(t('check_in.camera_failed')));
    return () => {
      stopped = true;
      clearTimeout(timer);
      stream?.getTracks().forEach((track) => track.stop());
    };
  }, [onCode]);
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs" aria-labelledby="scan-title">
      <DialogTitle id="scan-title">{translate('check_in.scan_title')}</DialogTitle>
      <DialogContent>
        {problem ? <Alert severity="warning">{problem}</Alert> : <Box component="video" ref={video} muted playsInline sx={{ width: '100%', borderRadius: 1, bgcolor: 'black' }} aria-label={translate('check_in.camera_picture')} />}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} sx={TAP}>
          {translate('check_in.close')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

function ByCode({ onCheckedIn }: { onCheckedIn: (booking: CheckInBooking) => void }) {
  const dataProvider = useDataProvider<BackOfficeDataProvider>();
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [scanning, setScanning] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const canScan = qrDetectorClass() !== null;
  const translate = useTranslate();
  const send = async (typed: string) => {
    const value = typed.trim();
    if (value === '') {
      setOutcome({ severity: 'error', text: translate('check_in.type_code') });
      return;
    }
    setBusy(true);
    try {
      const booking = await dataProvider.call<CheckInBooking>('check-in', { method: 'POST', body: { code: value } });
      setOutcome({ severity: 'success', text: translate('check_in.checked_in', { text: checkedInText(booking) }) });
      setCode('');
      onCheckedIn(booking);
    } catch (error) {
      setOutcome({ severity: 'error', text: translate('check_in.not_checked_in', { reason: error instanceof Error ? error.message : translate('check_in.unreachable') }) });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Box component="section" aria-labelledby="by-code-title" sx={{ mb: 3 }}>
      <Typography component="h3" variant="h6" id="by-code-title">
        {translate('check_in.by_code')}
      </Typography>
      <Box
        component="form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void send(code);
        }}
        sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'flex-start', mt: 1 }}
      >
        <TextField
          label={translate('check_in.code')}
          value={code}
          onChange={(event) => setCode(event.target.value)}
          autoComplete="off"
          slotProps={{ htmlInput: { autoCapitalize: 'characters', spellCheck: false, maxLength: 40 } }}
          helperText={translate('check_in.code_help')}
          sx={{ flex: '1 1 220px' }}
        />
        <Button type="submit" variant="contained" disabled={busy} sx={{ ...TAP, mt: 0.5 }}>
          {translate('check_in.check_in')}
        </Button>
        {canScan && (
          <Button startIcon={<QrCodeScannerIcon />} onClick={() => setScanning(true)} sx={{ ...TAP, mt: 0.5 }}>
            {translate('check_in.scan')}
          </Button>
        )}
      </Box>
      {outcome && (
        <Alert severity={outcome.severity} sx={{ mt: 1 }} role={outcome.severity === 'error' ? 'alert' : 'status'}>
          {outcome.text}
        </Alert>
      )}
      {scanning && (
        <Scanner
          onClose={() => setScanning(false)}
          onCode={(found) => {
            setScanning(false);
            void send(found);
          }}
        />
      )}
    </Box>
  );
}

function Traveller({ booking, traveller, onChanged }: { booking: CheckInBooking; traveller: CheckInBooking['travellers'][number]; onChanged: (booking: CheckInBooking) => void }) {
  const dataProvider = useDataProvider<BackOfficeDataProvider>();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const name = `${traveller.firstName} ${traveller.lastName}`.trim();
  const translate = useTranslate();
  const mark = async (noShow: boolean) => {
    setBusy(true);
    setFailure(null);
    try {
      onChanged(await dataProvider.call<CheckInBooking>(`bookings/${encodeURIComponent(booking.id)}/check-in`, { method: 'POST', body: { travellerIds: [traveller.id], noShow } }));
    } catch (error) {
      setFailure(translate('check_in.not_changed', { reason: error instanceof Error ? error.message : translate('check_in.unreachable') }));
    } finally {
      setBusy(false);
    }
  };
  const here = traveller.checkedInAt !== null;
  return (
    <Box component="li" sx={{ py: 0.5 }}>
      <Stack direction="row" sx={{ alignItems: 'center', gap: 1, justifyContent: 'space-between' }}>
        <Typography sx={{ minWidth: 0, overflowWrap: 'anywhere' }}>
          {name || translate('check_in.name_to_come')}
          {traveller.category !== 'ADULT' && (
            <Typography component="span" variant="body2" color="text.secondary">
              {' '}
              · {translate(traveller.category === 'CHILD' ? 'check_in.child' : 'check_in.infant')}
            </Typography>
          )}
        </Typography>
        <Stack direction="row" sx={{ gap: 0.5, flexShrink: 0, alignItems: 'center' }}>
          {here ? (
            <Chip color="success" icon={<CheckCircleIcon />} label={translate('check_in.here', { time: formatTime(traveller.checkedInAt!) })} sx={{ minHeight: 36 }} />
          ) : (
            <Button variant={traveller.noShow ? 'text' : 'outlined'} color="success" startIcon={<CheckCircleIcon />} disabled={busy} onClick={() => void mark(false)} sx={TAP} aria-label={translate('check_in.check_in_name', { name })}>
              {translate('check_in.check_in')}
            </Button>
          )}
          {traveller.noShow ? (
            <Chip color="warning" icon={<PersonOffIcon />} label={translate('check_in.no_show')} sx={{ minHeight: 36 }} />
          ) : (
            <Button color="warning" disabled={busy} onClick={() => void mark(true)} sx={{ ...TAP, minWidth: 44 }} aria-label={translate('check_in.mark_no_show', { name })}>
              <PersonOffIcon />
            </Button>
          )}
        </Stack>
      </Stack>
      {failure && (
        <Alert severity="error" role="alert" sx={{ mt: 0.5 }}>
          {failure}
        </Alert>
      )}
    </Box>
  );
}

function DepartureTravellers({ departureId }: { departureId: string }) {
  const dataProvider = useDataProvider<BackOfficeDataProvider>();
  const queryClient = useQueryClient();
  const key = ['check-in', departureId];
  const translate = useTranslate();
  const bookings = useQuery({ queryKey: key, queryFn: ({ signal }) => dataProvider.call<{ data: CheckInBooking[] }>(`departures/${encodeURIComponent(departureId)}/check-in`, { signal }) });
  if (bookings.error) return <LoadFailure error={bookings.error} onRetry={() => bookings.refetch()} what={translate('check_in.the_travellers')} />;
  if (!bookings.data) return <Typography color="text.secondary">{translate('check_in.loading')}</Typography>;
  if (bookings.data.data.length === 0) return <Typography color="text.secondary">{translate('check_in.no_booking')}</Typography>;
  const all = bookings.data.data.flatMap((booking) => booking.travellers);
  const changed = (booking: CheckInBooking) =>
    queryClient.setQueryData<{ data: CheckInBooking[] }>(key, (old) => (old ? { data: old.data.map((one) => (one.id === booking.id ? booking : one)) } : old));
  return (
    <>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }} aria-live="polite">
        {translate('check_in.count', { here: all.filter((traveller) => traveller.checkedInAt !== null).length, all: all.length })}
        {all.some((traveller) => traveller.noShow) ? translate('check_in.no_shows', { count: all.filter((traveller) => traveller.noShow).length }) : ''}
      </Typography>
      <Stack spacing={1.5}>
        {bookings.data.data.map((booking) => (
          <Box key={booking.id} component="section" aria-label={translate('check_in.booking', { reference: booking.reference })}>
            <Typography sx={{ fontWeight: 600 }}>
              {booking.contactName}{' '}
              <Typography component="span" variant="body2" color="text.secondary" sx={{ fontFamily: 'monospace' }}>
                {booking.reference}
              </Typography>
            </Typography>
            <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
              {booking.travellers.map((traveller) => (
                <Traveller key={traveller.id} booking={booking} traveller={traveller} onChanged={changed} />
              ))}
            </Box>
          </Box>
        ))}
      </Stack>
    </>
  );
}

export default function CheckInPage() {
  const dataProvider = useDataProvider<BackOfficeDataProvider>();
  const queryClient = useQueryClient();
  const today = todayOnThisCalendar();
  const [open, setOpen] = useState<string | false>(false);
  const translate = useTranslate();
  const sheet = useQuery({ queryKey: ['operations', 'day', today], queryFn: ({ signal }) => dataProvider.call<DaySheet>(`operations/day?date=${today}`, { signal }) });
  const departures = sheet.data?.departures ?? [];
  const expanded = departures.length === 1 ? departures[0]!.departureId : open;
  return (
    <Box sx={{ p: { xs: 1.5, sm: 2 }, maxWidth: 720 }}>
      <Title title={translate('check_in.title')} />
      <Typography component="h2" variant="h5" sx={{ mb: 2 }}>
        {translate('check_in.heading', { date: localDate(today) })}
      </Typography>
      <ByCode onCheckedIn={(booking) => void queryClient.invalidateQueries({ queryKey: ['check-in', booking.departureId] })} />
      <Typography component="h3" variant="h6" sx={{ mb: 1 }}>
        {translate('check_in.todays')}
      </Typography>
      {sheet.error ? (
        <LoadFailure error={sheet.error} onRetry={() => sheet.refetch()} what={translate('check_in.todays')} />
      ) : !sheet.data ? (
        <Typography color="text.secondary">{translate('check_in.loading')}</Typography>
      ) : departures.length === 0 ? (
        <Typography color="text.secondary">{translate('check_in.none_today')}</Typography>
      ) : (
        departures.map((departure) => (
          <Accordion key={departure.departureId} expanded={expanded === departure.departureId} onChange={(_event, isOpen) => setOpen(isOpen ? departure.departureId : false)} disableGutters>
            <AccordionSummary expandIcon={<ExpandMoreIcon />} aria-controls={`checkin-${departure.departureId}`} id={`checkin-head-${departure.departureId}`}>
              <Box>
                <Typography sx={{ fontWeight: 600 }}>
                  {departure.startTime} · {departure.tourTitle}
                </Typography>
                <Typography variant="body2" color="text.secondary">
                  {departure.dayNumber > 1 ? translate('check_in.day', { day: departure.dayNumber }) : ''}
                  {travellerCounts(departure.travellers)}
                  {departure.assignments && departure.assignments.length > 0 ? ` · ${departure.assignments.map((assignment) => assignment.resourceName).join(', ')}` : ''}
                </Typography>
              </Box>
            </AccordionSummary>
            <AccordionDetails id={`checkin-${departure.departureId}`}>{expanded === departure.departureId && <DepartureTravellers departureId={departure.departureId} />}</AccordionDetails>
          </Accordion>
        ))
      )}
    </Box>
  );
}
