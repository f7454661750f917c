/** How a tour's components read on screen: their kinds and cost bases, for the tour's page, the day sheet and the margins. */
import type { COMPONENT_KINDS, COST_BASES } from '../../../shared/contract/tour-rules';

export const KIND_LABELS: Record<(typeof COMPONENT_KINDS)[number], string> = {
  accommodation: 'Accommodation',
  transport: 'Transport',
  activity: 'Activity',
  guide: 'Guide',
  meal: 'Meal',
  transfer: 'Transfer',
  other: 'Other',
};

export const BASIS_LABELS: Record<(typeof COST_BASES)[number], string> = {
  per_traveller: 'per traveller',
  per_departure: 'per departure',
  per_night: 'per traveller per night',
};
