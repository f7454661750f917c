/**
 * Every domain's facts, in one list: the permission catalogue, the audit log's actions and labels,
 * its target types and the error codes are collected from here. A new domain adds its file to this folder and one line below.
 */
import { AUDIT } from './audit.js';
import { AUTH } from './auth.js';
import { BOOKINGS } from './bookings.js';
import { BUSINESS } from './business.js';
import { COMMON } from './common.js';
import { CUSTOMERS } from './customers.js';
import { DEPARTURES } from './departures.js';
import { MESSAGES } from './messages.js';
import { PAYMENTS } from './payments.js';
import { GIFT_CARDS } from './gift-cards.js';
import { PRICING } from './pricing.js';
import { REPORTS } from './reports.js';
import { RESELLERS } from './resellers.js';
import { RESOURCES } from './resources.js';
import { ROLES } from './roles.js';
import { SHOP } from './shop.js';
import { TOURS } from './tours.js';
import { USERS } from './users.js';

const DOMAINS = [COMMON, AUTH, USERS, ROLES, AUDIT, TOURS, DEPARTURES, PRICING, BOOKINGS, GIFT_CARDS, CUSTOMERS, PAYMENTS, MESSAGES, REPORTS, RESELLERS, RESOURCES, BUSINESS, SHOP] as const;

type Domain = (typeof DOMAINS)[number];
type ActionsOf<D> = D extends { auditActions: Readonly<Record<infer A, string>> } ? A : never;
type TargetsOf<D> = D extends { auditTargets: readonly (infer T)[] } ? T : never;
type CodesOf<D> = D extends { errorCodes: readonly (infer C)[] } ? C : never;
type GrantsOf<D> = D extends { permissions: Readonly<Record<infer G, string>> } ? G : never;

export type AuditAction = ActionsOf<Domain>;
export type AuditTargetType = TargetsOf<Domain>;
export type ErrorCode = CodesOf<Domain>;
export type Permission = GrantsOf<Domain>;

/** Every permission, with what it lets a role do, in the order the roles screen lists them. */
export const PERMISSIONS = Object.fromEntries(DOMAINS.flatMap((domain) => Object.entries(domain.permissions))) as Record<Permission, string>;

/** Label of each audit action, as the audit page shows it. */
export const AUDIT_ACTION_LABELS = Object.fromEntries(DOMAINS.flatMap((domain) => Object.entries(domain.auditActions))) as Record<AuditAction, string>;
export const AUDIT_ACTIONS = DOMAINS.flatMap((domain) => Object.keys(domain.auditActions)) as readonly AuditAction[];
export const AUDIT_TARGET_TYPES = DOMAINS.flatMap((domain): readonly string[] => domain.auditTargets) as readonly AuditTargetType[];
export const ERROR_CODES = DOMAINS.flatMap((domain): readonly string[] => domain.errorCodes) as readonly ErrorCode[];
