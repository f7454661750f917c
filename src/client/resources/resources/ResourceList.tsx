/** Guides, drivers and vehicles: kind, name, languages or seats, contact, active or not. */
import { BooleanInput, CreateButton, Datagrid, FilterButton, FunctionField, List, SelectInput, SimpleList, TextInput, TopToolbar, useCanAccess, useTranslate } from 'react-admin';
import { t } from '../../i18n';
import type { Resource } from '../../../shared/contract/resources';
import { ActiveChip, RowLink, useIsSmallScreen } from '../common/fields';
import { ListLoadError, ListPagination } from '../common/LoadError';
import { KIND_CHOICES, KIND_LABEL, resourceSummary } from './resource-text';

const filters = [
  <TextInput key="q" source="q" alwaysOn />,
  <SelectInput key="kind" source="kind" choices={KIND_CHOICES} />,
  <BooleanInput key="active" source="active" label="resources.resources.fields.activeOnly" />,
];


function ListActions() {
  const { canAccess } = useCanAccess({ resource: 'resources', action: 'create' });
  return (
    <TopToolbar>
      <FilterButton />
      {canAccess === true && <CreateButton />}
    </TopToolbar>
  );
}

export function ResourceList() {
  const small = useIsSmallScreen();
  const translate = useTranslate();
  const EMPTY = <p style={{ padding: 16 }}>{translate('crew_screens.empty')}</p>;
  return (
    <List filters={filters} actions={<ListActions />} sort={{ field: 'name', order: 'ASC' }} pagination={<ListPagination />} error={<ListLoadError what={translate('crew_screens.the_crew')} />} empty={false} exporter={false}>
      {small ? (
        <SimpleList<Resource>
          linkType="show"
          primaryText={(resource) => resource.name}
          secondaryText={resourceSummary}
          tertiaryText={(resource) => (resource.active ? '' : translate('crew_screens.inactive'))}
          empty={EMPTY}
        />
      ) : (
        <Datagrid rowClick="show" bulkActionButtons={false} empty={EMPTY}>
          <FunctionField<Resource> source="name" sortBy="name" render={(resource) => <RowLink to={`/resources/${encodeURIComponent(resource.id)}/show`}>{resource.name}</RowLink>} />
          <FunctionField<Resource> source="kind" sortBy="kind" render={(resource) => KIND_LABEL[resource.kind]} />
          <FunctionField<Resource> label="crew_screens.languages_or_seats" sortable={false} render={(resource) => (resource.kind === 'vehicle' ? t('crew.seats', { smart_count: resource.seats ?? 0 }) : resource.languages.join(', ') || '—')} />
          <FunctionField<Resource> label="crew_screens.contact" sortable={false} render={(resource) => [resource.phone, resource.email].filter(Boolean).join(' · ') || '—'} />
          <FunctionField<Resource> source="status" sortable={false} render={(resource) => <ActiveChip active={resource.active} />} />
        </Datagrid>
      )}
    </List>
  );
}
