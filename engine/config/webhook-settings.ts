/**
 * engine/config: the webhook delivery settings that belong to the server rather than to the
 * artifacts, from the environment, checked once at start (part of ServerConfig). WEBHOOKS_DELIVER (false: this
 * process writes deliveries but sends none, another one does), WEBHOOKS_POLL_MS, WEBHOOKS_TIMEOUT_MS,
 * WEBHOOKS_MAX_ATTEMPTS, WEBHOOKS_BACKOFF_MS, WEBHOOKS_BACKOFF_MAX_MS, WEBHOOKS_RETENTION_DAYS,
 * WEBHOOKS_SECRET (signs the webhooks without a `secretEnv` of their own, those of `strapi_webhooks`
 * included), and the variables header values name as `${env:NAME}`.
 */
import { ConfigError, envFlag } from './env-values.js';

export interface WebhookSettings {
  /** send deliveries from this process (every process writes them) */
  readonly deliver: boolean;
  /** how often due deliveries are looked for (a change committed here is sent at once) */
  readonly pollMs: number;
  /** how long a receiver may take to answer one attempt */
  readonly timeoutMs: number;
  /** attempts before a delivery is marked failed */
  readonly maxAttempts: number;
  /** the wait after the first failed attempt; doubled after each next one */
  readonly backoffMs: number;
  /** the longest wait between two attempts */
  readonly backoffMaxMs: number;
  /** how long a claimed delivery stays with its process before another may take it (a process that died) */
  readonly leaseMs: number;
  /** delivered and failed deliveries are deleted this long after they finished (0: kept) */
  readonly retentionMs: number;
  /** the environment variable named by a webhook's `secretEnv` (or WEBHOOKS_SECRET) */
  secretOf(envName: string | undefined): string | undefined;
  /** a header value with its `${env:NAME}` placeholders replaced by the variables (unset: empty) */
  expand(value: string): string;
}

const PLACEHOLDER = /\$\{env:([A-Za-z_][A-Za-z0-9_]*)\}/g;

function int(env: NodeJS.ProcessEnv, name: string, dflt: number, min: number, max: number): number {
  const v = env[name];
  if (v === undefined || v === '') return dflt;
  const n = Number(v);
  if (!Number.isInteger(n) || n < min || n > max) throw new ConfigError(`${name} must be an integer between ${min} and ${max}, got "${v}"`);
  return n;
}

/** `loadWebhookSettings({ WEBHOOKS_MAX_ATTEMPTS: '5' })` -> { deliver: true, pollMs: 1000, maxAttempts: 5, ... } */
export function loadWebhookSettings(env: NodeJS.ProcessEnv): WebhookSettings {
  const timeoutMs = int(env, 'WEBHOOKS_TIMEOUT_MS', 10_000, 100, 300_000);
  const backoffMs = int(env, 'WEBHOOKS_BACKOFF_MS', 1000, 1, 86_400_000);
  const backoffMaxMs = int(env, 'WEBHOOKS_BACKOFF_MAX_MS', 3_600_000, 1, 7 * 86_400_000);
  if (backoffMaxMs < backoffMs) throw new ConfigError('WEBHOOKS_BACKOFF_MAX_MS must not be below WEBHOOKS_BACKOFF_MS');
  const fallback = env.WEBHOOKS_SECRET || undefined;
  return {
    deliver: envFlag('WEBHOOKS_DELIVER', env.WEBHOOKS_DELIVER, true),
    pollMs: int(env, 'WEBHOOKS_POLL_MS', 1000, 10, 3_600_000),
    timeoutMs,
    maxAttempts: int(env, 'WEBHOOKS_MAX_ATTEMPTS', 10, 1, 1000),
    backoffMs,
    backoffMaxMs,
    leaseMs: timeoutMs * 3 + 5000,
    retentionMs: int(env, 'WEBHOOKS_RETENTION_DAYS', 7, 0, 3650) * 86_400_000,
    secretOf: (name) => (name ? env[name] || undefined : undefined) ?? fallback,
    expand: (value) => value.replace(PLACEHOLDER, (_, name: string) => env[name] ?? ''),
  };
}
