/**
 * A page inside the layout that failed to render (react-admin's error boundary): the menu stays,
 * the page says what happened and offers Reload. A code chunk of a newer deployment that failed
 * to load reloads the page once by itself.
 */
import { Alert, AlertTitle, Box, Button } from '@mui/material';
import { useEffect } from 'react';
import { useTranslate, type ErrorProps } from 'react-admin';
import { isChunkLoadError, reloadOnceForNewVersion } from '../stale-chunks';

export function PageError({ error }: ErrorProps) {
  const newVersion = isChunkLoadError(error);
  const translate = useTranslate();
  useEffect(() => {
    if (newVersion) reloadOnceForNewVersion();
  }, [newVersion]);
  return (
    <Box sx={{ p: { xs: 1, sm: 3 }, maxWidth: 760 }}>
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={() => window.location.reload()}>
            {translate('page_error.reload')}
          </Button>
        }
      >
        <AlertTitle>{translate(newVersion ? 'page_error.new_version' : 'page_error.failed')}</AlertTitle>
        {newVersion
          ? translate('page_error.new_version_text')
          : `${translate('page_error.failed_text')}${error instanceof Error && error.message ? translate('page_error.details', { detail: error.message }) : ''}`}
      </Alert>
    </Box>
  );
}
