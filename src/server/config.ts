/**
 * Configuration from environment variables. Everything is validated here,
 * once, at start: a bad value throws a ConfigError whose one-line message names the variable.
 */
import { CUSTOMER_LANGUAGES, type CustomerLanguage } from '../shared/contract/customers.js';
import { isAbsolute, relative, resolve } from 'node:path';
import { isIP } from 'node:net';
import { isKnownTimeZone } from '../shared/time-zones.js';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../shared/password-policy.js';

export class ConfigError extends Error {
  constructor(
    readonly variable: string,
    problem: string,
  ) {
    super(`${variable}: ${problem}`);
    this.name = 'ConfigError';
  }
}

export type DatabaseTarget =
  | { kind: 'pglite-file'; dataDir: string }
  | { kind: 'pglite-memory' }
  | { kind: 'postgres'; url: string };

/** Where the gallery's picture copies are kept. */
export type MediaTarget =
  | { kind: 'files'; dir: string }
  | {
      kind: 's3';
      bucket: string;
      region: string;
      endpoint: string | null;
      prefix: string;
      forcePathStyle: boolean;
      accessKeyId: string | null;
      secretAccessKey: string | null;
    };

/** false, a hop count, or the trusted proxies' addresses and ranges (never true: see parseTrustProxy). */
export type TrustProxy = false | number | string[];

export interface ScheduledBackups {
  dir: string;
  intervalMs: number;
  /** How many of the newest backups in `dir` are kept; older ones are deleted. */
  keep: number;
}

/** Where the data lives: what the backup and restore commands need, read as the server reads it. */
export interface StorageConfig {
  dataDir: string;
  database: DatabaseTarget;
  media: MediaTarget;
}

export interface Config {
  port: number;
  host: string;
  database: DatabaseTarget;
  dataDir: string;
  media: MediaTarget;
  /** Absolute URL without a trailing slash; e-mailed links start with it. */
  publicUrl: string;
  /** Null: generated once and kept in the database (settings table). */
  jwtSecret: string | null;
  accessTokenTtlMs: number;
  sessionTtlMs: number;
  persistentSessionTtlMs: number;
  /** Null when the captcha is off (no keys, or CAPTCHA_DISABLED=true). */
  recaptcha: { siteKey: string; secret: string; verifyUrl: string } | null;
  smtpUrl: string | null;
  mailFrom: string;
  adminEmail: string;
  adminPassword: string | null;
  redisUrl: string | null;
  /** Starts every key this office writes to Redis (REDIS_PREFIX), so offices or staging and production sharing one Redis never share counters. */
  redisPrefix: string;
  /** GET /metrics answers a caller bearing this token (METRICS_TOKEN, at least 16 characters); null: the route does not exist. */
  metricsToken: string | null;
  trustProxy: TrustProxy;
  nodeEnv: string;
  logLevel: string;
  /** Log lines for people (a terminal) rather than JSON (LOG_FORMAT, default: pretty when stdout is a terminal). */
  logPretty: boolean;
  /** The IANA time zone the reports count days in (BUSINESS_TIME_ZONE, default UTC). */
  businessTimeZone: string;
  /** The language of a new customer whose booking named none (DEFAULT_LANGUAGE: en or de, default en). */
  defaultLanguage: CustomerLanguage;
  /** Why the captcha is off, for the warning printed at start (null when on). */
  captchaOffReason: string | null;
  /** Who the customer deals with at the first start (BUSINESS_NAME, BUSINESS_EMAIL, BUSINESS_PHONE, BUSINESS_ADDRESS, BUSINESS_WEBSITE); after it, the Business screen decides (the business domain). */
  business: BusinessDetails;
  /** Resellers' webhooks may go to loopback and private addresses, over http too (development and tests only). */
  webhookAllowPrivateAddresses: boolean;
  /** OCTO requests a second one reseller key may make (OCTO_RATE_LIMIT). */
  octoRateLimit: number;
  /** How long a webhook endpoint has to answer (WEBHOOK_TIMEOUT). */
  webhookTimeoutMs: number;
  /** How often due webhook deliveries are looked for (WEBHOOK_POLL_INTERVAL); null: never by itself (tests send them by hand). */
  webhookPollMs: number | null;
  /** How often queued messages to customers are looked for (MESSAGE_POLL_INTERVAL); null: never by itself. */
  messagePollMs: number | null;
  /** How often the reminders due are looked for (JOBS_INTERVAL); null: never by itself. */
  jobsIntervalMs: number | null;
  /** How long a sender owns a message it claimed before another may send it (MESSAGE_LEASE): longer than any SMTP exchange. */
  messageLeaseMs: number;
  /** Card payments through Stripe Checkout (null: not set up; payment links answer 409). */
  stripe: { secretKey: string; webhookSecret: string; apiUrl: URL } | null;
  /** Months after a departure ended that its travellers' names, birth dates and notes are erased (null: kept). */
  travellerRetentionMonths: number | null;
  /** Backups the server takes of the embedded database by itself (BACKUP_DIR), or null. */
  backups: ScheduledBackups | null;
  /**
   * Any variable, trimmed (unset or blank: undefined): a domain reads and checks its own settings
   * from here (its module's checkSettings, run at start), so this file does not grow a section per domain.
   */
  variable: (name: string) => string | undefined;
}

export interface BusinessDetails {
  name: string | null;
  email: string | null;
  phone: string | null;
  /** Lines of the postal address (BUSINESS_ADDRESS separates them with a newline, `\n` or `;`). */
  address: string[];
  website: string | null;
}

export const GOOGLE_SITEVERIFY_URL = 'https://www.google.com/recaptcha/api/siteverify';
const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];
const DURATION_UNITS: Record<string, number> = { ms: 1, s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 };

/** "15m", "12h", "30d", "2s", "500ms" → milliseconds. */
export function parseDuration(value: string): number | null {
  const match = /^(\d{1,9})(ms|s|m|h|d)$/.exec(value.trim());
  if (!match) return null;
  const ms = Number(match[1]) * DURATION_UNITS[match[2]];
  return ms > 0 ? ms : null;
}

type Env = Record<string, string | undefined>;

export function loadConfig(env: Env = process.env): Config {
  // Empty strings count as unset: `FOO= npm start` should not mean "FOO is the empty string".
  const get = (name: string): string | undefined => {
    const value = env[name];
    return value === undefined || value.trim() === '' ? undefined : value.trim();
  };

  const port = parsePort(get('PORT'));
  const host = get('HOST') ?? '127.0.0.1';
  const { dataDir, database, media } = storageFrom(get);
  const publicUrl = parsePublicUrl(get('PUBLIC_URL'), port);
  const nodeEnv = get('NODE_ENV') ?? 'development';
  const production = nodeEnv === 'production';

  const jwtSecret = env.JWT_SECRET === undefined || env.JWT_SECRET === '' ? null : env.JWT_SECRET;
  if (jwtSecret !== null && Buffer.byteLength(jwtSecret, 'utf8') < 32) {
    throw new ConfigError('JWT_SECRET', 'must be at least 32 bytes long (or unset, to generate one)');
  }

  const accessTokenTtlMs = durationVar(get, 'ACCESS_TOKEN_TTL', '15m');
  const sessionTtlMs = durationVar(get, 'SESSION_TTL', '12h');
  const persistentSessionTtlMs = durationVar(get, 'PERSISTENT_SESSION_TTL', '30d');

  const captchaDisabled = parseBoolean('CAPTCHA_DISABLED', get('CAPTCHA_DISABLED'), false);
  const siteKey = get('RECAPTCHA_SITE_KEY');
  const secret = get('RECAPTCHA_SECRET');
  const verifyUrl = get('RECAPTCHA_VERIFY_URL') ?? GOOGLE_SITEVERIFY_URL;
  checkUrl('RECAPTCHA_VERIFY_URL', verifyUrl, ['http:', 'https:']);
  if (siteKey && !secret) throw new ConfigError('RECAPTCHA_SECRET', 'must be set together with RECAPTCHA_SITE_KEY');
  if (secret && !siteKey) throw new ConfigError('RECAPTCHA_SITE_KEY', 'must be set together with RECAPTCHA_SECRET');
  if (production && !secret && !captchaDisabled) {
    throw new ConfigError('RECAPTCHA_SECRET', 'is required when NODE_ENV=production (or set CAPTCHA_DISABLED=true)');
  }
  const recaptcha = siteKey && secret && !captchaDisabled ? { siteKey, secret, verifyUrl } : null;
  const captchaOffReason = recaptcha
    ? null
    : captchaDisabled
      ? 'CAPTCHA_DISABLED=true'
      : 'RECAPTCHA_SITE_KEY and RECAPTCHA_SECRET are not set';

  const smtpUrl = get('SMTP_URL') ?? null;
  if (smtpUrl) checkUrl('SMTP_URL', smtpUrl, ['smtp:', 'smtps:']);
  const mailFrom = get('MAIL_FROM') ?? `Travel Back Office <no-reply@${new URL(publicUrl).hostname}>`;

  const adminEmail = get('ADMIN_EMAIL') ?? 'admin@localhost';
  if (!/^[^\s@]+@[^\s@]+$/.test(adminEmail) || adminEmail.length > 254) {
    throw new ConfigError('ADMIN_EMAIL', 'is not an e-mail address');
  }
  const adminPassword = env.ADMIN_PASSWORD === undefined || env.ADMIN_PASSWORD === '' ? null : env.ADMIN_PASSWORD;
  if (adminPassword !== null && (adminPassword.length < PASSWORD_MIN_LENGTH || adminPassword.length > PASSWORD_MAX_LENGTH)) {
    throw new ConfigError('ADMIN_PASSWORD', `must be ${PASSWORD_MIN_LENGTH} to ${PASSWORD_MAX_LENGTH} characters long`);
  }

  const redisUrl = get('REDIS_URL') ?? null;
  if (redisUrl) checkUrl('REDIS_URL', redisUrl, ['redis:', 'rediss:']);
  const redisPrefix = get('REDIS_PREFIX') ?? 'bo:';
  if (!/^[A-Za-z0-9:_.-]{1,64}$/.test(redisPrefix)) throw new ConfigError('REDIS_PREFIX', 'must be 1 to 64 letters, digits or the characters : _ . -');

  const metricsToken = env.METRICS_TOKEN === undefined || env.METRICS_TOKEN === '' ? null : env.METRICS_TOKEN;
  if (metricsToken !== null && (metricsToken.length < 16 || metricsToken.length > 512 || /\s/.test(metricsToken))) {
    throw new ConfigError('METRICS_TOKEN', 'must be 16 to 512 characters with no spaces (a random string the scraper sends as a bearer token)');
  }

  const logLevel = get('LOG_LEVEL') ?? 'info';
  if (!LOG_LEVELS.includes(logLevel)) throw new ConfigError('LOG_LEVEL', `must be one of ${LOG_LEVELS.join(', ')}`);
  const logFormat = get('LOG_FORMAT');
  if (logFormat !== undefined && logFormat !== 'json' && logFormat !== 'pretty') throw new ConfigError('LOG_FORMAT', 'must be json or pretty');
  const logPretty = logFormat === undefined ? process.stdout.isTTY === true : logFormat === 'pretty';

  const businessTimeZone = get('BUSINESS_TIME_ZONE') ?? 'UTC';
  if (!isKnownTimeZone(businessTimeZone)) throw new ConfigError('BUSINESS_TIME_ZONE', 'must be an IANA time zone, such as Europe/Berlin or UTC');

  const defaultLanguage = get('DEFAULT_LANGUAGE') ?? 'en';
  if (!(CUSTOMER_LANGUAGES as readonly string[]).includes(defaultLanguage)) throw new ConfigError('DEFAULT_LANGUAGE', `must be one of ${CUSTOMER_LANGUAGES.join(', ')}`);

  const business = parseBusiness(get);
  const webhookAllowPrivateAddresses = parseBoolean('WEBHOOK_ALLOW_PRIVATE_ADDRESSES', get('WEBHOOK_ALLOW_PRIVATE_ADDRESSES'), false);
  const octoRateText = get('OCTO_RATE_LIMIT') ?? '50';
  if (!/^\d{1,6}$/.test(octoRateText) || Number(octoRateText) < 1) throw new ConfigError('OCTO_RATE_LIMIT', 'must be a whole number of requests a second, at least 1');
  const octoRateLimit = Number(octoRateText);
  const webhookTimeoutMs = durationVar(get, 'WEBHOOK_TIMEOUT', '10s');
  const webhookPollMs = get('WEBHOOK_POLL_INTERVAL') === 'off' ? null : durationVar(get, 'WEBHOOK_POLL_INTERVAL', '2s');
  const messagePollMs = get('MESSAGE_POLL_INTERVAL') === 'off' ? null : durationVar(get, 'MESSAGE_POLL_INTERVAL', '2s');
  const jobsIntervalMs = get('JOBS_INTERVAL') === 'off' ? null : durationVar(get, 'JOBS_INTERVAL', '1m');
  const messageLeaseMs = durationVar(get, 'MESSAGE_LEASE', '5m');
  const stripe = parseStripe(get);
  const retentionText = get('TRAVELLER_RETENTION_MONTHS');
  if (retentionText !== undefined && (!/^\d{1,3}$/.test(retentionText) || Number(retentionText) < 1 || Number(retentionText) > 600)) {
    throw new ConfigError('TRAVELLER_RETENTION_MONTHS', 'must be a whole number of months from 1 to 600 (or unset, to keep travellers’ data)');
  }
  const travellerRetentionMonths = retentionText === undefined ? null : Number(retentionText);
  const backups = parseBackups(get, database, dataDir);

  return {
    port,
    host,
    database,
    dataDir,
    media,
    publicUrl,
    jwtSecret,
    accessTokenTtlMs,
    sessionTtlMs,
    persistentSessionTtlMs,
    recaptcha,
    smtpUrl,
    mailFrom,
    adminEmail,
    adminPassword,
    redisUrl,
    redisPrefix,
    metricsToken,
    trustProxy: parseTrustProxy(get('TRUST_PROXY')),
    nodeEnv,
    logLevel,
    logPretty,
    businessTimeZone,
    defaultLanguage: defaultLanguage as CustomerLanguage,
    captchaOffReason,
    business,
    webhookAllowPrivateAddresses,
    octoRateLimit,
    webhookTimeoutMs,
    webhookPollMs,
    messagePollMs,
    jobsIntervalMs,
    messageLeaseMs,
    stripe,
    travellerRetentionMonths,
    backups,
    variable: get,
  };
}

/** DATA_DIR, DATABASE_URL and the media store, as loadConfig reads them (nothing else is checked). */
export function loadStorageConfig(env: Env = process.env): StorageConfig {
  return storageFrom((name) => {
    const value = env[name];
    return value === undefined || value.trim() === '' ? undefined : value.trim();
  });
}

function storageFrom(get: (name: string) => string | undefined): StorageConfig {
  const dataDir = resolve(get('DATA_DIR') ?? './data');
  return { dataDir, database: parseDatabaseUrl(get('DATABASE_URL'), dataDir), media: parseMedia(get, dataDir) };
}

function parseBackups(get: (name: string) => string | undefined, database: DatabaseTarget, dataDir: string): ScheduledBackups | null {
  const dirText = get('BACKUP_DIR');
  if (dirText === undefined) {
    const stray = ['BACKUP_INTERVAL', 'BACKUP_KEEP'].find((name) => get(name) !== undefined);
    if (stray) throw new ConfigError('BACKUP_DIR', `must be set when ${stray} is (the folder the backups are written to)`);
    return null;
  }
  // A PostgreSQL server is backed up by its own tools; the data of memory:// ends with the process.
  if (database.kind === 'postgres') throw new ConfigError('BACKUP_DIR', 'backs up the embedded database only: with DATABASE_URL set, back up the PostgreSQL server with pg_dump (see the README, Backups)');
  if (database.kind === 'pglite-memory') throw new ConfigError('BACKUP_DIR', 'cannot back up DATABASE_URL=memory:// (its data ends with the process)');
  const dir = resolve(dirText);
  for (const held of ['db', 'media']) {
    const inside = relative(resolve(dataDir, held), dir);
    if (inside === '' || (!inside.startsWith('..') && !isAbsolute(inside))) throw new ConfigError('BACKUP_DIR', `must not be inside DATA_DIR/${held}, which a backup copies`);
  }
  const keepText = get('BACKUP_KEEP') ?? '7';
  if (!/^\d{1,4}$/.test(keepText) || Number(keepText) < 1 || Number(keepText) > 1000) throw new ConfigError('BACKUP_KEEP', 'must be a whole number of backups to keep, from 1 to 1000');
  return { dir, intervalMs: durationVar(get, 'BACKUP_INTERVAL', '24h'), keep: Number(keepText) };
}

function parseBusiness(get: (name: string) => string | undefined): BusinessDetails {
  const text = (name: string, max: number): string | null => {
    const value = get(name)?.trim();
    if (!value) return null;
    // Printed on customers' papers: no control characters but the line breaks of an address.
    const control = [...value].some((character) => {
      const code = character.charCodeAt(0);
      return (code < 0x20 && character !== '\n' && character !== '\r' && character !== '\t') || code === 0x7f;
    });
    if (value.length > max || control) throw new ConfigError(name, `must be plain text of at most ${max} characters`);
    return value;
  };
  const email = text('BUSINESS_EMAIL', 254);
  if (email !== null && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) throw new ConfigError('BUSINESS_EMAIL', 'must be an e-mail address such as bookings@example.com');
  const address = text('BUSINESS_ADDRESS', 300);
  const website = text('BUSINESS_WEBSITE', 300);
  if (website !== null) checkUrl('BUSINESS_WEBSITE', website, ['http:', 'https:']);
  return {
    name: text('BUSINESS_NAME', 120),
    email,
    phone: text('BUSINESS_PHONE', 40),
    website,
    address: address === null ? [] : address.split(/\r?\n|\\n|;/).map((line) => line.trim()).filter(Boolean).slice(0, 4),
  };
}

function parseMedia(get: (name: string) => string | undefined, dataDir: string): MediaTarget {
  const bucket = get('MEDIA_S3_BUCKET');
  const s3Settings = ['MEDIA_S3_REGION', 'MEDIA_S3_ENDPOINT', 'MEDIA_S3_PREFIX', 'MEDIA_S3_ACCESS_KEY_ID', 'MEDIA_S3_SECRET_ACCESS_KEY', 'MEDIA_S3_FORCE_PATH_STYLE'];
  if (!bucket) {
    const stray = s3Settings.find((name) => get(name) !== undefined);
    if (stray) throw new ConfigError('MEDIA_S3_BUCKET', `must be set when ${stray} is`);
    return { kind: 'files', dir: resolve(dataDir, 'media') };
  }
  if (!/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(bucket)) throw new ConfigError('MEDIA_S3_BUCKET', 'is not a valid bucket name');
  const endpoint = get('MEDIA_S3_ENDPOINT') ?? null;
  if (endpoint) checkUrl('MEDIA_S3_ENDPOINT', endpoint, ['http:', 'https:']);
  const prefix = get('MEDIA_S3_PREFIX') ?? '';
  if (prefix && !/^[A-Za-z0-9!_.*'()/-]{1,200}\/$/.test(prefix)) throw new ConfigError('MEDIA_S3_PREFIX', 'must be a key prefix ending in /');
  const accessKeyId = get('MEDIA_S3_ACCESS_KEY_ID') ?? null;
  const secretAccessKey = get('MEDIA_S3_SECRET_ACCESS_KEY') ?? null;
  if ((accessKeyId === null) !== (secretAccessKey === null)) {
    throw new ConfigError(accessKeyId ? 'MEDIA_S3_SECRET_ACCESS_KEY' : 'MEDIA_S3_ACCESS_KEY_ID', 'must be set together with the other key (or neither, for the AWS default credentials)');
  }
  return {
    kind: 's3',
    bucket,
    region: get('MEDIA_S3_REGION') ?? 'us-east-1',
    endpoint,
    prefix,
    // S3-compatible servers other than AWS usually want the bucket in the path.
    forcePathStyle: parseBoolean('MEDIA_S3_FORCE_PATH_STYLE', get('MEDIA_S3_FORCE_PATH_STYLE'), endpoint !== null),
    accessKeyId,
    secretAccessKey,
  };
}

function parsePort(value: string | undefined): number {
  if (value === undefined) return 3000;
  if (!/^\d{1,5}$/.test(value) || Number(value) > 65535) throw new ConfigError('PORT', 'must be a port number (0-65535)');
  return Number(value);
}

function parseDatabaseUrl(value: string | undefined, dataDir: string): DatabaseTarget {
  if (value === undefined) return { kind: 'pglite-file', dataDir: resolve(dataDir, 'db') };
  if (value === 'memory://') return { kind: 'pglite-memory' };
  if (/^postgres(ql)?:\/\//.test(value)) {
    checkUrl('DATABASE_URL', value, ['postgres:', 'postgresql:']);
    return { kind: 'postgres', url: value };
  }
  throw new ConfigError('DATABASE_URL', 'must be a postgres:// URL or memory:// (or unset for the embedded database)');
}

function parsePublicUrl(value: string | undefined, port: number): string {
  if (value === undefined) return `http://localhost:${port}`;
  const url = checkUrl('PUBLIC_URL', value, ['http:', 'https:']);
  if (url.search || url.hash) throw new ConfigError('PUBLIC_URL', 'must not have a query or fragment');
  return url.href.replace(/\/+$/, '');
}

function checkUrl(variable: string, value: string, protocols: string[]): URL {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new ConfigError(variable, 'is not a valid URL');
  }
  if (!protocols.includes(url.protocol)) {
    throw new ConfigError(variable, `must start with ${protocols.map((p) => `${p}//`).join(' or ')}`);
  }
  return url;
}

function durationVar(get: (name: string) => string | undefined, name: string, fallback: string): number {
  const ms = parseDuration(get(name) ?? fallback);
  if (ms === null) throw new ConfigError(name, 'must be a duration such as 30s, 15m, 12h or 30d');
  return ms;
}

function parseBoolean(name: string, value: string | undefined, fallback: boolean): boolean {
  if (value === undefined) return fallback;
  if (/^(true|1|yes|on)$/i.test(value)) return true;
  if (/^(false|0|no|off)$/i.test(value)) return false;
  throw new ConfigError(name, 'must be true or false');
}

/**
 * Which proxies in front of the server may say who the client is (X-Forwarded-For, -Proto, -Host):
 * a hop count (1 for one reverse proxy) or a comma-separated list of the proxies' addresses or
 * CIDR ranges (Fastify's trustProxy takes both). `true` is refused: it believes the whole header,
 * which any client writes, so each forged address would get its own sign-in limits and lockout
 * counter and the audit log would record the forgery.
 */
function parseTrustProxy(value: string | undefined): TrustProxy {
  if (value === undefined || value.trim() === '') return false;
  if (/^(false|no|off|0)$/i.test(value.trim())) return false;
  if (/^(true|yes|on)$/i.test(value.trim())) {
    throw new ConfigError(
      'TRUST_PROXY',
      'true would believe any X-Forwarded-For a client sends; write the number of proxies in front of the server (1 for one reverse proxy) or their addresses (e.g. 10.0.0.5 or 10.0.0.0/24)',
    );
  }
  if (/^\d{1,2}$/.test(value.trim())) return Number(value.trim());
  const list = value.split(',').map((part) => part.trim());
  // A range of every address (0.0.0.0/0, ::/0) is `true` by another name.
  if (list.some((part) => /\/0+$/.test(part))) {
    throw new ConfigError('TRUST_PROXY', 'a range of every address would believe any X-Forwarded-For a client sends; name the proxies\' own addresses or their network (e.g. 10.0.0.0/24)');
  }
  if (list.every(isAddressOrRange)) return list;
  throw new ConfigError('TRUST_PROXY', 'must be a hop count (1 for one reverse proxy) or a comma-separated list of the proxies\' addresses or CIDR ranges');
}

function isAddressOrRange(text: string): boolean {
  const [address, bits, ...rest] = text.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  return bits === undefined || (/^\d{1,3}$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128));
}

/** STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET together, or neither; STRIPE_API_URL only for a test double. */
function parseStripe(get: (name: string) => string | undefined): Config['stripe'] {
  const secretKey = get('STRIPE_SECRET_KEY');
  const webhookSecret = get('STRIPE_WEBHOOK_SECRET');
  if (secretKey && !webhookSecret) throw new ConfigError('STRIPE_WEBHOOK_SECRET', 'must be set together with STRIPE_SECRET_KEY (the signing secret of the webhook endpoint, whsec_…)');
  if (webhookSecret && !secretKey) throw new ConfigError('STRIPE_SECRET_KEY', 'must be set together with STRIPE_WEBHOOK_SECRET');
  if (!secretKey || !webhookSecret) return null;
  if (!/^(sk|rk)_(test|live)_\S+$/.test(secretKey)) throw new ConfigError('STRIPE_SECRET_KEY', 'is not a Stripe secret key (sk_live_…, sk_test_… or a restricted rk_… key)');
  if (!/^whsec_\S+$/.test(webhookSecret)) throw new ConfigError('STRIPE_WEBHOOK_SECRET', 'is not a Stripe webhook signing secret (whsec_…)');
  const apiUrlText = get('STRIPE_API_URL') ?? 'https://api.stripe.com';
  checkUrl('STRIPE_API_URL', apiUrlText, ['http:', 'https:']);
  return { secretKey, webhookSecret, apiUrl: new URL(apiUrlText) };
}
