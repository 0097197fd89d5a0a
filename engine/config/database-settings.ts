/**
 * engine/config: the database URL from the environment. DATABASE_URL wins; without it the variables
 * of Strapi's generated config/database.js are read: DATABASE_CLIENT (sqlite | postgres),
 * DATABASE_FILENAME (SQLite, relative to the working directory; default <data dir>/data.db),
 * DATABASE_HOST, DATABASE_PORT, DATABASE_NAME, DATABASE_USERNAME, DATABASE_PASSWORD, DATABASE_SSL.
 * A scheme quire does not serve stops the start with one line naming the variable.
 */
import { join, resolve } from 'node:path';
import { ConfigError, envFlag } from './env-values.js';

/** URL schemes the repository connects to */
const SCHEMES: Record<string, 'sqlite' | 'postgres'> = { 'sqlite:': 'sqlite', 'postgres:': 'postgres', 'postgresql:': 'postgres' };
/** clients Strapi knows that quire does not serve (yet) */
const UNSUPPORTED = new Set(['mysql', 'mysql2', 'mariadb']);

function checkUrl(v: string): string {
  const scheme = /^([a-z][a-z0-9+.-]*:)/i.exec(v)?.[1]?.toLowerCase();
  if (!scheme) throw new ConfigError(`DATABASE_URL must start with sqlite: or postgres://, got "${v.slice(0, 40)}"`);
  if (UNSUPPORTED.has(scheme.slice(0, -1))) throw new ConfigError(`DATABASE_URL: ${scheme.slice(0, -1)} is not supported; use sqlite:<file> or postgres://user:password@host:port/database`);
  if (!SCHEMES[scheme]) throw new ConfigError(`DATABASE_URL: unknown scheme "${scheme}"; use sqlite:<file> or postgres://user:password@host:port/database`);
  if (SCHEMES[scheme] === 'postgres') {
    try {
      new URL(v);
    } catch {
      throw new ConfigError('DATABASE_URL is not a valid postgres:// URL');
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
  if (client === 'postgres' || client === 'pg' || client === 'postgresql') {
    const port = env.DATABASE_PORT || '5432';
    if (!/^\d{1,5}$/.test(port) || Number(port) > 65535) throw new ConfigError(`DATABASE_PORT must be a port number, got "${port}"`);
    // Strapi's generated config/database.js defaults: strapi / strapi on 127.0.0.1:5432, database strapi
    const user = encodeURIComponent(env.DATABASE_USERNAME || 'strapi');
    const password = `:${encodeURIComponent(env.DATABASE_PASSWORD ?? 'strapi')}`;
    const host = env.DATABASE_HOST || '127.0.0.1';
    const ssl = envFlag('DATABASE_SSL', env.DATABASE_SSL, false) ? '?sslmode=require' : '';
    return `postgres://${user}${password}@${host}:${port}/${encodeURIComponent(env.DATABASE_NAME || 'strapi')}${ssl}`;
  }
  if (UNSUPPORTED.has(client)) throw new ConfigError(`DATABASE_CLIENT: ${client} is not supported; use sqlite or postgres`);
  throw new ConfigError(`DATABASE_CLIENT must be sqlite or postgres, got "${env.DATABASE_CLIENT}"`);
}

/** `postgres://user:secret@host/db` -> `postgres://user:***@host/db` */
export function describeDatabase(url: string): string {
  return url.replace(/\/\/([^:/@]+):[^@]*@/, '//$1:***@');
}
