import SearchOffIcon from '@mui/icons-material/SearchOff';
import { Box, Button, Typography } from '@mui/material';
import { Title } from 'react-admin';
import { Link as RouterLink } from 'react-router';
import { AuthCard } from '../auth/AuthCard';

function NotFoundContent() {
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2, alignItems: 'flex-start' }}>
      <Typography>The page you asked for does not exist or has moved.</Typography>
      <Button component={RouterLink} to="/dashboard" variant="contained">
        Go to the dashboard
      </Button>
    </Box>
  );
}

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

/** The standalone /404 page. */
export function NotFoundPage() {
  return (
    <AuthCard title="Page not found">
      <NotFoundContent />
    </AuthCard>
  );
}
