/** What an audit entry was about, in words staff recognise: a booking's reference, a tour's code, a departure's date. */
import type { AuditEntry } from '../../../shared/types';
import { t } from '../../i18n';
import { SHOP_CUSTOMER_LABEL } from '../../../shared/domains/shop';

function text(value: unknown): string | undefined {
  if (typeof value === 'number') return String(value);
  return typeof value === 'string' && value.trim() !== '' ? value : undefined;
}

/**
 * Who acted: the user's e-mail, or what the server recorded when no user did, in the reader's
 * language where the server wrote one of its own labels ("Reseller … (key …)", "Retention (… months)";
 * Stripe and anything else as written).
 */
export function auditActor(entry: Pick<AuditEntry, 'actorEmail' | 'actorLabel'>): string {
  if (entry.actorEmail) return entry.actorEmail;
  const label = entry.actorLabel;
  if (!label) return t('audit.nobody');
  const reseller = /^Reseller (.*) \(key (.*)…\)$/s.exec(label);
  if (reseller) return t('audit.actor_reseller', { name: reseller[1], key: reseller[2] });
  const retention = /^Retention \((\d+) months\)$/.exec(label);
  if (retention) return t('audit.actor_retention', { smart_count: Number(retention[1]) });
  if (label === SHOP_CUSTOMER_LABEL) return t('audit.actor_customer_online');
  return label;
}

export function auditTarget(entry: Pick<AuditEntry, 'action' | 'targetType' | 'details'>): string {
  const details = entry.details ?? {};
  const reference = text(details.reference);
  if (reference) return t('audit.target_booking', { reference });
  if (entry.action === 'departure.bulk_created') {
    return [t('audit.target_departures'), text(details.tourCode), text(details.from), text(details.from) && t('audit.to'), text(details.to)].filter(Boolean).join(' ');
  }
  if (entry.targetType === 'departure') return [t('audit.target_departure'), text(details.tourCode), text(details.startDate)].filter(Boolean).join(' ');
  const code = entry.targetType === 'tour' ? text(details.code) : undefined;
  if (code) {
    const part = text(details.name) ?? (text(details.dayNumber) ? t('audit.day', { day: text(details.dayNumber) }) : undefined) ?? text(details.alt);
    return part ? t('audit.target_tour_part', { code, part }) : t('audit.target_tour', { code });
  }
  return text(details.email) ?? text(details.name) ?? text(details.permission) ?? entry.targetType ?? '';
}
