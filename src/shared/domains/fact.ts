/**
 * What both sides know of a domain beside its schemas: the audit actions it records (with the
 * words the audit page shows for them), what its audit entries are about, and the error codes its
 * answers may carry. Each domain keeps its own in this folder; index.ts collects them in order.
 */
export interface DomainFacts<Action extends string = string, Target extends string = string, Code extends string = string> {
  name: string;
  /** Audit actions and their labels, in the order the audit page's filter lists them. */
  auditActions: Readonly<Record<Action, string>>;
  /** The target types of this domain's audit entries. */
  auditTargets: readonly Target[];
  /** Error codes only this domain answers with (the codes every route may answer are in common.ts). */
  errorCodes: readonly Code[];
}

/** Keeps the literal types of a domain's facts (so AuditAction and ErrorCode stay unions). */
export function domainFacts<const Action extends string, const Target extends string = never, const Code extends string = never>(
  facts: DomainFacts<Action, Target, Code>,
): DomainFacts<Action, Target, Code> {
  return facts;
}
