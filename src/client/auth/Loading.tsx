import { Box, CircularProgress, Typography } from '@mui/material';
import { usePublicTranslate } from '../i18n/usePublicTranslate';

/** What a page shows while the session check or restore runs. */
export function Loading() {
  const t = usePublicTranslate();
  return (
    <Box component="main" role="status" sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column', alignItems: 'center', justifyContent: 'center', gap: 2 }}>
      <CircularProgress aria-hidden="true" />
      <Typography>{t('public.loading')}</Typography>
    </Box>
  );
}
