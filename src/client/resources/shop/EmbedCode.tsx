/**
 * The booking widget for the operator's own website: the two lines to paste (the shop's embed.js
 * and a <tour-booking> element for the chosen tour and language), and the widget itself below them,
 * live, as a customer will see it. The preview is the real widget, loaded from this server.
 */
import { Box, Button, Card, CardContent, MenuItem, Stack, TextField, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { createElement, useEffect, useState } from 'react';
import { useDataProvider, useNotify, useTranslate } from 'react-admin';
import type { ShopTourSummary } from '../../../shared/contract/shop';
import { copyText } from '../../clipboard';
import type { BackOfficeDataProvider } from '../../providers/data-provider';
import { LoadFailure } from '../common/LoadError';

const EMBED_SCRIPT = '/shop/embed.js';

/** The widget's script, once per page: it defines <tour-booking>. */
function useWidgetScript(): void {
  useEffect(() => {
    if (document.querySelector(`script[src="${EMBED_SCRIPT}"]`)) return;
    const script = document.createElement('script');
    script.src = EMBED_SCRIPT;
    script.defer = true;
    document.head.appendChild(script);
  }, []);
}

export function EmbedCode({ enabled }: { enabled: boolean }) {
  const dataProvider = useDataProvider<BackOfficeDataProvider>();
  const translate = useTranslate();
  const notify = useNotify();
  const tours = useQuery({ queryKey: ['shop-tours'], queryFn: ({ signal }) => dataProvider.call<{ data: ShopTourSummary[] }>('shop/tours', { signal }), enabled });
  const [code, setCode] = useState('');
  const [language, setLanguage] = useState<'en' | 'de'>('en');
  useWidgetScript();

  const list = tours.data?.data ?? [];
  const chosen = list.some((tour) => tour.code === code) ? code : (list[0]?.code ?? '');
  const snippet = `<script src="${window.location.origin}${EMBED_SCRIPT}" defer></script>\n<tour-booking tour="${chosen}" lang="${language}"></tour-booking>`;

  return (
    <>
      <Typography component="h2" variant="h6" sx={{ mt: 3, mb: 1 }}>
        {translate('shop.embed.title')}
      </Typography>
      <Card variant="outlined">
        <CardContent>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
            {translate('shop.embed.intro')}
          </Typography>
          {!enabled ? (
            <Typography>{translate('shop.embed.shop_off')}</Typography>
          ) : tours.error ? (
            <LoadFailure error={tours.error} onRetry={() => void tours.refetch()} what={translate('shop.embed.the_tours')} />
          ) : !tours.data ? (
            <Typography color="text.secondary">{translate('shop.embed.loading')}</Typography>
          ) : list.length === 0 ? (
            <Typography>{translate('shop.embed.no_tours')}</Typography>
          ) : (
            <Stack sx={{ gap: 2 }}>
              <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ gap: 2 }}>
                <TextField select id="embed-tour" label={translate('shop.embed.tour')} value={chosen} onChange={(event) => setCode(event.target.value)} sx={{ minWidth: 260 }}>
                  {list.map((tour) => (
                    <MenuItem key={tour.code} value={tour.code}>
                      {tour.code} · {tour.title}
                    </MenuItem>
                  ))}
                </TextField>
                <TextField select id="embed-language" label={translate('shop.embed.language')} value={language} onChange={(event) => setLanguage(event.target.value as 'en' | 'de')} sx={{ minWidth: 160 }}>
                  <MenuItem value="en">English</MenuItem>
                  <MenuItem value="de">Deutsch</MenuItem>
                </TextField>
              </Stack>
              <TextField
                id="embed-code"
                label={translate('shop.embed.code')}
                value={snippet}
                multiline
                fullWidth
                slotProps={{ htmlInput: { readOnly: true, spellCheck: false, style: { fontFamily: 'monospace', fontSize: 13 } } }}
                helperText={translate('shop.embed.code_help')}
                onFocus={(event) => event.target.select()}
              />
              <Box>
                <Button variant="outlined" onClick={() => void copyText(snippet).then((done) => done && notify('shop.embed.copied', { type: 'info' }))}>
                  {translate('shop.embed.copy')}
                </Button>
              </Box>
              <Typography component="h3" variant="subtitle1">
                {translate('shop.embed.preview')}
              </Typography>
              <Box data-testid="widget-preview">{createElement('tour-booking', { key: `${chosen}:${language}`, tour: chosen, lang: language })}</Box>
            </Stack>
          )}
        </CardContent>
      </Card>
    </>
  );
}
