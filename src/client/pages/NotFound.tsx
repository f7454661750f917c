import SearchOffIcon from '@mui/icons-material/SearchOff';
import { Box, Typography } from '@mui/material';
import { Title } from 'react-admin';
import { NotFoundContent } from './NotFoundPage';

export { NotFoundPage } from './NotFoundPage';
/** An unknown path inside the layout (react-admin's catchAll). */
export function NotFound() {
  return (
    <Box sx={{ p: 3 }}>
      <Title title="Page not found" />
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 2 }}>
        <SearchOffIcon aria-hidden="true" />
        <Typography component="h2" variant="h5">
          Page not found
        </Typography>
      </Box>
      <NotFoundContent />
    </Box>
  );
}

