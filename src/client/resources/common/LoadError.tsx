/**
 * What a screen shows when its data could not be loaded: the cause in plain words (server
 * unreachable, no permission, not found, server error) and a Retry button, in place of the
 * content; never an empty list or "no results" that would pass for a real answer.
 */
import RefreshIcon from '@mui/icons-material/Refresh';
import { Alert, AlertTitle, Box, Button } from '@mui/material';
import { Pagination, useEditContext, useListContext, useShowContext, type PaginationProps } from 'react-admin';
import { ApiError } from '../../providers/http-client';

export interface LoadErrorText {
  title: string;
  detail: string;
}

export function describeLoadError(error: unknown): LoadErrorText {
  const status = error instanceof ApiError ? error.status : undefined;
  if (error instanceof ApiError && error.sessionExpired) {
    return { title: 'Your login has expired.', detail: 'Sign in again to see this page.' };
  }
  if (status === 'FETCH_ERROR') {
    return { title: 'The server could not be reached.', detail: 'Check your connection, then try again.' };
  }
  if (status === 'TIMEOUT_ERROR') {
    return { title: 'The server took too long to answer.', detail: 'It may be busy. Try again in a moment.' };
  }
  if (status === 403) {
    return { title: 'You do not have permission to see this.', detail: 'Ask an administrator if you need it.' };
  }
  if (status === 404) {
    return { title: 'This could not be found.', detail: 'It may have been deleted.' };
  }
  if (status === 429) {
    return { title: 'Too many requests.', detail: 'Wait a moment, then try again.' };
  }
  const requestId = error instanceof ApiError ? (error.data as { requestId?: unknown } | null)?.requestId : undefined;
  return {
    title: 'The server failed to answer.',
    detail: typeof requestId === 'string' ? `Try again; if it keeps failing, give an administrator this request id: ${requestId}.` : 'Try again; if it keeps failing, tell an administrator.',
  };
}

export function LoadFailure({ error, onRetry, what }: { error: unknown; onRetry?: () => unknown; what: string }) {
  const { title, detail } = describeLoadError(error);
  return (
    <Box sx={{ p: { xs: 1, sm: 2 } }}>
      <Alert
        severity="error"
        role="alert"
        action={
          onRetry && (
            <Button color="inherit" size="small" startIcon={<RefreshIcon />} onClick={() => void onRetry()}>
              Retry
            </Button>
          )
        }
      >
        <AlertTitle>{`${what} could not be loaded. ${title}`}</AlertTitle>
        {detail}
      </Alert>
    </Box>
  );
}

/** `<List error={<ListLoadError what="The users" />}>` */
export function ListLoadError({ what }: { what: string }) {
  const { error, refetch } = useListContext();
  return <LoadFailure error={error} onRetry={refetch} what={what} />;
}

/** Pagination only under real results: none while the list shows its load error. */
export function ListPagination(props: PaginationProps) {
  const { error } = useListContext();
  return error ? null : <Pagination {...props} />;
}

export function ShowLoadError({ what }: { what: string }) {
  const { error, refetch } = useShowContext();
  return <LoadFailure error={error} onRetry={refetch} what={what} />;
}

export function EditLoadError({ what }: { what: string }) {
  const { error, refetch } = useEditContext();
  return <LoadFailure error={error} onRetry={refetch} what={what} />;
}
