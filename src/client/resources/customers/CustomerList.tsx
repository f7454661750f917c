/** The customers list: search by name, e-mail or phone; sort by name, bookings made and the last booking. */
import { BooleanInput, Datagrid, FunctionField, List, NumberField, SimpleList, TextInput, useTranslate } from 'react-admin';
import type { Customer } from '../../../shared/contract/customers';
import { formatDate } from '../../dates';
import { RowLink, useIsSmallScreen } from '../common/fields';
import { ListLoadError, ListPagination } from '../common/LoadError';
import { customerName, spentText } from './customer-text';

const filters = [<TextInput key="q" source="q" label="customers.search" alwaysOn sx={{ minWidth: 300 }} />, <BooleanInput key="marketingConsent" source="marketingConsent" label="customers.marketing" />];

export function CustomerList() {
  const small = useIsSmallScreen();
  const translate = useTranslate();
  const EMPTY = <p style={{ padding: 16 }}>{translate('customers.empty')}</p>;
  return (
    <List filters={filters} sort={{ field: 'lastBookingAt', order: 'DESC' }} pagination={<ListPagination />} error={<ListLoadError what={translate('customers.the_customers')} />} empty={false} exporter={false}>
      {small ? (
        <SimpleList<Customer>
          linkType="show"
          primaryText={customerName}
          secondaryText={(customer) => [customer.email, customer.phone].filter(Boolean).join(' · ') || translate('customers.no_contact')}
          tertiaryText={(customer) => translate('customers.count_bookings', { smart_count: customer.bookingCount })}
          empty={EMPTY}
        />
      ) : (
        <Datagrid rowClick="show" bulkActionButtons={false} empty={EMPTY}>
          <FunctionField<Customer> source="name" sortBy="name" render={(customer) => <RowLink to={`/customers/${encodeURIComponent(customer.id)}/show`}>{customerName(customer)}</RowLink>} />
          <FunctionField<Customer> source="email" sortable={false} render={(customer) => customer.email ?? '—'} />
          <FunctionField<Customer> source="phone" sortable={false} render={(customer) => customer.phone ?? '—'} />
          <NumberField source="bookingCount" />
          <FunctionField<Customer> source="lastBookingAt" sortBy="lastBookingAt" render={(customer) => (customer.lastBookingAt ? formatDate(customer.lastBookingAt) : '—')} />
          <FunctionField<Customer> source="spent" sortable={false} render={(customer) => spentText(customer.spent)} />
          <FunctionField<Customer> source="createdAt" sortBy="createdAt" render={(customer) => formatDate(customer.createdAt)} />
        </Datagrid>
      )}
    </List>
  );
}
