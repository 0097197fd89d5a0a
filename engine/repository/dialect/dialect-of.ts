/**
 * engine/repository/dialect: pick the Dialect of a knex instance or a database URL. The only place
 * that looks at knex's client name.
 */
import type { Knex } from 'knex';
import type { Dialect } from './dialect.js';
import { mysqlDialect } from './mysql.js';
import { postgresDialect } from './postgres.js';
import { sqliteDialect } from './sqlite.js';

export function dialectOfKnex(knex: Knex): Dialect {
  const client = String((knex.client as { config?: { client?: unknown } }).config?.client ?? '');
  if (client === 'pg' || client === 'postgres' || client === 'postgresql') return postgresDialect;
  if (client === 'better-sqlite3' || client === 'sqlite3') return sqliteDialect;
  if (client === 'mysql2' || client === 'mysql') return mysqlDialect;
  throw new Error(`quire repository: unsupported knex client "${client}"`);
}

export function dialectOfUrl(databaseUrl: string): Dialect {
  if (/^postgres(ql)?:\/\//.test(databaseUrl)) return postgresDialect;
  if (databaseUrl.startsWith('sqlite:')) return sqliteDialect;
  if (/^(mysql|mariadb):\/\//.test(databaseUrl)) return mysqlDialect;
  throw new Error(`quire repository: databaseUrl must start with sqlite:, postgres:// or mysql:// (got "${databaseUrl.split(':')[0]}:")`);
}
