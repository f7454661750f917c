/** The centred card that holds the pages shown outside the layout (sign-in, password, errors). */
import FlightTakeoffIcon from '@mui/icons-material/FlightTakeoff';
import { Box, Card, CardContent, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { PublicLanguagePicker } from '../i18n/PublicLanguagePicker';

export function AuthCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box
      component="main"
      sx={{
        minHeight: '100vh',
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        p: 2,
        bgcolor: 'background.default',
      }}
    >
      <Card sx={{ width: '100%', maxWidth: 420 }} elevation={3}>
        <CardContent sx={{ p: 4 }}>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 2, color: 'primary.main', flexWrap: 'wrap' }}>
            <FlightTakeoffIcon aria-hidden="true" />
            <Typography component="p" variant="subtitle1" sx={{ fontWeight: 600, flexGrow: 1 }}>
              Travel Back Office
            </Typography>
            <PublicLanguagePicker />
          </Box>
          <Typography component="h1" variant="h5" sx={{ mb: 3 }}>
            {title}
          </Typography>
          {children}
        </CardContent>
      </Card>
    </Box>
  );
}
