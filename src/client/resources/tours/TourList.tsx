/** The tours list: cover, code, title, status, duration, "from" price in the tour's currency, next departure. */
import PhotoOutlinedIcon from '@mui/icons-material/PhotoOutlined';
import { Avatar, Chip } from '@mui/material';
import { Datagrid, FunctionField, List, SearchInput, SelectInput, SimpleList, TextField, useRecordContext, useTranslate } from 'react-admin';
import { TOUR_STATUSES } from '../../../shared/contract/tour-rules';
import type { Tour } from '../../../shared/contract/tours';
import { DateTimeField, RowLink, useIsSmallScreen } from '../common/fields';
import { ListLoadError, ListPagination } from '../common/LoadError';
import { days, fromPrice, nextDepartureText, STATUS_COLOURS, STATUS_LABELS } from './tour-text';

function SearchTours(props: { source: string; alwaysOn: boolean }) {
  const translate = useTranslate();
  return <SearchInput {...props} placeholder={translate('tours.search')} />;
}

const filters = [
  <SearchTours key="q" source="q" alwaysOn />,
  <SelectInput key="status" source="status" alwaysOn emptyText="tours.any_status" choices={TOUR_STATUSES.map((status) => ({ id: status, name: `tours.status.${status}` }))} />,
];

/** A tour's page title: its code and title. */
export function TourTitle() {
  const tour = useRecordContext<Tour>();
  const translate = useTranslate();
  return <>{tour ? `${tour.code} · ${tour.title}` : translate('tours.tour')}</>;
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
  const translate = useTranslate();
  const EMPTY = <p style={{ padding: 16 }}>{translate('tours.empty')}</p>;
  return (
    <List
      filters={filters}
      sort={{ field: 'createdAt', order: 'DESC' }}
      perPage={25}
      pagination={<ListPagination rowsPerPageOptions={[10, 25, 50, 100]} />}
      error={<ListLoadError what={translate('tours.the_tours')} />}
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
          <FunctionField<Tour> source="code" sortBy="code" render={(tour) => <RowLink to={`/tours/${encodeURIComponent(tour.id)}/show`}>{tour.code}</RowLink>} />
          <TextField source="title" />
          <TourStatusChip label="resources.tours.fields.status" />
          <FunctionField<Tour> label="tours.duration" sortable={false} render={(tour) => days(tour.durationDays)} />
          <FunctionField<Tour> label="tours.price" sortable={false} render={(tour) => fromPrice(tour) ?? translate('tours.not_priced')} />
          <FunctionField<Tour> label="tours.next_departure" sortable={false} render={(tour) => nextDepartureText(tour) ?? translate('tours.none_scheduled')} />
          <DateTimeField source="updatedAt" />
        </Datagrid>
      )}
    </List>
  );
}
