/**
 * engine/config: Prometheus metrics settings. Off unless METRICS_ENABLED=true, and then guarded:
 * METRICS_TOKEN (at least 16 characters; `/metrics` on the API port answers only
 * `Authorization: Bearer <token>`) and/or METRICS_PORT (a second listener on METRICS_HOST, default
 * 127.0.0.1, serving only `/metrics`). Enabled with neither is refused at start.
 */
import { ConfigError, envFlag } from './env-values.js';

export interface MetricsConfig {
  enabled: boolean;
  token?: string;
  port?: number;
  host: string;
}

export function loadMetricsConfig(env: NodeJS.ProcessEnv): MetricsConfig {
  const enabled = envFlag('METRICS_ENABLED', env.METRICS_ENABLED, false);
  const host = env.METRICS_HOST || '127.0.0.1';
  if (!enabled) return { enabled, host };
  const token = env.METRICS_TOKEN || undefined;
  if (token !== undefined && token.length < 16) throw new ConfigError('METRICS_TOKEN must be at least 16 characters');
  let port: number | undefined;
  if (env.METRICS_PORT) {
    port = Number(env.METRICS_PORT);
    if (!Number.isInteger(port) || port < 0 || port > 65535) throw new ConfigError(`METRICS_PORT must be an integer between 0 and 65535, got "${env.METRICS_PORT}"`);
  }
  if (token === undefined && port === undefined) throw new ConfigError('METRICS_ENABLED=true needs METRICS_TOKEN (a bearer token for /metrics) or METRICS_PORT (a separate listener)');
  return { enabled, host, ...(token !== undefined && { token }), ...(port !== undefined && { port }) };
}
