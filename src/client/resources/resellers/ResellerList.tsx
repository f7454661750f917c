/** The resellers list: name, commission, the tours each may sell, its bookings and keys, active or not. */
import './words';
import { BooleanInput, CreateButton, Datagrid, FilterButton, FunctionField, List, NumberField, SimpleList, TextInput, TopToolbar, useCanAccess, useTranslate } from 'react-admin';
import type { Reseller } from '../../../shared/contract/resellers';
import { ActiveChip, RowLink, useIsSmallScreen } from '../common/fields';
import { ListLoadError, ListPagination } from '../common/LoadError';
import { commissionText, toursText } from './reseller-text';

const filters = [<TextInput key="q" source="q" alwaysOn />, <BooleanInput key="active" source="active" label="resources.resellers.fields.activeOnly" />];


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
  const translate = useTranslate();
  const EMPTY = <p style={{ padding: 16 }}>{translate('resellers.empty')}</p>;
  return (
    <List filters={filters} actions={<ListActions />} sort={{ field: 'name', order: 'ASC' }} pagination={<ListPagination />} error={<ListLoadError what={translate('resellers.the_resellers')} />} empty={false} exporter={false}>
      {small ? (
        <SimpleList<Reseller>
          linkType="show"
          primaryText={(reseller) => reseller.name}
          secondaryText={(reseller) => `${commissionText(reseller.commissionPercent)} · ${toursText(reseller)}`}
          tertiaryText={(reseller) => (reseller.active ? translate('resellers.bookings_count', { smart_count: reseller.bookingCount }) : translate('resellers.inactive'))}
          empty={EMPTY}
        />
      ) : (
        <Datagrid rowClick="show" bulkActionButtons={false} empty={EMPTY}>
          <FunctionField<Reseller> source="name" sortBy="name" render={(reseller) => <RowLink to={`/resellers/${encodeURIComponent(reseller.id)}/show`}>{reseller.name}</RowLink>} />
          <FunctionField<Reseller> source="commission" sortable={false} render={(reseller) => commissionText(reseller.commissionPercent)} />
          <FunctionField<Reseller> source="sells" sortable={false} render={toursText} />
          <NumberField source="bookingCount" sortable={false} />
          <NumberField source="activeKeyCount" sortable={false} />
          <FunctionField<Reseller> source="status" sortable={false} render={(reseller) => <ActiveChip active={reseller.active} />} />
        </Datagrid>
      )}
    </List>
  );
}
