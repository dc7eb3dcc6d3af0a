/**
 * Configuration: read once from the environment, validated, frozen.
 * Nothing else in the code base reads process.env.
 */
import { isIP } from 'node:net';

export type DatabaseEngine = 'sqlite' | 'postgres';
/** SQLite's commit durability: `full` survives a power cut; `normal` may lose the last commits then. */
export type SqliteSynchronous = 'full' | 'normal';

export interface Config {
  /** `sqlite:<path>` (embedded default) or `postgres://...`. */
  readonly databaseUrl: string;
  /** SQLITE_SYNCHRONOUS: `full` (default) or `normal`, trading the last commits on a power cut for speed. */
  readonly sqliteSynchronous: SqliteSynchronous;
  /** Listen address of the HTTP server. */
  readonly host: string;
  readonly port: number;
  /**
   * Base of every `url` field in response bodies, e.g. `http://127.0.0.1:3000/api/v1` (no trailing
   * slash). Default: the listen address (`http://<HOST>:<PORT>/api/v1`, `localhost` for a wildcard HOST).
   */
  readonly publicBaseUrl: string;
  /** True when PUBLIC_BASE_URL was set, false when it follows HOST and PORT. */
  readonly publicBaseUrlSet: boolean;
  /**
   * TRUST_PROXY: whom to believe about the client's address and scheme (X-Forwarded-For/-Proto):
   * `false` (default, nobody), `true` (every hop), a hop count, or comma-separated addresses/CIDRs.
   */
  readonly trustProxy: boolean | number | string;
  /** METRICS_TOKEN: when set, GET /metrics needs `Authorization: Bearer <token>`; unset, it is open. */
  readonly metricsToken: string | null;
  /** CREATE_DEMO_ACCOUNT: the first start creates the `demo` learner and prints its token (default true). */
  readonly createDemoAccount: boolean;
  /** SHUTDOWN_TIMEOUT_SECONDS: how long SIGTERM waits for in-flight requests and a running tick before closing them. */
  readonly shutdownTimeoutSeconds: number;
  /** Shared secret for `/internal/*`; null means those endpoints answer 401. */
  readonly internalSecret: string | null;
  /** HMAC key of unsubscribe links; null means `/unsubscribe` answers 401. */
  readonly unsubscribeSecret: string | null;
  /** Parent domain of the `svc_session` cookie; null for a host-only cookie. */
  readonly sessionCookieDomain: string | null;
  /** Lifetime of a portal session minted by POST /internal/sessions, in days. */
  readonly sessionTtlDays: number;
  /** Push provider endpoint and optional access token. */
  readonly pushApiUrl: string;
  readonly pushAccessToken: string | null;
  /** Outbound mail for nudges; null means nudges are decided but not sent. */
  readonly smtpUrl: string | null;
  readonly mailFrom: string;
  /**
   * The web app the nudge emails link to (`<WEB_APP_URL>/reviews`, `<WEB_APP_URL>/unsubscribe?token=...`,
   * a page that POSTs the token to /unsubscribe). Default: the origin of PUBLIC_BASE_URL.
   */
  readonly webAppUrl: string;
  /**
   * CORS_CREDENTIALED_ORIGINS: comma-separated origins (`https://app.example.org`) whose pages may
   * call the API with the session cookie. Any origin may call it with a bearer token. Default: none.
   */
  readonly corsCredentialedOrigins: readonly string[];
  /** pino level. */
  readonly logLevel: string;
  /** Run the push and nudge ticks in-process (single-machine installs). */
  readonly runTicks: boolean;
  /**
   * COMPAT_V2_MOUNT: also serve the API under `/v2`, for reference clients that force every path to
   * start with `/v2` (only their base host then changes). Off by default.
   */
  readonly compatV2Mount: boolean;
  /** SUBJECT_PAGE_CACHE_MB: memory for subject pages kept as ready bytes between content changes; 0 turns it off. */
  readonly subjectPageCacheMb: number;
  /** LEARNER_PAGE_CACHE_MB: memory for learners' collection pages kept as ready bytes until their data changes; 0 turns it off. */
  readonly learnerPageCacheMb: number;
  /**
   * LEARNER_ROW_CACHE_MB: memory for each row of learners' collection pages kept as written bytes
   * by version, so a page built after a write writes only the rows that changed; 0 turns it off.
   */
  readonly learnerRowCacheMb: number;
  /**
   * STORED_PAGES_MB: database space for learners' collection pages stored whole, so a server that
   * keeps nothing in memory (after a restart) serves a page built before with one look-up; 0 turns it off.
   */
  readonly storedPagesMb: number;
  /**
   * HISTORY_MEMO_LEARNERS: for how many learners the figures read over their whole history (days
   * studied, stage counts, the level's progress) are kept until their rows change; 0 turns it off.
   */
  readonly historyMemoLearners: number;
}

export class ConfigError extends Error {}

/** Room for every page of the bundled curriculum in all three encodings several times over (about 10 MB each). */
export const DEFAULT_SUBJECT_PAGE_CACHE_MB = 32;
/** Room for about a hundred full pages of 500 assignments (about 250 KB each with their compressed forms). */
export const DEFAULT_LEARNER_PAGE_CACHE_MB = 24;
/**
 * Held as two generations of half each (kept-rows.ts): a generation must hold a whole sync of the
 * largest learner, a learner holding every subject (11,000 assignments and as many review
 * statistics, about 12.5 MB with their entries), or each of its syncs drops rows it still needs.
 */
export const DEFAULT_LEARNER_ROW_CACHE_MB = 32;
/** Every page of about 25 learners holding every subject (about 10 MB each), or of hundreds of learners midway. */
export const DEFAULT_STORED_PAGES_MB = 256;

/** A learner's kept figures are a few kilobytes (a day number per day studied): about 10 MB for the default. */
export const DEFAULT_HISTORY_MEMO_LEARNERS = 1000;

export const DEFAULT_PUSH_API_URL = 'https://exp.host/--/api/v2/push/send';

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

type Env = Record<string, string | undefined>;

function optional(env: Env, key: string): string | null {
  const value = env[key];
  return value === undefined || value.trim() === '' ? null : value.trim();
}

function positiveInt(env: Env, key: string, fallback: number, max: number): number {
  const raw = optional(env, key);
  if (raw === null) return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 1 || value > max) {
    throw new ConfigError(`${key} must be an integer from 1 to ${max} (got "${raw}").`);
  }
  return value;
}

function nonNegativeInt(env: Env, key: string, fallback: number, max: number): number {
  const raw = optional(env, key);
  if (raw === null) return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0 || value > max) {
    throw new ConfigError(`${key} must be an integer from 0 to ${max} (got "${raw}").`);
  }
  return value;
}

function url(env: Env, key: string, fallback: string, protocols: string[]): string {
  const raw = optional(env, key) ?? fallback;
  let parsed: URL;
  try {
    parsed = new URL(raw);
  } catch {
    throw new ConfigError(`${key} must be an absolute URL (got "${raw}").`);
  }
  if (!protocols.includes(parsed.protocol)) {
    throw new ConfigError(`${key} must use ${protocols.join(' or ')} (got "${raw}").`);
  }
  return raw.replace(/\/+$/, '');
}

function databaseUrl(env: Env): string {
  const raw = optional(env, 'DATABASE_URL') ?? 'sqlite:./data/study.db';
  if (raw.startsWith('sqlite:') && raw.length > 'sqlite:'.length) return raw;
  if (/^postgres(ql)?:\/\//.test(raw)) return raw;
  throw new ConfigError(`DATABASE_URL must be sqlite:<path> or postgres://... (got "${raw.replace(/:[^:@/]*@/, ':***@')}").`);
}

function sqliteSynchronous(env: Env): SqliteSynchronous {
  const raw = (optional(env, 'SQLITE_SYNCHRONOUS') ?? 'full').toLowerCase();
  if (raw === 'full' || raw === 'normal') return raw;
  throw new ConfigError(`SQLITE_SYNCHRONOUS must be full or normal (got "${raw}").`);
}

function origins(env: Env, key: string): string[] {
  const raw = optional(env, key);
  if (raw === null) return [];
  return raw.split(',').map((entry) => {
    const origin = entry.trim();
    let parsed: URL | null = null;
    try {
      parsed = new URL(origin);
    } catch {
      // reported below
    }
    if (parsed === null || !['http:', 'https:'].includes(parsed.protocol) || parsed.origin !== origin) {
      throw new ConfigError(`${key} must list origins such as https://app.example.org, comma-separated (got "${origin}").`);
    }
    return origin;
  });
}

const TRUE_WORDS = ['true', '1'];
const FALSE_WORDS = ['false', '0'];

/** A flag: true/1 or false/0 (any letter case); anything else stops the process rather than meaning false. */
function bool(env: Env, key: string, fallback: boolean): boolean {
  const raw = optional(env, key);
  if (raw === null) return fallback;
  if (TRUE_WORDS.includes(raw.toLowerCase())) return true;
  if (FALSE_WORDS.includes(raw.toLowerCase())) return false;
  throw new ConfigError(`${key} must be true or false (got "${raw}").`);
}

/** The address a URL names for a listen HOST: wildcards are reachable locally as localhost; IPv6 in brackets. */
function urlHost(host: string): string {
  if (host === '0.0.0.0' || host === '::' || host === '[::]') return 'localhost';
  return isIP(host) === 6 ? `[${host}]` : host;
}

function trustProxy(env: Env): boolean | number | string {
  const raw = optional(env, 'TRUST_PROXY');
  if (raw === null || FALSE_WORDS.includes(raw.toLowerCase())) return false;
  if (raw.toLowerCase() === 'true') return true;
  if (/^\d+$/.test(raw)) return positiveInt(env, 'TRUST_PROXY', 1, 100);
  const entries = raw.split(',').map((entry) => entry.trim());
  for (const entry of entries) {
    const [address = '', bits, ...extra] = entry.split('/');
    const family = isIP(address);
    const maxBits = family === 6 ? 128 : 32;
    const bitsOk = bits === undefined || (/^\d+$/.test(bits) && Number(bits) <= maxBits);
    if (family === 0 || !bitsOk || extra.length > 0) {
      throw new ConfigError(
        `TRUST_PROXY must be false, true, a hop count, or comma-separated addresses/CIDRs such as 10.0.0.0/8 (got "${entry}").`,
      );
    }
  }
  return entries.join(',');
}

/** Parses and freezes the configuration; throws ConfigError with a clear message when invalid. */
export function loadConfig(env: Env = process.env): Config {
  const logLevel = optional(env, 'LOG_LEVEL') ?? 'info';
  if (!LOG_LEVELS.includes(logLevel)) {
    throw new ConfigError(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')} (got "${logLevel}").`);
  }
  const host = optional(env, 'HOST') ?? '127.0.0.1';
  const port = positiveInt(env, 'PORT', 3000, 65535);
  const publicBaseUrl = url(env, 'PUBLIC_BASE_URL', `http://${urlHost(host)}:${port}/api/v1`, ['http:', 'https:']);
  return Object.freeze({
    databaseUrl: databaseUrl(env),
    sqliteSynchronous: sqliteSynchronous(env),
    host,
    port,
    publicBaseUrl,
    publicBaseUrlSet: optional(env, 'PUBLIC_BASE_URL') !== null,
    trustProxy: trustProxy(env),
    metricsToken: optional(env, 'METRICS_TOKEN'),
    createDemoAccount: bool(env, 'CREATE_DEMO_ACCOUNT', true),
    shutdownTimeoutSeconds: positiveInt(env, 'SHUTDOWN_TIMEOUT_SECONDS', 10, 3600),
    internalSecret: optional(env, 'INTERNAL_SECRET'),
    unsubscribeSecret: optional(env, 'UNSUBSCRIBE_SECRET'),
    sessionCookieDomain: optional(env, 'SESSION_COOKIE_DOMAIN'),
    sessionTtlDays: positiveInt(env, 'SESSION_TTL_DAYS', 30, 3650),
    pushApiUrl: url(env, 'PUSH_API_URL', DEFAULT_PUSH_API_URL, ['http:', 'https:']),
    pushAccessToken: optional(env, 'PUSH_ACCESS_TOKEN'),
    smtpUrl: optional(env, 'SMTP_URL'),
    mailFrom: optional(env, 'MAIL_FROM') ?? 'Study Service <no-reply@localhost>',
    webAppUrl: url(env, 'WEB_APP_URL', new URL(publicBaseUrl).origin, ['http:', 'https:']),
    corsCredentialedOrigins: Object.freeze(origins(env, 'CORS_CREDENTIALED_ORIGINS')),
    logLevel,
    runTicks: bool(env, 'RUN_TICKS', false),
    compatV2Mount: bool(env, 'COMPAT_V2_MOUNT', false),
    subjectPageCacheMb: nonNegativeInt(env, 'SUBJECT_PAGE_CACHE_MB', DEFAULT_SUBJECT_PAGE_CACHE_MB, 4096),
    learnerPageCacheMb: nonNegativeInt(env, 'LEARNER_PAGE_CACHE_MB', DEFAULT_LEARNER_PAGE_CACHE_MB, 4096),
    learnerRowCacheMb: nonNegativeInt(env, 'LEARNER_ROW_CACHE_MB', DEFAULT_LEARNER_ROW_CACHE_MB, 4096),
    storedPagesMb: nonNegativeInt(env, 'STORED_PAGES_MB', DEFAULT_STORED_PAGES_MB, 1_048_576),
    historyMemoLearners: nonNegativeInt(env, 'HISTORY_MEMO_LEARNERS', DEFAULT_HISTORY_MEMO_LEARNERS, 1_000_000),
  });
}

export function engineOf(databaseUrl: string): DatabaseEngine {
  return databaseUrl.startsWith('sqlite:') ? 'sqlite' : 'postgres';
}
