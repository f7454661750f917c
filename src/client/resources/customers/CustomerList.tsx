/** The customers list: search by name, e-mail or phone; sort by name, bookings made and the last booking. */
import { BooleanInput, Datagrid, FunctionField, List, NumberField, SimpleList, TextInput } from 'react-admin';
import type { Customer } from '../../../shared/contract/customers';
import { formatDate } from '../../dates';
import { RowLink, useIsSmallScreen } from '../common/fields';
import { ListLoadError, ListPagination } from '../common/LoadError';
import { customerName, spentText } from './customer-text';

const filters = [<TextInput key="q" source="q" label="Search name, e-mail or phone" alwaysOn sx={{ minWidth: 300 }} />, <BooleanInput key="marketingConsent" source="marketingConsent" label="Agreed to marketing" />];

const EMPTY = <p style={{ padding: 16 }}>No customers match. A customer is made with their first booking.</p>;

export function CustomerList() {
  const small = useIsSmallScreen();
  return (
    <List title="Customers" filters={filters} sort={{ field: 'lastBookingAt', order: 'DESC' }} pagination={<ListPagination />} error={<ListLoadError what="The customers" />} empty={false} exporter={false}>
      {small ? (
        <SimpleList<Customer>
          linkType="show"
          primaryText={customerName}
          secondaryText={(customer) => [customer.email, customer.phone].filter(Boolean).join(' · ') || 'No e-mail or phone'}
          tertiaryText={(customer) => `${customer.bookingCount} bookings`}
          empty={EMPTY}
        />
      ) : (
        <Datagrid rowClick="show" bulkActionButtons={false} empty={EMPTY}>
          <FunctionField<Customer> label="Name" sortBy="name" render={(customer) => <RowLink to={`/customers/${encodeURIComponent(customer.id)}/show`}>{customerName(customer)}</RowLink>} />
          <FunctionField<Customer> label="E-mail" sortable={false} render={(customer) => customer.email ?? '—'} />
          <FunctionField<Customer> label="Phone" sortable={false} render={(customer) => customer.phone ?? '—'} />
          <NumberField source="bookingCount" label="Bookings" />
          <FunctionField<Customer> label="Last booking" sortBy="lastBookingAt" render={(customer) => (customer.lastBookingAt ? formatDate(customer.lastBookingAt) : '—')} />
          <FunctionField<Customer> label="Spent" sortable={false} render={(customer) => spentText(customer.spent)} />
          <FunctionField<Customer> label="Customer since" sortBy="createdAt" render={(customer) => formatDate(customer.createdAt)} />
        </Datagrid>
      )}
    </List>
  );
}
