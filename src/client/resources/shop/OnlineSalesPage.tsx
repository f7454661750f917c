/**
 * The Online sales screen: the address of the operator's own shop, its settings (whether it sells,
 * how long a cart holds its seats, paying later, the websites allowed to frame its checkout, from
 * how few seats the number shows), the booking widget's code for the operator's website with a live
 * preview, and its last 30 days as the server recorded them. A refused save keeps what was typed and
 * names the fields in words.
 */
import './words';
import { Box, Button, Card, CardContent, FormControlLabel, Stack, Switch, Table, TableBody, TableCell, TableHead, TableRow, TextField, Typography } from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Title, useDataProvider, useNotify, useTranslate } from 'react-admin';
import type { FunnelDay, ShopSettings, ShopSettingsUpdate } from '../../../shared/contract/shop';
import { copyText } from '../../clipboard';
import { formatCalendarDate } from '../../dates';
import type { BackOfficeDataProvider } from '../../providers/data-provider';
import { fieldErrorsOf } from '../../providers/http-client';
import { LoadFailure } from '../common/LoadError';
import { EmbedCode } from './EmbedCode';

interface Form {
  enabled: boolean;
  holdMinutes: string;
  payLater: boolean;
  embedOrigins: string;
  showSeatsBelow: string;
}

const formOf = (settings: ShopSettings): Form => ({
  enabled: settings.enabled,
  holdMinutes: String(settings.holdMinutes),
  payLater: settings.payLater,
  embedOrigins: settings.embedOrigins.join('\n'),
  showSeatsBelow: String(settings.showSeatsBelow),
});

const SETTINGS_KEY = ['shop-settings'] as const;
const DAYS_KEY = ['shop-funnel'] as const;
const COUNTS = ['carts', 'checkouts', 'paid', 'lapsed', 'released'] as const;

export function OnlineSalesPage() {
  const dataProvider = useDataProvider<BackOfficeDataProvider>();
  const queryClient = useQueryClient();
  const translate = useTranslate();
  const notify = useNotify();
  const settings = useQuery({ queryKey: SETTINGS_KEY, queryFn: ({ signal }) => dataProvider.call<ShopSettings>('shop-settings', { signal }) });
  const days = useQuery({ queryKey: DAYS_KEY, queryFn: ({ signal }) => dataProvider.call<{ data: FunnelDay[] }>('shop/funnel?days=30', { signal }) });
  const [form, setForm] = useState<Form | null>(null);
  const [problems, setProblems] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  const shopUrl = `${window.location.origin}/shop`;

  useEffect(() => {
    if (settings.data && form === null) setForm(formOf(settings.data));
  }, [settings.data, form]);

  const save = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!form) return;
    setSaving(true);
    try {
      const body: ShopSettingsUpdate = {
        enabled: form.enabled,
        holdMinutes: Number(form.holdMinutes),
        payLater: form.payLater,
        embedOrigins: form.embedOrigins.split('\n').map((line) => line.trim()).filter(Boolean),
        showSeatsBelow: Number(form.showSeatsBelow),
      };
      const saved = await dataProvider.call<ShopSettings>('shop-settings', { method: 'PUT', body });
      queryClient.setQueryData(SETTINGS_KEY, saved);
      setForm(formOf(saved));
      setProblems({});
      notify('shop.saved', { type: 'success' });
    } catch (error) {
      const fields = fieldErrorsOf(error);
      setProblems(fields ?? {});
      // Refused fields are named beside each field, in words (an origin by its line): the toast only says so.
      notify(fields ? 'shop.not_saved_fields' : error instanceof Error ? error.message : 'shop.not_saved', { type: 'error' });
    } finally {
      setSaving(false);
    }
  };

  /** A field's refusal in words (an origin's by its line), else its help. */
  const helpOf = (field: keyof Form) => {
    const own = Object.entries(problems).filter(([key]) => key === field || key.startsWith(`${field}.`));
    if (own.length === 0) return translate(`shop.help.${field}`);
    return own.map(([key, problem]) => (key.includes('.') && form ? `${form.embedOrigins.split('\n').map((line) => line.trim()).filter(Boolean)[Number(key.split('.')[1])] ?? ''}: ${problem}` : problem)).join(' · ');
  };
  const number = (field: 'holdMinutes' | 'showSeatsBelow', min: number, max: number) =>
    form && (
      <TextField
        id={`shop-${field}`}
        label={translate(`shop.fields.${field}`)}
        type="number"
        value={form[field]}
        onChange={(event) => setForm({ ...form, [field]: event.target.value })}
        error={Object.keys(problems).some((key) => key === field)}
        helperText={helpOf(field)}
        slotProps={{ htmlInput: { min, max, step: 1 } }}
        sx={{ maxWidth: 360 }}
      />
    );

  const rows = days.data?.data ?? [];
  const active = rows.filter((day) => COUNTS.some((count) => day[count] > 0));
  return (
    <Box sx={{ maxWidth: 900, p: { xs: 1, sm: 2 } }}>
      <Title title={translate('resources.online-sales.name', { smart_count: 1 })} />
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {translate('shop.intro')}
      </Typography>
      <Stack direction="row" sx={{ gap: 1, alignItems: 'center', flexWrap: 'wrap', mb: 2 }}>
        <Typography component="span">{translate('shop.your_shop')}:</Typography>
        <a href={shopUrl} target="_blank" rel="noopener">
          {shopUrl}
        </a>
        <Button size="small" onClick={() => void copyText(shopUrl).then((done) => done && notify('shop.copied', { type: 'info' }))}>
          {translate('shop.copy_link')}
        </Button>
      </Stack>

      <Typography component="h2" variant="h6" sx={{ mb: 1 }}>
        {translate('shop.settings')}
      </Typography>
      {settings.error ? (
        <LoadFailure error={settings.error} onRetry={() => void settings.refetch()} what={translate('shop.the_settings')} />
      ) : !form ? (
        <Typography color="text.secondary">{translate('shop.loading')}</Typography>
      ) : (
        <Card variant="outlined">
          <CardContent component="form" onSubmit={(event) => void save(event)} noValidate>
            <Stack sx={{ gap: 2 }}>
              <FormControlLabel control={<Switch checked={form.enabled} onChange={(event) => setForm({ ...form, enabled: event.target.checked })} />} label={translate('shop.fields.enabled')} />
              <Typography variant="body2" color="text.secondary" sx={{ mt: -2 }}>
                {translate('shop.help.enabled')}
              </Typography>
              {number('holdMinutes', 30, 120)}
              <FormControlLabel control={<Switch checked={form.payLater} onChange={(event) => setForm({ ...form, payLater: event.target.checked })} />} label={translate('shop.fields.payLater')} />
              <Typography variant="body2" color="text.secondary" sx={{ mt: -2 }}>
                {translate('shop.help.payLater')}
              </Typography>
              {number('showSeatsBelow', 0, 100)}
              <TextField
                id="shop-embedOrigins"
                label={translate('shop.fields.embedOrigins')}
                multiline
                minRows={2}
                value={form.embedOrigins}
                onChange={(event) => {
                  setForm({ ...form, embedOrigins: event.target.value });
                  setProblems(({ ...rest }) => Object.fromEntries(Object.entries(rest).filter(([key]) => !key.startsWith('embedOrigins'))));
                }}
                error={Object.keys(problems).some((key) => key.startsWith('embedOrigins'))}
                helperText={helpOf('embedOrigins')}
                fullWidth
              />
            </Stack>
            <Button type="submit" variant="contained" sx={{ mt: 2 }} disabled={saving}>
              {translate(saving ? 'shop.saving' : 'ra.action.save')}
            </Button>
          </CardContent>
        </Card>
      )}

      {settings.data && <EmbedCode enabled={settings.data.enabled} />}

      <Typography component="h2" variant="h6" sx={{ mt: 3, mb: 1 }}>
        {translate('shop.days.title')}
      </Typography>
      {days.error ? (
        <LoadFailure error={days.error} onRetry={() => void days.refetch()} what={translate('shop.the_days')} />
      ) : !days.data ? (
        <Typography color="text.secondary">{translate('shop.loading')}</Typography>
      ) : active.length === 0 ? (
        <Typography color="text.secondary">{translate('shop.days.none')}</Typography>
      ) : (
        <Box sx={{ overflowX: 'auto' }}>
          <Table size="small">
            <TableHead>
              <TableRow>
                <TableCell>{translate('shop.days.date')}</TableCell>
                {COUNTS.map((count) => (
                  <TableCell key={count} align="right">
                    {translate(`shop.days.${count}`)}
                  </TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>
              {[...active].reverse().map((day) => (
                <TableRow key={day.date}>
                  <TableCell>{formatCalendarDate(day.date)}</TableCell>
                  {COUNTS.map((count) => (
                    <TableCell key={count} align="right">
                      {day[count]}
                    </TableCell>
                  ))}
                </TableRow>
              ))}
              <TableRow>
                <TableCell sx={{ fontWeight: 600 }}>{translate('shop.days.total')}</TableCell>
                {COUNTS.map((count) => (
                  <TableCell key={count} align="right" sx={{ fontWeight: 600 }}>
                    {rows.reduce((sum, day) => sum + day[count], 0)}
                  </TableCell>
                ))}
              </TableRow>
            </TableBody>
          </Table>
        </Box>
      )}
    </Box>
  );
}
