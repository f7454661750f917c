import SearchOffIcon from '@mui/icons-material/SearchOff';
import { Box, Typography } from '@mui/material';
import { Title } from 'react-admin';
import { usePublicTranslate } from '../i18n/usePublicTranslate';
import { NotFoundContent } from './NotFoundPage';

export { NotFoundPage } from './NotFoundPage';
/** An unknown path inside the layout (react-admin's catchAll). */
export function NotFound() {
  const t = usePublicTranslate();
  return (
    <Box sx={{ p: 3 }}>
      <Title title={t('title.not_found')} />
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 2 }}>
        <SearchOffIcon aria-hidden="true" />
        <Typography component="h2" variant="h5">
          {t('title.not_found')}
        </Typography>
      </Box>
      <NotFoundContent />
    </Box>
  );
}

