/**
 * engine/config: security settings from the environment, checked once at start.
 *   TRUSTED_PROXIES=<list>           addresses or CIDR ranges (IPv4/IPv6) of the reverse proxies in
 *                                    front of quire, comma-separated; `loopback` and `private` name
 *                                    the usual ranges. Only a request whose socket peer is listed has
 *                                    its X-Forwarded-For read (default: none, the socket address is
 *                                    the client).
 *   GRAPHQL_INTROSPECTION=true|false `__schema` / `__type` queries (default: true outside production,
 *                                    false in production)
 *   STRICT_QUERY_PARAMETERS=true|false  unknown top-level query parameters are a 400 instead of being
 *                                    ignored as Strapi v4 ignores them (default: false)
 *   GRAPHQL_MAX_ROWS=<n>             refuse a GraphQL request whose nested lists could read more than
 *                                    n entries, estimated before any SQL runs (default 0: off; Strapi
 *                                    has no such limit, its depth and amountLimit caps stay)
 */
import { isIP } from 'node:net';
import { ConfigError, envFlag as flag } from './env-values.js';

export interface SecurityConfig {
  /** normalized entries: `10.0.0.0/8`, `127.0.0.1`, `::1/128` */
  readonly trustedProxies: readonly string[];
  readonly graphqlIntrospection: boolean;
  /** unknown top-level query parameters: 400 (true) or ignored with a debug log line (false, as Strapi) */
  readonly strictQueryParameters: boolean;
  /** entries a GraphQL request may ask for, estimated from its plans; 0: no such limit */
  readonly graphqlMaxRows: number;
}

const NAMED: Record<string, string[]> = {
  loopback: ['127.0.0.0/8', '::1/128'],
  private: ['10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16', 'fc00::/7'],
};

function proxyEntry(entry: string): string[] {
  if (NAMED[entry]) return NAMED[entry];
  const [address, bits, extra] = entry.split('/');
  const family = isIP(address);
  const max = family === 4 ? 32 : 128;
  if (family === 0 || extra !== undefined || (bits !== undefined && !(/^\d{1,3}$/.test(bits) && Number(bits) <= max))) {
    throw new ConfigError(`TRUSTED_PROXIES: "${entry}" is not an IP address, a CIDR range, "loopback" or "private"`);
  }
  return [entry];
}

function count(name: string, v: string | undefined): number {
  if (v === undefined || v === '') return 0;
  if (!/^\d{1,9}$/.test(v)) throw new ConfigError(`${name} must be a whole number (0: off), got "${v}"`);
  return Number(v);
}

export function loadSecurityConfig(env: NodeJS.ProcessEnv, production: boolean): SecurityConfig {
  const list = (env.TRUSTED_PROXIES ?? '').split(',').map((e) => e.trim().toLowerCase()).filter(Boolean);
  return {
    trustedProxies: list.flatMap(proxyEntry),
    graphqlIntrospection: flag('GRAPHQL_INTROSPECTION', env.GRAPHQL_INTROSPECTION, !production),
    strictQueryParameters: flag('STRICT_QUERY_PARAMETERS', env.STRICT_QUERY_PARAMETERS, false),
    graphqlMaxRows: count('GRAPHQL_MAX_ROWS', env.GRAPHQL_MAX_ROWS),
  };
}
