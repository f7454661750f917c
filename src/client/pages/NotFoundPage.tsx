import { Box, Button, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import { AuthCard } from '../auth/AuthCard';
import { usePublicTranslate } from '../i18n/usePublicTranslate';

export function NotFoundContent() {
  const t = usePublicTranslate();
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2, alignItems: 'flex-start' }}>
      <Typography>{t('not_found.text')}</Typography>
      <Button component={RouterLink} to="/dashboard" variant="contained">
        {t('public.to_dashboard')}
      </Button>
    </Box>
  );
}

/** The standalone /404 page (outside react-admin). */
export function NotFoundPage() {
  const t = usePublicTranslate();
  return (
    <AuthCard title={t('title.not_found')}>
      <NotFoundContent />
    </AuthCard>
  );
}
