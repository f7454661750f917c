/** A tour's components and itinerary through the data provider, cached under the tour (so any change to the tour refreshes them). */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useDataProvider, useNotify } from 'react-admin';
import type { DayInput, ItineraryDay, Media, MediaPatch, NewComponent, TourComponent } from '../../../shared/contract/tours';
import type { BackOfficeDataProvider } from '../../providers/data-provider';
import { t } from '../../i18n';

const base = (tourId: string) => `tours/${encodeURIComponent(tourId)}`;

export function useTourComponents(tourId: string) {
  const dataProvider = useDataProvider<BackOfficeDataProvider>();
  return useQuery({
    queryKey: ['tours', 'components', tourId],
    enabled: tourId !== '',
    queryFn: ({ signal }) => dataProvider.call<{ data: TourComponent[] }>(`${base(tourId)}/components`, { signal }).then((answer) => answer.data),
  });
}

export function useItinerary(tourId: string) {
  const dataProvider = useDataProvider<BackOfficeDataProvider>();
  return useQuery({
    queryKey: ['tours', 'itinerary', tourId],
    enabled: tourId !== '',
    queryFn: ({ signal }) => dataProvider.call<{ data: ItineraryDay[] }>(`${base(tourId)}/itinerary`, { signal }).then((answer) => answer.data),
  });
}

export function useGallery(tourId: string) {
  const dataProvider = useDataProvider<BackOfficeDataProvider>();
  return useQuery({
    queryKey: ['tours', 'media', tourId],
    enabled: tourId !== '',
    queryFn: ({ signal }) => dataProvider.call<{ data: Media[] }>(`${base(tourId)}/media`, { signal }).then((answer) => answer.data),
  });
}

export function tourParts(dataProvider: BackOfficeDataProvider, tourId: string) {
  return {
    addComponent: (body: NewComponent) => dataProvider.call<TourComponent>(`${base(tourId)}/components`, { method: 'POST', body }),
    updateComponent: (id: string, body: Partial<NewComponent> & { position?: number }) =>
      dataProvider.call<TourComponent>(`${base(tourId)}/components/${encodeURIComponent(id)}`, { method: 'PATCH', body }),
    removeComponent: (id: string) => dataProvider.call<unknown>(`${base(tourId)}/components/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    saveDay: (dayNumber: number, body: DayInput) => dataProvider.call<ItineraryDay>(`${base(tourId)}/itinerary/${dayNumber}`, { method: 'PUT', body }),
    removeDay: (dayNumber: number) => dataProvider.call<unknown>(`${base(tourId)}/itinerary/${dayNumber}`, { method: 'DELETE' }),
    uploadPicture: (form: FormData, onProgress: (fraction: number) => void) => dataProvider.upload<Media>(`${base(tourId)}/media`, form, { onProgress }),
    updatePicture: (id: string, body: MediaPatch) => dataProvider.call<Media>(`${base(tourId)}/media/${encodeURIComponent(id)}`, { method: 'PATCH', body }),
    removePicture: (id: string) => dataProvider.call<unknown>(`${base(tourId)}/media/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    reorderDays: (order: number[]) => dataProvider.call<{ data: ItineraryDay[] }>(`${base(tourId)}/itinerary/order`, { method: 'POST', body: { order } }),
  };
}

/** What a refused change says in a toast. */
export function refusalText(error: unknown): string {
  return error instanceof Error ? error.message : t('tours.change_not_saved');
}

/**
 * One change at a time from a panel's buttons: `busy` while it runs, then a toast saying it was
 * done or why it was refused. A refusal may come from a screen gone stale (someone else changed
 * the tour), so the tour's data is fetched again to show what is really there.
 */
export function useTourChange() {
  const notify = useNotify();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const act = async (work: () => Promise<unknown>, done: string) => {
    setBusy(true);
    try {
      await work();
      notify(done, { type: 'success' });
    } catch (error) {
      notify(refusalText(error), { type: 'error' });
      void queryClient.invalidateQueries({ queryKey: ['tours'] });
    } finally {
      setBusy(false);
    }
  };
  return { busy, act };
}
