/**
 * The shop's settings: read by every public answer (whether the shop sells, how many seats left
 * are shown) and changed on the Online sales screen by `shop.manage` holders. One row by its key,
 * read each time, so every instance sells by what was saved last.
 */
import { isIP } from 'node:net';
import type { Kysely } from 'kysely';
import { SHOP_RULES, type ShopSettings, type ShopSettingsUpdate } from '../../shared/contract/shop.js';
import { auditOrigin, type AuditLog, type RequestOrigin } from '../audit/audit-log.js';
import type { Database } from '../db/schema.js';
import { fromJson } from '../db/query-helpers.js';
import { httpErrors } from '../http/errors.js';

export const DEFAULT_SHOP_SETTINGS: Omit<ShopSettings, 'updatedAt'> = {
  enabled: true,
  holdMinutes: SHOP_RULES.holdMinutes.default,
  payLater: false,
  embedOrigins: [],
  showSeatsBelow: SHOP_RULES.showSeatsBelow.default,
};

function isLoopback(hostname: string): boolean {
  const bare = hostname.replace(/^\[|\]$/g, '');
  if (bare === 'localhost' || bare.endsWith('.localhost')) return true;
  if (isIP(bare) === 4) return bare.startsWith('127.');
  return bare === '::1';
}

/**
 * An origin the checkout may be framed by, as a browser writes it (scheme, host, port; no path):
 * https, or http on the machine itself for development. Answers it normalised, or null.
 */
export function embedOriginOf(text: string): string | null {
  let url: URL;
  try {
    url = new URL(text.trim());
  } catch {
    return null;
  }
  if (url.username || url.password || url.search || url.hash || (url.pathname !== '/' && url.pathname !== '')) return null;
  if (url.protocol === 'https:') return url.origin;
  if (url.protocol === 'http:' && isLoopback(url.hostname)) return url.origin;
  return null;
}

export class ShopSettingsStore {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly now: () => number,
    private readonly audit: AuditLog,
  ) {}

  /** The settings as the public shop reads them, and when they were read (performance.now()). */
  private cached: { settings: ShopSettings; readAt: number } | null = null;

  /**
   * The settings for the public shop's every request (carts, pages, availability): read at most
   * every SETTINGS_FRESH_MS on each instance; a save on this instance is seen at once, one on
   * another within that time.
   */
  async current(): Promise<ShopSettings> {
    const now = performance.now();
    if (this.cached && now - this.cached.readAt < SETTINGS_FRESH_MS) return this.cached.settings;
    const settings = await this.get();
    this.cached = { settings, readAt: now };
    return settings;
  }

  async get(db: Kysely<Database> = this.db): Promise<ShopSettings> {
    const row = await db.selectFrom('shop_settings').selectAll().where('id', '=', 1).executeTakeFirst();
    if (!row) return { ...DEFAULT_SHOP_SETTINGS, updatedAt: null };
    return {
      enabled: row.enabled,
      holdMinutes: row.hold_minutes,
      payLater: row.pay_later,
      embedOrigins: fromJson(row.embed_origins),
      showSeatsBelow: row.show_seats_below,
      updatedAt: row.updated_at.toISOString(),
    };
  }

  async update(update: ShopSettingsUpdate, origin: RequestOrigin): Promise<ShopSettings> {
    const errors: Record<string, string> = {};
    const origins: string[] = [];
    update.embedOrigins.forEach((text, index) => {
      const clean = embedOriginOf(text);
      if (clean === null) errors[`embedOrigins.${index}`] = 'must be a web site’s origin such as https://www.example.com (no path; http:// only for localhost)';
      else if (!origins.includes(clean)) origins.push(clean);
    });
    if (Object.keys(errors).length > 0) throw httpErrors.validation(errors);
    const values = {
      enabled: update.enabled,
      hold_minutes: update.holdMinutes,
      pay_later: update.payLater,
      embed_origins: JSON.stringify(origins),
      show_seats_below: update.showSeatsBelow,
      updated_at: new Date(this.now()),
      updated_by: origin.actorId,
    };
    return this.db.transaction().execute(async (trx) => {
      const before = await this.get(trx);
      await trx
        .insertInto('shop_settings')
        .values({ id: 1, ...values })
        .onConflict((conflict) => conflict.column('id').doUpdateSet(values))
        .execute();
      const after = { ...update, embedOrigins: origins };
      const changed = (Object.keys(after) as (keyof ShopSettingsUpdate)[]).filter((key) => JSON.stringify(before[key]) !== JSON.stringify(after[key]));
      await this.audit.record({ action: 'shop.settings_updated', ...auditOrigin(origin), targetType: 'shop_settings', targetId: null, details: { fields: changed, ...after } }, trx);
      return this.get(trx);
    }).finally(() => {
      this.cached = null;
    });
  }
}

/** How long an instance serves the shop's settings it read before reading them again. */
export const SETTINGS_FRESH_MS = 2_000;
