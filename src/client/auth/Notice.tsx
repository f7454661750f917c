/**
 * A message box for the pages outside react-admin (an error, or a confirmation): MUI's Alert look
 * without its icons, paper and close button, which the first download does not need.
 */
import { Box } from '@mui/material';
import { alpha } from '@mui/material/styles';
import type { ReactNode } from 'react';

export function Notice({ severity, children }: { severity: 'error' | 'success'; children: ReactNode }) {
  return (
    <Box
      role="alert"
      sx={(theme) => ({
        px: 2,
        py: 1.5,
        borderRadius: 1,
        borderLeft: `4px solid ${theme.palette[severity].main}`,
        bgcolor: alpha(theme.palette[severity].main, theme.palette.mode === 'dark' ? 0.16 : 0.08),
        color: 'text.primary',
        typography: 'body2',
      })}
    >
      {children}
    </Box>
  );
}
