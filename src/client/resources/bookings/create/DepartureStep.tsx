/** Step 1: the tour (published ones), then one of its open departures from today on. */
import { Alert, Autocomplete, Box, Stack, TextField } from '@mui/material';
import { LoadFailure } from '../../common/LoadError';
import { DepartureCard } from './DepartureCard';
import type { BookingForm } from './useBookingForm';

export function DepartureStep({ form }: { form: BookingForm }) {
  const { tours, tour, tourId, departures, departureId, problems, choosingFromDeparture, currency } = form;
  return (
    <Stack sx={{ gap: 2 }}>
      {tours.error ? (
        <LoadFailure error={tours.error} onRetry={() => tours.refetch()} what="The tours" />
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
          renderInput={(params) => <TextField {...params} label="Tour" helperText={choosingFromDeparture ? 'Finding the departure’s tour…' : 'Published tours'} />}
        />
      )}
      {tourId !== null && departures.error && <LoadFailure error={departures.error} onRetry={() => departures.refetch()} what="The departures" />}
      {tourId !== null && departures.data?.length === 0 && <Alert severity="info">This tour has no open departures from today on.</Alert>}
      {problems.departureId && <Alert severity="error">{problems.departureId}</Alert>}
      <Box sx={{ display: 'grid', gap: 1, gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))' } }}>
        {(departures.data ?? []).map((candidate) => (
          <DepartureCard key={candidate.id} departure={candidate} currency={currency} selected={candidate.id === departureId} onSelect={() => form.setDepartureId(candidate.id)} />
        ))}
      </Box>
    </Stack>
  );
}
