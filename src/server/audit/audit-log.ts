/** The audit log: who did what to whom, from where. Written by the services, read by `audit.read` holders. */
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { AuditAction, AuditEntry as AuditAnswer, AuditTargetType } from '../../shared/types.js';
import { containsPattern, keptCount, pageWindow, rowsInserted, type PageQuery } from '../db/query-helpers.js';
import type { Database } from '../db/schema.js';

export type { AuditAction };

export interface AuditEntry {
  action: AuditAction;
  actorId?: string | null;
  /** Who acted when it was no user: a reseller and its key. */
  actorLabel?: string | null;
  targetType?: AuditTargetType | null;
  targetId?: string | null;
  ip?: string | null;
  userAgent?: string | null;
  details?: Record<string, unknown> | null;
}

/** Where a change came from: the signed-in actor (and what they may do) and the request's address. */
export interface RequestOrigin {
  actorId: string | null;
  /** Who acted when it was no user (a reseller and its key); null otherwise. */
  actorLabel?: string | null;
  /** The reseller whose own API call this is (OCTO): its bookings' changes are not sent back to it as webhooks. */
  resellerId?: string | null;
  /** The actor's current permissions; null when nobody is signed in. */
  permissions: ReadonlySet<string> | null;
  ip: string | null;
  userAgent: string | null;
}

/** The audit fields of an origin. */
export function auditOrigin(origin: RequestOrigin): Pick<AuditEntry, 'actorId' | 'actorLabel' | 'ip' | 'userAgent'> {
  return { actorId: origin.actorId, actorLabel: origin.actorLabel ?? null, ip: origin.ip, userAgent: origin.userAgent };
}

export interface AuditListQuery extends PageQuery {
  /** One action, or several. */
  action?: AuditAction[];
  actorId?: string;
  targetId?: string;
  /** Inclusive lower bound of `at` (ISO date-time). */
  since?: string;
  /** Exclusive upper bound of `at` (ISO date-time). */
  until?: string;
  /** Case-insensitive search over the actor's e-mail, the address and the target. */
  q?: string;
}

export class AuditLog {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly now: () => number,
  ) {}

  /** Pass a transaction to record the entry together with the change it describes. */
  async record(entry: AuditEntry, db: Kysely<Database> = this.db): Promise<void> {
    await db.insertInto('audit_log').values(this.row(entry)).execute();
  }

  /**
   * The entries as part of a larger statement that makes the change they describe: written once
   * for each row `from` gives (rowsInserted), so only when the change was made.
   */
  insertedWith(entries: AuditEntry[], from: RawBuilder<unknown>): RawBuilder<unknown> {
    return rowsInserted('audit_log', entries.map((entry) => this.row(entry)), from);
  }

  private row(entry: AuditEntry) {
    return {
      at: new Date(this.now()),
      action: entry.action,
      actor_id: entry.actorId ?? null,
      actor_label: entry.actorLabel ?? null,
      target_type: entry.targetType ?? null,
      target_id: entry.targetId ?? null,
      ip: entry.ip ?? null,
      user_agent: entry.userAgent?.slice(0, 512) ?? null,
      details: entry.details ? JSON.stringify(entry.details) : null,
    };
  }

  /** Newest first. Read-only: nothing in the product changes or deletes an entry. */
  /**
   * Erasure: the entries about these targets keep what happened, when and by whom, but the values a
   * change recorded (`details.changes[].before` and `.after`: names, e-mail addresses, notes) are
   * removed, each change marked `erased`.
   */
  async forgetValues(trx: Kysely<Database>, targetType: string, targetIds: string[]): Promise<void> {
    if (targetIds.length === 0) return;
    await sql`
      update audit_log set details = jsonb_set(details::jsonb, '{changes}',
        (select coalesce(jsonb_agg((change - 'before' - 'after') || '{"erased": true}'::jsonb), '[]'::jsonb) from jsonb_array_elements(details::jsonb -> 'changes') change))
      where target_type = ${targetType} and target_id in (${sql.join(targetIds)}) and jsonb_typeof(details::jsonb -> 'changes') = 'array'`.execute(trx);
  }

  async list(query: AuditListQuery): Promise<{ data: AuditAnswer[]; total: number }> {
    let filtered = this.db.selectFrom('audit_log as a').leftJoin('users as u', 'u.id', 'a.actor_id');
    if (query.action && query.action.length > 0) filtered = filtered.where('a.action', 'in', query.action);
    if (query.actorId) filtered = filtered.where('a.actor_id', '=', query.actorId);
    if (query.targetId) filtered = filtered.where('a.target_id', '=', query.targetId);
    if (query.since) filtered = filtered.where('a.at', '>=', new Date(query.since));
    if (query.until) filtered = filtered.where('a.at', '<', new Date(query.until));
    if (query.q) {
      // The actor's e-mail, the address or the target, each looked up in a trigram index
      // (migration 0005): the actors whose e-mail matches are found first, then their entries
      // through the actor index, so a search does not read the whole log.
      const pattern = containsPattern(query.q);
      filtered = filtered.where((eb) =>
        eb.or([
          eb('a.actor_id', '=', sql<string>`any(array(select m.id from users m where m.email ilike ${pattern}))`),
          eb('a.ip', 'ilike', pattern),
          eb('a.actor_label', 'ilike', pattern),
          eb('a.target_id', 'ilike', pattern),
        ]),
      );
    }
    const { limit, offset } = pageWindow(query);
    // No condition was added above: the whole log is asked for.
    const unfiltered = filtered.toOperationNode().where === undefined;
    const entryColumns = ['a.id', 'a.at', 'a.action', 'a.actor_id', 'a.actor_label', 'a.target_type', 'a.target_id', 'a.ip', 'a.user_agent', 'a.details'] as const;
    const page = query.q
      ? // A search's matches are gathered from the indexes first, then sorted and cut to the page,
        // and only then joined to their actors: left to itself the planner walks the whole log
        // newest first, expecting to meet 25 matches early, and a search matching 2 of 100,000
        // entries read them all (130 ms instead of a few).
        this.db
          .with((cte) => cte('matched').materialized(), () => filtered.select(entryColumns))
          .selectFrom((eb) => eb.selectFrom('matched').selectAll().orderBy('at', 'desc').orderBy('id', 'desc').limit(limit).offset(offset).as('a'))
          .leftJoin('users as u', 'u.id', 'a.actor_id')
          .select([...entryColumns, 'u.email as actor_email'])
          .orderBy('a.at', 'desc')
          .orderBy('a.id', 'desc')
      : filtered.select([...entryColumns, 'u.email as actor_email']).orderBy('a.at', 'desc').orderBy('a.id', 'desc').limit(limit).offset(offset);
    const [rows, count] = await Promise.all([
      page.execute(),
      // The whole log's total is kept by the database (count_rows, migration 0007); a filter counts its matches.
      unfiltered
        ? keptCount(this.db, 'audit_log').then((total) => ({ total }))
        : filtered.select(sql<number>`count(*)::int`.as('total')).executeTakeFirstOrThrow(),
    ]);
    return {
      data: rows.map((row) => ({
        id: String(row.id),
        at: new Date(row.at).toISOString(),
        action: row.action as AuditAction,
        actorId: row.actor_id,
        actorEmail: row.actor_email ?? null,
        actorLabel: row.actor_label ?? null,
        targetType: row.target_type as AuditAnswer['targetType'],
        targetId: row.target_id,
        ip: row.ip,
        userAgent: row.user_agent,
        details: typeof row.details === 'string' ? (JSON.parse(row.details) as Record<string, unknown>) : row.details,
      })),
      total: count.total,
    };
  }
}
