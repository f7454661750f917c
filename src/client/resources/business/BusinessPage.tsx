/**
 * The Business screen: the name, e-mail, phone, postal address and website customers see on
 * vouchers, under every e-mail (and as its sender's name) and resellers see as OCTO's supplier. An
 * administrator's first sign-in on a business with no name comes here. A refused save keeps what
 * was typed and names the fields in words.
 */
import './words';
import { Alert, Box, Button, Card, CardContent, Stack, TextField, Typography } from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Title, useDataProvider, useNotify, useTranslate } from 'react-admin';
import { BUSINESS_RULES, type Business, type BusinessUpdate } from '../../../shared/contract/business';
import type { BackOfficeDataProvider } from '../../providers/data-provider';
import { fieldErrorsOf } from '../../providers/http-client';
import { FORM_WIDTH } from '../common/fields';
import { LoadFailure } from '../common/LoadError';

const FIELDS = ['name', 'email', 'phone', 'address', 'website'] as const satisfies readonly (keyof BusinessUpdate)[];
type Field = (typeof FIELDS)[number];
const EMPTY: Record<Field, string> = { name: '', email: '', phone: '', address: '', website: '' };

export const BUSINESS_QUERY_KEY = ['business'] as const;

export function BusinessPage() {
  const dataProvider = useDataProvider<BackOfficeDataProvider>();
  const queryClient = useQueryClient();
  const translate = useTranslate();
  const notify = useNotify();
  const business = useQuery({ queryKey: BUSINESS_QUERY_KEY, queryFn: ({ signal }) => dataProvider.call<Business>('business', { signal }) });
  const [values, setValues] = useState<Record<Field, string> | null>(null);
  const [problems, setProblems] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);

  // The form starts from what is saved, once it has arrived.
  useEffect(() => {
    if (business.data && values === null) setValues(Object.fromEntries(FIELDS.map((field) => [field, business.data[field] ?? ''])) as Record<Field, string>);
  }, [business.data, values]);

  const form = values ?? EMPTY;
  const set = (field: Field) => (event: React.ChangeEvent<HTMLInputElement>) => {
    setValues({ ...form, [field]: event.target.value });
    if (problems[field]) setProblems(({ [field]: _gone, ...rest }) => rest);
  };

  const save = async (event: React.FormEvent) => {
    event.preventDefault();
    setSaving(true);
    try {
      const body = Object.fromEntries(FIELDS.map((field) => [field, form[field].trim() === '' ? null : form[field]])) as BusinessUpdate;
      const saved = await dataProvider.call<Business>('business', { method: 'PUT', body });
      queryClient.setQueryData(BUSINESS_QUERY_KEY, saved);
      setValues(Object.fromEntries(FIELDS.map((field) => [field, saved[field] ?? ''])) as Record<Field, string>);
      setProblems({});
      notify('business.saved', { type: 'success' });
    } catch (error) {
      setProblems(fieldErrorsOf(error) ?? {});
      notify(error instanceof Error ? error.message : 'business.not_saved', { type: 'error' });
    } finally {
      setSaving(false);
    }
  };

  const field = (name: Field, props: { type?: string; multiline?: boolean; maxLength: number; autoComplete: string }) => (
    <TextField
      key={name}
      id={`business-${name}`}
      name={name}
      label={translate(`business.fields.${name}`)}
      value={form[name]}
      onChange={set(name)}
      type={props.type ?? 'text'}
      multiline={props.multiline}
      minRows={props.multiline ? 3 : undefined}
      autoComplete={props.autoComplete}
      error={Boolean(problems[name])}
      helperText={problems[name] ? `${translate(`business.fields.${name}`)}: ${problems[name]}` : translate(`business.help.${name}`)}
      slotProps={{ htmlInput: { maxLength: props.maxLength } }}
      fullWidth
    />
  );

  return (
    <Box sx={{ ...FORM_WIDTH, p: { xs: 1, sm: 2 } }}>
      <Title title={translate('resources.business.name', { smart_count: 1 })} />
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {translate('business.intro')}
      </Typography>
      {business.error ? (
        <LoadFailure error={business.error} onRetry={() => void business.refetch()} what={translate('business.the_details')} />
      ) : !business.data || values === null ? (
        <Typography color="text.secondary">{translate('business.loading')}</Typography>
      ) : (
        <Card variant="outlined">
          <CardContent component="form" onSubmit={(event) => void save(event)} noValidate>
            {business.data.name === null && (
              <Alert severity="info" sx={{ mb: 2 }}>
                {translate('business.first_time')}
              </Alert>
            )}
            <Stack sx={{ gap: 2 }}>
              {field('name', { maxLength: BUSINESS_RULES.name.maxLength, autoComplete: 'organization' })}
              {field('email', { type: 'email', maxLength: BUSINESS_RULES.email.maxLength, autoComplete: 'email' })}
              {field('phone', { type: 'tel', maxLength: BUSINESS_RULES.phone.maxLength, autoComplete: 'tel' })}
              {field('address', { multiline: true, maxLength: BUSINESS_RULES.address.maxLength, autoComplete: 'street-address' })}
              {field('website', { type: 'url', maxLength: BUSINESS_RULES.website.maxLength, autoComplete: 'url' })}
            </Stack>
            <Button type="submit" variant="contained" sx={{ mt: 2 }} disabled={saving}>
              {translate(saving ? 'business.saving' : 'ra.action.save')}
            </Button>
          </CardContent>
        </Card>
      )}
    </Box>
  );
}
