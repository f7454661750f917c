/**
 * A page of the app's own (not a resource's) shown only to who holds its permission: anyone else
 * reads that the page is not theirs, with the way back, instead of a page whose every load fails.
 * The server refuses their calls either way.
 */
import { Alert, AlertTitle, Box, Button } from '@mui/material';
import type { ReactNode } from 'react';
import { useCanAccess, useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router';

export function RequirePermission({ resource, action, children }: { resource: string; action: string; children: ReactNode }) {
  const { canAccess, isPending } = useCanAccess({ resource, action });
  const translate = useTranslate();
  if (isPending) return null;
  if (canAccess !== true) {
    return (
      <Box sx={{ p: { xs: 1, sm: 3 }, maxWidth: 760 }}>
        <Alert
          severity="warning"
          action={
            <Button color="inherit" size="small" component={RouterLink} to="/dashboard">
              {translate('menu.dashboard')}
            </Button>
          }
        >
          <AlertTitle>{translate('page_error.not_for_role')}</AlertTitle>
          {translate('page_error.not_for_role_text')}
        </Alert>
      </Box>
    );
  }
  return children;
}
