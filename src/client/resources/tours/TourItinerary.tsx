/**
 * The Itinerary tab: the tour day by day, as cards. A day is written in a dialog (title, rich
 * text, meals, where the night is spent, the components it uses) and saved at once; days are
 * dragged to a new place by their handle (or moved with the keyboard, or the earlier/later
 * buttons), and the order is saved as a renumbering.
 */
import AddIcon from '@mui/icons-material/Add';
import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import { Box, Button, Card, CardActions, CardContent, Chip, Dialog, DialogActions, DialogContent, DialogTitle, IconButton, Stack, Tooltip, Typography } from '@mui/material';
import { RichTextInput } from 'ra-input-rich-text';
import { SafeRichTextToolbar } from './RichTextToolbar';
import { useState } from 'react';
import { BooleanInput, CheckboxGroupInput, Confirm, Form, NumberInput, TextInput, useCanAccess, useDataProvider, useNotify } from 'react-admin';
import { TOUR_RULES } from '../../../shared/contract/tour-rules';
import type { DayInput, ItineraryDay, Tour } from '../../../shared/contract/tours';
import type { BackOfficeDataProvider } from '../../providers/data-provider';
import { LoadFailure } from '../common/LoadError';
import { atMost, requiredText } from '../common/validators';
import { dayRange } from './TourComponents';
import { fieldErrorsOf } from '../../providers/http-client';
import { Sortable } from '../common/Sortable';
import { refusalText, tourParts, useTourChange, useItinerary, useTourComponents } from './tour-parts';
import { SubmitButton } from '../common/SubmitButton';

const MEAL_NAMES = { breakfast: 'Breakfast', lunch: 'Lunch', dinner: 'Dinner' } as const;

function DayDialog({ tour, day, taken, onClose }: { tour: Tour; day: ItineraryDay | null; taken: number[]; onClose: () => void }) {
  const dataProvider = useDataProvider<BackOfficeDataProvider>();
  const notify = useNotify();
  const components = useTourComponents(tour.id);
  const parts = tourParts(dataProvider, tour.id);
  const firstFree = Array.from({ length: tour.durationDays }, (_, index) => index + 1).find((number) => !taken.includes(number)) ?? 1;
  const submit = async (values: Record<string, unknown>) => {
    const dayNumber = Number(values.dayNumber);
    if (!day && taken.includes(dayNumber)) return { dayNumber: `Day ${dayNumber} is written already: change it instead.` };
    const body: DayInput = {
      title: String(values.title ?? ''),
      description: String(values.description ?? ''),
      overnight: String(values.overnight ?? ''),
      meals: { breakfast: Boolean(values.breakfast), lunch: Boolean(values.lunch), dinner: Boolean(values.dinner) },
      componentIds: (values.componentIds as string[] | undefined) ?? [],
    };
    try {
      await parts.saveDay(dayNumber, body);
      notify(`Day ${dayNumber} saved`, { type: 'success' });
      onClose();
      return undefined;
    } catch (error) {
      notify(refusalText(error), { type: 'error' });
      return fieldErrorsOf(error) ?? undefined;
    }
  };
  const defaults = day
    ? { dayNumber: day.dayNumber, title: day.title, description: day.description, overnight: day.overnight, ...day.meals, componentIds: day.componentIds }
    : { dayNumber: firstFree, title: '', description: '', overnight: '', breakfast: false, lunch: false, dinner: false, componentIds: [] };
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="md" aria-labelledby="day-dialog-title">
      {/* record: the day's own values, not the tour's (the dialog sits inside the tour's record context). */}
      <Form record={defaults} defaultValues={defaults} onSubmit={submit} noValidate>
        <DialogTitle id="day-dialog-title">{day ? `Day ${day.dayNumber}: ${day.title}` : 'Add a day'}</DialogTitle>
        <DialogContent>
          <NumberInput
            source="dayNumber"
            label="Day"
            min={1}
            max={tour.durationDays}
            step={1}
            readOnly={day !== null}
            validate={(value: unknown) => {
              const number = Number(value);
              return Number.isInteger(number) && number >= 1 && number <= tour.durationDays ? undefined : `Enter a day from 1 to ${tour.durationDays}.`;
            }}
          />
          <TextInput source="title" label="Title" validate={[requiredText('a title'), atMost(TOUR_RULES.dayTitle.maxLength)]} isRequired fullWidth />
          <RichTextInput
            source="description"
            label="What happens"
            fullWidth
            toolbar={<SafeRichTextToolbar />}
          />
          <TextInput source="overnight" label="Overnight" validate={[atMost(TOUR_RULES.overnight.maxLength)]} helperText="Where the night is spent; empty on the last day" fullWidth />
          <Stack direction="row" sx={{ gap: 2, flexWrap: 'wrap' }}>
            {(Object.keys(MEAL_NAMES) as (keyof typeof MEAL_NAMES)[]).map((meal) => (
              <BooleanInput key={meal} source={meal} label={MEAL_NAMES[meal]} helperText={false} />
            ))}
          </Stack>
          <CheckboxGroupInput
            source="componentIds"
            label="Components used on the day"
            row={false}
            isPending={components.isPending}
            choices={(components.data ?? []).map((component) => ({ id: component.id, name: `${component.name} (${dayRange(component)})` }))}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>Cancel</Button>
          <SubmitButton label="Save day" />
        </DialogActions>
      </Form>
    </Dialog>
  );
}

export function TourItinerary({ tour }: { tour: Tour }) {
  const itinerary = useItinerary(tour.id);
  const components = useTourComponents(tour.id);
  const dataProvider = useDataProvider<BackOfficeDataProvider>();
  const { canAccess: canChange } = useCanAccess({ resource: 'tours', action: 'edit' });
  const [editing, setEditing] = useState<ItineraryDay | 'new' | null>(null);
  const [removing, setRemoving] = useState<ItineraryDay | null>(null);
  const { busy, act } = useTourChange();
  const parts = tourParts(dataProvider, tour.id);

  if (itinerary.error) return <LoadFailure error={itinerary.error} onRetry={itinerary.refetch} what="The itinerary" />;
  const days = itinerary.data ?? [];
  const names = new Map((components.data ?? []).map((component) => [component.id, component.name]));
  const move = (index: number, to: number) => {
    const order = days.map((day) => day.dayNumber);
    const [moved] = order.splice(index, 1);
    order.splice(to, 0, moved);
    return act(() => parts.reorderDays(order), `Day moved to day ${days[to].dayNumber}`);
  };
  return (
    <Box sx={{ p: { xs: 1, sm: 2 } }}>
      <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center', mb: 1 }}>
        <Typography component="h2" variant="h6">
          Itinerary
        </Typography>
        {canChange === true && days.length < tour.durationDays && (
          <Button startIcon={<AddIcon />} onClick={() => setEditing('new')}>
            Add day
          </Button>
        )}
      </Stack>
      {itinerary.isPending ? (
        <Typography color="text.secondary">Loading the itinerary…</Typography>
      ) : days.length === 0 ? (
        <Typography color="text.secondary">No days written yet: describe the tour day by day.</Typography>
      ) : (
        <Sortable
          items={days}
          idOf={(day) => String(day.dayNumber)}
          nameOf={(day) => `day ${day.dayNumber}, ${day.title}`}
          onMove={move}
          disabled={canChange !== true || busy}
          layout="list"
          itemElement="li"
          container={(children) => (
            <Stack component="ol" sx={{ gap: 1.5, listStyle: 'none', p: 0, m: 0 }} aria-label="Days">
              {children}
            </Stack>
          )}
        >
          {(day, index, handle) => (
            <Card variant="outlined">
              <CardContent sx={{ pb: 1 }}>
                <Stack direction="row" sx={{ alignItems: 'flex-start', gap: 0.5 }}>
                  {handle}
                  <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 600, pt: handle ? 0.5 : 0 }}>
                    Day {day.dayNumber}: {day.title}
                  </Typography>
                </Stack>
                {day.description && <Box sx={{ typography: 'body2', '& p': { my: 0.5 } }} dangerouslySetInnerHTML={{ __html: day.description }} />}
                <Stack direction="row" sx={{ gap: 0.5, flexWrap: 'wrap', mt: 1 }}>
                  {(Object.keys(MEAL_NAMES) as (keyof typeof MEAL_NAMES)[])
                    .filter((meal) => day.meals[meal])
                    .map((meal) => (
                      <Chip key={meal} size="small" label={MEAL_NAMES[meal]} />
                    ))}
                  {day.overnight && <Chip size="small" variant="outlined" label={`Overnight: ${day.overnight}`} />}
                  {day.componentIds.map((id) => (
                    <Chip key={id} size="small" variant="outlined" color="primary" label={names.get(id) ?? 'Component'} />
                  ))}
                </Stack>
              </CardContent>
              {canChange === true && (
                <CardActions sx={{ justifyContent: 'flex-end', pt: 0 }}>
                  <Tooltip title="Earlier">
                    <span>
                      <IconButton aria-label={`Move day ${day.dayNumber} earlier`} disabled={busy || index === 0} onClick={() => void move(index, index - 1)}>
                        <ArrowUpwardIcon fontSize="small" />
                      </IconButton>
                    </span>
                  </Tooltip>
                  <Tooltip title="Later">
                    <span>
                      <IconButton aria-label={`Move day ${day.dayNumber} later`} disabled={busy || index === days.length - 1} onClick={() => void move(index, index + 1)}>
                        <ArrowDownwardIcon fontSize="small" />
                      </IconButton>
                    </span>
                  </Tooltip>
                  <Button size="small" startIcon={<EditIcon />} disabled={busy} onClick={() => setEditing(day)}>
                    Change
                  </Button>
                  <Button size="small" startIcon={<DeleteIcon />} disabled={busy} onClick={() => setRemoving(day)}>
                    Remove
                  </Button>
                </CardActions>
              )}
            </Card>
          )}
        </Sortable>
      )}
      {editing && <DayDialog tour={tour} day={editing === 'new' ? null : editing} taken={days.map((day) => day.dayNumber)} onClose={() => setEditing(null)} />}
      <Confirm
        isOpen={removing !== null}
        title={`Remove day ${removing?.dayNumber ?? ''}?`}
        content="Its text is lost; the other days keep their numbers."
        confirm="Remove"
        onClose={() => setRemoving(null)}
        onConfirm={() => {
          const day = removing!;
          setRemoving(null);
          void act(() => parts.removeDay(day.dayNumber), `Day ${day.dayNumber} removed`);
        }}
      />
    </Box>
  );
}
