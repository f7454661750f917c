/** The tours list: cover, code, title, status, duration, "from" price in the tour's currency, next departure. */
import PhotoOutlinedIcon from '@mui/icons-material/PhotoOutlined';
import { Avatar, Chip } from '@mui/material';
import { Datagrid, FunctionField, List, SearchInput, SelectInput, SimpleList, TextField, useRecordContext } from 'react-admin';
import { TOUR_STATUSES } from '../../../shared/contract/tour-rules';
import type { Tour } from '../../../shared/contract/tours';
import { DateTimeField, RowLink, useIsSmallScreen } from '../common/fields';
import { ListLoadError, ListPagination } from '../common/LoadError';
import { days, fromPrice, nextDepartureText, STATUS_COLOURS, STATUS_LABELS } from './tour-text';

const EMPTY = <p style={{ padding: 16 }}>No tours match these filters.</p>;

const filters = [
  <SearchInput key="q" source="q" alwaysOn placeholder="Search code or title" />,
  <SelectInput key="status" source="status" label="Status" alwaysOn emptyText="Any status" choices={TOUR_STATUSES.map((status) => ({ id: status, name: STATUS_LABELS[status] }))} />,
];

/** A tour's page title: its code and title. */
export function TourTitle() {
  const tour = useRecordContext<Tour>();
  return <>{tour ? `${tour.code} · ${tour.title}` : 'Tour'}</>;
}

export function TourStatusChip(_props: { label?: string }) {
  const tour = useRecordContext<Tour>();
  if (!tour) return null;
  return <Chip size="small" label={STATUS_LABELS[tour.status]} color={STATUS_COLOURS[tour.status]} variant={tour.status === 'archived' ? 'outlined' : 'filled'} />;
}

/** The cover's thumbnail, or a plain placeholder; decorative (the title is beside it), so no alt text. */
export function CoverThumb({ tour, size = 56 }: { tour: Tour; size?: number }) {
  return (
    <Avatar variant="rounded" src={tour.coverUrls?.thumb} alt="" sx={{ width: size, height: (size * 3) / 4, bgcolor: 'action.hover', color: 'text.secondary' }}>
      <PhotoOutlinedIcon fontSize="small" aria-hidden />
    </Avatar>
  );
}

export function TourList() {
  const small = useIsSmallScreen();
  return (
    <List
      title="Tours"
      filters={filters}
      sort={{ field: 'createdAt', order: 'DESC' }}
      perPage={25}
      pagination={<ListPagination rowsPerPageOptions={[10, 25, 50, 100]} />}
      error={<ListLoadError what="The tours" />}
      exporter={false}
    >
      {small ? (
        <SimpleList<Tour>
          linkType="show"
          leftAvatar={(tour) => <CoverThumb tour={tour} size={48} />}
          primaryText={(tour) => tour.title}
          secondaryText={(tour) => `${tour.code} · ${days(tour.durationDays)} · ${STATUS_LABELS[tour.status]}`}
          tertiaryText={(tour) => fromPrice(tour) ?? ''}
          empty={EMPTY}
        />
      ) : (
        <Datagrid rowClick="show" bulkActionButtons={false} empty={EMPTY}>
          <FunctionField<Tour> label="" sortable={false} render={(tour) => <CoverThumb tour={tour} />} />
          <FunctionField<Tour> label="Code" sortBy="code" render={(tour) => <RowLink to={`/tours/${encodeURIComponent(tour.id)}/show`}>{tour.code}</RowLink>} />
          <TextField source="title" label="Title" />
          <TourStatusChip label="Status" />
          <FunctionField<Tour> label="Duration" sortable={false} render={(tour) => days(tour.durationDays)} />
          <FunctionField<Tour> label="Price" sortable={false} render={(tour) => fromPrice(tour) ?? 'Not priced'} />
          <FunctionField<Tour> label="Next departure" sortable={false} render={(tour) => nextDepartureText(tour) ?? 'None scheduled'} />
          <DateTimeField source="updatedAt" label="Changed" />
        </Datagrid>
      )}
    </List>
  );
}
