/**
 * The bookings list: reference, tour and departure (local, zone named), lead contact, travellers,
 * status and payment standing, total and balance in the booking's currency. Filters by status,
 * payment status, tour, departure dates, balance due and the day it was booked (each reachable
 * from the list's "Add filter" button); search by reference, name or e-mail; the filtered list
 * downloads as CSV.
 */
import { customerName } from '../customers/customer-text';
import { Chip, Stack, Typography } from '@mui/material';
import {
  AutocompleteInput,
  BooleanInput,
  CreateButton,
  Datagrid,
  FilterButton,
  FunctionField,
  List,
  ReferenceInput,
  SearchInput,
  SelectInput,
  SimpleList,
  TextInput,
  TopToolbar,
  useCanAccess,
  useListContext,
  useRecordContext,
  useTranslate,
} from 'react-admin';
import { ACTIVE_BOOKING_STATUSES } from '../../../shared/contract/booking-rules';
import { BOOKING_CHANNELS, BOOKING_MONEY_FILTERS as MONEY_FILTERS, BOOKING_STATUSES, PAYMENT_STATUSES, type Booking } from '../../../shared/contract/bookings';
import { formatCalendarDate, formatDate, formatFullDateTime, formatTime } from '../../dates';
import { DownloadButton } from '../common/DownloadButton';
import { RowLink, useIsSmallScreen } from '../common/fields';
import { ListLoadError, ListPagination } from '../common/LoadError';
import { useSeesMoney } from '../common/sees-money';
import { dueNowMinor } from '../../../shared/contract/payment-links';
import { BOOKING_STATUS_COLOURS, BOOKING_STATUS_LABELS, balanceText, bookingWhen, leadText, money, PAYMENT_STATUS_COLOURS, PAYMENT_STATUS_LABELS, resellerText, travellersText } from './booking-text';


/** The search box, its hint in the screens' language. */
function SearchBookings(props: { source: string; alwaysOn: boolean }) {
  const translate = useTranslate();
  return <SearchInput {...props} placeholder={translate('bookings.list.search')} />;
}

const baseFilters = [
  <SearchBookings key="q" source="q" alwaysOn />,
  <SelectInput key="status" source="status" alwaysOn emptyText="bookings.list.any_status" choices={BOOKING_STATUSES.map((status) => ({ id: status, name: `bookings.status.${status}` }))} />,
  <SelectInput key="paymentStatus" source="paymentStatus" emptyText="bookings.list.any" choices={PAYMENT_STATUSES.map((status) => ({ id: status, name: `bookings.payment_status.${status}` }))} />,
  <SelectInput key="channel" source="channel" emptyText="bookings.list.any" choices={BOOKING_CHANNELS.map((channel) => ({ id: channel, name: `bookings.channel.${channel}` }))} />,
  <ReferenceInput key="tourId" source="tourId" reference="tours">
    <AutocompleteInput label="resources.bookings.fields.tourId" optionText={(tour) => `${tour.code} · ${tour.title}`} sx={{ minWidth: 260 }} />
  </ReferenceInput>,
  <TextInput key="from" source="from" type="date" slotProps={{ inputLabel: { shrink: true } }} />,
  <TextInput key="to" source="to" type="date" slotProps={{ inputLabel: { shrink: true } }} />,
  <BooleanInput key="balanceDue" source="balanceDue" />,
  <BooleanInput key="overdue" source="overdue" />,
  // Days of the business's time zone, as the dashboard counts "bookings today".
  <TextInput key="bookedFrom" source="bookedFrom" type="date" slotProps={{ inputLabel: { shrink: true } }} />,
  <TextInput key="bookedTo" source="bookedTo" type="date" slotProps={{ inputLabel: { shrink: true } }} />,
];

/** Whoever may see resellers may also list their bookings alone. */
const resellerFilter = (
  <ReferenceInput key="resellerId" source="resellerId" reference="resellers" sort={{ field: 'name', order: 'ASC' }}>
    <AutocompleteInput label="resources.bookings.fields.resellerId" optionText="name" sx={{ minWidth: 220 }} />
  </ReferenceInput>
);

/** Whoever may see customers may also list one customer's bookings. */
const customerFilter = (
  <ReferenceInput key="customerId" source="customerId" reference="customers" sort={{ field: 'name', order: 'ASC' }}>
    <AutocompleteInput label="resources.bookings.fields.customerId" optionText={(customer: { name: string; email: string | null }) => customerName(customer)} sx={{ minWidth: 240 }} />
  </ReferenceInput>
);

/**
 * Nine columns in 1,016 px beside the menu at 1280: cells a little closer together than MUI's
 * 16 px a side, so that the balance, the last column, is in view without scrolling the table.
 */
const LIST_CELLS = { '& .MuiTableCell-root': { px: 1 }, '& .MuiTableCell-root:first-of-type': { pl: 2 }, '& .MuiTableCell-root:last-of-type': { pr: 2 } } as const;

/** The balance, and under it the day it is due (in red once that day has passed), or the deposit's shortfall due now. */
function BalanceCell({ booking }: { booking: Booking }) {
  const translate = useTranslate();
  // A reseller's booking asks its customer for nothing: no deposit or due day under what the reseller owes.
  const active = booking.resellerId === null && booking.balanceMinor > 0 && (ACTIVE_BOOKING_STATUSES as readonly string[]).includes(booking.status);
  const now = dueNowMinor(booking);
  return (
    // What a reseller owes is a few words: they wrap, in a column no wider than an amount and its due day.
    <span style={{ display: 'inline-block', maxWidth: 150 }}>
      {balanceText(booking)}
      {active && now < booking.balanceMinor && !booking.overdue && (
        <Typography component="span" variant="caption" sx={{ display: 'block', color: 'warning.main', fontWeight: 700 }}>
          {translate('bookings.list.due_now', { money: money(booking, now) })}
        </Typography>
      )}
      {active && (
        <Typography component="span" variant="caption" sx={{ display: 'block', color: booking.overdue ? 'error.main' : 'text.secondary', fontWeight: booking.overdue ? 700 : undefined }}>
          {translate(booking.overdue ? 'bookings.list.overdue_was_due' : 'bookings.list.due_on', { date: formatCalendarDate(booking.balanceDueDate) })}
        </Typography>
      )}
    </span>
  );
}

/** The lead, and under it who sold a reseller's booking. */
function Lead({ booking }: { booking: Booking }) {
  return (
    <span>
      {leadText(booking)}
      {booking.channel === 'reseller' && (
        <Typography component="span" variant="caption" color="text.secondary" sx={{ display: 'block' }}>
          {resellerText(booking)}
        </Typography>
      )}
    </span>
  );
}

/** Where a booking stands: held, confirmed, cancelled or expired. */
export function BookingStatusChip({ status }: { status: Booking['status'] }) {
  return <Chip size="small" label={BOOKING_STATUS_LABELS[status]} color={BOOKING_STATUS_COLOURS[status]} />;
}

export function BookingStatusChips(_props: { label?: string }) {
  const booking = useRecordContext<Booking>();
  const translate = useTranslate();
  if (!booking) return null;
  return (
    <Stack direction="row" sx={{ gap: 0.5, flexWrap: 'wrap' }}>
      <BookingStatusChip status={booking.status} />
      {booking.testMode && <Chip size="small" color="warning" variant="outlined" label={translate('bookings.list.test')} title={translate('bookings.list.test_help')} />}
      {booking.paymentStatus !== undefined && <Chip size="small" variant="outlined" label={PAYMENT_STATUS_LABELS[booking.paymentStatus]} color={PAYMENT_STATUS_COLOURS[booking.paymentStatus]} />}
    </Stack>
  );
}

function ExportButton() {
  const { filterValues, sort } = useListContext();
  const translate = useTranslate();
  const query: Record<string, string | number | boolean | undefined> = { sort: sort?.field, order: sort?.order };
  for (const [name, value] of Object.entries(filterValues ?? {})) if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') query[name] = value;
  return <DownloadButton path="bookings.csv" query={query} label={translate('bookings.list.export')} what={translate('bookings.list.the_bookings')} />;
}

function ListActions() {
  const { canAccess } = useCanAccess({ resource: 'bookings', action: 'create' });
  const money = useSeesMoney();
  return (
    <TopToolbar>
      <FilterButton />
      {money && <ExportButton />}
      {canAccess === true && <CreateButton label="bookings.list.new" />}
    </TopToolbar>
  );
}

/** When it was booked, in the reader's time: the date, and the time under it (the column stays narrow). */
function BookedAt({ at }: { at: string }) {
  return (
    <span style={{ whiteSpace: 'nowrap' }} title={formatFullDateTime(at)}>
      {formatDate(at)}
      <Typography component="span" variant="caption" color="text.secondary" sx={{ display: 'block' }}>
        {formatTime(at)}
      </Typography>
    </span>
  );
}

export function BookingList() {
  const small = useIsSmallScreen();
  const { canAccess: canSeeResellers } = useCanAccess({ resource: 'resellers', action: 'list' });
  const { canAccess: canSeeCustomers } = useCanAccess({ resource: 'customers', action: 'list' });
  // A role that sees no money (a guide's) gets the bookings without it: no money columns, filters or export.
  const seesMoney = useSeesMoney();
  const { canAccess: canReadTours } = useCanAccess({ resource: 'tours', action: 'list' });
  const filters = [
    ...baseFilters.filter((filter) => (seesMoney || !(MONEY_FILTERS as readonly unknown[]).includes(filter.key)) && (canReadTours === true || filter.key !== 'tourId')),
    ...(canSeeResellers === true ? [resellerFilter] : []),
    ...(canSeeCustomers === true ? [customerFilter] : []),
  ];
  const translate = useTranslate();
  const EMPTY = <p style={{ padding: 16 }}>{translate('bookings.list.empty')}</p>;
  return (
    <List
      filters={filters}
      actions={<ListActions />}
      sort={{ field: 'createdAt', order: 'DESC' }}
      perPage={25}
      pagination={<ListPagination rowsPerPageOptions={[10, 25, 50, 100]} />}
      error={<ListLoadError what={translate('bookings.list.the_bookings')} />}
      empty={false}
      exporter={false}
    >
      {small ? (
        <SimpleList<Booking>
          linkType="show"
          primaryText={(booking) => `${booking.reference}${booking.testMode ? ` · ${translate('bookings.list.test')}` : ''} · ${leadText(booking)}`}
          secondaryText={(booking) => `${booking.tourCode} · ${bookingWhen(booking)}${booking.channel === 'reseller' ? ` · ${resellerText(booking)}` : ''}`}
          tertiaryText={(booking) => (seesMoney ? `${BOOKING_STATUS_LABELS[booking.status]} · ${balanceText(booking)}` : BOOKING_STATUS_LABELS[booking.status])}
          empty={EMPTY}
        />
      ) : (
        <Datagrid rowClick="show" bulkActionButtons={false} empty={EMPTY} sx={LIST_CELLS}>
          <FunctionField<Booking> source="reference" sortBy="reference" render={(booking) => (
              <RowLink to={`/bookings/${encodeURIComponent(booking.id)}/show`}>
                <strong style={{ fontFamily: 'monospace', letterSpacing: 1 }}>{booking.reference}</strong>
              </RowLink>
            )}
          />
          <FunctionField<Booking> source="createdAt" sortBy="createdAt" render={(booking) => <BookedAt at={booking.createdAt} />} />
          <FunctionField<Booking> source="startsAt" sortBy="startsAt" render={(booking) => `${booking.tourCode} · ${bookingWhen(booking)}`} />
          <FunctionField<Booking> source="lead" sortable={false} render={(booking) => <Lead booking={booking} />} />
          <FunctionField<Booking> source="travellers" sortable={false} render={(booking) => travellersText(booking.travellers)} />
          <BookingStatusChips label="resources.bookings.fields.status" />
          {seesMoney && <FunctionField<Booking> source="totalMinor" sortBy="totalMinor" textAlign="right" render={(booking) => money(booking, booking.totalMinor)} />}
          {seesMoney && <FunctionField<Booking> source="balanceMinor" sortBy="balanceMinor" textAlign="right" render={(booking) => <BalanceCell booking={booking} />} />}
        </Datagrid>
      )}
    </List>
  );
}
