/**
 * Every domain's facts, in one list: the audit log's actions and labels, its target types and the
 * error codes are collected from here. A new domain adds its file to this folder and one line below.
 */
import { AUTH } from './auth.js';
import { BOOKINGS } from './bookings.js';
import { COMMON } from './common.js';
import { DEPARTURES } from './departures.js';
import { ROLES } from './roles.js';
import { TOURS } from './tours.js';
import { USERS } from './users.js';

const DOMAINS = [COMMON, AUTH, USERS, ROLES, TOURS, DEPARTURES, BOOKINGS] as const;

type Domain = (typeof DOMAINS)[number];
type ActionsOf<D> = D extends { auditActions: Readonly<Record<infer A, string>> } ? A : never;
type TargetsOf<D> = D extends { auditTargets: readonly (infer T)[] } ? T : never;
type CodesOf<D> = D extends { errorCodes: readonly (infer C)[] } ? C : never;

export type AuditAction = ActionsOf<Domain>;
export type AuditTargetType = TargetsOf<Domain>;
export type ErrorCode = CodesOf<Domain>;

/** Label of each audit action, as the audit page shows it. */
export const AUDIT_ACTION_LABELS = Object.fromEntries(DOMAINS.flatMap((domain) => Object.entries(domain.auditActions))) as Record<AuditAction, string>;
export const AUDIT_ACTIONS = DOMAINS.flatMap((domain) => Object.keys(domain.auditActions)) as readonly AuditAction[];
export const AUDIT_TARGET_TYPES = DOMAINS.flatMap((domain): readonly string[] => domain.auditTargets) as readonly AuditTargetType[];
export const ERROR_CODES = DOMAINS.flatMap((domain): readonly string[] => domain.errorCodes) as readonly ErrorCode[];
