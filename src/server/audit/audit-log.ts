/** The audit log: who did what to whom, from where. Written by the services; read later (issue 5). */
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';

export type AuditAction =
  | 'login.success'
  | 'login.failure'
  | 'login.lockout'
  | 'logout'
  | 'session.reuse_detected'
  | 'password.reset_requested'
  | 'password.reset'
  | 'user.created'
  | 'user.updated'
  | 'user.deleted'
  | 'role.created'
  | 'role.updated'
  | 'role.deleted'
  | 'role.permission_granted'
  | 'role.permission_revoked';

export interface AuditEntry {
  action: AuditAction;
  actorId?: string | null;
  targetType?: 'user' | 'role' | 'session' | null;
  targetId?: string | null;
  ip?: string | null;
  userAgent?: string | null;
  details?: Record<string, unknown> | null;
}

/** Where a change came from: the signed-in actor (and what they may do) and the request's address. */
export interface RequestOrigin {
  actorId: string | null;
  /** The actor's current permissions; null when nobody is signed in. */
  permissions: ReadonlySet<string> | null;
  ip: string | null;
  userAgent: string | null;
}

/** The audit fields of an origin. */
export function auditOrigin(origin: RequestOrigin): Pick<AuditEntry, 'actorId' | 'ip' | 'userAgent'> {
  return { actorId: origin.actorId, ip: origin.ip, userAgent: origin.userAgent };
}

export class AuditLog {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly now: () => number,
  ) {}

  /** Pass a transaction to record the entry together with the change it describes. */
  async record(entry: AuditEntry, db: Kysely<Database> = this.db): Promise<void> {
    await db
      .insertInto('audit_log')
      .values({
        at: new Date(this.now()),
        action: entry.action,
        actor_id: entry.actorId ?? null,
        target_type: entry.targetType ?? null,
        target_id: entry.targetId ?? null,
        ip: entry.ip ?? null,
        user_agent: entry.userAgent?.slice(0, 512) ?? null,
        details: entry.details ? JSON.stringify(entry.details) : null,
      })
      .execute();
  }
}
