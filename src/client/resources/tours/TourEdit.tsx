/**
 * Editing a tour, in tabs: Details and Prices are forms saved with their own Save button;
 * Components and Itinerary save each change as it is made. The tab is in the address (?tab=),
 * so a reload or a shared link opens the same one.
 */
import { Tab, Tabs } from '@mui/material';
import { Edit, SaveButton, ShowButton, SimpleForm, Toolbar, TopToolbar, useRecordContext, useTranslate } from 'react-admin';
import { useSearchParams } from 'react-router';
import type { Tour } from '../../../shared/contract/tours';
import { GuardedDeleteButton } from '../common/fields';
import { EditLoadError } from '../common/LoadError';
import { KeepDraft } from '../../session/KeepDraft';
import { TourComponents } from './TourComponents';
import { DetailsInputs, PriceInputs } from './TourForms';
import { TourGallery } from './TourGallery';
import { TourItinerary } from './TourItinerary';
import { TourPricing } from './TourPricing';
import { TourTitle } from './TourList';

const TABS = [
  { id: 'details', label: 'tours.details' },
  { id: 'prices', label: 'tours.prices' },
  { id: 'seasons', label: 'tours.seasons_and_rules' },
  { id: 'components', label: 'tours.components' },
  { id: 'itinerary', label: 'tours.itinerary' },
  { id: 'gallery', label: 'tours.gallery' },
] as const;
type TabId = (typeof TABS)[number]['id'];

function FormToolbar() {
  const tour = useRecordContext<Tour>();
  const translate = useTranslate();
  return (
    <Toolbar sx={{ justifyContent: 'space-between' }}>
      <SaveButton />
      <GuardedDeleteButton confirmContent={translate('tours.delete_confirm', { code: tour?.code ?? '' })} />
    </Toolbar>
  );
}

function TourTabs() {
  const tour = useRecordContext<Tour>();
  const [params, setParams] = useSearchParams();
  const translate = useTranslate();
  const tab: TabId = TABS.some((entry) => entry.id === params.get('tab')) ? (params.get('tab') as TabId) : 'details';
  if (!tour) return null;
  return (
    <>
      {/* width 0, at least 100%: the tabs scroll within the page instead of widening it on a phone. */}
      <Tabs sx={{ width: 0, minWidth: '100%' }} value={tab} onChange={(_event, value: TabId) => setParams({ tab: value }, { replace: true })} variant="scrollable" allowScrollButtonsMobile aria-label={translate('tours.parts')}>
        {TABS.map((entry) => (
          <Tab key={entry.id} value={entry.id} label={translate(entry.label)} id={`tour-tab-${entry.id}`} aria-controls={`tour-panel-${entry.id}`} />
        ))}
      </Tabs>
      <div role="tabpanel" id={`tour-panel-${tab}`} aria-labelledby={`tour-tab-${tab}`}>
        {tab === 'details' && (
          <SimpleForm toolbar={<FormToolbar />} noValidate>
            <KeepDraft waitForRecord />
            <DetailsInputs />
          </SimpleForm>
        )}
        {tab === 'prices' && (
          <SimpleForm toolbar={<FormToolbar />} noValidate>
            <KeepDraft waitForRecord />
            <PriceInputs />
          </SimpleForm>
        )}
        {tab === 'seasons' && <TourPricing tour={tour} />}
        {tab === 'components' && <TourComponents tour={tour} />}
        {tab === 'itinerary' && <TourItinerary tour={tour} />}
        {tab === 'gallery' && <TourGallery tour={tour} />}
      </div>
    </>
  );
}

export function TourEdit() {
  const translate = useTranslate();
  return (
    <Edit
      sx={{ maxWidth: 1000 }}
      title={<TourTitle />}
      mutationMode="pessimistic"
      redirect={false}
      actions={
        <TopToolbar>
          <ShowButton label="tours.view_as_brochure" />
        </TopToolbar>
      }
      queryOptions={{ onError: () => undefined }}
      redirectOnError={false}
      error={<EditLoadError what={translate('tours.this_tour')} />}
    >
      <TourTabs />
    </Edit>
  );
}
