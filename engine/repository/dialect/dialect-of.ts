/**
 * engine/repository/dialect: pick the Dialect of a knex instance, a database URL, a name given on
 * the command line, or a connected database (its server's version, a layout Strapi made). The only
 * place that looks at knex's client name.
 */
import type { Knex } from 'knex';
import type { Dialect, DialectName } from './dialect.js';
import { mysqlDialect, mysqlDialectOf } from './mysql.js';
import { postgresDialect } from './postgres.js';
import { sqliteDialect } from './sqlite.js';
import { strapiMysqlDialect } from './strapi-mysql.js';
import { strapiPostgresDialect } from './strapi-postgres.js';

const BY_NAME: Readonly<Record<DialectName, Dialect>> = { sqlite: sqliteDialect, postgres: postgresDialect, mysql: mysqlDialect };

/** the dialect called `name` (`quire indexes --client`); throws for a name quire does not know */
export function dialectNamed(name: string): Dialect {
  if (!Object.hasOwn(BY_NAME, name)) throw new Error(`quire repository: unknown database "${name}"`);
  return BY_NAME[name as DialectName];
}

/** `quire indexes --client mysql` -> 'MySQL/MariaDB'; undefined for a name quire does not know */
export function databaseTitle(name: string): string | undefined {
  return Object.hasOwn(BY_NAME, name) ? BY_NAME[name as DialectName].title : undefined;
}

/**
 * The dialect a connected database of `base`'s kind answers in: its layout when Strapi manages it
 * (Strapi's timestamp and time columns on PostgreSQL and MySQL), on MySQL/MariaDB by its server's
 * version and the URL's `?returning=` (mysqlDialectOf).
 */
export async function dialectOfDatabase(base: Dialect, knex: Knex, databaseUrl: string, strapi: boolean): Promise<Dialect> {
  if (base.name === 'postgres') return strapi ? strapiPostgresDialect : base;
  if (base.name === 'mysql') return mysqlDialectOf(knex, databaseUrl, strapi ? strapiMysqlDialect : base);
  return base;
}

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
