import type { Resource } from '../../../shared/contract/resources';

export const KIND_LABEL: Record<Resource['kind'], string> = { guide: 'Guide', driver: 'Driver', vehicle: 'Vehicle', other: 'Other' };

export const KIND_CHOICES = (Object.keys(KIND_LABEL) as Resource['kind'][]).map((id) => ({ id, name: KIND_LABEL[id] }));

/** "Vehicle · 49 seats", "Guide · de, en-GB". */
export function resourceSummary(resource: Resource): string {
  const detail = resource.kind === 'vehicle' ? `${resource.seats} seats` : resource.languages.join(', ');
  return [KIND_LABEL[resource.kind], detail].filter(Boolean).join(' · ');
}
