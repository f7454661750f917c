import { Box, Button, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import { AuthCard } from '../auth/AuthCard';

/** The standalone /500 page. */
export function ServerErrorPage() {
  return (
    <AuthCard title="Something went wrong">
      <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2, alignItems: 'flex-start' }}>
        <Typography>An error occurred on our side. Nothing you did caused it; try again in a moment.</Typography>
        <Button component={RouterLink} to="/dashboard" variant="contained">
          Go to the dashboard
        </Button>
      </Box>
    </AuthCard>
  );
}
