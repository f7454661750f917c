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
  useTranslate,
} from 'react-admin';
import { AUDIT_ACTIONS, type AuditEntry } from '../../../shared/types';
import { ListLoadError, ListPagination } from '../common/LoadError';
import { auditActor, auditTarget } from './audit-text';
import { DateTimeField, useIsSmallScreen } from '../common/fields';
import { formatDateTime } from '../../dates';


// Choices' names are message keys: react-admin translates them.
const actionChoices = AUDIT_ACTIONS.map((action) => ({ id: action, name: `audit_actions.${action}` }));

function useFilters() {
  const translate = useTranslate();
  return [
    <SearchInput key="q" source="q" alwaysOn placeholder={translate('audit.search')} />,
    <SelectInput key="action" source="action" label="audit.action" choices={actionChoices} emptyText="audit.all_actions" alwaysOn />,
    <DateTimeInput key="since" source="since" label="audit.from" alwaysOn />,
    <DateTimeInput key="until" source="until" label="audit.until" alwaysOn />,
  ];
}

function Details() {
  const entry = useRecordContext<AuditEntry & { id: string }>();
  const translate = useTranslate();
  if (!entry) return null;
  return (
    <Box sx={{ px: 2, py: 1 }}>
      <Typography variant="body2">
        <strong>{translate('audit.browser')}</strong> {entry.userAgent ?? translate('audit.not_recorded')}
      </Typography>
      <Typography variant="body2">
        <strong>{translate('audit.target')}</strong> {entry.targetType ? `${entry.targetType} ${entry.targetId ?? ''}` : translate('audit.none')}
      </Typography>
      <Typography variant="body2" component="div">
        <strong>{translate('audit.details')}</strong>{' '}
        {entry.details ? (
          <Box component="pre" sx={{ m: 0, whiteSpace: 'pre-wrap', fontFamily: 'monospace', fontSize: 13 }}>
            {JSON.stringify(entry.details, null, 2)}
          </Box>
        ) : (
          translate('audit.none')
        )}
      </Typography>
    </Box>
  );
}

export function AuditList() {
  const small = useIsSmallScreen();
  const translate = useTranslate();
  const filters = useFilters();
  const EMPTY = <p style={{ padding: 16 }}>{translate('audit.empty')}</p>;
  const action = (entry: AuditEntry) => translate(`audit_actions.${entry.action}`, { _: entry.action });
  return (
    <List
      filters={filters}
      perPage={25}
      pagination={<ListPagination rowsPerPageOptions={[25, 50, 100]} />}
      error={<ListLoadError what={translate('audit.the_log')} />}
      exporter={false}
      actions={false}
      disableSyncWithLocation={false}
    >
      {small ? (
        <SimpleList<AuditEntry>
          linkType={false}
          primaryText={action}
          secondaryText={(entry) => [auditActor(entry), auditTarget(entry)].filter(Boolean).join(' → ')}
          tertiaryText={(entry) => formatDateTime(entry.at)}
          empty={EMPTY}
        />
      ) : (
        <Datagrid bulkActionButtons={false} expand={<Details />} rowClick="expand" empty={EMPTY}>
          <DateTimeField source="at" label="audit.when" sortable={false} />
          <FunctionField<AuditEntry> label="audit.action" sortable={false} render={action} />
          <FunctionField<AuditEntry> label="audit.by" sortable={false} render={auditActor} />
          <FunctionField<AuditEntry> label="audit.target_column" sortable={false} render={auditTarget} />
          <TextField source="ip" label="audit.address" emptyText="-" sortable={false} />
        </Datagrid>
      )}
    </List>
  );
}
