/**
 * A tour as the brochure reads: cover, summary, facts, prices, the payment and cancellation terms,
 * the next dates, the days, what is included and what is optional, the pictures.
 */
import { Box, Chip, Divider, Stack, Typography } from '@mui/material';
import { EditButton, Show, TopToolbar, useCanAccess, useGetList, useRecordContext, useTranslate } from 'react-admin';
import type { Departure } from '../../../shared/contract/departures';
import { departureWhen, todayOnThisCalendar } from '../departures/departure-text';
import type { Tour } from '../../../shared/contract/tours';
import { formatMinor } from '../../../shared/money';
import { ShowLoadError } from '../common/LoadError';
import { dayRange, KIND_LABELS } from './TourComponents';
import { TourTitle } from './TourList';
import { useGallery, useItinerary, useTourComponents } from './tour-parts';
import { days as dayCount, STATUS_COLOURS, STATUS_LABELS } from './tour-text';
import { inSentence } from '../../i18n/language';

const CATEGORIES = ['ADULT', 'CHILD', 'INFANT'] as const;

/** The deposit and when the balance is due; the cancellation fees by the days left. */
function Terms({ tour }: { tour: Tour }) {
  const translate = useTranslate();
  const fees = [...tour.cancellationFees].sort((a, b) => b.daysBefore - a.daysBefore);
  return (
    <>
      <Typography component="h3" variant="h6" sx={{ mt: 3 }}>
        {translate('tours.brochure.terms')}
      </Typography>
      <Typography sx={{ my: 1 }}>
        {tour.depositPercent === null || tour.depositPercent >= 100
          ? translate('tours.brochure.pay_whole')
          : translate('tours.brochure.pay_deposit', { percent: tour.depositPercent, smart_count: tour.balanceDueDays })}
      </Typography>
      {fees.length === 0 ? (
        <Typography>{translate('tours.brochure.no_fees')}</Typography>
      ) : (
        <Box component="ul" sx={{ pl: 3, my: 1 }}>
          {fees.map((fee) => (
            <li key={fee.daysBefore}>{translate(fee.daysBefore === 0 ? 'tours.brochure.fee_on_the_day' : 'tours.brochure.fee_days', { smart_count: fee.daysBefore, percent: fee.percent })}</li>
          ))}
        </Box>
      )}
    </>
  );
}

/** The next open dates, with their free seats. */
function NextDates({ tour }: { tour: Tour }) {
  const translate = useTranslate();
  const { canAccess } = useCanAccess({ resource: 'departures', action: 'list' });
  const { data, error, isPending } = useGetList<Departure>(
    'departures',
    { filter: { tourId: tour.id, status: 'open', from: todayOnThisCalendar() }, sort: { field: 'startsAt', order: 'ASC' }, pagination: { page: 1, perPage: 8 } },
    { enabled: canAccess === true },
  );
  if (canAccess !== true) return null;
  return (
    <>
      <Typography component="h3" variant="h6" sx={{ mt: 3 }}>
        {translate('tours.brochure.dates')}
      </Typography>
      {error ? (
        <Typography color="error">{translate('tours.brochure.dates_failed')}</Typography>
      ) : isPending ? (
        <Typography color="text.secondary">{translate('tours.brochure.loading')}</Typography>
      ) : (data ?? []).length === 0 ? (
        <Typography color="text.secondary">{translate('tours.brochure.no_dates')}</Typography>
      ) : (
        <Box component="ul" sx={{ pl: 3, my: 1 }}>
          {(data ?? []).map((departure) => (
            <li key={departure.id}>{translate('tours.brochure.date_line', { when: departureWhen(departure), smart_count: departure.seatsAvailable })}</li>
          ))}
        </Box>
      )}
    </>
  );
}

function Brochure() {
  const tour = useRecordContext<Tour>();
  const components = useTourComponents(tour?.id ?? '');
  const itinerary = useItinerary(tour?.id ?? '');
  const gallery = useGallery(tour?.id ?? '');
  const translate = useTranslate();
  if (!tour) return null;
  const cover = (gallery.data ?? []).find((media) => media.isCover);
  const others = (gallery.data ?? []).filter((media) => !media.isCover);
  const included = (components.data ?? []).filter((component) => component.inclusion === 'included');
  const optional = (components.data ?? []).filter((component) => component.inclusion === 'optional');
  return (
    <Box sx={{ p: { xs: 2, sm: 3 } }}>
      {tour.coverUrls && (
        <Box
          component="img"
          src={tour.coverUrls.large}
          srcSet={`${tour.coverUrls.medium} 1024w, ${tour.coverUrls.large} 2048w`}
          sizes="(max-width: 1000px) 100vw, 1000px"
          alt={cover?.alt ?? ''}
          sx={{ display: 'block', width: '100%', maxHeight: 420, objectFit: 'cover', borderRadius: 1, mb: 2, bgcolor: 'action.hover' }}
        />
      )}
      <Stack direction="row" sx={{ gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography component="h2" variant="h4">
          {tour.title}
        </Typography>
        <Chip size="small" label={STATUS_LABELS[tour.status]} color={STATUS_COLOURS[tour.status]} />
      </Stack>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {translate('tours.brochure.facts', {
          code: tour.code,
          days: dayCount(tour.durationDays),
          travellers: `${tour.minPax}${tour.maxPax ? `–${tour.maxPax}` : '+'}`,
          infant: tour.infantAgeUnder,
          child: tour.childAgeUnder,
          zone: tour.timeZone,
        })}
      </Typography>
      {tour.summary && (
        <Typography variant="h6" component="p" sx={{ mb: 2, fontWeight: 400 }}>
          {tour.summary}
        </Typography>
      )}
      {tour.description && <Box sx={{ typography: 'body1', maxWidth: 760 }} dangerouslySetInnerHTML={{ __html: tour.description }} />}

      <Typography component="h3" variant="h6" sx={{ mt: 3 }}>
        {translate('tours.prices')}
      </Typography>
      <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'max-content auto', columnGap: 2, rowGap: 0.5, my: 1 }}>
        {CATEGORIES.map((category) => (
          <Box key={category} sx={{ display: 'contents' }}>
            <dt>{translate(`traveller.category.${category}`)}</dt>
            <dd style={{ margin: 0 }}>{tour.prices[category] === null ? translate('tours.brochure.not_sold') : formatMinor(tour.prices[category]!, tour.currency)}</dd>
          </Box>
        ))}
        {tour.singleSupplementMinor !== null && (
          <>
            <dt>{translate('traveller.single_room')}</dt>
            <dd style={{ margin: 0 }}>+{formatMinor(tour.singleSupplementMinor, tour.currency)}</dd>
          </>
        )}
      </Box>
      <Terms tour={tour} />
      <NextDates tour={tour} />

      <Divider sx={{ my: 2 }} />
      <Typography component="h3" variant="h6">
        {translate('tours.brochure.day_by_day')}
      </Typography>
      {itinerary.error ? (
        <Typography color="error">{translate('tours.brochure.itinerary_failed')}</Typography>
      ) : (itinerary.data ?? []).length === 0 ? (
        <Typography color="text.secondary">{translate(itinerary.isPending ? 'tours.brochure.loading' : 'tours.brochure.no_days')}</Typography>
      ) : (
        (itinerary.data ?? []).map((day) => (
          <Box key={day.dayNumber} sx={{ my: 1.5 }}>
            <Typography component="h4" variant="subtitle1" sx={{ fontWeight: 600 }}>
              {translate('tours.brochure.day', { number: day.dayNumber, title: day.title })}
            </Typography>
            {day.description && <Box sx={{ typography: 'body2', '& p': { my: 0.5 } }} dangerouslySetInnerHTML={{ __html: day.description }} />}
            <Typography variant="body2" color="text.secondary">
              {(['breakfast', 'lunch', 'dinner'] as const)
                .filter((meal) => day.meals[meal])
                .map((meal) => translate(`tours.meals.${meal}`))
                .join(', ') || translate('tours.brochure.no_meals')}
              {day.overnight ? translate('tours.brochure.overnight', { place: day.overnight }) : ''}
            </Typography>
          </Box>
        ))
      )}

      <Divider sx={{ my: 2 }} />
      <Stack direction={{ xs: 'column', md: 'row' }} sx={{ gap: 4 }}>
        <Box sx={{ flex: 1 }}>
          <Typography component="h3" variant="h6">
            {translate('tours.brochure.included')}
          </Typography>
          <Box component="ul" sx={{ pl: 3 }}>
            {included.length === 0 ? <li>{translate('tours.brochure.nothing_listed')}</li> : included.map((component) => <li key={component.id}>{`${component.name} (${inSentence(KIND_LABELS[component.kind])}, ${inSentence(dayRange(component))})`}</li>)}
          </Box>
        </Box>
        <Box sx={{ flex: 1 }}>
          <Typography component="h3" variant="h6">
            {translate('tours.brochure.optional_extras')}
          </Typography>
          <Box component="ul" sx={{ pl: 3 }}>
            {optional.length === 0 ? (
              <li>{translate('tours.brochure.none')}</li>
            ) : (
              optional.map((component) => <li key={component.id}>{`${component.name}: ${formatMinor(component.priceMinor ?? 0, tour.currency)} (${inSentence(dayRange(component))})`}</li>)
            )}
          </Box>
        </Box>
      </Stack>

      {others.length > 0 && (
        <>
          <Divider sx={{ my: 2 }} />
          <Typography component="h3" variant="h6">
            {translate('tours.brochure.pictures')}
          </Typography>
          <Box component="ul" sx={{ display: 'grid', gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', sm: 'repeat(3, minmax(0, 1fr))' }, gap: 1.5, listStyle: 'none', p: 0, mt: 1 }}>
            {others.map((media) => (
              <Box component="li" key={media.id}>
                <Box component="figure" sx={{ m: 0 }}>
                  <Box component="img" src={media.urls.medium} alt={media.alt} loading="lazy" sx={{ display: 'block', width: '100%', aspectRatio: '4 / 3', objectFit: 'cover', borderRadius: 1 }} />
                  {(media.caption || media.credit) && (
                    <Typography component="figcaption" variant="caption" color="text.secondary">
                      {media.caption}
                      {media.credit ? `${media.caption ? ' · ' : ''}© ${media.credit}` : ''}
                    </Typography>
                  )}
                </Box>
              </Box>
            ))}
          </Box>
        </>
      )}
    </Box>
  );
}

function ShowActions() {
  const { canAccess } = useCanAccess({ resource: 'tours', action: 'edit' });
  return <TopToolbar>{canAccess === true && <EditButton />}</TopToolbar>;
}

export function TourShow() {
  const translate = useTranslate();
  return (
    <Show title={<TourTitle />} actions={<ShowActions />} queryOptions={{ onError: () => undefined }} redirectOnError={false} error={<ShowLoadError what={translate('tours.this_tour')} />}>
      <Brochure />
    </Show>
  );
}
