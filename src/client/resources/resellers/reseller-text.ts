/** How the resellers' screens write a reseller's terms. */
import type { Reseller } from '../../../shared/contract/resellers';

/** "12.5 %", "0 %". */
export function commissionText(percent: number): string {
  return `${new Intl.NumberFormat(undefined, { maximumFractionDigits: 2 }).format(percent)} %`;
}

/** "Every published tour", "3 tours". */
export function toursText(reseller: Pick<Reseller, 'tourIds'>): string {
  if (reseller.tourIds === null) return 'Every published tour';
  const count = reseller.tourIds.length;
  return count === 0 ? 'No tour' : count === 1 ? '1 tour' : `${count} tours`;
}
