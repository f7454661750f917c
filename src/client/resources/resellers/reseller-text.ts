/** How the resellers' screens write a reseller's terms. */
import type { Reseller } from '../../../shared/contract/resellers';
import { t } from '../../i18n';
import { intlLocale } from '../../i18n/language';

/** "12.5 %", "0 %". */
export function commissionText(percent: number): string {
  return `${new Intl.NumberFormat(intlLocale(), { maximumFractionDigits: 2 }).format(percent)} %`;
}

/** "Every published tour", "3 tours". */
export function toursText(reseller: Pick<Reseller, 'tourIds'>): string {
  if (reseller.tourIds === null) return t('resellers.every_tour');
  const count = reseller.tourIds.length;
  return count === 0 ? t('resellers.no_tour') : t('resellers.tours', { smart_count: count });
}
