/**
 * A page inside the layout that failed to render (react-admin's error boundary): the menu stays,
 * the page says what happened and offers Reload. A code chunk of a newer deployment that failed
 * to load reloads the page once by itself.
 */
import { Alert, AlertTitle, Box, Button } from '@mui/material';
import { useEffect } from 'react';
import type { ErrorProps } from 'react-admin';
import { isChunkLoadError, reloadOnceForNewVersion } from '../stale-chunks';

export function PageError({ error }: ErrorProps) {
  const newVersion = isChunkLoadError(error);
  useEffect(() => {
    if (newVersion) reloadOnceForNewVersion();
  }, [newVersion]);
  return (
    <Box sx={{ p: { xs: 1, sm: 3 }, maxWidth: 760 }}>
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={() => window.location.reload()}>
            Reload
          </Button>
        }
      >
        <AlertTitle>{newVersion ? 'A new version of the app is available.' : 'This page failed to show.'}</AlertTitle>
        {newVersion
          ? 'Part of it could not be loaded because the app was updated while this page was open. Reload to continue.'
          : `Reloading usually helps; if it keeps happening, tell an administrator.${error instanceof Error && error.message ? ` Details: ${error.message}` : ''}`}
      </Alert>
    </Box>
  );
}
