/**
 * The business's name and contact details: read where they are printed (vouchers, e-mails, the
 * OCTO supplier, the two-factor app's label) and changed by `business.manage` holders. Read from the
 * database each time, one row by its key, so every instance prints what was saved last.
 */
import type { Kysely } from 'kysely';
import { BUSINESS_RULES, type Business, type BusinessUpdate } from '../../shared/contract/business.js';
import { auditOrigin, type AuditLog, type RequestOrigin } from '../audit/audit-log.js';
import type { BusinessDetails } from '../config.js';
import type { Database } from '../db/schema.js';
import { httpErrors } from '../http/errors.js';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Printed on customers' papers: no control characters but an address's line breaks. */
function hasControl(value: string, lineBreaks: boolean): boolean {
  for (const character of value) {
    const code = character.charCodeAt(0);
    if (lineBreaks && (character === '\n' || character === '\r')) continue;
    if (code < 0x20 || code === 0x7f) return true;
  }
  return false;
}

/** The address as its lines: trimmed, blank ones left out. */
export function addressLines(address: string | null): string[] {
  return address === null ? [] : address.split(/\r?\n/).map((line) => line.trim()).filter(Boolean);
}

/** A saved or environment-given set of details as the places that print them take it. */
function detailsOf(row: { name: string | null; email: string | null; phone: string | null; address: string | null; website: string | null }): BusinessDetails {
  return { name: row.name, email: row.email, phone: row.phone, address: addressLines(row.address), website: row.website };
}

/** Checks and tidies what the screen sent: trimmed, blank as null, refusals by field. */
export function cleanBusiness(update: BusinessUpdate): { name: string | null; email: string | null; phone: string | null; address: string | null; website: string | null } {
  const errors: Record<string, string> = {};
  const field = (key: keyof BusinessUpdate, lineBreaks = false): string | null => {
    const value = update[key]?.trim() ?? '';
    if (value === '') return null;
    if (hasControl(value, lineBreaks)) errors[key] = 'must be plain text';
    return value;
  };
  const name = field('name');
  const email = field('email');
  if (email !== null && !errors.email && !EMAIL.test(email)) errors.email = 'must be an e-mail address such as bookings@example.com';
  const phone = field('phone');
  if (phone !== null && !errors.phone && !/^[+()\d][\d\s()./-]*$/.test(phone)) errors.phone = 'must be a phone number: digits, spaces and + ( ) - . /';
  const rawAddress = field('address', true);
  const lines = addressLines(rawAddress);
  if (lines.length > BUSINESS_RULES.addressLines) errors.address = `must have at most ${BUSINESS_RULES.addressLines} lines`;
  const website = field('website');
  if (website !== null && !errors.website) {
    let url: URL | null = null;
    try {
      url = new URL(website);
    } catch {
      url = null;
    }
    if (!url || (url.protocol !== 'https:' && url.protocol !== 'http:') || url.username || url.password) errors.website = 'must be a web address starting with https:// or http://';
  }
  if (Object.keys(errors).length > 0) throw httpErrors.validation(errors);
  return { name, email, phone, address: lines.length > 0 ? lines.join('\n') : null, website };
}

export class BusinessSettings {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly now: () => number,
    private readonly audit: AuditLog,
    /** The BUSINESS_* variables: what the business is until the screen first saves it. */
    private readonly defaults: BusinessDetails,
  ) {}

  async get(db: Kysely<Database> = this.db): Promise<Business> {
    const row = await db.selectFrom('business').select(['name', 'email', 'phone', 'address', 'website', 'updated_at']).where('id', '=', 1).executeTakeFirst();
    if (!row) {
      const { name, email, phone, address, website } = this.defaults;
      return { name, email, phone, address: address.length > 0 ? address.join('\n') : null, website, updatedAt: null };
    }
    return { name: row.name, email: row.email, phone: row.phone, address: row.address, website: row.website, updatedAt: row.updated_at.toISOString() };
  }

  /** What vouchers, e-mails and the OCTO supplier print. */
  async details(): Promise<BusinessDetails> {
    return detailsOf(await this.get());
  }

  async update(update: BusinessUpdate, origin: RequestOrigin): Promise<Business> {
    const clean = cleanBusiness(update);
    return this.db.transaction().execute(async (trx) => {
      const before = await this.get(trx);
      await trx
        .insertInto('business')
        .values({ id: 1, ...clean, updated_at: new Date(this.now()), updated_by: origin.actorId })
        .onConflict((conflict) => conflict.column('id').doUpdateSet({ ...clean, updated_at: new Date(this.now()), updated_by: origin.actorId }))
        .execute();
      const changed = (Object.keys(clean) as (keyof typeof clean)[]).filter((key) => before[key] !== clean[key]);
      await this.audit.record({ action: 'business.updated', ...auditOrigin(origin), targetType: 'business', targetId: null, details: { fields: changed, name: clean.name } }, trx);
      return this.get(trx);
    });
  }
}

/** MAIL_FROM split into its display name and address ("Name <address>" or a bare address). */
export function parseMailbox(mailbox: string): { name: string | null; address: string } {
  const match = /^\s*"?([^"<]*?)"?\s*<([^<>\s]+)>\s*$/.exec(mailbox);
  if (match) return { name: match[1]!.trim() || null, address: match[2]! };
  return { name: null, address: mailbox.trim() };
}

/**
 * Who the e-mails come from: the business's name on MAIL_FROM's address (the mail server decides
 * which addresses may send), replies to the business's own e-mail. Before a name is saved,
 * MAIL_FROM's own name.
 */
export function senderOf(details: BusinessDetails, mailFrom: string): { name: string | null; address: string; replyTo: string | null } {
  const configured = parseMailbox(mailFrom);
  return { name: details.name ?? configured.name, address: configured.address, replyTo: details.email };
}
