import { Box, Button, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import { AuthCard } from '../auth/AuthCard';

export function NotFoundContent() {
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2, alignItems: 'flex-start' }}>
      <Typography>The page you asked for does not exist or has moved.</Typography>
      <Button component={RouterLink} to="/dashboard" variant="contained">
        Go to the dashboard
      </Button>
    </Box>
  );
}

/** The standalone /404 page (outside react-admin). */
export function NotFoundPage() {
  return (
    <AuthCard title="Page not found">
      <NotFoundContent />
    </AuthCard>
  );
}
