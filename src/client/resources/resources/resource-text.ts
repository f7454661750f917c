import type { Resource } from '../../../shared/contract/resources';
import { RESOURCE_KINDS } from '../../../shared/contract/resource-rules';
import { labelsIn, t } from '../../i18n';

export const KIND_LABEL = labelsIn<Resource['kind']>('crew.kind', RESOURCE_KINDS);

export const KIND_CHOICES = RESOURCE_KINDS.map((id) => ({ id, name: `crew.kind.${id}` }));

/** "Vehicle · 49 seats", "Guide · de, en-GB". */
export function resourceSummary(resource: Resource): string {
  const detail = resource.kind === 'vehicle' ? t('crew.seats', { smart_count: resource.seats ?? 0 }) : resource.languages.join(', ');
  return [KIND_LABEL[resource.kind], detail].filter(Boolean).join(' · ');
}
