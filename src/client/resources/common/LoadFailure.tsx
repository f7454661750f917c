/**
 * What a screen or a part of one shows when its data could not be loaded: the cause in plain
 * words (server unreachable, no permission, not found, server error) and a Retry button, in place
 * of the content; never an empty list or "no results" that would pass for a real answer. A module
 * of its own (no react-admin list or form code), so the dashboard's first view stays small.
 */
import RefreshIcon from '@mui/icons-material/Refresh';
import { Alert, AlertTitle, Box, Button } from '@mui/material';
import { useTranslate } from 'react-admin';
import { describeLoadError } from './load-error-text';

export function LoadFailure({ error, onRetry, what }: { error: unknown; onRetry?: () => unknown; what: string }) {
  const { title, detail } = describeLoadError(error);
  const translate = useTranslate();
  return (
    <Box sx={{ p: { xs: 1, sm: 2 } }}>
      <Alert
        severity="error"
        role="alert"
        action={
          onRetry && (
            <Button color="inherit" size="small" startIcon={<RefreshIcon />} onClick={() => void onRetry()}>
              {translate('app.retry')}
            </Button>
          )
        }
      >
        {/* `what` is words, or a message key ("users.this_user") */}
        <AlertTitle>{translate('load_error.could_not_load', { what: translate(what, { _: what }), title })}</AlertTitle>
        {detail}
      </Alert>
    </Box>
  );
}
