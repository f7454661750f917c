/**
 * The Components tab: what the tour is made of, in a table, added and changed in a dialog,
 * moved up and down, removed with a confirmation. Every change is saved at once; a refused one
 * says so and keeps the dialog open with what was typed.
 */
import AddIcon from '@mui/icons-material/Add';
import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import { Box, Button, Card, CardActions, CardContent, Chip, Dialog, DialogActions, DialogContent, DialogTitle, IconButton, Stack, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, Tooltip, Typography } from '@mui/material';
import { useState } from 'react';
import { Confirm, Form, NumberInput, SelectInput, TextInput, useCanAccess, useDataProvider, useNotify } from 'react-admin';
import { COMPONENT_KINDS, COST_BASES, TOUR_RULES } from '../../../shared/contract/tour-rules';
import type { NewComponent, Tour, TourComponent } from '../../../shared/contract/tours';
import { formatMinor } from '../../../shared/money';
import type { BackOfficeDataProvider } from '../../providers/data-provider';
import { useIsSmallScreen } from '../common/fields';
import { LoadFailure } from '../common/LoadError';
import { atMost, requiredText } from '../common/validators';
import { MoneyInput } from '../common/MoneyInput';
import { fieldErrorsOf } from '../../providers/http-client';
import { refusalText, tourParts, useTourChange, useTourComponents } from './tour-parts';
import { SubmitButton } from '../common/SubmitButton';
import { BASIS_LABELS, KIND_LABELS } from './component-text';

export { KIND_LABELS };

export function dayRange(component: Pick<TourComponent, 'dayFrom' | 'dayTo'>): string {
  return component.dayFrom === component.dayTo ? `Day ${component.dayFrom}` : `Days ${component.dayFrom}–${component.dayTo}`;
}

function ComponentDialog({ tour, component, onClose }: { tour: Tour; component: TourComponent | null; onClose: () => void }) {
  const dataProvider = useDataProvider<BackOfficeDataProvider>();
  const notify = useNotify();
  const parts = tourParts(dataProvider, tour.id);
  const dayRule = (value: unknown) => {
    const day = Number(value);
    return value === null || value === undefined || value === '' ? 'Enter a day.' : Number.isInteger(day) && day >= 1 && day <= tour.durationDays ? undefined : `Enter a day from 1 to ${tour.durationDays}.`;
  };
  const submit = async (values: Record<string, unknown>) => {
    const body = {
      kind: values.kind,
      name: values.name,
      supplier: values.supplier ?? '',
      dayFrom: Number(values.dayFrom),
      dayTo: Number(values.dayTo),
      inclusion: values.inclusion,
      priceMinor: values.priceMinor ?? null,
      costMinor: values.costMinor ?? null,
      costBasis: values.costBasis ?? 'per_traveller',
      notes: values.notes ?? '',
    } as NewComponent;
    if (body.dayTo < body.dayFrom) return { dayTo: 'The last day cannot be before the first.' };
    if (body.inclusion === 'optional' && body.priceMinor === null) return { priceMinor: 'An optional extra needs its price.' };
    try {
      if (component) await parts.updateComponent(component.id, body);
      else await parts.addComponent(body);
      notify(component ? 'Component saved' : 'Component added', { type: 'success' });
      onClose();
      return undefined;
    } catch (error) {
      notify(refusalText(error), { type: 'error' });
      return fieldErrorsOf(error) ?? undefined;
    }
  };
  const defaults = component ?? { kind: 'accommodation', name: '', supplier: '', dayFrom: 1, dayTo: 1, inclusion: 'included', priceMinor: null, costMinor: null, costBasis: 'per_traveller', notes: '' };
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="component-dialog-title">
      {/* record: the component's own values, not the tour's (the dialog sits inside the tour's record context). */}
      <Form record={defaults} defaultValues={defaults} onSubmit={submit} noValidate>
        <DialogTitle id="component-dialog-title">{component ? `Change ${component.name}` : 'Add a component'}</DialogTitle>
        <DialogContent>
          <SelectInput source="kind" label="Kind" choices={COMPONENT_KINDS.map((kind) => ({ id: kind, name: KIND_LABELS[kind] }))} isRequired fullWidth />
          <TextInput source="name" label="Name" validate={[requiredText('a name'), atMost(TOUR_RULES.componentName.maxLength)]} isRequired fullWidth />
          <TextInput source="supplier" label="Supplier" validate={[atMost(TOUR_RULES.supplier.maxLength)]} fullWidth />
          <Stack direction="row" sx={{ gap: 2 }}>
            <NumberInput source="dayFrom" label="From day" min={1} max={tour.durationDays} step={1} validate={dayRule} isRequired />
            <NumberInput source="dayTo" label="To day" min={1} max={tour.durationDays} step={1} validate={dayRule} isRequired />
          </Stack>
          <SelectInput
            source="inclusion"
            label="In the price?"
            choices={[
              { id: 'included', name: 'Included in the tour’s price' },
              { id: 'optional', name: 'Optional extra, sold per unit' },
            ]}
            isRequired
            fullWidth
          />
          <Stack direction="row" sx={{ gap: 2, flexWrap: 'wrap' }}>
            <MoneyInput source="priceMinor" label="Price of the extra" currency={tour.currency} helperText="Per unit; for optional extras" />
            <MoneyInput source="costMinor" label="Cost" currency={tour.currency} helperText="What the supplier is paid, per the basis below" />
          </Stack>
          <SelectInput
            source="costBasis"
            label="Cost basis"
            choices={COST_BASES.map((basis) => ({ id: basis, name: `Cost ${BASIS_LABELS[basis]}` }))}
            helperText="Per night: for each traveller and each night of the component’s days. An optional extra costs per unit booked."
            isRequired
            fullWidth
          />
          <TextInput source="notes" label="Notes" multiline fullWidth validate={[atMost(TOUR_RULES.notes.maxLength)]} />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>Cancel</Button>
          <SubmitButton label={component ? 'Save' : 'Add'} />
        </DialogActions>
      </Form>
    </Dialog>
  );
}

export function TourComponents({ tour }: { tour: Tour }) {
  const components = useTourComponents(tour.id);
  const dataProvider = useDataProvider<BackOfficeDataProvider>();
  const small = useIsSmallScreen();
  const { canAccess: canChange } = useCanAccess({ resource: 'tours', action: 'edit' });
  const [editing, setEditing] = useState<TourComponent | 'new' | null>(null);
  const [removing, setRemoving] = useState<TourComponent | null>(null);
  const { busy, act } = useTourChange();
  const parts = tourParts(dataProvider, tour.id);

  if (components.error) return <LoadFailure error={components.error} onRetry={components.refetch} what="The components" />;
  const rows = components.data ?? [];
  const actions = (component: TourComponent, index: number) => (
    <>
      <Tooltip title="Move up">
        <span>
          <IconButton aria-label={`Move ${component.name} up`} disabled={busy || index === 0} onClick={() => void act(() => parts.updateComponent(component.id, { position: index - 1 }), 'Component moved')}>
            <ArrowUpwardIcon fontSize="small" />
          </IconButton>
        </span>
      </Tooltip>
      <Tooltip title="Move down">
        <span>
          <IconButton aria-label={`Move ${component.name} down`} disabled={busy || index === rows.length - 1} onClick={() => void act(() => parts.updateComponent(component.id, { position: index + 1 }), 'Component moved')}>
            <ArrowDownwardIcon fontSize="small" />
          </IconButton>
        </span>
      </Tooltip>
      <Tooltip title="Change">
        <IconButton aria-label={`Change ${component.name}`} disabled={busy} onClick={() => setEditing(component)}>
          <EditIcon fontSize="small" />
        </IconButton>
      </Tooltip>
      <Tooltip title="Remove">
        <IconButton aria-label={`Remove ${component.name}`} disabled={busy} onClick={() => setRemoving(component)}>
          <DeleteIcon fontSize="small" />
        </IconButton>
      </Tooltip>
    </>
  );
  const inclusionChip = (component: TourComponent) => (
    <Chip size="small" label={component.inclusion === 'included' ? 'Included' : 'Optional'} color={component.inclusion === 'included' ? 'success' : 'default'} variant="outlined" />
  );
  return (
    <Box sx={{ p: { xs: 1, sm: 2 } }}>
      <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center', mb: 1 }}>
        <Typography component="h2" variant="h6">
          Components
        </Typography>
        {canChange === true && (
          <Button startIcon={<AddIcon />} onClick={() => setEditing('new')}>
            Add component
          </Button>
        )}
      </Stack>
      {components.isPending ? (
        <Typography color="text.secondary">Loading the components…</Typography>
      ) : rows.length === 0 ? (
        <Typography color="text.secondary">No components yet: add the hotels, transport, activities and guides the tour is made of.</Typography>
      ) : small ? (
        // On a phone, one card per component: a table would not fit without scrolling sideways.
        <Stack component="ul" aria-label="Components" sx={{ gap: 1, listStyle: 'none', p: 0, m: 0 }}>
          {rows.map((component, index) => (
            <Card component="li" key={component.id} variant="outlined">
              <CardContent sx={{ pb: 0 }}>
                <Typography sx={{ fontWeight: 600 }}>{component.name}</Typography>
                <Typography variant="body2" color="text.secondary">
                  {KIND_LABELS[component.kind]} · {dayRange(component)}
                  {component.supplier ? ` · ${component.supplier}` : ''}
                </Typography>
                <Stack direction="row" sx={{ gap: 1, alignItems: 'center', mt: 0.5 }}>
                  {inclusionChip(component)}
                  {component.priceMinor !== null && <Typography variant="body2">{formatMinor(component.priceMinor, tour.currency)}</Typography>}
                </Stack>
              </CardContent>
              {canChange === true && <CardActions sx={{ justifyContent: 'flex-end' }}>{actions(component, index)}</CardActions>}
            </Card>
          ))}
        </Stack>
      ) : (
        <TableContainer sx={{ width: 0, minWidth: '100%' }}>
          <Table size="small" aria-label="Components">
            <TableHead>
              <TableRow>
                <TableCell>Days</TableCell>
                <TableCell>Component</TableCell>
                <TableCell>Supplier</TableCell>
                <TableCell>In the price?</TableCell>
                <TableCell align="right">Price</TableCell>
                <TableCell align="right">Cost</TableCell>
                {canChange === true && <TableCell align="right">Actions</TableCell>}
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((component, index) => (
                <TableRow key={component.id}>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{dayRange(component)}</TableCell>
                  <TableCell>
                    {component.name}
                    <Typography variant="body2" color="text.secondary">
                      {KIND_LABELS[component.kind]}
                    </Typography>
                  </TableCell>
                  <TableCell>{component.supplier || '—'}</TableCell>
                  <TableCell>{inclusionChip(component)}</TableCell>
                  <TableCell align="right">{component.priceMinor === null ? '—' : formatMinor(component.priceMinor, tour.currency)}</TableCell>
                  <TableCell align="right">
                    {component.costMinor === null ? (
                      '—'
                    ) : (
                      <>
                        {formatMinor(component.costMinor, tour.currency)}
                        <Typography variant="body2" color="text.secondary">
                          {BASIS_LABELS[component.costBasis]}
                        </Typography>
                      </>
                    )}
                  </TableCell>
                  {canChange === true && (
                    <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                      {actions(component, index)}
                    </TableCell>
                  )}
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
      {editing && <ComponentDialog tour={tour} component={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
      <Confirm
        isOpen={removing !== null}
        title={`Remove ${removing?.name ?? 'the component'}?`}
        content="It is taken off the itinerary’s days too."
        confirm="Remove"
        onClose={() => setRemoving(null)}
        onConfirm={() => {
          const component = removing!;
          setRemoving(null);
          void act(() => parts.removeComponent(component.id), 'Component removed');
        }}
      />
    </Box>
  );
}
