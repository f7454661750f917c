/** How a tour's components read on screen: their kinds and cost bases, for the tour's page, the day sheet and the margins. */
import { COMPONENT_KINDS, COST_BASES } from '../../../shared/contract/tour-rules';
import { labelsIn } from '../../i18n';

export const KIND_LABELS = labelsIn<(typeof COMPONENT_KINDS)[number]>('tours.kind', COMPONENT_KINDS);

export const BASIS_LABELS = labelsIn<(typeof COST_BASES)[number]>('tours.basis', COST_BASES);
