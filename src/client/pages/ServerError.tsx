import { Box, Button, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import { AuthCard } from '../auth/AuthCard';
import { usePublicTranslate } from '../i18n/usePublicTranslate';

/** The standalone /500 page. */
export function ServerErrorPage() {
  const t = usePublicTranslate();
  return (
    <AuthCard title={t('server_error.title')}>
      <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2, alignItems: 'flex-start' }}>
        <Typography>{t('server_error.text')}</Typography>
        <Button component={RouterLink} to="/dashboard" variant="contained">
          {t('public.to_dashboard')}
        </Button>
      </Box>
    </AuthCard>
  );
}
