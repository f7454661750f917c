/**
 * Message templates: every kind of message the product sends by itself, on or off, and its subject
 * and text in English and German, with the placeholders offered by name (a click puts one where
 * the cursor is) and a live preview on a real booking. A placeholder the product does not know is
 * refused before saving, and again by the server.
 */
import './words';
import { Alert, Box, Button, Card, CardContent, Chip, FormControlLabel, Stack, Switch, Tab, Tabs, TextField, Tooltip, Typography } from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Link, Title, useDataProvider, useNotify, useTranslate } from 'react-admin';
import { t } from '../../i18n';
import { listOf } from '../../i18n/language';
import { useNavigate, useParams } from 'react-router';
import type { Booking } from '../../../shared/contract/bookings';
import { CUSTOMER_LANGUAGES, type CustomerLanguage } from '../../../shared/contract/customers';
import { MESSAGE_KINDS, MESSAGE_RULES, PLACEHOLDERS, unknownPlaceholders, type MessageKind, type MessagePreview, type MessageTemplate } from '../../../shared/contract/messages';
import type { BackOfficeDataProvider } from '../../providers/data-provider';
import { fieldErrorsOf } from '../../providers/http-client';
import { FORM_WIDTH } from '../common/fields';
import { LoadFailure } from '../common/LoadError';
import { languageName } from '../customers/customer-text';

function useTemplates() {
  const dataProvider = useDataProvider<BackOfficeDataProvider>();
  return useQuery({ queryKey: ['message-templates'], queryFn: ({ signal }) => dataProvider.call<MessageTemplate[]>('message-templates', { signal }) });
}

export function TemplateList() {
  const templates = useTemplates();
  const translate = useTranslate();
  return (
    <Box sx={{ ...FORM_WIDTH, p: { xs: 1, sm: 2 } }}>
      <Title title={translate('templates.title')} />
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {translate('templates.intro')}
      </Typography>
      {templates.error ? (
        <LoadFailure error={templates.error} onRetry={() => void templates.refetch()} what={translate('templates.the_templates')} />
      ) : !templates.data ? (
        <Typography color="text.secondary">{translate('templates.loading')}</Typography>
      ) : (
        <Stack sx={{ gap: 1.5 }} component="ul" aria-label={translate('templates.kinds')} style={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {templates.data.map((template) => (
            <Card component="li" key={template.kind} variant="outlined">
              <CardContent sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
                <Box sx={{ flex: 1, minWidth: 200 }}>
                  <Link to={`/message-templates/${template.kind}/texts`}>{translate(`message_kind_when.${template.kind}`)}</Link>
                  <Typography variant="body2" color="text.secondary" sx={{ wordBreak: 'break-word' }}>
                    {template.texts.en.subject}
                  </Typography>
                </Box>
                <Chip size="small" label={translate(template.enabled ? 'templates.on' : 'templates.off')} color={template.enabled ? 'success' : 'default'} />
                {template.custom && <Chip size="small" variant="outlined" label={translate('templates.changed')} />}
              </CardContent>
            </Card>
          ))}
        </Stack>
      )}
    </Box>
  );
}

/** The texts' problems as the server names them: texts.en.subject … */
function localProblems(texts: MessageTemplate['texts']): Record<string, string> {
  const problems: Record<string, string> = {};
  for (const language of CUSTOMER_LANGUAGES) {
    const unknown = { subject: unknownPlaceholders(texts[language].subject), body: unknownPlaceholders(texts[language].body) };
    for (const field of ['subject', 'body'] as const) {
      const key = `texts.${language}.${field}`;
      if (texts[language][field].trim() === '') problems[key] = t(field === 'subject' ? 'templates.enter_subject' : 'templates.enter_text');
      else if (unknown[field].length > 0) problems[key] = t('templates.unknown', { names: listOf(unknown[field].map((name) => `{{${name}}}`)) });
    }
  }
  return problems;
}

function Preview({ kind, language, texts }: { kind: MessageKind; language: CustomerLanguage; texts: { subject: string; body: string } }) {
  const dataProvider = useDataProvider<BackOfficeDataProvider>();
  const [reference, setReference] = useState('');
  const [preview, setPreview] = useState<MessagePreview | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const translate = useTranslate();
  const show = async () => {
    setBusy(true);
    setFailure(null);
    try {
      const booking = await dataProvider.call<Booking>(`bookings/${encodeURIComponent(reference.trim().toUpperCase())}`);
      setPreview(await dataProvider.call<MessagePreview>(`message-templates/${kind}/preview`, { method: 'POST', body: { bookingId: booking.id, language, texts } }));
    } catch (error) {
      setPreview(null);
      setFailure(error instanceof Error ? error.message : translate('templates.no_preview'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Box sx={{ mt: 2 }}>
      <Typography component="h3" variant="subtitle1">
        {translate('templates.preview_heading')}
      </Typography>
      <Stack direction="row" sx={{ gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
        <TextField size="small" label={translate('templates.booking_reference')} value={reference} onChange={(event) => setReference(event.target.value)} />
        <Button size="small" variant="outlined" disabled={busy || reference.trim().length < 4} onClick={() => void show()}>
          {translate('templates.preview')}
        </Button>
      </Stack>
      {failure && (
        <Alert severity="error" sx={{ mt: 1 }} role="alert">
          {failure}
        </Alert>
      )}
      {preview && (
        <Box sx={{ mt: 1, border: 1, borderColor: 'divider', borderRadius: 1, p: 1 }} role="region" aria-label={translate('templates.preview')}>
          <Typography sx={{ fontWeight: 500, wordBreak: 'break-word' }}>{preview.subject}</Typography>
          {/* The HTML part as the customer's mail shows it, with no script and nothing of this page. */}
          <Box component="iframe" title={translate('templates.as_sent')} sandbox="" srcDoc={preview.html} sx={{ width: '100%', minHeight: 280, border: 0, bgcolor: 'common.white' }} />
        </Box>
      )}
    </Box>
  );
}

export function TemplateEdit() {
  const { kind: raw } = useParams();
  const kind = (MESSAGE_KINDS as readonly string[]).includes(raw ?? '') ? (raw as MessageKind) : null;
  const dataProvider = useDataProvider<BackOfficeDataProvider>();
  const notify = useNotify();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const templates = useTemplates();
  const template = templates.data?.find((one) => one.kind === kind);
  const [enabled, setEnabled] = useState(true);
  const [texts, setTexts] = useState<MessageTemplate['texts'] | null>(null);
  const [language, setLanguage] = useState<CustomerLanguage>('en');
  const [problems, setProblems] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const body = useRef<HTMLTextAreaElement | null>(null);
  const translate = useTranslate();
  useEffect(() => {
    if (template && texts === null) {
      setTexts(template.texts);
      setEnabled(template.enabled);
    }
  }, [template, texts]);
  if (!kind) return <Alert severity="error">{translate('templates.no_such_kind')}</Alert>;
  if (templates.error) return <LoadFailure error={templates.error} onRetry={() => void templates.refetch()} what={translate('templates.the_template')} />;
  if (!texts) return <Typography sx={{ p: 2 }}>{translate('templates.loading')}</Typography>;
  const set = (field: 'subject' | 'body', value: string) => setTexts({ ...texts, [language]: { ...texts[language], [field]: value } });
  const insert = (name: string) => {
    const element = body.current;
    const current = texts[language].body;
    const at = element?.selectionStart ?? current.length;
    const end = element?.selectionEnd ?? at;
    set('body', `${current.slice(0, at)}{{${name}}}${current.slice(end)}`);
    requestAnimationFrame(() => {
      element?.focus();
      element?.setSelectionRange(at + name.length + 4, at + name.length + 4);
    });
  };
  const save = async () => {
    const found = localProblems(texts);
    setProblems(found);
    if (Object.keys(found).length > 0) return notify('templates.fix_fields', { type: 'error' });
    setBusy(true);
    try {
      await dataProvider.call(`message-templates/${kind}`, { method: 'PUT', body: { enabled, texts } });
      await queryClient.invalidateQueries({ queryKey: ['message-templates'] });
      notify('templates.saved', { type: 'success' });
      navigate('/message-templates');
    } catch (error) {
      setProblems(fieldErrorsOf(error) ?? {});
      notify(error instanceof Error ? error.message : 'templates.not_saved', { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  const problem = (field: 'subject' | 'body') => problems[`texts.${language}.${field}`];
  const otherLanguageProblem = CUSTOMER_LANGUAGES.find((one) => one !== language && (problems[`texts.${one}.subject`] || problems[`texts.${one}.body`]));
  return (
    <Box sx={{ ...FORM_WIDTH, p: { xs: 1, sm: 2 } }}>
      <Title title={translate('templates.template')} />
      <Typography component="h2" variant="h5" sx={{ mb: 1 }}>
        {translate(`message_kind_when.${kind}`)}
      </Typography>
      <FormControlLabel control={<Switch checked={enabled} onChange={(event) => setEnabled(event.target.checked)} />} label={translate(enabled ? 'templates.on_sent' : 'templates.off_not_sent')} />
      <Tabs value={language} onChange={(_event, value: CustomerLanguage) => setLanguage(value)} aria-label={translate('templates.language')} sx={{ mt: 1 }}>
        {CUSTOMER_LANGUAGES.map((one) => (
          <Tab key={one} value={one} label={languageName(one)} />
        ))}
      </Tabs>
      {otherLanguageProblem && (
        <Alert severity="warning" sx={{ mt: 1 }}>
          {translate('templates.other_problem', { language: languageName(otherLanguageProblem) })}
        </Alert>
      )}
      <Stack sx={{ gap: 2, mt: 2 }}>
        <TextField label={translate('templates.subject')} value={texts[language].subject} onChange={(event) => set('subject', event.target.value)} error={Boolean(problem('subject'))} helperText={problem('subject')} slotProps={{ htmlInput: { maxLength: MESSAGE_RULES.subject.maxLength } }} />
        <TextField label={translate('templates.text')} multiline minRows={10} value={texts[language].body} onChange={(event) => set('body', event.target.value)} inputRef={body} error={Boolean(problem('body'))} helperText={problem('body') ?? translate('templates.text_help')} slotProps={{ htmlInput: { maxLength: MESSAGE_RULES.body.maxLength } }} />
      </Stack>
      <Typography component="h3" variant="subtitle1" sx={{ mt: 2 }}>
        {translate('templates.placeholders')}
      </Typography>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.75, mt: 0.5 }}>
        {Object.keys(PLACEHOLDERS).map((name) => (
          <Tooltip key={name} title={translate(`templates.placeholder.${name.replace('.', '_')}`)}>
            <Chip size="small" variant="outlined" label={`{{${name}}}`} onClick={() => insert(name)} aria-label={translate('templates.put', { name, meaning: translate(`templates.placeholder.${name.replace('.', '_')}`) })} />
          </Tooltip>
        ))}
      </Box>
      <Stack direction="row" sx={{ gap: 1, mt: 3 }}>
        <Button variant="contained" disabled={busy} onClick={() => void save()}>
          {translate('templates.save')}
        </Button>
        <Button onClick={() => navigate('/message-templates')}>{translate('templates.cancel')}</Button>
      </Stack>
      <Preview kind={kind} language={language} texts={texts[language]} />
    </Box>
  );
}
