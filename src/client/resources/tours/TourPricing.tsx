/**
 * The Seasons and rules tab: the tour's seasons (travel dates with their own prices) and its price
 * rules (early bird, last minute, group), each saved whole with its own button, and what the next
 * departures cost now by them (the server finds every price: shared/pricing.ts). A save refused
 * names the fields; nothing of it was kept. Its words come with the tab (tour-pricing-words.ts),
 * so the office's first download does not carry them.
 */
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import { Alert, Box, Button, Card, CardContent, IconButton, Stack, Table, TableBody, TableCell, TableHead, TableRow, Tooltip, Typography } from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useSyncExternalStore, type ReactNode } from 'react';
import { useFieldArray } from 'react-hook-form';
import { BooleanInput, Form, NumberInput, TextInput, useDataProvider, useNotify } from 'react-admin';
import type { Departure } from '../../../shared/contract/departures';
import type { PriceRuleInput, Season } from '../../../shared/contract/pricing';
import type { Tour } from '../../../shared/contract/tours';
import { formatMinor } from '../../../shared/money';
import { PRICE_RULE_KINDS, priceRuleOf, thresholdOf } from '../../../shared/pricing';
import { intlLocale } from '../../i18n/language';
import { getUserState, subscribe } from '../../providers/auth-state';
import type { BackOfficeDataProvider } from '../../providers/data-provider';
import { fieldErrorsOf } from '../../providers/http-client';
import { LoadFailure } from '../common/LoadError';
import { MoneyInput } from '../common/MoneyInput';
import { SubmitButton } from '../common/SubmitButton';
import { refusalText } from './tour-parts';
import { usePricingWords, type PricingWords } from './tour-pricing-words';

const KINDS = PRICE_RULE_KINDS;

const base = (tourId: string) => `tours/${encodeURIComponent(tourId)}`;

/** The server's field names (`1.from`, `0.active`) as the form's (`seasons.1.from`). */
function formErrors(error: unknown, list: string): Record<string, string> | undefined {
  const errors = fieldErrorsOf(error);
  return errors ? Object.fromEntries(Object.entries(errors).map(([field, message]) => [`${list}.${field}`, message])) : undefined;
}

function SeasonRows({ currency, words, canSet }: { currency: string; words: PricingWords; canSet: boolean }) {
  const { fields, append, remove } = useFieldArray({ name: 'seasons' });
  return (
    <Stack sx={{ gap: 2 }}>
      {fields.length === 0 && <Typography color="text.secondary">{words.noSeasons}</Typography>}
      {fields.map((field, index) => (
        <Card key={field.id} variant="outlined">
          <CardContent>
            <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'flex-start' }}>
              <TextInput source={`seasons.${index}.name`} label={words.name} validate={(value: unknown) => (String(value ?? '').trim() === '' ? words.required : undefined)} isRequired fullWidth={false} />
              <TextInput source={`seasons.${index}.from`} label={words.from} type="date" isRequired fullWidth={false} slotProps={{ inputLabel: { shrink: true } }} />
              <TextInput source={`seasons.${index}.to`} label={words.to} type="date" isRequired fullWidth={false} slotProps={{ inputLabel: { shrink: true } }} />
              {canSet && (
                <Tooltip title={words.removeSeason}>
                  <IconButton aria-label={words.removeSeason} onClick={() => remove(index)} sx={{ mt: 1 }}>
                    <DeleteIcon />
                  </IconButton>
                </Tooltip>
              )}
            </Box>
            <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
              <MoneyInput source={`seasons.${index}.prices.ADULT`} label="traveller.category.ADULT" currency={currency} />
              <MoneyInput source={`seasons.${index}.prices.CHILD`} label="traveller.category.CHILD" currency={currency} />
              <MoneyInput source={`seasons.${index}.prices.INFANT`} label="traveller.category.INFANT" currency={currency} />
            </Box>
          </CardContent>
        </Card>
      ))}
      <Box sx={{ display: canSet ? undefined : 'none' }}>
        <Button startIcon={<AddIcon />} onClick={() => append({ name: '', from: '', to: '', prices: { ADULT: null, CHILD: null, INFANT: null } })}>
          {words.addSeason}
        </Button>
      </Box>
    </Stack>
  );
}

/** A form's fields, shown but not editable without the permission to set prices, and its Save button for those who have it. */
function Editable({ canSet, saveLabel, children }: { canSet: boolean; saveLabel: string; children: ReactNode }) {
  return (
    <>
      <Box component="fieldset" disabled={!canSet} sx={{ border: 0, p: 0, m: 0, minWidth: 0 }}>
        {children}
      </Box>
      {canSet && (
        <Box sx={{ mt: 2 }}>
          <SubmitButton label={saveLabel} />
        </Box>
      )}
    </>
  );
}

/** A rule as the form holds it: a field cleared reads as empty text or null. */
type RuleRow = { kind: (typeof KINDS)[number]; active: boolean; threshold: number | string | null; percent: number | null };

/** The rules as the form shows them: one row per kind (the first saved of each kind). */
function ruleRows(rules: PriceRuleInput[]): RuleRow[] {
  return KINDS.map((kind) => {
    const rule = rules.find((each) => each.kind === kind);
    return { kind, active: rule?.active ?? false, threshold: rule ? thresholdOf(rule) : null, percent: rule?.percent ?? null };
  });
}

function NextDepartures({ tour, words }: { tour: Tour; words: PricingWords }) {
  const dataProvider = useDataProvider<BackOfficeDataProvider>();
  const today = new Date().toISOString().slice(0, 10);
  const departures = useQuery({
    queryKey: ['tours', 'price-preview', tour.id],
    queryFn: ({ signal }) => dataProvider.call<{ data: Departure[] }>(`departures?tourId=${encodeURIComponent(tour.id)}&from=${today}&status=open&sort=startsAt&order=ASC&pageSize=12`, { signal }).then((answer) => answer.data),
  });
  if (departures.error) return <LoadFailure error={departures.error} onRetry={departures.refetch} what={words.nextDepartures} />;
  if (!departures.data) return null;
  if (departures.data.length === 0) return <Typography color="text.secondary">{words.noDepartures}</Typography>;
  const money = (amount: number | null | undefined) => (amount === null || amount === undefined ? '—' : formatMinor(amount, tour.currency, intlLocale()));
  return (
    // Scrolls sideways on a phone: a region the keyboard can reach and scroll.
    <Box sx={{ overflowX: 'auto' }} tabIndex={0} role="region" aria-label={words.nextDepartures}>
      <Table size="small" aria-label={words.nextDepartures}>
        <TableHead>
          <TableRow>
            <TableCell>{words.date}</TableCell>
            <TableCell>{words.listPrice}</TableCell>
            <TableCell>{words.rule}</TableCell>
            <TableCell>{words.priceNow}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {departures.data.map((departure) => (
            <TableRow key={departure.id}>
              <TableCell>
                {departure.startDate} {departure.startTime}
              </TableCell>
              <TableCell>
                {money(departure.pricing?.listPrices.ADULT)} <Typography component="span" variant="body2" color="text.secondary">({departure.pricing ? words.basis(departure.pricing.basis, departure.pricing.season) : ''})</Typography>
              </TableCell>
              <TableCell>{departure.pricing?.rule ? words.ruleApplied(departure.pricing.rule.kind, departure.pricing.rule.percent) : words.noRule}</TableCell>
              <TableCell>{money(departure.prices?.ADULT)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
}

export function TourPricing({ tour }: { tour: Tour }) {
  const words = usePricingWords();
  const dataProvider = useDataProvider<BackOfficeDataProvider>();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const { role } = useSyncExternalStore(subscribe, getUserState);
  const canSet = (role?.permissions ?? []).includes('pricing.manage');
  const seasons = useQuery({ queryKey: ['tours', 'seasons', tour.id], queryFn: ({ signal }) => dataProvider.call<Season[]>(`${base(tour.id)}/seasons`, { signal }) });
  const rules = useQuery({ queryKey: ['tours', 'price-rules', tour.id], queryFn: ({ signal }) => dataProvider.call<PriceRuleInput[]>(`${base(tour.id)}/price-rules`, { signal }) });
  const saved = () => queryClient.invalidateQueries({ queryKey: ['tours'] });

  const saveSeasons = async (values: Record<string, unknown>) => {
    const list = ((values.seasons as Season[] | undefined) ?? []).map((season) => ({ name: String(season.name ?? '').trim(), from: season.from, to: season.to, prices: season.prices }));
    try {
      await dataProvider.call<Season[]>(`${base(tour.id)}/seasons`, { method: 'PUT', body: list });
      notify(words.seasonsSaved, { type: 'success' });
      await saved();
      return undefined;
    } catch (error) {
      notify(refusalText(error), { type: 'error' });
      return formErrors(error, 'seasons');
    }
  };
  const saveRules = async (values: Record<string, unknown>) => {
    const rows = (values.rules as RuleRow[] | undefined) ?? [];
    const problems: Record<string, string> = {};
    const list: PriceRuleInput[] = [];
    rows.forEach((row, index) => {
      if (row.threshold === null && row.percent === null && !row.active) return;
      if (row.threshold === null || row.threshold === '') problems[`rules.${index}.threshold`] = words.required;
      if (row.percent === null) problems[`rules.${index}.percent`] = words.required;
      if (problems[`rules.${index}.threshold`] || problems[`rules.${index}.percent`]) return;
      list.push(priceRuleOf(row.kind, Number(row.threshold), Number(row.percent), Boolean(row.active)));
    });
    if (Object.keys(problems).length > 0) return problems;
    try {
      await dataProvider.call<PriceRuleInput[]>(`${base(tour.id)}/price-rules`, { method: 'PUT', body: list });
      notify(words.rulesSaved, { type: 'success' });
      await saved();
      return undefined;
    } catch (error) {
      notify(refusalText(error), { type: 'error' });
      const errors = fieldErrorsOf(error);
      // The server names a rule by its place in what was sent; the form's rows are by kind.
      return errors
        ? Object.fromEntries(
            Object.entries(errors).map(([field, message]) => {
              const [place, name] = field.split('.');
              const row = KINDS.indexOf(list[Number(place)]?.kind ?? 'early_bird');
              return [`rules.${row}.${name === 'active' || name === 'percent' ? name : 'threshold'}`, message];
            }),
          )
        : undefined;
    }
  };

  if (seasons.error) return <LoadFailure error={seasons.error} onRetry={seasons.refetch} what={words.seasons} />;
  if (rules.error) return <LoadFailure error={rules.error} onRetry={rules.refetch} what={words.rules} />;
  if (!seasons.data || !rules.data) return <Typography color="text.secondary">{words.loading}</Typography>;
  const ruleDefaults = { rules: ruleRows(rules.data) };

  return (
    <Stack sx={{ gap: 3, p: 2 }}>
      <Typography variant="body2" color="text.secondary">
        {words.intro}
      </Typography>
      {!canSet && <Alert severity="info">{words.readOnly}</Alert>}
      <section aria-labelledby="seasons-heading">
        <Typography id="seasons-heading" component="h2" variant="h6" sx={{ mb: 1 }}>
          {words.seasons}
        </Typography>
        <Form key={JSON.stringify(seasons.data)} record={{ seasons: seasons.data }} defaultValues={{ seasons: seasons.data }} onSubmit={saveSeasons} noValidate>
          <Editable canSet={canSet} saveLabel={words.saveSeasons}>
            <SeasonRows currency={tour.currency} words={words} canSet={canSet} />
          </Editable>
        </Form>
      </section>
      <section aria-labelledby="rules-heading">
        <Typography id="rules-heading" component="h2" variant="h6" sx={{ mb: 1 }}>
          {words.rules}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {words.rulesHelp}
        </Typography>
        <Form key={JSON.stringify(rules.data)} record={ruleDefaults} defaultValues={ruleDefaults} onSubmit={saveRules} noValidate>
          <Editable canSet={canSet} saveLabel={words.saveRules}>
            {KINDS.map((kind, index) => (
              <Box key={kind} sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'center' }}>
                <BooleanInput source={`rules.${index}.active`} label={words.kind[kind]} helperText={false} sx={{ minWidth: 180 }} />
                <NumberInput source={`rules.${index}.threshold`} label={words.threshold[kind]} min={1} step={1} fullWidth={false} sx={{ width: 230 }} />
                <NumberInput source={`rules.${index}.percent`} label={words.percent} min={1} max={90} step={1} fullWidth={false} sx={{ width: 150 }} />
              </Box>
            ))}
          </Editable>
        </Form>
      </section>
      <section aria-labelledby="preview-heading">
        <Typography id="preview-heading" component="h2" variant="h6" sx={{ mb: 1 }}>
          {words.nextDepartures}
        </Typography>
        <NextDepartures tour={tour} words={words} />
      </section>
    </Stack>
  );
}
