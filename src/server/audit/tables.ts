/** The audit log's table. */
import type { ColumnType, Generated } from 'kysely';
import type { Timestamp } from '../db/column-types.js';

export interface AuditLogTable {
  id: Generated<string>;
  at: Timestamp;
  action: string;
  actor_id: string | null;
  /** Who acted when it was no user: a reseller and its key (migration 0016). */
  actor_label: ColumnType<string | null, string | null | undefined, string | null>;
  target_type: string | null;
  target_id: string | null;
  ip: string | null;
  user_agent: string | null;
  details: ColumnType<Record<string, unknown> | null, string | null, string | null>;
}

declare module '../db/schema.js' {
  interface Database {
    audit_log: AuditLogTable;
  }
}
