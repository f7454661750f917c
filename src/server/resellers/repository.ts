/**
 * Resellers, their API keys and webhook secrets. Every change is audited in its transaction. A key
 * is looked up by its hash on every OCTO call, so a revoked key stops at once on every instance;
 * `lastUsedAt` is written at most once a minute per key, so a busy reseller costs no write per call.
 */
import { randomUUID } from 'node:crypto';
import { sql, type Expression, type Kysely, type Selectable, type SqlBool } from 'kysely';
import type { ApiKey, CreatedApiKey, NewReseller, Reseller, ResellerListQuery, ResellerPatch } from '../../shared/contract/resellers.js';
import { auditOrigin, type AuditLog, type RequestOrigin } from '../audit/audit-log.js';
import { folded, foldedContains, isUniqueViolation, listPage } from '../db/query-helpers.js';
import type { Database } from '../db/schema.js';
import { httpErrors } from '../http/errors.js';
import { outboundUrlProblem, type Lookup } from '../security/outbound-address.js';
import { hashApiKey, newApiKey, newWebhookSecret } from './keys.js';
import type { ResellersTable } from './tables.js';

const NO_RESELLER = 'No reseller with this id.';
const LAST_USED_RESOLUTION_MS = 60_000;

/** What the resellers domain asks of its neighbours, given by its module's wiring. */
export interface ResellerSurroundings {
  /** The ids among these that are not tours. */
  unknownTours(ids: string[]): Promise<string[]>;
}

/** A reseller's key as an OCTO call presents it: who is calling and on what terms. */
export interface ResellerCaller {
  resellerId: string;
  resellerName: string;
  active: boolean;
  /** Hundredths of a percent. */
  commissionBp: number;
  tourIds: string[] | null;
  keyId: string;
  keyPrefix: string;
  /** A test key: its bookings are tests, and it reads no other. */
  testMode: boolean;
}

const SORT_COLUMNS = { name: sql.ref('r.name'), createdAt: sql.ref('r.created_at') } as const;

export class ResellersRepository {
  /** When each key's last use was written, by this instance. */
  private readonly lastUseWritten = new Map<string, number>();

  constructor(
    private readonly db: Kysely<Database>,
    private readonly now: () => number,
    private readonly audit: AuditLog,
    private readonly around: ResellerSurroundings,
    private readonly webhooks: { allowPrivate: boolean; lookup?: Lookup },
  ) {}

  async list(query: ResellerListQuery): Promise<{ data: Reseller[]; total: number }> {
    const filtered = this.db.selectFrom('resellers as r').where((eb) => {
      const conditions: Expression<SqlBool>[] = [];
      if (query.active !== undefined) conditions.push(eb('r.active', '=', query.active));
      if (query.q) conditions.push(eb(folded('r.name'), 'like', foldedContains(query.q)));
      return eb.and(conditions);
    });
    return listPage(filtered, {
      select: (rows) => rows.selectAll('r').select(resellerCounts),
      orderBy: [SORT_COLUMNS[query.sort ?? 'name'], sql.ref('r.id')],
      query,
      keptTotal: null,
      toAnswer: toReseller,
    });
  }

  async get(id: string, db: Kysely<Database> = this.db): Promise<Reseller | null> {
    const row = await db.selectFrom('resellers as r').selectAll('r').select(resellerCounts).where('r.id', '=', id).executeTakeFirst();
    return row ? toReseller(row) : null;
  }

  async create(input: NewReseller, origin: RequestOrigin): Promise<Reseller> {
    const values = await this.checked(input);
    const id = randomUUID();
    const at = new Date(this.now());
    return this.unique(() =>
      this.db.transaction().execute(async (trx) => {
        await trx
          .insertInto('resellers')
          .values({
            id,
            name: input.name.trim(),
            active: input.active ?? true,
            commission_bp: values.commissionBp ?? 0,
            tour_ids: input.tourIds ?? null,
            webhook_url: input.webhookUrl ?? null,
            contact_email: input.contactEmail ?? null,
            notes: input.notes?.trim() ?? '',
            created_at: at,
            updated_at: at,
          })
          .execute();
        await this.record(trx, origin, 'reseller.created', id, { name: input.name.trim() });
        return (await this.get(id, trx))!;
      }),
    );
  }

  async update(id: string, patch: ResellerPatch, origin: RequestOrigin): Promise<Reseller> {
    const values = await this.checked(patch);
    return this.unique(() =>
      this.db.transaction().execute(async (trx) => {
        const before = await trx.selectFrom('resellers').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
        if (!before) throw httpErrors.notFound(NO_RESELLER);
        await trx
          .updateTable('resellers')
          .set({
            ...(patch.name !== undefined && { name: patch.name.trim() }),
            ...(patch.active !== undefined && { active: patch.active }),
            ...(values.commissionBp !== undefined && { commission_bp: values.commissionBp }),
            ...(patch.tourIds !== undefined && { tour_ids: patch.tourIds }),
            ...(patch.webhookUrl !== undefined && { webhook_url: patch.webhookUrl }),
            ...(patch.contactEmail !== undefined && { contact_email: patch.contactEmail }),
            ...(patch.notes !== undefined && { notes: patch.notes.trim() }),
            updated_at: new Date(this.now()),
          })
          .where('id', '=', id)
          .execute();
        await this.record(trx, origin, 'reseller.updated', id, { name: patch.name?.trim() ?? before.name, fields: Object.keys(patch) });
        return (await this.get(id, trx))!;
      }),
    );
  }

  async keys(resellerId: string): Promise<ApiKey[] | null> {
    if (!(await this.exists(resellerId))) return null;
    const rows = await this.db.selectFrom('reseller_api_keys').selectAll().where('reseller_id', '=', resellerId).orderBy('created_at', 'desc').orderBy('id').execute();
    return rows.map(toApiKey);
  }

  /** A new key: answered once with the key itself; only its hash is kept. */
  async createKey(resellerId: string, input: { name: string; testMode?: boolean }, origin: RequestOrigin): Promise<CreatedApiKey> {
    const name = input.name;
    const testMode = input.testMode ?? false;
    const { key, prefix, hash } = newApiKey();
    const id = randomUUID();
    const at = new Date(this.now());
    return this.db.transaction().execute(async (trx) => {
      if (!(await this.exists(resellerId, trx))) throw httpErrors.notFound(NO_RESELLER);
      const row = await trx
        .insertInto('reseller_api_keys')
        .values({ id, reseller_id: resellerId, name: name.trim(), key_prefix: prefix, key_hash: hash, created_at: at, created_by: origin.actorId, test_mode: testMode })
        .returningAll()
        .executeTakeFirstOrThrow();
      await this.record(trx, origin, 'reseller.key_created', resellerId, { keyId: id, keyPrefix: prefix, name: name.trim(), testMode });
      return { ...toApiKey(row), key };
    });
  }

  /** Revokes a key (kept, never deleted); revoking it again changes nothing. */
  async revokeKey(resellerId: string, keyId: string, origin: RequestOrigin): Promise<ApiKey> {
    return this.db.transaction().execute(async (trx) => {
      const row = await trx.selectFrom('reseller_api_keys').selectAll().where('id', '=', keyId).where('reseller_id', '=', resellerId).forUpdate().executeTakeFirst();
      if (!row) throw httpErrors.notFound('No API key with this id for this reseller.');
      if (row.revoked_at !== null) return toApiKey(row);
      const revoked = await trx.updateTable('reseller_api_keys').set({ revoked_at: new Date(this.now()) }).where('id', '=', keyId).returningAll().executeTakeFirstOrThrow();
      await this.record(trx, origin, 'reseller.key_revoked', resellerId, { keyId, keyPrefix: row.key_prefix, name: row.name });
      return toApiKey(revoked);
    });
  }

  /** A new webhook secret, answered once; it replaces the one before. */
  async createWebhookSecret(resellerId: string, origin: RequestOrigin): Promise<{ secret: string }> {
    const secret = newWebhookSecret();
    return this.db.transaction().execute(async (trx) => {
      const updated = await trx.updateTable('resellers').set({ webhook_secret: secret, updated_at: new Date(this.now()) }).where('id', '=', resellerId).executeTakeFirst();
      if (Number(updated.numUpdatedRows) === 0) throw httpErrors.notFound(NO_RESELLER);
      await this.record(trx, origin, 'reseller.webhook_secret_created', resellerId, {});
      return { secret };
    });
  }

  /** Who presents this key, or null for a key that is unknown or revoked (an inactive reseller's key is answered, marked inactive). */
  async authenticate(key: string): Promise<ResellerCaller | null> {
    const row = await this.db
      .selectFrom('reseller_api_keys as k')
      .innerJoin('resellers as r', 'r.id', 'k.reseller_id')
      .select(['k.id as key_id', 'k.key_prefix', 'k.last_used_at', 'k.test_mode', 'r.id as reseller_id', 'r.name', 'r.active', 'r.commission_bp', 'r.tour_ids'])
      .where('k.key_hash', '=', hashApiKey(key))
      .where('k.revoked_at', 'is', null)
      .executeTakeFirst();
    if (!row) return null;
    await this.noteUse(row.key_id, row.last_used_at);
    return {
      resellerId: row.reseller_id,
      resellerName: row.name,
      active: row.active,
      commissionBp: row.commission_bp,
      tourIds: row.tour_ids,
      keyId: row.key_id,
      keyPrefix: row.key_prefix,
      testMode: row.test_mode,
    };
  }

  private async noteUse(keyId: string, lastUsedAt: Date | null): Promise<void> {
    const now = this.now();
    if (lastUsedAt && now - lastUsedAt.getTime() < LAST_USED_RESOLUTION_MS) return;
    if (now - (this.lastUseWritten.get(keyId) ?? 0) < LAST_USED_RESOLUTION_MS) return;
    this.lastUseWritten.set(keyId, now);
    if (this.lastUseWritten.size > 10_000) this.lastUseWritten.delete(this.lastUseWritten.keys().next().value!);
    const at = new Date(now);
    await this.db
      .updateTable('reseller_api_keys')
      .set({ last_used_at: at })
      .where('id', '=', keyId)
      .where((eb) => eb.or([eb('last_used_at', 'is', null), eb('last_used_at', '<', new Date(now - LAST_USED_RESOLUTION_MS))]))
      .execute();
  }

  private async exists(id: string, db: Kysely<Database> = this.db): Promise<boolean> {
    return (await db.selectFrom('resellers').select('id').where('id', '=', id).executeTakeFirst()) !== undefined;
  }

  /** The checks no schema can make: two decimals of commission, known tours, a webhook URL the server may call. */
  private async checked(input: ResellerPatch): Promise<{ commissionBp?: number }> {
    const problems: Record<string, string> = {};
    let commissionBp: number | undefined;
    if (input.commissionPercent !== undefined) {
      commissionBp = Math.round(input.commissionPercent * 100);
      if (Math.abs(commissionBp - input.commissionPercent * 100) > 1e-6) problems.commissionPercent = 'must have at most two decimals, such as 12.5';
    }
    if (input.tourIds) {
      const unknown = await this.around.unknownTours(input.tourIds);
      if (unknown.length > 0) problems.tourIds = `must be tours of the catalogue (unknown: ${unknown.join(', ')})`;
    }
    if (input.webhookUrl) {
      const problem = await outboundUrlProblem(input.webhookUrl, this.webhooks);
      if (problem) problems.webhookUrl = problem;
    }
    if (Object.keys(problems).length > 0) throw httpErrors.validation(problems);
    return { commissionBp };
  }

  private async unique<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      if (isUniqueViolation(error)) throw httpErrors.conflict('A reseller with this name exists already.');
      throw error;
    }
  }

  private async record(trx: Kysely<Database>, origin: RequestOrigin, action: Parameters<AuditLog['record']>[0]['action'], resellerId: string, details: Record<string, unknown>) {
    await this.audit.record({ action, ...auditOrigin(origin), targetType: 'reseller', targetId: resellerId, details }, trx);
  }
}

function resellerCounts() {
  return [
    // Its sales: the bookings of its test keys are not (bookings.test_mode).
    sql<number>`(select count(*)::int from bookings b where b.reseller_id = r.id and not b.test_mode)`.as('booking_count'),
    sql<number>`(select count(*)::int from bookings b where b.reseller_id = r.id and b.test_mode)`.as('test_booking_count'),
    sql<number>`(select count(*)::int from reseller_api_keys k where k.reseller_id = r.id and k.revoked_at is null)`.as('active_key_count'),
  ] as const;
}

function toReseller(row: Selectable<ResellersTable> & { booking_count: number | string; test_booking_count: number | string; active_key_count: number | string }): Reseller {
  return {
    id: row.id,
    name: row.name,
    active: row.active,
    commissionPercent: row.commission_bp / 100,
    tourIds: row.tour_ids,
    webhookUrl: row.webhook_url,
    hasWebhookSecret: row.webhook_secret !== null,
    contactEmail: row.contact_email,
    notes: row.notes,
    bookingCount: Number(row.booking_count),
    testBookingCount: Number(row.test_booking_count),
    activeKeyCount: Number(row.active_key_count),
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  };
}

function toApiKey(row: { id: string; name: string; key_prefix: string; created_at: Date; last_used_at: Date | null; revoked_at: Date | null; test_mode: boolean }): ApiKey {
  return {
    id: row.id,
    name: row.name,
    keyPrefix: row.key_prefix,
    createdAt: row.created_at.toISOString(),
    lastUsedAt: row.last_used_at?.toISOString() ?? null,
    revokedAt: row.revoked_at?.toISOString() ?? null,
    testMode: row.test_mode,
  };
}
