/**
 * engine/repository: database URL -> a configured knex instance. `sqlite:<path>` (parent folder
 * created; WAL, foreign keys on, busy timeout, `quire_lower`) or `postgres://...` (statement_timeout;
 * dates and JSON handed over as text so values/decode-value.ts decides their shape). Every connection
 * the pool opens is reported to `connections` (pool hook `afterCreate`), which the pool asks before
 * handing one out (`validate`). No queries run here.
 */
import { mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import knexFactory, { type Knex } from 'knex';
import pg from 'pg';
import type { Connections } from './connections.js';
import type { MysqlConnection } from './dialect/mysql-driver.js';
import type { PgConnection } from './dialect/pg-driver.js';
import type { SqliteConnection } from './dialect/sqlite-driver.js';
import { MYSQL8_COLLATION, MYSQL_COLLATION } from './dialect/mysql.js';

export interface PoolOptions {
  min?: number;
  max?: number;
  /** how long a query waits for a pool connection (and PostgreSQL for a new connection) before a 503; default 5000 */
  acquireTimeoutMs?: number;
  /**
   * PostgreSQL: statement_timeout of every connection (0: none; default 15000); MySQL/MariaDB:
   * max_statement_time (MariaDB) or max_execution_time (MySQL, reads only). SQLite: how long a
   * statement waits for another process's write lock (busy timeout; default 5000).
   */
  statementTimeoutMs?: number;
  /** false: the database never writes answers (answer/run-answer.ts), even where it can */
  compiledReads?: boolean;
  /** PostgreSQL: named statements kept per connection, least recently used closed past it (prepared-statements.ts); 0: none */
  preparedStatements?: number;
}

/** SQLite: waiting for another process's write lock */
export const DEFAULT_BUSY_TIMEOUT_MS = 5000;
/** PostgreSQL: statement_timeout */
export const DEFAULT_STATEMENT_TIMEOUT_MS = 15_000;
export const DEFAULT_ACQUIRE_TIMEOUT_MS = 5000;
export const DEFAULT_PG_POOL_MAX = 10;
/** knex would print pool errors itself; they reach the caller as engine errors instead */
const quiet = { warn() {}, error() {}, debug() {}, deprecate() {} };

/** `sqlite:data/app.db`, `sqlite:///abs/app.db`, `sqlite::memory:` -> filename */
export function sqliteFilename(databaseUrl: string): string {
  const rest = databaseUrl.slice('sqlite:'.length);
  if (rest === ':memory:' || rest === '') return ':memory:';
  return rest.startsWith('//') ? rest.slice(2) : rest;
}

/** pg's parsers, except: date stays 'YYYY-MM-DD' (not a local-midnight Date), json/jsonb stay text. */
const PG_TEXT_TYPES = new Set([1082, 114, 3802]);
const pgTypes = {
  getTypeParser(oid: number, format?: string) {
    if (PG_TEXT_TYPES.has(oid)) return (value: string) => value;
    return (pg.types.getTypeParser as (oid: number, format?: string) => unknown)(oid, format ?? 'text');
  },
};

export function openKnex(databaseUrl: string, connections: Connections, pool: PoolOptions = {}): Knex {
  const acquireTimeoutMs = pool.acquireTimeoutMs ?? DEFAULT_ACQUIRE_TIMEOUT_MS;
  if (databaseUrl.startsWith('sqlite:')) {
    const busyTimeoutMs = pool.statementTimeoutMs ?? DEFAULT_BUSY_TIMEOUT_MS;
    const filename = sqliteFilename(databaseUrl);
    if (filename !== ':memory:') mkdirSync(dirname(resolve(filename)), { recursive: true });
    return knexFactory({
      client: 'better-sqlite3',
      connection: { filename },
      useNullAsDefault: true,
      log: quiet,
      acquireConnectionTimeout: acquireTimeoutMs,
      pool: {
        // better-sqlite3 is synchronous: one connection serves every query without waiting
        min: pool.min ?? 1,
        max: filename === ':memory:' ? 1 : (pool.max ?? 1),
        afterCreate(conn: SqliteConnection, done: (err: Error | null, conn: unknown) => void) {
          try {
            conn.function('quire_lower', { deterministic: true }, (s: unknown) => (typeof s === 'string' ? s.toLowerCase() : s));
            if (filename !== ':memory:') conn.pragma('journal_mode = WAL');
            conn.pragma('foreign_keys = ON');
            conn.pragma(`busy_timeout = ${busyTimeoutMs}`);
            connections.add(conn);
            done(null, conn);
          } catch (err) {
            done(err as Error, conn);
          }
        },
        validate: (conn: SqliteConnection) => connections.usable(conn),
      },
    });
  }
  const statementTimeoutMs = pool.statementTimeoutMs ?? DEFAULT_STATEMENT_TIMEOUT_MS;
  if (/^(mysql|mariadb):\/\//.test(databaseUrl)) return openMysql(databaseUrl, connections, pool, acquireTimeoutMs, statementTimeoutMs);
  return knexFactory({
    client: 'pg',
    log: quiet,
    connection: {
      connectionString: databaseUrl,
      types: pgTypes,
      // a server that does not answer fails the connection attempt instead of holding the request
      connectionTimeoutMillis: acquireTimeoutMs,
      ...(statementTimeoutMs > 0 ? { statement_timeout: statementTimeoutMs } : {}),
      // no JIT: a one-statement read (compiled-read/) is many small subplans whose estimated cost
      // passes jit_above_cost, and compiling them takes seconds where running them takes milliseconds
      // named statements (only one-statement reads use them) are planned once per connection and shape
      options: '-c jit=off -c plan_cache_mode=force_generic_plan',
    } as Knex.PgConnectionConfig,
    acquireConnectionTimeout: acquireTimeoutMs,
    pool: {
      min: pool.min ?? 0,
      max: pool.max ?? DEFAULT_PG_POOL_MAX,
      afterCreate(conn: PgConnection, done: (err: Error | null, conn: unknown) => void) {
        connections.add(conn);
        done(null, conn);
      },
      validate: (conn: PgConnection) => connections.usable(conn),
    },
  });
}

/**
 * Every session: double-quoted identifiers (ANSI_QUOTES) and `||` as concatenation, UTC, and the
 * binary no-pad collation for text literals. Not strict mode: values are checked before they are
 * written (values/normalize-value.ts: lengths, int32, decimals), and an ISO datetime with its `Z`
 * (what Strapi-shaped rows and knex writes carry) is then stored as the UTC time it names instead
 * of being refused.
 */
const MYSQL_SQL_MODE = 'ANSI_QUOTES,PIPES_AS_CONCAT,NO_ZERO_IN_DATE,NO_ZERO_DATE,ERROR_FOR_DIVISION_BY_ZERO,NO_ENGINE_SUBSTITUTION';

/** `mysql://user:pass@host:3306/db` (or `mariadb://`; `?ssl=true` or `?sslmode=require`: TLS with the server's certificate verified) through mysql2 */
function openMysql(databaseUrl: string, connections: Connections, pool: PoolOptions, acquireTimeoutMs: number, statementTimeoutMs: number): Knex {
  const url = new URL(databaseUrl.replace(/^mariadb:/, 'mysql:'));
  const session = (collation: string) => `SET SESSION sql_mode = '${MYSQL_SQL_MODE}', SESSION time_zone = '+00:00', SESSION collation_connection = '${collation}'`;
  return knexFactory({
    client: 'mysql2',
    log: quiet,
    connection: {
      host: url.hostname || '127.0.0.1',
      port: Number(url.port || 3306),
      user: decodeURIComponent(url.username || 'root'),
      password: decodeURIComponent(url.password),
      database: decodeURIComponent(url.pathname.slice(1)),
      charset: 'utf8mb4',
      // DATETIME values are UTC; DATE stays 'YYYY-MM-DD'; BIGINT and DECIMAL arrive as exact strings
      timezone: 'Z',
      dateStrings: ['DATE'],
      supportBigNumbers: true,
      bigNumberStrings: true,
      decimalNumbers: false,
      // JSON columns arrive as their text, as on the other databases: values/decode-value.ts parses them
      jsonStrings: true,
      connectTimeout: acquireTimeoutMs,
      ...((url.searchParams.get('ssl') === 'true' || url.searchParams.get('sslmode') === 'require') && { ssl: { rejectUnauthorized: true } }),
    } as unknown as Knex.MySql2ConnectionConfig,
    acquireConnectionTimeout: acquireTimeoutMs,
    pool: {
      min: pool.min ?? 0,
      max: pool.max ?? DEFAULT_PG_POOL_MAX,
      afterCreate(conn: MysqlConnection, done: (err: Error | null, conn: unknown) => void) {
        const run = (text: string) => new Promise<void>((ok, fail) => conn.query(text, (err: Error | null) => (err ? fail(err) : ok())));
        (async () => {
          // MySQL 8 names the no-pad binary collation differently (1273: unknown collation)
          await run(session(MYSQL_COLLATION)).catch((err: { errno?: unknown }) => (err?.errno === 1273 ? run(session(MYSQL8_COLLATION)) : Promise.reject(err)));
          // READ COMMITTED, as PostgreSQL runs: InnoDB's REPEATABLE READ takes gap locks that make parallel creates deadlock
          await run('SET SESSION TRANSACTION ISOLATION LEVEL READ COMMITTED');
          if (statementTimeoutMs > 0) {
            // MariaDB: max_statement_time (seconds, every statement); MySQL: max_execution_time (ms, reads only)
            await run(`SET SESSION max_statement_time = ${statementTimeoutMs / 1000}`).catch(() => run(`SET SESSION max_execution_time = ${statementTimeoutMs}`));
            // waits for a table lock (metadata) or a row lock end as timeouts too (whole seconds)
            const seconds = Math.max(1, Math.ceil(statementTimeoutMs / 1000));
            await run(`SET SESSION lock_wait_timeout = ${seconds}, SESSION innodb_lock_wait_timeout = ${seconds}`);
          }
        })().then(
          () => {
            connections.add(conn);
            done(null, conn);
          },
          (err: Error) => done(err, conn),
        );
      },
      validate: (conn: MysqlConnection) => connections.usable(conn),
    },
  });
}
