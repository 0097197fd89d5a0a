/**
 * engine/config: the server's settings from the environment, checked once at start.
 * PORT, HOST, DATABASE_URL (or Strapi's DATABASE_CLIENT (sqlite, postgres, mysql)/HOST/PORT/NAME/USERNAME/PASSWORD/FILENAME:
 * config/database-settings.ts), JWT_SECRET, API_TOKEN_SALT, NODE_ENV, LOG_LEVEL, CORS_ORIGINS,
 * BODY_LIMIT, SHUTDOWN_TIMEOUT_MS, JWT_EXPIRES_IN (seconds or "30d"; overrides plugins.json's
 * users-permissions jwt.expiresIn), AUTH_RATE_LIMIT_MAX (counted attempts at each credential route,
 * per IP and per identifier, within the window before 429: failed logins and current passwords, every
 * registration, reset, email and password change; default 10, 0 turns it off), AUTH_RATE_LIMIT_WINDOW_MS
 * (default 900000). Production refuses to start without its secrets. UPLOAD_* and S3_*: see
 * config/upload-config.ts. CONTRACTS_PUBLIC,
 * DOCUMENTATION_ENABLED, QUIRE_VALIDATE_RESPONSES: see config/contracts-config.ts.
 * DATABASE_POOL_MAX, DATABASE_ACQUIRE_TIMEOUT_MS, DATABASE_STATEMENT_TIMEOUT_MS: the pool and its
 * timeouts (defaults in engine/repository/connect.ts; docs/reliability.md).
 * TRUSTED_PROXIES, GRAPHQL_INTROSPECTION: see config/security-config.ts. PUBLIC_URL, SMTP_USERNAME,
 * SMTP_PASSWORD, EMAIL_PROVIDER: see config/email-settings.ts. WEBHOOKS_*: see config/webhook-settings.ts.
 */
import { ConfigError, envFlag } from './env-values.js';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { dirname, join, resolve } from 'node:path';
import { databaseUrlOf } from './database-settings.js';
import { loadMetricsConfig, type MetricsConfig } from './metrics-config.js';
import { loadUploadConfig, type UploadConfig } from './upload-config.js';
import { loadContractsConfig, type ContractsConfig } from './contracts-config.js';
import { parseDuration } from './parse-duration.js';
import { loadSecurityConfig, type SecurityConfig } from './security-config.js';
import { loadEmailSettings, type EmailSettings } from './email-settings.js';
import { loadWebhookSettings, type WebhookSettings } from './webhook-settings.js';

export interface ServerConfig {
  artifactsDir: string;
  /** absolute: the SQLite file, uploaded files and development secrets live here (config/data-dir.ts) */
  dataDir: string;
  port: number;
  host: string;
  databaseUrl: string;
  nodeEnv: string;
  production: boolean;
  logLevel: string;
  jwtSecret: string;
  apiTokenSalt: string;
  /** '*' (any origin, no credentials) or an explicit list (credentials allowed for those only) */
  corsOrigins: '*' | string[];
  bodyLimit: number;
  shutdownTimeoutMs: number;
  allowDestructive: boolean;
  /**
   * `serve --strapi-database` (true) or QUIRE_STRAPI_DATABASE=true|false: a database Strapi v4 manages,
   * whose tables quire never changes (repository/schema/strapi-schema.ts); undefined: detected
   */
  strapiDatabase?: boolean;
  /** JWT lifetime in seconds from JWT_EXPIRES_IN; undefined: the model's (plugins.json, default 30 days) */
  jwtExpiresIn?: number;
  /** failed login/register attempts allowed per IP and per identifier within windowMs; 0: no limit */
  authRateLimit: { max: number; windowMs: number };
  /** the upload plugin: provider, folder, limits */
  upload: UploadConfig;
  /** served contracts, the documentation page, response validation (config/contracts-config.ts) */
  contracts: ContractsConfig;
  /** trusted proxies, GraphQL introspection (config/security-config.ts) */
  security: SecurityConfig;
  /** PUBLIC_URL, SMTP credentials, EMAIL_PROVIDER (config/email-settings.ts) */
  email: EmailSettings;
  /** pool size and timeouts (DATABASE_POOL_MAX, DATABASE_ACQUIRE_TIMEOUT_MS, DATABASE_STATEMENT_TIMEOUT_MS); unset: the driver defaults of repository/connect.ts */
  database: DatabaseTuning;
  /** how webhook deliveries are sent and retried (config/webhook-settings.ts) */
  webhooks: WebhookSettings;
  /** METRICS_ENABLED, METRICS_TOKEN, METRICS_PORT, METRICS_HOST (config/metrics-config.ts) */
  metrics: MetricsConfig;
  /** POPULATE_DEEP: `populate=deep` as strapi-plugin-populate-deep answers it, on or off whatever the project says; undefined: the project decides */
  populateDeep?: boolean;
  /** QUIRE_CHECK_EXECUTORS=1 (tests): every read is answered by each executor that can answer it, and refused (500) when they differ */
  checkExecutors?: boolean;
}

export interface DatabaseTuning {
  /** PostgreSQL connections per process (SQLite keeps one) */
  max?: number;
  acquireTimeoutMs?: number;
  statementTimeoutMs?: number;
  /** DATABASE_COMPILED_READS=false: the database never writes answers in one statement (repository answer/), even where it can */
  compiledReads?: boolean;
  /** DATABASE_PREPARED_STATEMENTS: PostgreSQL named statements kept per connection (repository prepared-statements.ts; 0: none) */
  preparedStatements?: number;
}

const optionalInt = (name: string, v: string | undefined, min: number, max: number): number | undefined => (v === undefined || v === '' ? undefined : int(name, v, 0, min, max));

function loadDatabaseTuning(env: NodeJS.ProcessEnv): DatabaseTuning {
  const max = optionalInt('DATABASE_POOL_MAX', env.DATABASE_POOL_MAX, 1, 1000);
  const acquireTimeoutMs = optionalInt('DATABASE_ACQUIRE_TIMEOUT_MS', env.DATABASE_ACQUIRE_TIMEOUT_MS, 1, 600_000);
  const statementTimeoutMs = optionalInt('DATABASE_STATEMENT_TIMEOUT_MS', env.DATABASE_STATEMENT_TIMEOUT_MS, 0, 3_600_000);
  const preparedStatements = optionalInt('DATABASE_PREPARED_STATEMENTS', env.DATABASE_PREPARED_STATEMENTS, 0, 100_000);
  return {
    ...(max !== undefined ? { max } : {}),
    ...(acquireTimeoutMs !== undefined ? { acquireTimeoutMs } : {}),
    ...(statementTimeoutMs !== undefined ? { statementTimeoutMs } : {}),
    ...(preparedStatements !== undefined ? { preparedStatements } : {}),
    ...(env.DATABASE_COMPILED_READS ? { compiledReads: envFlag('DATABASE_COMPILED_READS', env.DATABASE_COMPILED_READS, true) } : {}),
  };
}

export { ConfigError };

const int = (name: string, v: string | undefined, dflt: number, min = 0, max = Number.MAX_SAFE_INTEGER) => {
  if (v === undefined || v === '') return dflt;
  const n = Number(v);
  if (!Number.isInteger(n) || n < min || n > max) throw new ConfigError(`${name} must be an integer between ${min} and ${max}, got "${v}"`);
  return n;
};

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

/** Development secrets are generated once and kept in <data dir>/secrets.json so restarts keep tokens valid. */
function devSecret(stateDir: string, key: 'jwtSecret' | 'apiTokenSalt'): string {
  const file = join(stateDir, 'secrets.json');
  let secrets: Record<string, string> = {};
  if (existsSync(file)) secrets = JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>;
  if (!secrets[key]) {
    secrets[key] = randomBytes(32).toString('base64');
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, JSON.stringify(secrets, null, 2) + '\n', { mode: 0o600 });
  }
  return secrets[key];
}

function strapiDatabase(flag: boolean | undefined, v: string | undefined): { strapiDatabase?: boolean } {
  if (flag) return { strapiDatabase: true };
  if (v === undefined || v === '') return {};
  if (v === 'true' || v === '1') return { strapiDatabase: true };
  if (v === 'false' || v === '0') return { strapiDatabase: false };
  throw new ConfigError(`QUIRE_STRAPI_DATABASE must be true or false, got "${v}"`);
}

function jwtExpiresIn(v: string): number {
  const seconds = parseDuration(v);
  if (seconds === undefined) throw new ConfigError(`JWT_EXPIRES_IN must be seconds or a duration such as "30d" or "12h" (1 second to 10 years), got "${v}"`);
  return seconds;
}

/**
 * Every setting checked once; the first bad one throws a ConfigError naming its variable.
 * `stateDir`: the data directory (absolute, or relative to the working directory; default `.quire`).
 */
export function loadServerConfig(env: NodeJS.ProcessEnv, opts: { artifactsDir: string; allowDestructive?: boolean; strapiDatabase?: boolean; stateDir?: string }): ServerConfig {
  const nodeEnv = env.NODE_ENV || 'development';
  const production = nodeEnv === 'production';
  const stateDir = resolve(opts.stateDir ?? '.quire');
  const logLevel = env.LOG_LEVEL || 'info';
  if (!LOG_LEVELS.includes(logLevel)) throw new ConfigError(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}, got "${env.LOG_LEVEL}"`);
  const secret = (name: 'JWT_SECRET' | 'API_TOKEN_SALT', key: 'jwtSecret' | 'apiTokenSalt') => {
    const v = env[name];
    if (v) {
      if (v.length < 16) throw new ConfigError(`${name} must be at least 16 characters`);
      return v;
    }
    if (production) throw new ConfigError(`${name} must be set when NODE_ENV=production`);
    return devSecret(stateDir, key);
  };
  const origins = (env.CORS_ORIGINS ?? '*').trim();
  const settings = {
    artifactsDir: opts.artifactsDir,
    dataDir: stateDir,
    port: int('PORT', env.PORT, 1337, 0, 65535),
    host: env.HOST || '0.0.0.0',
    databaseUrl: databaseUrlOf(env, stateDir),
    nodeEnv,
    production,
    logLevel,
    corsOrigins: origins === '*' || origins === '' ? ('*' as const) : origins.split(',').map((o) => o.trim()).filter(Boolean),
    bodyLimit: int('BODY_LIMIT', env.BODY_LIMIT, 1024 * 1024, 1),
    shutdownTimeoutMs: int('SHUTDOWN_TIMEOUT_MS', env.SHUTDOWN_TIMEOUT_MS, 10_000, 0),
    allowDestructive: opts.allowDestructive === true,
    ...strapiDatabase(opts.strapiDatabase, env.QUIRE_STRAPI_DATABASE),
    ...(env.JWT_EXPIRES_IN ? { jwtExpiresIn: jwtExpiresIn(env.JWT_EXPIRES_IN) } : {}),
    authRateLimit: {
      max: int('AUTH_RATE_LIMIT_MAX', env.AUTH_RATE_LIMIT_MAX, 10, 0, 1_000_000),
      windowMs: int('AUTH_RATE_LIMIT_WINDOW_MS', env.AUTH_RATE_LIMIT_WINDOW_MS, 900_000, 1000, 31 * 86_400_000),
    },
    upload: loadUploadConfig(env, process.cwd(), join(stateDir, 'uploads')),
    metrics: loadMetricsConfig(env),
    contracts: loadContractsConfig(env, production),
    database: loadDatabaseTuning(env),
    security: loadSecurityConfig(env, production),
    ...(env.POPULATE_DEEP ? { populateDeep: envFlag('POPULATE_DEEP', env.POPULATE_DEEP, false) } : {}),
    ...(env.QUIRE_CHECK_EXECUTORS ? { checkExecutors: envFlag('QUIRE_CHECK_EXECUTORS', env.QUIRE_CHECK_EXECUTORS, false) } : {}),
    email: loadEmailSettings(env),
    webhooks: loadWebhookSettings(env),
  };
  // last: a development secret is written to the data dir only once every other setting is good
  return { ...settings, jwtSecret: secret('JWT_SECRET', 'jwtSecret'), apiTokenSalt: secret('API_TOKEN_SALT', 'apiTokenSalt') };
}
