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
import { BooleanInput, CheckboxGroupInput, Confirm, Form, NumberInput, TextInput, useCanAccess, useDataProvider, useNotify, useTranslate } from 'react-admin';
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

const MEALS = ['breakfast', 'lunch', 'dinner'] as const;

function DayDialog({ tour, day, taken, onClose }: { tour: Tour; day: ItineraryDay | null; taken: number[]; onClose: () => void }) {
  const dataProvider = useDataProvider<BackOfficeDataProvider>();
  const notify = useNotify();
  const components = useTourComponents(tour.id);
  const parts = tourParts(dataProvider, tour.id);
  const translate = useTranslate();
  const firstFree = Array.from({ length: tour.durationDays }, (_, index) => index + 1).find((number) => !taken.includes(number)) ?? 1;
  const submit = async (values: Record<string, unknown>) => {
    const dayNumber = Number(values.dayNumber);
    if (!day && taken.includes(dayNumber)) return { dayNumber: translate('tours.day.written_already', { day: dayNumber }) };
    const body: DayInput = {
      title: String(values.title ?? ''),
      description: String(values.description ?? ''),
      overnight: String(values.overnight ?? ''),
      meals: { breakfast: Boolean(values.breakfast), lunch: Boolean(values.lunch), dinner: Boolean(values.dinner) },
      componentIds: (values.componentIds as string[] | undefined) ?? [],
    };
    try {
      await parts.saveDay(dayNumber, body);
      notify('tours.day.saved', { type: 'success', messageArgs: { day: dayNumber } });
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
    // The form between the dialog and its parts is a flex column too: the content scrolls and the
    // buttons stay in view (the whole dialog scrolled, and Save day ended below a 800 px screen).
    <Dialog open onClose={onClose} fullWidth maxWidth="md" aria-labelledby="day-dialog-title" sx={{ '& .day-dialog-form': { display: 'flex', flexDirection: 'column', minHeight: 0, flex: '1 1 auto' } }}>
      {/* record: the day's own values, not the tour's (the dialog sits inside the tour's record context). */}
      <Form record={defaults} defaultValues={defaults} onSubmit={submit} noValidate className="day-dialog-form">
        <DialogTitle id="day-dialog-title">{day ? translate('tours.brochure.day', { number: day.dayNumber, title: day.title }) : translate('tours.day.add_title')}</DialogTitle>
        <DialogContent>
          <NumberInput
            source="dayNumber"
            label="resources.tours.fields.dayNumber"
            min={1}
            max={tour.durationDays}
            step={1}
            readOnly={day !== null}
            validate={(value: unknown) => {
              const number = Number(value);
              return Number.isInteger(number) && number >= 1 && number <= tour.durationDays ? undefined : translate('tours.component.day_range', { max: tour.durationDays });
            }}
          />
          <TextInput source="title" label="resources.tours.fields.title" validate={[requiredText('tours.what.title'), atMost(TOUR_RULES.dayTitle.maxLength)]} isRequired fullWidth />
          <RichTextInput
            source="description"
            label="resources.tours.fields.whatHappens"
            fullWidth
            toolbar={<SafeRichTextToolbar />}
          />
          <TextInput source="overnight" label="resources.tours.fields.overnight" validate={[atMost(TOUR_RULES.overnight.maxLength)]} helperText="tours.day.help_overnight" fullWidth />
          <Stack direction="row" sx={{ gap: 2, flexWrap: 'wrap' }}>
            {MEALS.map((meal) => (
              <BooleanInput key={meal} source={meal} label={`tours.meals.${meal}`} helperText={false} />
            ))}
          </Stack>
          <CheckboxGroupInput
            source="componentIds"
            label="tours.day.components_used"
            translateChoice={false}
            row={false}
            isPending={components.isPending}
            choices={(components.data ?? []).map((component) => ({ id: component.id, name: `${component.name} (${dayRange(component)})` }))}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{translate('tours.component.cancel')}</Button>
          <SubmitButton label={translate('tours.day.save_day')} />
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
  const translate = useTranslate();

  if (itinerary.error) return <LoadFailure error={itinerary.error} onRetry={itinerary.refetch} what={translate('tours.day.the_itinerary')} />;
  const days = itinerary.data ?? [];
  const names = new Map((components.data ?? []).map((component) => [component.id, component.name]));
  const move = (index: number, to: number) => {
    const order = days.map((day) => day.dayNumber);
    const [moved] = order.splice(index, 1);
    order.splice(to, 0, moved);
    return act(() => parts.reorderDays(order), translate('tours.day.moved', { day: days[to].dayNumber }));
  };
  return (
    <Box sx={{ p: { xs: 1, sm: 2 } }}>
      <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center', mb: 1 }}>
        <Typography component="h2" variant="h6">
          {translate('tours.itinerary')}
        </Typography>
        {canChange === true && days.length < tour.durationDays && (
          <Button startIcon={<AddIcon />} onClick={() => setEditing('new')}>
            {translate('tours.day.add_day')}
          </Button>
        )}
      </Stack>
      {itinerary.isPending ? (
        <Typography color="text.secondary">{translate('tours.day.loading')}</Typography>
      ) : days.length === 0 ? (
        <Typography color="text.secondary">{translate('tours.day.none_yet')}</Typography>
      ) : (
        <Sortable
          items={days}
          idOf={(day) => String(day.dayNumber)}
          nameOf={(day) => translate('tours.day.sort_name', { day: day.dayNumber, title: day.title })}
          onMove={move}
          disabled={canChange !== true || busy}
          layout="list"
          itemElement="li"
          container={(children) => (
            <Stack component="ol" sx={{ gap: 1.5, listStyle: 'none', p: 0, m: 0 }} aria-label={translate('tours.day.days')}>
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
                    {translate('tours.brochure.day', { number: day.dayNumber, title: day.title })}
                  </Typography>
                </Stack>
                {day.description && <Box sx={{ typography: 'body2', '& p': { my: 0.5 } }} dangerouslySetInnerHTML={{ __html: day.description }} />}
                <Stack direction="row" sx={{ gap: 0.5, flexWrap: 'wrap', mt: 1 }}>
                  {MEALS.filter((meal) => day.meals[meal]).map((meal) => (
                      <Chip key={meal} size="small" label={translate(`tours.meals.${meal}`)} />
                    ))}
                  {day.overnight && <Chip size="small" variant="outlined" label={translate('tours.day.overnight_chip', { place: day.overnight })} />}
                  {day.componentIds.map((id) => (
                    <Chip key={id} size="small" variant="outlined" color="primary" label={names.get(id) ?? translate('tours.day.component')} />
                  ))}
                </Stack>
              </CardContent>
              {canChange === true && (
                <CardActions sx={{ justifyContent: 'flex-end', pt: 0 }}>
                  <Tooltip title={translate('tours.day.earlier')}>
                    <span>
                      <IconButton aria-label={translate('tours.day.move_earlier', { day: day.dayNumber })} disabled={busy || index === 0} onClick={() => void move(index, index - 1)}>
                        <ArrowUpwardIcon fontSize="small" />
                      </IconButton>
                    </span>
                  </Tooltip>
                  <Tooltip title={translate('tours.day.later')}>
                    <span>
                      <IconButton aria-label={translate('tours.day.move_later', { day: day.dayNumber })} disabled={busy || index === days.length - 1} onClick={() => void move(index, index + 1)}>
                        <ArrowDownwardIcon fontSize="small" />
                      </IconButton>
                    </span>
                  </Tooltip>
                  <Button size="small" startIcon={<EditIcon />} disabled={busy} onClick={() => setEditing(day)}>
                    {translate('tours.component.change')}
                  </Button>
                  <Button size="small" startIcon={<DeleteIcon />} disabled={busy} onClick={() => setRemoving(day)}>
                    {translate('tours.component.remove')}
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
        title={translate('tours.day.remove_title', { day: removing?.dayNumber ?? '' })}
        content="tours.day.remove_content"
        confirm="tours.component.remove"
        onClose={() => setRemoving(null)}
        onConfirm={() => {
          const day = removing!;
          setRemoving(null);
          void act(() => parts.removeDay(day.dayNumber), translate('tours.day.removed', { day: day.dayNumber }));
        }}
      />
    </Box>
  );
}
