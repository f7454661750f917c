/** Small fields shared by the users and roles screens. */
import { Chip, Link as MuiLink, Stack } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import { useSyncExternalStore } from 'react';
import { DeleteWithConfirmButton, useCanAccess, useRecordContext, useResourceContext, useTranslate } from 'react-admin';
import { isAwaitingFirstSignIn, type User } from '../../../shared/types';
import { formatDate, formatDateTime, formatFullDateTime } from '../../dates';
import { getUserState, subscribe } from '../../providers/auth-state';

/** A list of role or permission names as chips. */
export function ChipsField({ source, emptyText = '—' }: { source: string; label?: string; sortable?: boolean; emptyText?: string }) {
  const record = useRecordContext();
  const values: unknown = record?.[source];
  if (!Array.isArray(values) || values.length === 0) return <span>{emptyText}</span>;
  return (
    <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 0.5 }}>
      {values.map((value) => (
        <Chip key={String(value)} label={String(value)} size="small" variant="outlined" />
      ))}
    </Stack>
  );
}

export function StatusField(_props: { label?: string; sortable?: boolean; sortBy?: string }) {
  const record = useRecordContext<User>();
  const translate = useTranslate();
  if (!record) return null;
  if (isAwaitingFirstSignIn(record)) return <Chip label={translate('common.invited')} size="small" color="info" variant="outlined" />;
  const active = record.status === 'active';
  return <Chip label={translate(active ? 'common.active' : 'common.disabled')} size="small" color={active ? 'success' : 'default'} variant={active ? 'filled' : 'outlined'} />;
}

export function SystemField(_props: { label?: string; sortable?: boolean }) {
  const record = useRecordContext();
  const translate = useTranslate();
  return record?.system ? <Chip label={translate('common.system')} size="small" color="primary" variant="outlined" /> : null;
}

/**
 * Delete with a confirmation, shown only to those allowed to delete (the server checks anyway),
 * and never on one's own account, which the server refuses to delete.
 */
export function GuardedDeleteButton({ confirmContent }: { confirmContent?: string }) {
  const resource = useResourceContext();
  const record = useRecordContext();
  const { user } = useSyncExternalStore(subscribe, getUserState);
  const { canAccess } = useCanAccess({ resource: resource ?? '', action: 'delete', record });
  if (canAccess !== true || !record) return null;
  if (resource === 'users' && user !== null && record.id === user.id) return null;
  return <DeleteWithConfirmButton mutationMode="pessimistic" confirmContent={confirmContent} />;
}

/** Create, edit and show pages read best at a form's width, not the screen's. */
export const FORM_WIDTH = { maxWidth: 760 } as const;

export { useIsSmallScreen } from './narrow-screens';

/**
 * A moment in a list or page, as every screen writes it ("25 Nov 2026, 17:15", or the date alone),
 * with the full instant on hover. `emptyText` when the record has none.
 */
export function DateTimeField({ source, dateOnly = false, emptyText = '—' }: { source: string; label?: string; sortable?: boolean; sortBy?: string; dateOnly?: boolean; emptyText?: string }) {
  const record = useRecordContext();
  const value: unknown = record?.[source];
  if (typeof value !== 'string' && typeof value !== 'number') return <span>{emptyText}</span>;
  return (
    <span style={{ whiteSpace: 'nowrap' }} title={formatFullDateTime(value)}>
      {dateOnly ? formatDate(value) : formatDateTime(value)}
    </span>
  );
}

/**
 * The cell of a list row that opens the record: a real link, so the keyboard reaches each row with
 * Tab and opens it with Enter (a row's own click handler is mouse-only). The row's click is not
 * repeated on top of the link's.
 */
export function RowLink({ to, children, label }: { to: string; children: React.ReactNode; label?: string }) {
  return (
    <MuiLink component={RouterLink} to={to} color="inherit" underline="hover" aria-label={label} onClick={(event: React.MouseEvent) => event.stopPropagation()}>
      {children}
    </MuiLink>
  );
}

/** Whether a record (a reseller, a guide or vehicle) may be used now: Active, or Inactive outlined. */
export function ActiveChip({ active }: { active: boolean }) {
  const translate = useTranslate();
  return <Chip size="small" label={translate(active ? 'common.active' : 'common.inactive')} color={active ? 'success' : 'default'} variant={active ? 'filled' : 'outlined'} />;
}
