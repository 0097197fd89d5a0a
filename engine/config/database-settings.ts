/**
 * engine/config: the database URL from the environment. DATABASE_URL wins; without it the variables
 * of Strapi's generated config/database.js are read: DATABASE_CLIENT (sqlite | postgres | mysql),
 * DATABASE_FILENAME (SQLite, relative to the working directory; default <data dir>/data.db),
 * DATABASE_HOST, DATABASE_PORT, DATABASE_NAME, DATABASE_USERNAME, DATABASE_PASSWORD, DATABASE_SSL.
 * A scheme quire does not serve stops the start with one line naming the variable.
 */
import { join, resolve } from 'node:path';
import { ConfigError, envFlag } from './env-values.js';

/** URL schemes the repository connects to */
const SCHEMES: Record<string, 'sqlite' | 'postgres' | 'mysql'> = { 'sqlite:': 'sqlite', 'postgres:': 'postgres', 'postgresql:': 'postgres', 'mysql:': 'mysql', 'mariadb:': 'mysql' };
/** Strapi's DATABASE_CLIENT names -> the server quire connects to */
const CLIENTS: Record<string, 'postgres' | 'mysql'> = { postgres: 'postgres', pg: 'postgres', postgresql: 'postgres', mysql: 'mysql', mysql2: 'mysql', mariadb: 'mysql' };
const DEFAULT_PORTS = { postgres: '5432', mysql: '3306' } as const;
const USE = 'use sqlite:<file>, postgres://user:password@host:port/database or mysql://user:password@host:port/database';

function checkUrl(v: string): string {
  const scheme = /^([a-z][a-z0-9+.-]*:)/i.exec(v)?.[1]?.toLowerCase();
  if (!scheme) throw new ConfigError(`DATABASE_URL must start with sqlite:, postgres:// or mysql://, got "${v.slice(0, 40)}"`);
  if (!SCHEMES[scheme]) throw new ConfigError(`DATABASE_URL: unknown scheme "${scheme}"; ${USE}`);
  if (SCHEMES[scheme] !== 'sqlite') {
    try {
      new URL(v);
    } catch {
      throw new ConfigError(`DATABASE_URL is not a valid ${scheme}// URL`);
    }
  }
  return v;
}

/**
 * `databaseUrlOf({ DATABASE_CLIENT: 'postgres', DATABASE_NAME: 'blog' }, '/srv/.quire')`
 * -> 'postgres://strapi:strapi@127.0.0.1:5432/blog'
 */
export function databaseUrlOf(env: NodeJS.ProcessEnv, dataDir: string, cwd = process.cwd()): string {
  if (env.DATABASE_URL) return checkUrl(env.DATABASE_URL);
  const client = (env.DATABASE_CLIENT || 'sqlite').toLowerCase();
  if (client === 'sqlite' || client === 'better-sqlite3') return `sqlite:${resolve(cwd, env.DATABASE_FILENAME || join(dataDir, 'data.db'))}`;
  const server = CLIENTS[client];
  if (server) {
    const port = env.DATABASE_PORT || DEFAULT_PORTS[server];
    if (!/^\d{1,5}$/.test(port) || Number(port) > 65535) throw new ConfigError(`DATABASE_PORT must be a port number, got "${port}"`);
    // Strapi's generated config/database.js defaults: strapi / strapi on 127.0.0.1 (5432 or 3306), database strapi
    const user = encodeURIComponent(env.DATABASE_USERNAME || 'strapi');
    const password = `:${encodeURIComponent(env.DATABASE_PASSWORD ?? 'strapi')}`;
    const host = env.DATABASE_HOST || '127.0.0.1';
    const tls = envFlag('DATABASE_SSL', env.DATABASE_SSL, false);
    const ssl = tls ? (server === 'postgres' ? '?sslmode=require' : '?ssl=true') : '';
    return `${server}://${user}${password}@${host}:${port}/${encodeURIComponent(env.DATABASE_NAME || 'strapi')}${ssl}`;
  }
  throw new ConfigError(`DATABASE_CLIENT must be sqlite, postgres or mysql, got "${env.DATABASE_CLIENT}"`);
}

/** `postgres://user:secret@host/db` -> `postgres://user:***@host/db` */
export function describeDatabase(url: string): string {
  return url.replace(/\/\/([^:/@]+):[^@]*@/, '//$1:***@');
}
