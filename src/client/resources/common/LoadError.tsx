/**
 * What a screen shows when its data could not be loaded: the cause in plain words (server
 * unreachable, no permission, not found, server error) and a Retry button, in place of the
 * content; never an empty list or "no results" that would pass for a real answer.
 */
import { Pagination, useEditContext, useListContext, useShowContext, type PaginationProps } from 'react-admin';
import { LoadFailure } from './LoadFailure';

export { LoadFailure };


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
