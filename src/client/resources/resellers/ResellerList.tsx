/** The resellers list: name, commission, the tours each may sell, its bookings and keys, active or not. */
import { BooleanInput, CreateButton, Datagrid, FilterButton, FunctionField, List, NumberField, SimpleList, TextInput, TopToolbar, useCanAccess } from 'react-admin';
import type { Reseller } from '../../../shared/contract/resellers';
import { ActiveChip, RowLink, useIsSmallScreen } from '../common/fields';
import { ListLoadError, ListPagination } from '../common/LoadError';
import { commissionText, toursText } from './reseller-text';

const filters = [<TextInput key="q" source="q" label="Search" alwaysOn />, <BooleanInput key="active" source="active" label="Active only" />];

const EMPTY = <p style={{ padding: 16 }}>No resellers match. Add one to let it sell your tours over OCTO.</p>;

function ListActions() {
  const { canAccess } = useCanAccess({ resource: 'resellers', action: 'create' });
  return (
    <TopToolbar>
      <FilterButton />
      {canAccess === true && <CreateButton />}
    </TopToolbar>
  );
}

export function ResellerList() {
  const small = useIsSmallScreen();
  return (
    <List title="Resellers" filters={filters} actions={<ListActions />} sort={{ field: 'name', order: 'ASC' }} pagination={<ListPagination />} error={<ListLoadError what="The resellers" />} empty={false} exporter={false}>
      {small ? (
        <SimpleList<Reseller>
          linkType="show"
          primaryText={(reseller) => reseller.name}
          secondaryText={(reseller) => `${commissionText(reseller.commissionPercent)} · ${toursText(reseller)}`}
          tertiaryText={(reseller) => (reseller.active ? `${reseller.bookingCount} bookings` : 'Inactive')}
          empty={EMPTY}
        />
      ) : (
        <Datagrid rowClick="show" bulkActionButtons={false} empty={EMPTY}>
          <FunctionField<Reseller> label="Name" sortBy="name" render={(reseller) => <RowLink to={`/resellers/${encodeURIComponent(reseller.id)}/show`}>{reseller.name}</RowLink>} />
          <FunctionField<Reseller> label="Commission" sortable={false} render={(reseller) => commissionText(reseller.commissionPercent)} />
          <FunctionField<Reseller> label="Sells" sortable={false} render={toursText} />
          <NumberField source="bookingCount" label="Bookings" sortable={false} />
          <NumberField source="activeKeyCount" label="Keys" sortable={false} />
          <FunctionField<Reseller> label="Status" sortable={false} render={(reseller) => <ActiveChip active={reseller.active} />} />
        </Datagrid>
      )}
    </List>
  );
}
