/** How a customer reads in lists and titles, and what they spent. */
import { formatMinor } from '../../../shared/money';
import { t } from '../../i18n';

/** A customer's name, or what stands for it while a reseller has not given one. */
export function customerName(customer: { name: string; email: string | null }): string {
  return customer.name.trim() || customer.email || t('customers.name_to_come');
}

/** "EUR 1,200.00 · USD 80.00", or "Nothing yet". */
export function spentText(spent: { currency: string; amountMinor: number }[]): string {
  return spent.length === 0 ? t('customers.nothing_yet') : spent.map((amount) => formatMinor(amount.amountMinor, amount.currency)).join(' · ');
}

/** A customer's language, named in the screens' language ("German", "Deutsch"). */
export function languageName(language: string): string {
  return language === 'en' || language === 'de' ? t(`customers.language_${language}`) : language;
}
