/** Guides, drivers and vehicles: kind, name, languages or seats, contact, active or not. */
import { BooleanInput, CreateButton, Datagrid, FilterButton, FunctionField, List, SelectInput, SimpleList, TextInput, TopToolbar, useCanAccess } from 'react-admin';
import type { Resource } from '../../../shared/contract/resources';
import { ActiveChip, RowLink, useIsSmallScreen } from '../common/fields';
import { ListLoadError, ListPagination } from '../common/LoadError';
import { KIND_CHOICES, KIND_LABEL, resourceSummary } from './resource-text';

const filters = [
  <TextInput key="q" source="q" label="Search" alwaysOn />,
  <SelectInput key="kind" source="kind" label="Kind" choices={KIND_CHOICES} />,
  <BooleanInput key="active" source="active" label="Active only" />,
];

const EMPTY = <p style={{ padding: 16 }}>No guides or vehicles match. Add one to assign it to departures.</p>;

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
  return (
    <List title="Guides & vehicles" filters={filters} actions={<ListActions />} sort={{ field: 'name', order: 'ASC' }} pagination={<ListPagination />} error={<ListLoadError what="The guides and vehicles" />} empty={false} exporter={false}>
      {small ? (
        <SimpleList<Resource>
          linkType="show"
          primaryText={(resource) => resource.name}
          secondaryText={resourceSummary}
          tertiaryText={(resource) => (resource.active ? '' : 'Inactive')}
          empty={EMPTY}
        />
      ) : (
        <Datagrid rowClick="show" bulkActionButtons={false} empty={EMPTY}>
          <FunctionField<Resource> label="Name" sortBy="name" render={(resource) => <RowLink to={`/resources/${encodeURIComponent(resource.id)}/show`}>{resource.name}</RowLink>} />
          <FunctionField<Resource> label="Kind" sortBy="kind" render={(resource) => KIND_LABEL[resource.kind]} />
          <FunctionField<Resource> label="Languages or seats" sortable={false} render={(resource) => (resource.kind === 'vehicle' ? `${resource.seats} seats` : resource.languages.join(', ') || '—')} />
          <FunctionField<Resource> label="Contact" sortable={false} render={(resource) => [resource.phone, resource.email].filter(Boolean).join(' · ') || '—'} />
          <FunctionField<Resource> label="Status" sortable={false} render={(resource) => <ActiveChip active={resource.active} />} />
        </Datagrid>
      )}
    </List>
  );
}
