/**
 * What both sides know of a domain beside its schemas: the permissions that guard it, the audit
 * actions it records (with the words the audit page shows for them), what its audit entries are
 * about, and the error codes its answers may carry. Each domain keeps its own in this folder; index.ts collects them in order.
 */
export interface DomainFacts<Action extends string = string, Target extends string = string, Code extends string = string, Grant extends string = string> {
  name: string;
  /** The permissions that guard its routes, with what each lets a role do (the roles screen shows it). */
  permissions: Readonly<Record<Grant, string>>;
  /** Audit actions and their labels, in the order the audit page's filter lists them. */
  auditActions: Readonly<Record<Action, string>>;
  /** The target types of this domain's audit entries. */
  auditTargets: readonly Target[];
  /** Error codes only this domain answers with (the codes every route may answer are in common.ts). */
  errorCodes: readonly Code[];
}

/** Keeps the literal types of a domain's facts (so AuditAction and ErrorCode stay unions). */
export function domainFacts<const Action extends string, const Target extends string = never, const Code extends string = never, const Grant extends string = never>(
  facts: DomainFacts<Action, Target, Code, Grant>,
): DomainFacts<Action, Target, Code, Grant> {
  return facts;
}
