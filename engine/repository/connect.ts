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
import type { Connections, PgConnection, SqliteConnection } from './connections.js';

export interface PoolOptions {
  min?: number;
  max?: number;
  /** how long a query waits for a pool connection (and PostgreSQL for a new connection) before a 503; default 5000 */
  acquireTimeoutMs?: number;
  /**
   * PostgreSQL: statement_timeout of every connection (0: none; default 15000). SQLite: how long a
   * statement waits for another process's write lock (busy timeout; default 5000).
   */
  statementTimeoutMs?: number;
  /** false: findText always falls back (run-find-text.ts); default true */
  compiledReads?: boolean;
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
