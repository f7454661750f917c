/**
 * The audit log, read-only (needs `audit.read`): newest first, filtered by action, time range and
 * a search over the actor's e-mail, the address and the target. A row opens its details.
 */
import { Box, Typography } from '@mui/material';
import {
  Datagrid,
  DateTimeInput,
  FunctionField,
  List,
  SimpleList,
  SearchInput,
  SelectInput,
  TextField,
  useRecordContext,
} from 'react-admin';
import { AUDIT_ACTION_LABELS, AUDIT_ACTIONS, type AuditEntry } from '../../../shared/types';
import { ListLoadError, ListPagination } from '../common/LoadError';
import { auditTarget } from './audit-text';
import { DateTimeField, useIsSmallScreen } from '../common/fields';
import { formatDateTime } from '../../dates';


const actionChoices = AUDIT_ACTIONS.map((action) => ({ id: action, name: AUDIT_ACTION_LABELS[action] }));

const filters = [
  <SearchInput key="q" source="q" alwaysOn placeholder="Search e-mail or address" />,
  <SelectInput key="action" source="action" label="Action" choices={actionChoices} emptyText="All actions" alwaysOn />,
  <DateTimeInput key="since" source="since" label="From" alwaysOn />,
  <DateTimeInput key="until" source="until" label="Until" alwaysOn />,
];

function Details() {
  const entry = useRecordContext<AuditEntry & { id: string }>();
  if (!entry) return null;
  return (
    <Box sx={{ px: 2, py: 1 }}>
      <Typography variant="body2">
        <strong>Browser:</strong> {entry.userAgent ?? 'not recorded'}
      </Typography>
      <Typography variant="body2">
        <strong>Target:</strong> {entry.targetType ? `${entry.targetType} ${entry.targetId ?? ''}` : 'none'}
      </Typography>
      <Typography variant="body2" component="div">
        <strong>Details:</strong>{' '}
        {entry.details ? (
          <Box component="pre" sx={{ m: 0, whiteSpace: 'pre-wrap', fontFamily: 'monospace', fontSize: 13 }}>
            {JSON.stringify(entry.details, null, 2)}
          </Box>
        ) : (
          'none'
        )}
      </Typography>
    </Box>
  );
}

const EMPTY = <p style={{ padding: 16 }}>No entries match these filters.</p>;

export function AuditList() {
  const small = useIsSmallScreen();
  return (
    <List
      title="Audit log"
      filters={filters}
      perPage={25}
      pagination={<ListPagination rowsPerPageOptions={[25, 50, 100]} />}
      error={<ListLoadError what="The audit log" />}
      exporter={false}
      actions={false}
      disableSyncWithLocation={false}
    >
      {small ? (
        <SimpleList<AuditEntry>
          linkType={false}
          primaryText={(entry) => AUDIT_ACTION_LABELS[entry.action] ?? entry.action}
          secondaryText={(entry) => [entry.actorEmail ?? entry.actorLabel ?? '(nobody signed in)', auditTarget(entry)].filter(Boolean).join(' → ')}
          tertiaryText={(entry) => formatDateTime(entry.at)}
          empty={EMPTY}
        />
      ) : (
        <Datagrid bulkActionButtons={false} expand={<Details />} rowClick="expand" empty={EMPTY}>
          <DateTimeField source="at" label="When" sortable={false} />
          <FunctionField<AuditEntry> label="Action" sortable={false} render={(entry) => AUDIT_ACTION_LABELS[entry.action] ?? entry.action} />
          <FunctionField<AuditEntry> label="By" sortable={false} render={(entry) => entry.actorEmail ?? entry.actorLabel ?? '(nobody signed in)'} />
          <FunctionField<AuditEntry> label="Target" sortable={false} render={auditTarget} />
          <TextField source="ip" label="Address" emptyText="-" sortable={false} />
        </Datagrid>
      )}
    </List>
  );
}
