/** Step 1: the tour (published ones), then one of its open departures from today on. */
import { useTranslate } from 'react-admin';
import { Alert, Autocomplete, Box, Stack, TextField } from '@mui/material';
import { LoadFailure } from '../../common/LoadError';
import { DepartureCard } from './DepartureCard';
import type { BookingForm } from './useBookingForm';

export function DepartureStep({ form }: { form: BookingForm }) {
  const { tours, tour, tourId, departures, departureId, problems, choosingFromDeparture, currency } = form;
  const translate = useTranslate();
  return (
    <Stack sx={{ gap: 2 }}>
      {tours.error ? (
        <LoadFailure error={tours.error} onRetry={() => tours.refetch()} what={translate('bookings.create.the_tours')} />
      ) : (
        <Autocomplete
          options={tours.data ?? []}
          loading={tours.isPending}
          disabled={choosingFromDeparture}
          value={tour ?? null}
          onChange={(_event, value) => {
            form.setTourId(value?.id ?? null);
            form.setDepartureId(null);
            form.setExtras({});
          }}
          getOptionLabel={(option) => `${option.code} · ${option.title}`}
          isOptionEqualToValue={(option, value) => option.id === value.id}
          renderInput={(params) => <TextField {...params} label={translate('bookings.create.tour')} helperText={translate(choosingFromDeparture ? 'bookings.create.finding_tour' : 'bookings.create.published_tours')} />}
        />
      )}
      {tourId !== null && departures.error && <LoadFailure error={departures.error} onRetry={() => departures.refetch()} what={translate('bookings.create.the_departures')} />}
      {tourId !== null && departures.data?.length === 0 && <Alert severity="info">{translate('bookings.create.no_departures')}</Alert>}
      {problems.departureId && <Alert severity="error">{problems.departureId}</Alert>}
      <Box sx={{ display: 'grid', gap: 1, gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))' } }}>
        {(departures.data ?? []).map((candidate) => (
          <DepartureCard key={candidate.id} departure={candidate} currency={currency} selected={candidate.id === departureId} onSelect={() => form.setDepartureId(candidate.id)} canOverrideCutoff={form.canOverrideCutoff} />
        ))}
      </Box>
      {form.pastCutoff && (
        <TextField
          label={translate('bookings.create.cutoff_reason')}
          value={form.cutoffReason}
          onChange={(event) => form.setCutoffReason(event.target.value)}
          required
          multiline
          error={Boolean(problems['cutoffOverride.reason'])}
          helperText={problems['cutoffOverride.reason'] ?? translate('bookings.create.cutoff_reason_help')}
          slotProps={{ htmlInput: { maxLength: 500 } }}
        />
      )}
    </Stack>
  );
}
