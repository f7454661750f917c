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
import { Confirm, Form, NumberInput, SelectInput, TextInput, useCanAccess, useDataProvider, useNotify, useTranslate } from 'react-admin';
import { t } from '../../i18n';
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
  return component.dayFrom === component.dayTo ? t('tours.component.day', { day: component.dayFrom }) : t('tours.component.days', { from: component.dayFrom, to: component.dayTo });
}

function ComponentDialog({ tour, component, onClose }: { tour: Tour; component: TourComponent | null; onClose: () => void }) {
  const dataProvider = useDataProvider<BackOfficeDataProvider>();
  const notify = useNotify();
  const parts = tourParts(dataProvider, tour.id);
  const translate = useTranslate();
  const dayRule = (value: unknown) => {
    const day = Number(value);
    return value === null || value === undefined || value === '' ? translate('tours.component.enter_day') : Number.isInteger(day) && day >= 1 && day <= tour.durationDays ? undefined : translate('tours.component.day_range', { max: tour.durationDays });
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
    if (body.dayTo < body.dayFrom) return { dayTo: translate('tours.component.last_before_first') };
    if (body.inclusion === 'optional' && body.priceMinor === null) return { priceMinor: translate('tours.component.extra_needs_price') };
    try {
      if (component) await parts.updateComponent(component.id, body);
      else await parts.addComponent(body);
      notify(component ? 'tours.component.saved' : 'tours.component.added', { type: 'success' });
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
        <DialogTitle id="component-dialog-title">{component ? translate('tours.component.change_title', { name: component.name }) : translate('tours.component.add_title')}</DialogTitle>
        <DialogContent>
          <SelectInput source="kind" label="resources.tours.fields.kind" choices={COMPONENT_KINDS.map((kind) => ({ id: kind, name: `tours.kind.${kind}` }))} isRequired fullWidth />
          <TextInput source="name" label="resources.tours.fields.name" validate={[requiredText('tours.component.what_name'), atMost(TOUR_RULES.componentName.maxLength)]} isRequired fullWidth />
          <TextInput source="supplier" label="resources.tours.fields.supplier" validate={[atMost(TOUR_RULES.supplier.maxLength)]} fullWidth />
          <Stack direction="row" sx={{ gap: 2 }}>
            <NumberInput source="dayFrom" label="resources.tours.fields.dayFrom" min={1} max={tour.durationDays} step={1} validate={dayRule} isRequired />
            <NumberInput source="dayTo" label="resources.tours.fields.dayTo" min={1} max={tour.durationDays} step={1} validate={dayRule} isRequired />
          </Stack>
          <SelectInput
            source="inclusion"
            label="resources.tours.fields.inclusion"
            choices={[
              { id: 'included', name: 'tours.component.included_choice' },
              { id: 'optional', name: 'tours.component.optional_choice' },
            ]}
            isRequired
            fullWidth
          />
          <Stack direction="row" sx={{ gap: 2, flexWrap: 'wrap' }}>
            <MoneyInput source="priceMinor" label="resources.tours.fields.priceMinor" currency={tour.currency} helperText="tours.component.price_help" />
            <MoneyInput source="costMinor" label="resources.tours.fields.costMinor" currency={tour.currency} helperText="tours.component.cost_help" />
          </Stack>
          <SelectInput
            source="costBasis"
            label="resources.tours.fields.costBasis"
            choices={COST_BASES.map((basis) => ({ id: basis, name: translate('tours.component.cost_basis_choice', { basis: BASIS_LABELS[basis] }) }))}
            translateChoice={false}
            helperText="tours.component.basis_help"
            isRequired
            fullWidth
          />
          <TextInput source="notes" label="resources.tours.fields.notes" multiline fullWidth validate={[atMost(TOUR_RULES.notes.maxLength)]} />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{translate('tours.component.cancel')}</Button>
          <SubmitButton label={translate(component ? 'tours.component.save' : 'tours.component.add')} />
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
  const translate = useTranslate();

  if (components.error) return <LoadFailure error={components.error} onRetry={components.refetch} what={translate('tours.component.the_components')} />;
  const rows = components.data ?? [];
  const actions = (component: TourComponent, index: number) => (
    <>
      <Tooltip title={translate('tours.component.move_up')}>
        <span>
          <IconButton aria-label={translate('tours.component.move_up_name', { name: component.name })} disabled={busy || index === 0} onClick={() => void act(() => parts.updateComponent(component.id, { position: index - 1 }), 'tours.component.moved')}>
            <ArrowUpwardIcon fontSize="small" />
          </IconButton>
        </span>
      </Tooltip>
      <Tooltip title={translate('tours.component.move_down')}>
        <span>
          <IconButton aria-label={translate('tours.component.move_down_name', { name: component.name })} disabled={busy || index === rows.length - 1} onClick={() => void act(() => parts.updateComponent(component.id, { position: index + 1 }), 'tours.component.moved')}>
            <ArrowDownwardIcon fontSize="small" />
          </IconButton>
        </span>
      </Tooltip>
      <Tooltip title={translate('tours.component.change')}>
        <IconButton aria-label={translate('tours.component.change_name', { name: component.name })} disabled={busy} onClick={() => setEditing(component)}>
          <EditIcon fontSize="small" />
        </IconButton>
      </Tooltip>
      <Tooltip title={translate('tours.component.remove')}>
        <IconButton aria-label={translate('tours.component.remove_name', { name: component.name })} disabled={busy} onClick={() => setRemoving(component)}>
          <DeleteIcon fontSize="small" />
        </IconButton>
      </Tooltip>
    </>
  );
  const inclusionChip = (component: TourComponent) => (
    <Chip size="small" label={translate(component.inclusion === 'included' ? 'tours.component.included' : 'tours.component.optional')} color={component.inclusion === 'included' ? 'success' : 'default'} variant="outlined" />
  );
  return (
    <Box sx={{ p: { xs: 1, sm: 2 } }}>
      <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center', mb: 1 }}>
        <Typography component="h2" variant="h6">
          {translate('tours.components')}
        </Typography>
        {canChange === true && (
          <Button startIcon={<AddIcon />} onClick={() => setEditing('new')}>
            {translate('tours.component.add_component')}
          </Button>
        )}
      </Stack>
      {components.isPending ? (
        <Typography color="text.secondary">{translate('tours.component.loading')}</Typography>
      ) : rows.length === 0 ? (
        <Typography color="text.secondary">{translate('tours.component.none_yet')}</Typography>
      ) : small ? (
        // On a phone, one card per component: a table would not fit without scrolling sideways.
        <Stack component="ul" aria-label={translate('tours.components')} sx={{ gap: 1, listStyle: 'none', p: 0, m: 0 }}>
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
          <Table size="small" aria-label={translate('tours.components')}>
            <TableHead>
              <TableRow>
                <TableCell>{translate('tours.component.days_column')}</TableCell>
                <TableCell>{translate('tours.component.component_column')}</TableCell>
                <TableCell>{translate('tours.component.supplier_column')}</TableCell>
                <TableCell>{translate('tours.component.in_price_column')}</TableCell>
                <TableCell align="right">{translate('tours.component.price_column')}</TableCell>
                <TableCell align="right">{translate('tours.component.cost_column')}</TableCell>
                {canChange === true && <TableCell align="right">{translate('tours.component.actions_column')}</TableCell>}
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
        title={translate('tours.component.remove_title', { name: removing?.name ?? translate('tours.component.remove_the_component') })}
        content="tours.component.remove_content"
        confirm="tours.component.remove"
        onClose={() => setRemoving(null)}
        onConfirm={() => {
          const component = removing!;
          setRemoving(null);
          void act(() => parts.removeComponent(component.id), 'tours.component.removed');
        }}
      />
    </Box>
  );
}
