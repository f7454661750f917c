/** What buildApp decorates onto Fastify's instance and requests, for the type checker. */
import type { Kysely } from 'kysely';
import type { AuditLog } from './audit/audit-log.js';
import type { AccessTokens } from './auth/access-tokens.js';
import type { LoginThrottle } from './auth/login-throttle.js';
import type { KnownDevices } from './auth/known-devices.js';
import type { PasswordResetService } from './auth/password-reset.js';
import type { SessionService } from './auth/sessions.js';
import type { CaptchaVerifier } from './captcha/verifier.js';
import type { Config } from './config.js';
import type { DatabaseHandle } from './db/open-database.js';
import type { Database } from './db/schema.js';
import type { BackgroundTasks } from './http/background.js';
import type { AuthRateLimits, CounterStore } from './http/rate-limit.js';
import type { Mailer } from './mail/mailer.js';
import type { Metrics } from './http/metrics.js';
import type { Readiness } from './http/readiness.js';
import type { Principal, Principals } from './auth/principals.js';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    /** Prometheus metrics when METRICS_TOKEN is set; null otherwise (nothing is counted). */
    metrics: Metrics | null;
    /** The parts GET /api/health/ready asks: the database, and Redis and the object store when used. */
    readiness: Readiness;
    /** The clock every service reads (tests move it instead of sleeping). */
    now: () => number;
    database: DatabaseHandle;
    db: Kysely<Database>;
    captcha: CaptchaVerifier;
    mailer: Mailer;
    accessTokens: AccessTokens;
    sessions: SessionService;
    passwordReset: PasswordResetService;
    /** Who is calling, cached under the auth epoch (auth/principals.ts). */
    principals: Principals;
    audit: AuditLog;
    background: BackgroundTasks;
    /** Rate-limit counters: in-process, or in Redis when REDIS_URL is set. */
    counters: CounterStore;
    rateLimits: AuthRateLimits;
    /** Brute-force protection of sign-in (two tiers, Keycloak-style). */
    loginThrottle: LoginThrottle;
    knownDevices: KnownDevices;
  }

  interface FastifyRequest {
    /** Set by the auth guard on routes that need a signed-in user. */
    principal: Principal | null;
  }
}

export {};
