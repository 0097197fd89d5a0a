/**
 * engine/config: the database URL from the environment. DATABASE_URL wins; otherwise Strapi's
 * variables name the database: DATABASE_CLIENT (sqlite | better-sqlite3 | postgres | mysql |
 * mysql2 | mariadb), DATABASE_HOST, DATABASE_PORT, DATABASE_NAME, DATABASE_USERNAME,
 * DATABASE_PASSWORD, DATABASE_FILENAME (SQLite). Neither: undefined (the caller's SQLite default).
 *   { DATABASE_CLIENT: 'mysql', DATABASE_NAME: 'cms' } -> 'mysql://root@127.0.0.1:3306/cms'
 */
import { ConfigError } from './env-values.js';

const DEFAULT_PORTS: Record<string, number> = { postgres: 5432, mysql: 3306 };
const SCHEMES: Record<string, 'sqlite' | 'postgres' | 'mysql'> = {
  sqlite: 'sqlite', 'better-sqlite3': 'sqlite', sqlite3: 'sqlite',
  postgres: 'postgres', postgresql: 'postgres', pg: 'postgres',
  mysql: 'mysql', mysql2: 'mysql', mariadb: 'mysql',
};

export function databaseUrlFromEnv(env: Readonly<Record<string, string | undefined>>): string | undefined {
  if (env.DATABASE_URL) return env.DATABASE_URL;
  const client = env.DATABASE_CLIENT?.trim().toLowerCase();
  if (!client) return undefined;
  const scheme = SCHEMES[client];
  if (!scheme) throw new ConfigError(`DATABASE_CLIENT must be one of sqlite, postgres, mysql (got "${env.DATABASE_CLIENT}")`);
  if (scheme === 'sqlite') return env.DATABASE_FILENAME ? `sqlite:${env.DATABASE_FILENAME}` : undefined;
  const user = encodeURIComponent(env.DATABASE_USERNAME || (scheme === 'postgres' ? 'postgres' : 'root'));
  const password = env.DATABASE_PASSWORD ? `:${encodeURIComponent(env.DATABASE_PASSWORD)}` : '';
  const host = env.DATABASE_HOST || '127.0.0.1';
  const port = env.DATABASE_PORT || String(DEFAULT_PORTS[scheme]);
  const name = encodeURIComponent(env.DATABASE_NAME || 'strapi');
  return `${scheme}://${user}${password}@${host}:${port}/${name}`;
}
